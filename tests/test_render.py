"""pages.render: events and stored rows -> chat messages and cards."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from agents.core import events as ev
from agents.core.providers.offline import OfflineProvider, call, say
from agents.core.session import Session
from pages import render
from pages.cards import dataframe_for, figure_for, tiles_html
from pages.render import CardView, ChatView


def fold(events, view=None):
    view = view or ChatView()
    for event in events:
        view = render.apply_event(view, event)
    return view


def test_streamed_turn_renders_text_tool_steps_and_cards():
    emit = ev.Emitter("t")
    events = [
        emit(ev.TextDelta, content="Let me "),
        emit(ev.TextDelta, content="check."),
        emit(ev.ToolCall, call_id="c1", name="list_notes", args={"limit": 5}),
        emit(ev.ToolResult, call_id="c1", name="list_notes", ok=True, summary="2 notes"),
        emit(ev.DataCard, card_type="table", title="Notes", data={"columns": ["text"], "rows": [["a"], ["b"]]}),
        emit(ev.TextDelta, content="You have 2."),
        emit(ev.SuggestedQuestions, questions=["add one"]),
        emit(ev.Done, conversation_id="conv1", provider="offline", model="rules-v1", latency_ms=12.4,
             usage=ev.Usage(input_tokens=10, output_tokens=5), ttft_ms=2.0),
    ]
    view = fold(events, render.add_user_message(ChatView(), "list"))
    assert view.messages == [
        {"role": "user", "content": "list"},
        {"role": "assistant", "content": "Let me check."},
        {"role": "assistant", "content": '```json\n{\n "limit": 5\n}\n```\n✅ 2 notes',
         "metadata": {"title": "🛠️ list_notes", "id": "c1", "status": "done"}},
        {"role": "assistant", "content": "You have 2."},
    ]
    assert view.cards == [CardView(card_type="table", title="Notes", data={"columns": ["text"], "rows": [["a"], ["b"]]},
                                   group="t")]
    assert view.suggestions == ["add one"]
    assert view.conversation_id == "conv1"
    assert view.badge == "offline/rules-v1 · 12 ms · first token 2 ms · 10+5 tokens"


def test_tool_call_is_pending_until_its_result():
    emit = ev.Emitter("t")
    view = fold([emit(ev.ToolCall, call_id="c1", name="slow", args={})])
    assert view.messages[-1]["metadata"]["status"] == "pending"
    view = fold([emit(ev.ToolResult, call_id="c1", name="slow", ok=False, summary="failed")], view)
    assert view.messages[-1]["metadata"]["status"] == "done"
    assert view.messages[-1]["content"].endswith("⚠️ failed")


def test_confirmation_card_and_outcome():
    emit = ev.Emitter("t")
    expires = datetime(2026, 1, 1, 10, 30, tzinfo=UTC)
    view = fold([
        emit(ev.ToolCall, call_id="c1", name="add_note", args={"text": "x"}, status="awaiting_confirmation"),
        emit(ev.ActionConfirmation, action_id="a1", tool_name="add_note", summary="Add x",
             details=[ev.Detail(label="Text", value="x")], warnings=["sandbox"], expires_at=expires, args={"text": "x"}),
    ])
    assert "확인 대기" in view.messages[-1]["metadata"]["title"]
    [action] = view.actions
    assert (action.action_id, action.status, action.args) == ("a1", "PENDING", {"text": "x"})
    assert action.is_open(datetime(2026, 1, 1, 10, 0)) and not action.is_open(datetime(2026, 1, 1, 10, 31))
    done = render.apply_action_outcome(view, "a1", "COMPLETED", "Added", chat_text="✅ Added")
    assert done.actions[0].status == "COMPLETED" and done.messages[-1]["content"] == "✅ Added"
    assert view.actions[0].status == "PENDING"  # the input view is not mutated


def test_error_event_is_shown_in_the_chat():
    view = fold([ev.Error(turn_id="t", seq=1, code="prompt_injection", message="Refused.", conversation_id="c9")])
    assert view.error == "Refused. [prompt_injection]"
    assert view.messages[-1]["content"] == "⚠️ Refused."
    assert view.conversation_id == "c9"


def test_clarification_and_intent():
    emit = ev.Emitter("t")
    view = fold([emit(ev.Intent, name="REFILTER", confidence=0.92, reasoning="budget changed", args={"max": 1}),
                 emit(ev.Clarification, question="예산은 얼마인가요?", options=["5만원", "10만원"])])
    assert view.messages[0]["metadata"]["title"] == "🧭 intent: REFILTER (92%)"
    assert view.clarification == "예산은 얼마인가요?" and view.suggestions == ["5만원", "10만원"]
    assert len(view.messages) == 1  # the question arrives as text, not twice


def test_reload_rebuilds_the_same_cards_and_buttons(store, clock):
    provider = OfflineProvider.scripted(call("list_notes", {}), say("none yet"), call("add_note", {"text": "x"}))
    session = Session("notes", provider=provider, clock=clock)
    live = ChatView()
    for text in ("list", "add x"):
        live = render.add_user_message(live, text)
        for event in session.send(text):
            live = render.apply_event(live, event)
    reloaded = render.view_from_history(session.conversation_id, session.history(), session.pending_actions())
    assert reloaded.cards == live.cards
    assert [(a.action_id, a.status, a.summary) for a in reloaded.actions] == \
        [(a.action_id, a.status, a.summary) for a in live.actions]
    assert reloaded.messages == live.messages
    assert reloaded.messages[1]["content"].endswith("✅ 0 note(s)")
    assert reloaded.messages[-1]["metadata"]["title"] == "🛠️ add_note" + render.AWAITING
    # after confirming, a reload shows the completed card and the outcome message
    session.confirm_action(live.actions[0].action_id)
    after = render.view_from_history(session.conversation_id, session.history(), session.pending_actions())
    assert after.actions[0].status == "COMPLETED"
    assert after.messages[-2]["metadata"]["title"] == "🛠️ add_note · COMPLETED"
    assert after.messages[-1]["content"] == "✅ Added note 'x'"
    assert not after.actions[0].is_open(clock() + timedelta(seconds=1))


def test_card_builders():
    table = CardView(card_type="table", title="T", data={"columns": ["a", "b"], "rows": [[1, 2], [3, 4]]})
    frame = dataframe_for(table)
    assert list(frame.columns) == ["a", "b"] and frame["b"].sum() == 6
    chart = CardView(card_type="kpi_trend", title="Trend", data={"chart": {
        "kind": "line", "x": ["d1", "d2"], "series": {"spend": [1, 2], "roas": [3.0, 2.5]}, "secondary": ["roas"]}})
    figure = figure_for(chart)
    assert [t.name for t in figure.data] == ["spend", "roas"]
    assert figure.data[1].yaxis == "y2" and list(figure.data[0].y) == [1, 2]
    assert figure_for(table) is None and dataframe_for(chart) is None
    tiles = tiles_html(CardView(card_type="kpi", title="K", data={"tiles": [
        {"label": "ROAS", "value": "3.20x", "delta": "+12.5%"}, {"label": "CPA", "value": "₩12,000", "delta": "-3.1%"}]}))
    assert tiles.count("pg-tile-value") == 2 and 'class="pg-tile-delta up"' in tiles and "₩12,000" in tiles


def test_newest_turn_cards_come_first_in_their_own_order():
    cards = [CardView(card_type="a", title="1", group="t1"), CardView(card_type="b", title="2", group="t1"),
             CardView(card_type="c", title="3", group="t2"), CardView(card_type="d", title="4", group="t2")]
    assert [c.title for c in render.newest_first(cards)] == ["3", "4", "1", "2"]
