"""Marketing in the Streamlit app (AppTest): a KPI turn whose tiles and chart match the store's rows
recomputed with pandas, and a budget change confirmed, cancelled and modified through the dock."""

from __future__ import annotations

import json
import re

import pandas as pd
import pytest

from agents.core.session import runtime_store
from agents.marketing.store import MarketingStore
from tests.streamlit.conftest import click, send, texts


def number(text: str) -> float:
    return float(re.sub(r"[^\d.\-]", "", text))


def week(frame: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    frame = frame.assign(date=pd.to_datetime(frame.date))
    end = frame.date.max()  # the sandbox's data ends yesterday
    cur = frame[(frame.date > end - pd.Timedelta(days=7)) & (frame.date <= end)]
    prev = frame[(frame.date > end - pd.Timedelta(days=14)) & (frame.date <= end - pd.Timedelta(days=7))]
    return cur, prev


def test_a_kpi_turn_shows_the_store_figures(app):
    send(app, "이번 주 성과 어때?")
    rows = runtime_store().db.execute("SELECT * FROM mkt_daily_metrics WHERE user_id = 'demo'").df()
    cur, prev = week(rows)
    spend, revenue, conversions = cur.spend.sum(), cur.revenue.sum(), cur.conversions.sum()
    # the reply, its tool step and its card are one assistant message under the user's
    assert [m.name for m in app.chat_message] == ["user", "assistant"]
    assert app.chat_message[0].markdown[0].value == "이번 주 성과 어때?"
    assert [s.label for s in app.status] == ["🛠️ getPerformanceKPI"] and app.status[0].state == "complete"
    chat = {m.label: m for m in app.chat_message[1].metric}
    assert number(chat["총 지출"].value) == pytest.approx(spend, abs=1)
    assert number(chat["총 매출"].value) == pytest.approx(revenue, abs=1)
    assert number(chat["ROAS"].value) == pytest.approx(revenue / spend, abs=0.005)
    assert number(chat["CTR"].value) == pytest.approx(cur.clicks.sum() / cur.impressions.sum() * 100, abs=0.005)
    assert number(chat["전환"].value) == conversions
    assert number(chat["CPA"].value) == pytest.approx(spend / conversions, abs=1)
    assert number(chat["총 지출"].delta) == pytest.approx((spend - prev.spend.sum()) / prev.spend.sum() * 100, abs=0.05)
    assert number(chat["전환"].delta) == conversions - prev.conversions.sum()
    # the workspace keeps the newest KPI: the same tiles
    assert len(app.metric) == 2 * len(chat)  # in the chat, then in the workspace column
    side = list(app.metric)[len(chat):]
    assert {m.label: (m.value, m.delta) for m in side} == {m.label: (m.value, m.delta) for m in chat.values()}
    # the trend chart: daily spend of the same seven days
    figure = json.loads(app.get("plotly_chart")[0].proto.spec)
    spend_line = next(t for t in figure["data"] if t["name"].startswith("지출"))
    daily = cur.groupby("date").spend.sum()
    assert spend_line["y"] == pytest.approx(daily.tolist())
    assert texts(app).count("일별") >= 1
    # suggestions follow the reply
    assert "성과 좋은 캠페인은 어떤 거야?" in [b.label for b in app.button]


def _budget_change(app) -> tuple[dict, int]:
    campaign = next(c for c in MarketingStore(runtime_store()).campaigns("demo") if c["name"] == "봄 시즌 세일")
    send(app, "봄 시즌 세일 예산 20% 늘려줘")
    dock = texts(app)
    assert "확인이 필요합니다" in dock and "봄 시즌 세일" in dock
    assert f"₩{campaign['daily_budget']:,}" in dock and f"₩{round(campaign['daily_budget'] * 1.2):,}" in dock
    assert app.status[-1].label.startswith("🛠️ updateCampaignBudget · ⏸")
    return campaign, round(campaign["daily_budget"] * 1.2)


def _budget(campaign_id: str) -> int:
    return next(c for c in MarketingStore(runtime_store()).campaigns("demo") if c["id"] == campaign_id)["daily_budget"]


def _action():
    conversation = runtime_store().conversations.list("demo", agent_id="marketing")[0]
    return runtime_store().actions.list_for_conversation(conversation.id)[-1]


def test_confirm_runs_the_change_once(app):
    campaign, wanted = _budget_change(app)
    assert _budget(campaign["id"]) == campaign["daily_budget"]  # nothing happens before Confirm
    click(app, "실행")
    assert _budget(campaign["id"]) == wanted
    assert _action().status.value == "COMPLETED"
    assert any("실행했습니다" in s.value for s in app.success)  # the outcome, in the chat
    assert "확인이 필요합니다" not in texts(app)  # the dock is empty
    assert "실행했습니다" in app.status[-1].label  # the step says it ran


def test_the_card_and_the_waiting_list_name_no_tool_id(app):
    """The card says what will run; the tool's id stays in the tool step (before: "`updateCampaignBudget` · 만료"
    under the card, and "(`updateCampaignBudget`)" in the workspace's waiting list)."""
    _budget_change(app)
    captions, warnings = [str(c.value) for c in app.caption], [str(w.value) for w in app.warning]
    assert any(c.startswith("만료 ") for c in captions)
    assert any("봄 시즌 세일" in w for w in warnings)  # the workspace's waiting list
    assert not [text for text in captions + warnings if "updateCampaignBudget" in text]


def test_cancel_leaves_the_budget(app):
    campaign, _ = _budget_change(app)
    click(app, "취소")
    assert _budget(campaign["id"]) == campaign["daily_budget"]
    assert _action().status.value == "CANCELLED"
    assert "취소했습니다" in texts(app)


def test_modify_names_bad_json_then_saves_good_json(app):
    campaign, _ = _budget_change(app)
    app.toggle(key=f"pg_json:{_action().id}").set_value(True).run()  # the JSON editor is the advanced path
    editor = app.text_area(key=f"pg_edit:{_action().id}")
    args = json.loads(editor.value)
    editor.set_value("{not json").run()
    click(app, "JSON 저장")
    assert any("JSON 형식이 올바르지 않아요 (1번째 줄 2번째 글자)" in e.value for e in app.error)
    assert _action().tool_args == args  # nothing changed
    args.update(dailyBudget=200_000, changePercent=None)
    app.text_area(key=f"pg_edit:{_action().id}").set_value(json.dumps(args)).run()
    click(app, "JSON 저장")
    assert "₩200,000" in texts(app) and "변경 사항을 저장했습니다" in texts(app)
    click(app, "실행")
    assert _budget(campaign["id"]) == 200_000


def test_modify_is_a_form_that_sends_only_what_changed(app):
    """Issue 28 point 11: one widget per field of the tool's schema (money with its unit), a partial save,
    and a refusal named in Korean by the field's label, never pydantic's English."""
    campaign, _ = _budget_change(app)
    aid = _action().id
    labels = {w.label for w in app.number_input} | {w.label for w in app.text_input} | {w.label for w in app.selectbox}
    assert {"새 일일 예산 (원)", "현재 예산 대비 변경 비율 (%)", "캠페인"} <= labels  # 캠페인: by name (test_modify_choices)
    percent = app.number_input(key=f"pg_field:{aid}:changePercent")
    assert percent.value == 20
    percent.set_value(900).run()
    click(app, "변경 저장")
    errors = [e.value for e in app.error]
    assert errors == ["입력값이 올바르지 않아 카드를 바꾸지 않았어요. 고친 뒤 다시 저장하세요.\n"
                      "- 현재 예산 대비 변경 비율: 500 이하여야 해요"], errors
    assert _action().tool_args["changePercent"] == 20
    app.number_input(key=f"pg_field:{aid}:changePercent").set_value(30).run()
    click(app, "변경 저장")
    assert _action().tool_args == {"campaignId": campaign["id"], "dailyBudget": None, "changePercent": 30}
    assert f"₩{round(campaign['daily_budget'] * 1.3):,}" in texts(app)
    click(app, "실행")
    assert _budget(campaign["id"]) == round(campaign["daily_budget"] * 1.3)


def test_modify_offers_the_campaign_by_name_and_saves_its_id(app):
    """Issue 28: the campaign field is a choice of the person's campaigns shown by name (before: a text box
    holding the id), and picking another sends that campaign's id."""
    campaign, _ = _budget_change(app)
    aid = _action().id
    field = app.selectbox(key=f"pg_field:{aid}:campaignId")
    campaigns = MarketingStore(runtime_store()).campaigns("demo")
    assert field.label == "캠페인" and field.value == campaign["id"]
    assert field.options == [f"{c['name']} · {'진행 중' if c['status'] == 'ACTIVE' else '일시정지'}" for c in campaigns]
    other = next(c for c in campaigns if c["id"] != campaign["id"] and c["status"] == "ACTIVE")
    field.set_value(other["id"]).run()
    click(app, "변경 저장")
    assert _action().tool_args == {"campaignId": other["id"], "dailyBudget": None, "changePercent": 20}
    assert f"'{other['name']}' 일일 예산을" in texts(app)
