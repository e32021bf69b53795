"""The sandbox app's view model and what the app does after a turn (pure, no Gradio)."""

from __future__ import annotations

from agents.core.providers.offline import OfflineProvider, say
from agents.core.session import Session
from agents.tutor import market
from agents.tutor.fallback import react
from agents.tutor.sandbox import apply, default_state, state_for_route
from agents.tutor.sandbox_data import cases, default_portfolio
from agents.tutor.view import screen_view
from agents.view import render
from agents.view.render import ChatView
from tests.tutor.conftest import context_for


def _value() -> dict:
    p = default_portfolio()
    return market.portfolio_value(p["holdings"], p["cash"])


def test_each_screen_draws_its_own_content() -> None:
    home = screen_view(default_state(), _value())
    assert home.route == "/home" and home.chart is not None and not home.show_period
    stock = screen_view(apply(default_state(), "nav_stock", {"code": "000660"}), _value())
    assert stock.show_period and stock.chart.data["chart"]["kind"] == "candlestick"
    assert stock.chart.title.startswith("SK하이닉스 (000660) · 3M")
    edu = screen_view(apply(state_for_route("/education"), "set_keyword", {"keyword": "반도체"}), _value())
    assert [r[0] for r in edu.table] == [c["title"] for c in cases().values()
                                        if "반도체" in " ".join([c["title"], c["summary"], *c["tags"]])]
    market_tab = screen_view(apply(state_for_route("/education"), "set_tab", {"tab": "market"}), _value())
    assert len(market_tab.table) == sum(1 for c in cases().values() if c["category"] == "market")
    my = screen_view(state_for_route("/my"), _value())
    assert [r[0] for r in my.table] == ["삼성전자", "SK하이닉스", "카카오", "현대차", "KB금융", "KODEX 200"]
    pie = screen_view(apply(state_for_route("/my"), "set_tab", {"tab": "allocation"}), _value())
    assert pie.chart.data["chart"]["kind"] == "pie" and sum(pie.chart.data["chart"]["series"]["평가금액"]) == \
        _value()["total"]
    order = screen_view(apply(default_state(), "open_order", {"side": "buy", "code": "005930"}), _value())
    assert "모의 매수 화면" in order.body and "실제 주문은 나가지 않습니다" in order.body


def _view_of(events) -> ChatView:
    view = render.add_user_message(ChatView(), "")
    for event in events:
        render.apply_event_in_place(view, event)
    return view


def test_after_a_turn_the_app_shows_the_screen_the_agent_left(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    s.run("삼성전자 차트 보여줘", extra={"context_text": context_for("/home", session="tab-1")})
    reaction = react(store, "demo", s.conversation_id, "tab-1", default_state())
    assert reaction.state.route == "/stock/005930" and reaction.ran is None  # the agent's ui_action, no fallback
    s.run("기간 1년으로 바꿔줘", extra={"context_text": context_for("/stock/005930", session="tab-1")})
    assert react(store, "demo", s.conversation_id, "tab-1", default_state()).state.period == "1Y"


def test_after_a_text_only_turn_the_keyword_fallback_moves_the_app_once(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock,
                provider=OfflineProvider.scripted(say("교육 화면에서 보세요."), say("홈이에요.")))
    s.run("교육 화면 열어줘", extra={"context_text": context_for("/home", session="tab-1")})
    reaction = react(store, "demo", s.conversation_id, "tab-1", default_state())
    assert reaction.state.route == "/education" and reaction.ran == {"action_id": "nav_education", "params": {}}
    assert s.conversation().state["tutor_app"]["mode"] == "education"  # kept for a reload
    again = react(store, "demo", s.conversation_id, "tab-1", default_state())
    assert again.ran is None and again.state.route == "/education"
    # What the app did is stored with the turn, so every redraw (and a reload) shows the same note.
    turn = s.history()[0].turn_id
    assert again.done == reaction.done == {"turn_id": turn, "action_id": "nav_education", "outcome": "ran"}
    s.run("홈으로", extra={"context_text": context_for("/education", session="tab-1")})
    assert "tutor_fallback_done" not in s.conversation().state  # the next turn ends that note


def test_canvas_reply_moves_to_the_canvas_and_sources_go_under_the_reply(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    events = s.run("정리해서 캔버스로 보여줘", extra={"context_text": context_for("/education/etf-basics")})
    view = _view_of(events)
    assert view.canvas["markdown"].startswith("# 학습 노트: ETF 기초") and view.canvas["structured"] is None
    assert any("캔버스" in m.text for m in view.messages if m.kind == "text")
    done = events[-1].model_copy(update={"meta": {**events[-1].meta, "response_mode": "plain",
                                                  "sources": [{"url": "https://e.com/a", "title": "A"}]}})
    view = _view_of([*events[:-1], done])
    assert view.canvas is None
    assert [m.text for m in view.messages if m.kind == "notice"] == ["🔎 출처 (sources): [A](https://e.com/a)"]


def _shape(view: ChatView) -> list[tuple]:
    return [(m.role, m.kind, m.text, m.name, m.status, m.args, m.output, m.card.title if m.card else None,
             m.action_status) for m in view.messages]


def test_a_reload_rebuilds_the_live_chat_canvas_and_ui_steps(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    live = ChatView()
    for text, route in (("삼성전자 차트 보여줘", "/home"), ("정리해서 캔버스로 보여줘", "/stock/005930"),
                        ("매수 화면 열어줘", "/stock/005930")):
        live = render.add_user_message(live, text)
        for event in s.send(text, extra={"context_text": context_for(route)}):
            live = render.apply_event(live, event)
    reloaded = render.view_from_history(s.conversation_id, s.history(), s.pending_actions(),
                                        store.traces.for_conversation(s.conversation_id))
    assert _shape(reloaded) == _shape(live)
    names = [m.name for m in reloaded.messages if m.kind == "step"]
    # issue 28: the screen action reads as the catalog's words, never "UI action: nav_stock (low)"
    assert names == ["ui_action", "종목 화면으로 이동", "visualization", "open_canvas", "explain_move",
                     "매수·매도 화면 열기", "confirm_ui_action"]
    assert reloaded.canvas == live.canvas and reloaded.canvas["markdown"].startswith("# 학습 노트: 삼성전자")
    # The CLI and the API (no screen sent) continue on the stored screen, order screen included once confirmed.
    s.confirm_action(live.actions[0].action_id)
    events = s.run("이 종목 왜 떨어졌어?")
    assert events[-1].meta["screen"] == {"source": "conversation", "route": "/stock/005930",
                                         "route_after": "/stock/005930"}
    assert s.conversation().state["tutor_app"]["order"] == {"side": "buy", "code": "005930"}


def test_the_app_draws_in_the_viewers_language() -> None:
    state = apply(apply(default_state(), "nav_stock", {"code": "000660"}), "set_tab", {"tab": "info"})
    en = screen_view(state, _value(), "en")
    assert en.heading == "### 📱 Sandbox app · Stock" and en.tabs == [("Chart", "chart"), ("About", "info"),
                                                                     ("Related cases", "cases")]
    assert en.chart.title == "SK hynix (000660) · 3M · sandbox" and en.notice.startswith("Sandbox data:")
    assert en.chart.data["tiles"][0] == {"label": "Close", "value": "258,000 KRW", "delta": en.chart.data["tiles"][0]["delta"]}
    my = screen_view(state_for_route("/my"), _value(), "en")
    assert my.table_headers == ["Stock", "Shares", "Close", "Value", "Return"] and my.table[0][0] == "Samsung Electronics"
    ko = screen_view(state, _value(), "ko")
    assert ko.heading == "### 📱 샌드박스 앱 · 종목" and ko.tabs[1] == ("종목 정보", "info")
