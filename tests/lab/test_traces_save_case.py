"""Save as test case from the Lab's Traces: the detail panel's (agent, conversation) pair, as the panel gets
it from ``detail_view``, drafts the conversation with its observed tools, cards and approvals; the
reviewed draft is saved into the viewer's suite; a side-by-side sandbox turn offers no conversation."""

from __future__ import annotations

from agents.core.clock import system_clock
from agents.core.identity import Viewer
from agents.core.session import Session, runtime_store
from agents.services.evals import library
from agents.services.lab import traces
from agents.services.lab.access import LabUser
from agents.view.lab import detail_view
from pages.gradio.save_case import draft_for, save_draft

DEMO = Viewer(user_id="demo", source="local")


def test_a_thumbs_down_turn_in_traces_becomes_a_case() -> None:
    store = runtime_store()
    session = Session("marketing", user_id="demo")
    events = session.run("전환 캠페인 하루 10만원으로 만들어줘")
    turn_id = events[-1].turn_id
    store.feedback.rate(turn_id, "demo", "down", "승인 카드가 너무 길어요", system_clock())
    shown = detail_view(traces.trace_detail(store, turn_id, LabUser("demo", "local")))
    pair = [shown.open_agent, shown.open_conversation]
    assert pair == ["marketing", session.conversation_id]
    text, note, agent = draft_for(pair, DEMO)
    assert agent == "marketing" and "👎" in note
    assert "needs_approval: createCampaign" in text and "thumbs-down" in text
    assert "승인 카드가 너무 길어요" in text  # the 👎 comment offered as the rubric
    saved = save_draft(agent, "marketing-saved", text.replace("- name:", "- name: from traces ·", 1), DEMO)
    assert "marketing-saved" in saved
    [case] = library.get(store, "demo", "marketing-saved").suite.cases
    assert case.name.startswith("from traces ·") and case.turns[0].user == "전환 캠페인 하루 10만원으로 만들어줘"
