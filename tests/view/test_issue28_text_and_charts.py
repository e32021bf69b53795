"""Issue 28 points 6 and 8 in the shared view model (both front ends draw from it): no raw markdown or second
Top 3 in the shopping card, the english hint rendered, a one-day chart as tiles, dates ticked as days, axis
labels given their margin, the travel timeline's days labelled, and no reply naming a side ("오른쪽")."""

from __future__ import annotations

import re
from pathlib import Path

from agents.core.session import Session
from agents.english.gradio import HINT
from agents.shopping.view import products_html
from agents.travel.figures import timeline_figure
from agents.travel.view import TimelineRow, TravelView
from agents.view.cards import figure_for, has_chart, tiles_of
from agents.view.markup import inline_html, lines_html
from agents.view.render import CardView, ChatView, add_user_message, apply_event_in_place

ROOT = Path(__file__).resolve().parents[2]


def _send(agent: str, *texts: str, extra: dict | None = None) -> ChatView:
    session = Session(agent, user_id="i28")
    view = ChatView()
    for text in texts:
        view = add_user_message(view, text)
        for event in session.send(text, extra):
            apply_event_in_place(view, event)
    return view


def test_the_shopping_card_in_the_chat_renders_its_summary_and_does_not_list_the_top3_again(store) -> None:
    view = _send("shopping", "분유포트 10만원 아래로 추천해줘")
    reply = next(m.text for m in view.messages if m.kind == "text" and m.role == "assistant" and "🎯" in m.text)
    card = next(m.card for m in view.messages if m.card is not None and m.card.card_type == "recommendations")
    shown = products_html(card)
    # before: '<div class="pg-summary">**분유포트** · 예산 10만원 이하\n- 원하는 점 ...' then "1. 1. ..." items,
    # the same three the reply just listed
    assert shown.startswith('<div class="pg-summary"><div><b>분유포트</b> · 예산 10만원 이하</div><ul><li>')
    assert "**" not in shown and "<ol" not in shown
    titles = re.findall(r"\*\*\d\. (.+?)\*\*", reply)
    assert len(titles) == 3 and not any(title in shown for title in titles)


def test_markup_escapes_and_renders_the_few_markers_tools_use() -> None:
    assert inline_html("**새 기사로 시작** <b>x</b> `code` __u__") == (
        "<b>새 기사로 시작</b> &lt;b&gt;x&lt;/b&gt; <code>code</code> <b>u</b>")
    assert lines_html("**분유포트** · 예산\n- 원하는 점: 없음\n- 지금까지: \"a\"\n끝") == (
        '<div><b>분유포트</b> · 예산</div><ul><li>원하는 점: 없음</li><li>지금까지: "a"</li></ul><div>끝</div>')
    assert "<b>새 기사로 시작</b>" in inline_html(HINT) and "**" not in inline_html(HINT)


def test_a_one_day_chart_is_tiles_and_days_are_ticked_as_days(store) -> None:
    view = _send("marketing", "어제 광고비", "이번 주 성과 어때?")
    trends = [m.card for m in view.messages if m.card is not None and m.card.card_type == "kpi_trend"]
    one_day, week = trends[0], trends[1]
    assert len(one_day.data["chart"]["x"]) == 1 and len(week.data["chart"]["x"]) == 7
    # before: a Plotly time axis of one point, ticked in milliseconds
    assert not has_chart(one_day) and figure_for(one_day) is None
    day = one_day.data["chart"]["x"][0]
    assert [(t.label, t.value) for t in tiles_of(one_day)] == [
        (f"{name} · {day}", f"{values[0]:,.0f}" if values[0] >= 100 else f"{values[0]:,.2f}")
        for name, values in one_day.data["chart"]["series"].items()]
    figure = figure_for(week)
    assert has_chart(week) and figure.layout.xaxis.tickformat == "%m-%d" and figure.layout.xaxis.dtick == 86_400_000
    assert figure.layout.xaxis.automargin is True and figure.layout.yaxis.automargin is True
    assert figure.layout.yaxis2.automargin is True


def test_a_bar_chart_keeps_its_labels() -> None:
    card = CardView(card_type="x", title="캠페인별 ROAS", data={"chart": {
        "kind": "bar", "x": ["브랜드 인지도 캠페인", "여름 신상품 런칭"], "series": {"ROAS": [2.1, 3.4]}}})
    figure = figure_for(card)
    assert figure.layout.xaxis.automargin is True and figure.layout.xaxis.tickformat is None


def test_the_travel_timeline_labels_its_days() -> None:
    rows = [TimelineRow(day=d, start="10:00", finish="12:00", place=f"p{d}", category="attraction", duration="2h")
            for d in (1, 2)]
    figure = timeline_figure(TravelView(trip_id="t", heading="", timeline=rows))
    assert figure.layout.yaxis.automargin is True  # before: a 0 left margin and no room for "1일째"
    assert sorted({y for bar in figure.data for y in bar.y}) == ["1일째", "2일째"]


def test_no_reply_names_a_side_the_layout_does_not_have() -> None:
    """On a phone the workspace is under the chat: replies say 작업 공간, never 오른쪽 (right-hand)."""
    sources = list((ROOT / "agents").rglob("*.py"))
    assert [str(p.relative_to(ROOT)) for p in sources if "오른쪽" in p.read_text(encoding="utf-8")] == []
