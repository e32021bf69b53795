"""agents.view.render: events and stored rows -> the framework-neutral view model (and its Gradio mapping)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from agents.core import events as ev
from agents.core.agent_ui import Slot
from agents.core.providers.offline import OfflineProvider, call, say
from agents.core.session import Session
from agents.core.store.models import ConversationRow
from agents.view import render, render_workspace
from agents.view.cards import dataframe_for, figure_for, tiles_html
from agents.view.conversation import conversation_choices
from agents.view.render import CardView, ChatView, MessageView
from pages.gradio.chat_gradio import entry_turns, table_html, to_chatbot
from pages.gradio.i18n import error_text, lang_of


def fold(events, view=None):
    view = view or ChatView()
    for event in events:
        view = render.apply_event(view, event)
    return view


def shape(view):
    """What a person sees, without timings (live durations come from event times, stored ones from the trace)."""
    return [(m.role, m.kind, m.text, m.name, m.status, m.args, m.output, m.card.title if m.card else None, m.code,
             m.action_status) for m in view.messages]


def test_streamed_turn_puts_the_card_under_the_reply_that_made_it():
    emit = ev.Emitter("t")
    t0 = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)
    events = [
        emit(ev.TextDelta, content="Let me "),
        emit(ev.TextDelta, content="check."),
        emit(ev.ToolCall, call_id="c1", name="list_notes", args={"limit": 5}, ts=t0),
        emit(ev.ToolResult, call_id="c1", name="list_notes", ok=True, summary="2 notes", ts=t0 + timedelta(milliseconds=40)),
        emit(ev.DataCard, card_type="table", title="Notes", data={"columns": ["text"], "rows": [["a"], ["b"]]}),
        emit(ev.TextDelta, content="You have 2."),
        emit(ev.SuggestedQuestions, questions=["add one"]),
        emit(ev.Done, conversation_id="conv1", provider="offline", model="rules-v1", latency_ms=12.4,
             usage=ev.Usage(input_tokens=10, output_tokens=5), ttft_ms=2.0),
    ]
    view = fold(events, render.add_user_message(ChatView(), "list"))
    assert shape(view) == [
        ("user", "text", "list", "", "done", None, "", None, None, None),
        ("assistant", "text", "Let me check.", "", "done", None, "", None, None, None),
        ("assistant", "step", "", "list_notes", "done", {"limit": 5}, "2 notes", None, None, None),
        ("assistant", "text", "You have 2.", "", "done", None, "", None, None, None),
        ("assistant", "card", "", "", "done", None, "", "Notes", None, None),
    ]
    assert view.messages[2].duration_ms == 40.0
    assert {m.turn_id for m in view.messages} == {"t"}
    assert view.suggestions == ["add one"] and view.conversation_id == "conv1" and not view.running
    assert view.badge == "offline/rules-v1 · 12 ms · first token 2 ms · 10+5 tokens"
    chat = to_chatbot(view, "ko")
    assert chat[2]["metadata"] == {"title": "🛠️ list_notes", "status": "done", "id": "c1", "duration": 0.04}
    assert "**입력**" in chat[2]["content"] and "**결과** ✅ 2 notes" in chat[2]["content"]
    assert 'class="pg-table-scroll"' in chat[4]["content"] and "<td>b</td>" in chat[4]["content"]
    assert entry_turns(view) == [None, "t", "t", "t", "t"]


def test_running_step_spins_and_awaiting_confirmation_does_not():
    emit = ev.Emitter("t")
    view = fold([emit(ev.ToolCall, call_id="c1", name="slow", args={})])
    assert to_chatbot(view, "en")[0]["metadata"]["status"] == "pending"
    view = fold([emit(ev.ToolResult, call_id="c1", name="slow", ok=False, summary="failed")], view)
    assert view.messages[-1].status == "failed" and to_chatbot(view, "en")[0]["metadata"]["status"] == "done"
    expires = datetime(2026, 1, 1, 10, 30, tzinfo=UTC)
    view = fold([
        emit(ev.ToolCall, call_id="c2", name="add_note", args={"text": "x"}, status="awaiting_confirmation"),
        emit(ev.ActionConfirmation, action_id="a1", tool_name="add_note", summary="Add x",
             details=[ev.Detail(label="Text", value="x")], warnings=["sandbox"], expires_at=expires, args={"text": "x"}),
    ], view)
    step = to_chatbot(view, "en")[-1]["metadata"]
    assert step["status"] == "done" and "awaiting confirmation" in step["title"]
    assert [a.action_id for a in render_workspace.open_actions(view, datetime(2026, 1, 1, 10, 0))] == ["a1"]
    assert render_workspace.open_actions(view, datetime(2026, 1, 1, 10, 31)) == []
    view = fold([emit(ev.ActionResult, action_id="a1", ok=True, message="Added", status="COMPLETED")], view)
    assert view.messages[-1].action_status == "COMPLETED"
    assert to_chatbot(view, "ko")[-1]["metadata"]["title"] == "🛠️ add_note · ✅ 실행했습니다"


def test_errors_are_assistant_messages_in_the_ui_language():
    view = fold([ev.Error(turn_id="t", seq=1, code="missing_key", message="OPENAI_API_KEY is not set.",
                          conversation_id="c9")])
    assert view.error == "missing_key" and view.conversation_id == "c9"
    ko, en = to_chatbot(view, "ko")[0], to_chatbot(view, "en")[0]
    assert ko["role"] == "assistant" and "API 키가 없어요" in ko["content"] and "OPENAI_API_KEY" in ko["content"]
    assert "needs an API key" in en["content"]
    assert "Error" not in error_text("input_too_large", "", "en")  # no class names, just what to do
    assert error_text("something_new", "Raw message.", "ko") == "Raw message."


def test_language_follows_the_browser():
    class Req:
        def __init__(self, value):
            self.headers = {"accept-language": value} if value is not None else {}

    assert lang_of(Req("ko-KR,ko;q=0.9,en;q=0.8")) == "ko"
    assert lang_of(Req("en-US,en;q=0.9")) == "en"
    assert lang_of(Req(None)) == "ko" and lang_of(None) == "ko"


def test_clarification_and_intent():
    emit = ev.Emitter("t")
    view = fold([emit(ev.Intent, name="REFILTER", confidence=0.92, reasoning="budget changed", args={"max": 1}),
                 emit(ev.Clarification, question="예산은 얼마인가요?", options=["5만원", "10만원"])])
    assert to_chatbot(view, "en")[0]["metadata"]["title"] == "🧭 intent: REFILTER (92%)"
    assert view.clarification == "예산은 얼마인가요?" and view.suggestions == ["5만원", "10만원"]
    assert len(view.messages) == 1  # the question arrives as text, not twice


def test_reload_rebuilds_exactly_the_live_view(store, clock):
    provider = OfflineProvider.scripted(call("list_notes", {}), say("none yet"), call("add_note", {"text": "x"}))
    session = Session("notes", provider=provider, clock=clock)
    live = ChatView()
    for text in ("list", "add x"):
        live = render.add_user_message(live, text)
        for event in session.send(text):
            live = render.apply_event(live, event)
    store_ = session.store
    reloaded = render.view_from_history(session.conversation_id, session.history(), session.pending_actions(),
                                        store_.traces.for_conversation(session.conversation_id))
    assert shape(reloaded) == shape(live)
    assert [m.turn_id for m in reloaded.messages] == [m.turn_id for m in live.messages]
    assert [(a.action_id, a.status, a.summary) for a in reloaded.actions] == \
        [(a.action_id, a.status, a.summary) for a in live.actions]
    steps = [m for m in reloaded.messages if m.kind == "step"]
    # the same durations to the microsecond: both come from the events' own timestamps
    assert [m.duration_ms for m in steps] == [m.duration_ms for m in live.messages if m.kind == "step"]
    assert steps[0].duration_ms is not None
    assert reloaded.messages[-1].status == "awaiting"
    # after confirming, a reload shows the outcome in the chat, in the past tense, and no open card
    session.confirm_action(live.actions[0].action_id)
    after = render.view_from_history(session.conversation_id, session.history(), session.pending_actions())
    assert render_workspace.open_actions(after, clock()) == []
    assert [m.kind for m in after.messages[-2:]] == ["step", "outcome"]
    assert after.messages[-2].action_status == "COMPLETED"
    assert to_chatbot(after, "ko")[-1]["content"].startswith("**✅ 실행했습니다**")


def test_reload_shows_failed_turns_and_the_last_suggestions(store, clock):
    session = Session("notes", provider=OfflineProvider.scripted(say("hi")), clock=clock)
    session.run("hello")
    session.provider = OfflineProvider.scripted(say("boom", error=RuntimeError("model exploded")))
    live = render.add_user_message(ChatView(conversation_id=session.conversation_id), "again")
    for event in session.send("again"):
        live = render.apply_event(live, event)
    assert live.messages[-1].kind == "error" and live.messages[-1].code == "internal_error"
    reloaded = render.view_from_history(session.conversation_id, session.history(), [],
                                        store.traces.for_conversation(session.conversation_id))
    assert [m.kind for m in reloaded.messages][-2:] == ["text", "error"]
    assert reloaded.messages[-1].code == "internal_error"


def test_workspace_keeps_only_the_newest_card_per_slot():
    emit1, emit2 = ev.Emitter("t1"), ev.Emitter("t2")
    view = fold([emit1(ev.DataCard, card_type="kpi_summary", title="old", data={}),
                 emit1(ev.DataCard, card_type="trend", title="chart", data={}),
                 emit2(ev.DataCard, card_type="kpi_summary", title="new", data={})])
    slots = render_workspace.workspace_cards(view, [Slot(key="kpi", card_types=("kpi_summary",)),
                                          Slot(key="cmp", card_types=("compare",))])
    assert slots["kpi"].title == "new" and slots["cmp"] is None
    assert [m.card.title for m in view.messages] == ["old", "chart", "new"]  # history stays in the chat


def test_conversation_titles_are_made_distinct():
    at = datetime(2026, 1, 1, 9, 0)
    rows = [ConversationRow(id=f"c{i}", user_id="u", agent_id="a", title=title, archived=False,
                            created_at=at + timedelta(minutes=i), updated_at=at + timedelta(hours=5 - i),
                            message_count=1, last_preview=None, state={})
            for i, title in enumerate(["성과", "성과", "보고서", "성과"])]
    labels = [label.split(" · ")[0] for label, _ in conversation_choices(rows)]
    assert labels == ["성과", "성과 (2)", "보고서", "성과 (3)"]


def test_feedback_target_and_retry_text():
    view = fold([ev.TextDelta(turn_id="t1", seq=1, content="hi")], render.add_user_message(ChatView(), "hello"))
    assert render.feedback_target(view, 1) == "t1" and render.feedback_target(view, 0) is None
    assert render.last_user_text(view) == "hello"
    assert render.last_user_text(ChatView(messages=[MessageView(role="user", text="  ")])) is None


def test_card_builders():
    table = CardView(card_type="table", title="T", data={"columns": ["a", "b"], "rows": [[1, 2], [3, 4]]})
    frame = dataframe_for(table)
    assert list(frame.columns) == ["a", "b"] and frame["b"].sum() == 6
    assert table_html(table).count("<tr>") == 3
    chart = CardView(card_type="kpi_trend", title="Trend", data={"chart": {
        "kind": "line", "x": ["d1", "d2"], "series": {"spend": [1, 2], "roas": [3.0, 2.5]}, "secondary": ["roas"]}})
    figure = figure_for(chart)
    assert [t.name for t in figure.data] == ["spend", "roas"]
    assert figure.data[1].yaxis == "y2" and list(figure.data[0].y) == [1, 2]
    assert figure_for(table) is None and dataframe_for(chart) is None
    # dark mode: no white paper or light-blue plot area, ink readable on both backgrounds
    pie = figure_for(CardView(card_type="c", title="P", data={"chart": {"kind": "pie", "x": ["a"], "series": {"s": [1]}}}))
    for fig in (figure, pie):
        assert fig.layout.paper_bgcolor == fig.layout.plot_bgcolor == "rgba(0,0,0,0)"
        assert fig.layout.font.color == "#8b93a1"
    tiles = tiles_html(CardView(card_type="kpi", title="K", data={"tiles": [
        {"label": "ROAS", "value": "3.20x", "delta": "+12.5%"}, {"label": "CPA", "value": "₩12,000", "delta": "-3.1%"}]}))
    assert tiles.count("pg-tile-value") == 2 and 'class="pg-tile-delta up"' in tiles and "₩12,000" in tiles
    view = fold([ev.DataCard(turn_id="t", seq=1, card_type="kpi_trend", title="Trend", data=chart.data)])
    assert len(to_chatbot(view, "en")) == 2 and entry_turns(view) == ["t", "t"]  # text part + the plot


def test_a_pipelines_own_cards_survive_a_reload(store):
    """Shopping emits its Top 3 and compare cards itself (no tool message): they are kept with the
    reply, so a reload shows the same cards in the chat and the same workspace."""
    from pages.gradio.workspace import workspace_for, workspace_state

    session = Session("shopping")
    live = ChatView()
    for text in ("분유포트 15만원 아래로 추천해줘", "1번이랑 2번 비교해줘"):
        live = render.add_user_message(live, text)
        for event in session.send(text):
            live = render.apply_event(live, event)
    reloaded = render.view_from_history(session.conversation_id, session.history(), session.pending_actions(),
                                        session.store.traces.for_conversation(session.conversation_id))
    cards = [(m.card.card_type, m.card.title) for m in live.messages if m.card]
    assert cards == [("recommendations", "분유포트 Top 3"), ("compare", "제품 비교")]
    assert [(m.card.card_type, m.card.title) for m in reloaded.messages if m.card] == cards
    assert shape(reloaded) == shape(live)
    workspace = workspace_for("shopping")
    assert workspace_state(reloaded, workspace)["slots"] == workspace_state(live, workspace)["slots"]
