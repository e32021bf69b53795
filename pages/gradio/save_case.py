""""Save as test case" under an agent's chat (and in the Lab's Traces): the open conversation becomes a
case with suggested assertions, which the viewer reviews and edits as YAML before it is added to one of
their suites (kept in the Lab). A 👎 reply is the typical starting point: its comment is offered as a
rubric. The viewer comes from ``header.who`` only."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeAlias

import gradio as gr

from agents.core import identity
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer
from agents.core.session import runtime_store
from agents.services.evals import library
from agents.services.evals.from_chat import case_from_text, draft_text, suggest_case
from agents.services.evals.loader import SuiteError
from agents.view.render import ChatView
from pages.gradio.header import Header
from pages.gradio.outputs import Outputs

SUITE_NAME = re.compile(r"^[\w.-]{1,100}$")
# What the page holds of the open conversation: a chat view, an [agent, conversation] pair, an id.
Held: TypeAlias = ChatView | Sequence[str | None] | str | None


def _conversation_id(value: Held) -> str | None:
    """The open conversation from what the page holds: a chat view, an [agent, conversation] pair, an id."""
    if isinstance(value, list | tuple):
        return str(value[-1]) if value else None
    value = getattr(value, "conversation_id", value)
    return str(value) if value else None


def draft_for(conversation: Held, viewer: Viewer | None) -> tuple[str, str, str | None]:
    """(the draft's YAML, a note, its agent) for one of the viewer's conversations."""
    conversation_id = _conversation_id(conversation)
    if not conversation_id:
        return "", "먼저 대화를 하거나 대화를 여세요. (Open or start a conversation first.)", None
    draft = suggest_case(runtime_store(), conversation_id, identity.require(viewer))
    steps = len(draft.steps)
    thumbs = " · 👎 포함 (includes a 👎 turn)" if "thumbs-down" in draft.tags else ""
    return (draft_text(draft), f"제안 ({draft.agent}): {steps} steps{thumbs}. 검토하고 고친 뒤 저장하세요. "
                               "(Review, edit, then save.)", draft.agent)


def save_draft(agent: str | None, suite_name: str, text: str, viewer: Viewer | None) -> str:
    """Add the reviewed case to the viewer's suite (created when new); returns what happened."""
    if not agent:
        raise PlaygroundError("먼저 '제안 만들기'를 누르세요. (Make a suggestion first.)", code="invalid_input")
    name = (suite_name or "").strip()
    if not SUITE_NAME.match(name):
        raise PlaygroundError("스위트 이름은 영문·숫자·'.', '_', '-'로 쓰세요 (예: my-regressions). "
                              "(Suite names use letters, digits, '.', '_' and '-'.)", code="invalid_input")
    case = case_from_text(text)
    loaded = library.add_saved_case(runtime_store(), identity.require(viewer), name, case, agent)
    return (f"✅ '{case.name}' → 스위트 **{name}** ({len(loaded.suite.cases)} cases). Lab의 Evals에서 실행하세요. "
            f"(Saved; run it from the Lab's Evals.)")


def build_save_case(key: str, header: Header, conversation: gr.State, suite_name: str | None = None) -> gr.Accordion:
    """The panel. ``conversation`` holds the open conversation (a chat view's state, an [agent, id] pair);
    ``key`` names its elements (an agent id, or "lab" in the Traces view)."""
    agent_state = gr.State(None)  # the drafted conversation's agent
    with gr.Accordion("🧪 테스트 케이스로 저장 (save as test case)", open=False,
                      elem_id=f"pg-{key}-save-case") as panel:
        with gr.Row(equal_height=True):
            suggest = gr.Button("제안 만들기 (suggest from this conversation)", size="sm",
                                elem_id=f"pg-{key}-case-suggest")
            suite = gr.Textbox(value=suite_name or f"{key}-saved", label="스위트 (suite)", scale=2, min_width=160,
                               elem_id=f"pg-{key}-case-suite")
            save = gr.Button("스위트에 저장 (save into the suite)", size="sm", variant="primary",
                             elem_id=f"pg-{key}-case-save")
        note = gr.Markdown("", elem_id=f"pg-{key}-case-note")
        editor = gr.Code("", language="yaml", label="case.yaml", interactive=True, elem_id=f"pg-{key}-case-yaml")

    def make(current: Held, viewer: Viewer | None, name: str) -> Outputs:
        try:
            text, message, agent = draft_for(current, viewer)
        except PlaygroundError as exc:
            return [gr.skip(), f"⚠️ {exc.message}", gr.skip(), gr.skip()]
        fresh = f"{agent}-saved" if agent and (not name or name.endswith("-saved")) else gr.skip()
        return [text or gr.skip(), message, agent, fresh]

    suggest.click(make, [conversation, header.who, suite], [editor, note, agent_state, suite])

    def keep(agent: str | None, name: str, text: str, viewer: Viewer | None) -> str:
        try:
            return save_draft(agent, name, text, viewer)
        except SuiteError as exc:
            return "**저장하지 않았습니다 (not saved):**\n" + "\n".join(f"- {p.reason}" for p in exc.problems)
        except PlaygroundError as exc:
            return f"⚠️ {exc.message}"

    save.click(keep, [agent_state, suite, editor, header.who], note)
    return panel
