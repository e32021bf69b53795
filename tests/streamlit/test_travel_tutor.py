"""Travel and tutor in the Streamlit app (AppTest): the trip workspace's 적용하기 through the chat's
confirmation into the stored trip; the tutor's sandbox app sending its screen with every message
(context_text), moved by the agent, and a high-risk screen only after Confirm."""

from __future__ import annotations

from agents.core.clock import system_clock
from agents.core.session import runtime_store
from agents.travel.service import TripService
from tests.streamlit.conftest import click, open_page, send, texts


def test_a_travel_preview_applied_from_the_workspace(app):
    open_page(app, "travel")
    send(app, "3박 4일 일정 짜줘")
    service = TripService(runtime_store())
    service.setup_user("demo", system_clock())
    assert not service.active("demo").itinerary  # a preview is not saved
    assert "일정 미리보기" in texts(app)
    preview_rows = app.dataframe[-1].value
    click(app, "적용하기")
    assert app.chat_message[-2].markdown[0].value == "일정 적용하기 (덮어쓰기)"  # what the button said
    assert "확인이 필요합니다" in texts(app)
    assert not service.active("demo").itinerary
    click(app, "실행")
    trip = service.active("demo")
    saved = [(day.day_number, item.place_name) for day in trip.itinerary for item in day.items]
    assert len({d for d, _ in saved}) == 4 and len(saved) == len(preview_rows)
    assert [name for _, name in saved] == [p.split(" (")[0] for p in preview_rows.iloc[:, 2]]
    assert "저장된 일정" in texts(app) and "적용하기" not in [b.label for b in app.button]


def _app_heading(app) -> str:
    return next(m.value for m in app.markdown if m.value.startswith("### 📱 샌드박스 앱"))


def test_the_tutor_sends_its_screen_and_follows_the_agent(app):
    open_page(app, "tutor")
    assert _app_heading(app).endswith("홈")
    # the person opens a stock in the app; the question names none, the screen says which
    app.selectbox(key="pg_tutor_stock").set_value("000660").run()
    assert _app_heading(app).endswith("종목") and "`/stock/000660`" in texts(app)
    send(app, "이 종목 왜 떨어졌어?")
    reply = "\n".join(m.value for m in app.chat_message[-1].markdown)
    assert app.status[-1].label == "🛠️ explain_move" and '"code": "000660"' in reply and "SK하이닉스 3M" in reply
    # the agent moves the app (a low-risk ui_action, applied after the turn)
    send(app, "삼성전자 차트 보여줘")
    assert "`/stock/005930`" in texts(app)
    send(app, "기간 1년으로 바꿔줘")
    assert app.radio(key="pg_tutor_period").value == "1Y"


def test_a_high_risk_screen_waits_for_confirm(app):
    open_page(app, "tutor")
    send(app, "삼성전자 차트 보여줘")
    send(app, "매수 화면 열어줘")
    assert "모의 매수 화면" not in texts(app)
    waiting = [str(w.value) for w in app.warning if "매수 화면" in str(w.value)]
    assert waiting and not any("confirm_ui_action" in w for w in waiting)  # the card's words, never the tool's id
    click(app, "실행")
    assert "모의 매수 화면" in texts(app)
