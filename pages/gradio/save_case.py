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
from agents.core.messages import say
from agents.core.session import runtime_store
from agents.services.evals import library
from agents.services.evals.from_chat import case_from_text, draft_text, suggest_case
from agents.services.evals.loader import SuiteError
from agents.view.render import ChatView
from agents.view.texts import Lang, said, t
from pages.gradio.header import Header
from pages.gradio.i18n import label, lang_of
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


def draft_for(conversation: Held, viewer: Viewer | None, lang: Lang = "ko") -> tuple[str, str, str | None]:
    """(the draft's YAML, a note in the UI's language, its agent) for one of the viewer's conversations."""
    conversation_id = _conversation_id(conversation)
    if not conversation_id:
        return "", t("case_open_first", lang), None
    draft = suggest_case(runtime_store(), conversation_id, identity.require(viewer))
    thumbs = t("case_thumbs", lang) if "thumbs-down" in draft.tags else ""
    return draft_text(draft), t("case_drafted", lang, agent=draft.agent, steps=len(draft.steps), thumbs=thumbs), \
        draft.agent


def save_draft(agent: str | None, suite_name: str, text: str, viewer: Viewer | None, lang: Lang = "ko") -> str:
    """Add the reviewed case to the viewer's suite (created when new); returns what happened, in the UI's
    language (a refusal is raised as the catalogue's "Korean (English)" and shown in one by the caller)."""
    if not agent:
        raise PlaygroundError(say("case_suggest_first"), code="invalid_input")
    name = (suite_name or "").strip()
    if not SUITE_NAME.match(name):
        raise PlaygroundError(say("case_suite_name"), code="invalid_input")
    case = case_from_text(text)
    loaded = library.add_saved_case(runtime_store(), identity.require(viewer), name, case, agent)
    return t("case_saved", lang, case=case.name, suite=name, n=len(loaded.suite.cases))


def build_save_case(key: str, header: Header, conversation: gr.State, suite_name: str | None = None) -> gr.Accordion:
    """The panel. ``conversation`` holds the open conversation (a chat view's state, an [agent, id] pair);
    ``key`` names its elements (an agent id, or "lab" in the Traces view)."""
    agent_state = gr.State(None)  # the drafted conversation's agent
    with gr.Accordion(label("case_panel"), open=False, elem_id=f"pg-{key}-save-case") as panel:
        with gr.Row(equal_height=True):
            suggest = gr.Button(label("case_suggest"), size="sm", elem_id=f"pg-{key}-case-suggest")
            suite = gr.Textbox(value=suite_name or f"{key}-saved", label=label("case_suite"), scale=2, min_width=160,
                               elem_id=f"pg-{key}-case-suite")
            save = gr.Button(label("case_save"), size="sm", variant="primary", elem_id=f"pg-{key}-case-save")
        note = gr.Markdown("", elem_id=f"pg-{key}-case-note")
        editor = gr.Code("", language="yaml", label="case.yaml", interactive=True, elem_id=f"pg-{key}-case-yaml")

    def make(current: Held, viewer: Viewer | None, name: str, request: gr.Request | None = None) -> Outputs:
        lang = lang_of(request)
        try:
            text, message, agent = draft_for(current, viewer, lang)
        except PlaygroundError as exc:
            return [gr.skip(), f"⚠️ {exc.text(lang)}", gr.skip(), gr.skip()]
        fresh = f"{agent}-saved" if agent and (not name or name.endswith("-saved")) else gr.skip()
        return [text or gr.skip(), message, agent, fresh]

    suggest.click(make, [conversation, header.who, suite], [editor, note, agent_state, suite])

    def keep(agent: str | None, name: str, text: str, viewer: Viewer | None, request: gr.Request | None = None) -> str:
        lang = lang_of(request)
        try:
            return save_draft(agent, name, text, viewer, lang)
        except SuiteError as exc:
            return f"**{t('case_not_saved', lang)}**\n" + "\n".join(f"- {said(p.reason, lang)}" for p in exc.problems)
        except PlaygroundError as exc:
            return f"⚠️ {exc.text(lang)}"

    save.click(keep, [agent_state, suite, editor, header.who], note)
    return panel
