"""The conversation list of one agent, in the page's ``gr.Sidebar``: newest first, search,
an archived filter, new / rename / archive / delete (with a confirm)."""

from __future__ import annotations

from dataclasses import dataclass

import gradio as gr

from agents.core import identity
from agents.core.agent import AgentSpec
from agents.core.identity import Viewer
from agents.core.session import runtime_store
from agents.services import conversations
from agents.view.conversation import conversation_choices, listed
from agents.view.registry import title_key
from pages.gradio.i18n import label
from pages.gradio.outputs import Update

LIST_LIMIT = 50


@dataclass
class ConversationList:
    section: gr.Column
    new: gr.Button
    search: gr.Textbox
    archived: gr.Checkbox
    choices: gr.Radio
    title: gr.Textbox
    rename: gr.Button
    archive: gr.Button
    delete: gr.Button


def build_conversation_list(spec: AgentSpec, visible: bool) -> ConversationList:
    with gr.Column(visible=visible, elem_id=f"pg-{spec.id}-sidebar", elem_classes=["pg-conversations"]) as section:
        gr.Markdown(label(title_key(spec.id)), elem_classes=["pg-sidebar-title"])  # bold: style.css
        new = gr.Button(label("new_chat"), variant="primary", size="sm", elem_id=f"pg-{spec.id}-new")
        search = gr.Textbox(show_label=False, placeholder=label("search_placeholder"), elem_id=f"pg-{spec.id}-search",
                            container=False)
        archived = gr.Checkbox(label=label("show_archived"), value=False, elem_id=f"pg-{spec.id}-archived",
                               container=False)
        choices = gr.Radio(choices=[], value=None, show_label=False, elem_id=f"pg-{spec.id}-conversations",
                           elem_classes=["pg-conv-list"], container=False)
        with gr.Accordion(label("manage"), open=False, elem_id=f"pg-{spec.id}-manage"):
            title = gr.Textbox(label=label("title"), elem_id=f"pg-{spec.id}-title")
            with gr.Row():
                rename = gr.Button(label("rename"), size="sm", elem_id=f"pg-{spec.id}-rename")
                archive = gr.Button(label("archive"), size="sm", elem_id=f"pg-{spec.id}-archive")
            delete = gr.Button(label("delete"), size="sm", variant="stop", elem_id=f"pg-{spec.id}-delete")
    return ConversationList(section, new, search, archived, choices, title, rename, archive, delete)


def list_update(spec: AgentSpec, user: Viewer | None, selected: str | None, search: str = "",
                archived: bool = False) -> Update:
    """The radio's choices for this viewer (the open conversation stays listed even if filtered out)."""
    if user is None:
        return gr.update(choices=[], value=None)
    rows = listed(spec, identity.require(user), selected, search, archived, LIST_LIMIT)
    choices = conversation_choices(rows)
    ids = {value for _, value in choices}
    return gr.update(choices=choices, value=selected if selected in ids else None)


def current_title(spec: AgentSpec, user: Viewer | None, conversation_id: str | None) -> Update:
    if user is None or not conversation_id:
        return gr.update(value="")
    row = conversations.find(runtime_store(), identity.require(user), conversation_id)
    return gr.update(value=row.title if row else "")
