"""The pending confirmation, docked right above the input: summary, details, warnings,
Confirm / Cancel / Modify. Outcomes go to the chat (past tense); the dock only holds what
can still be answered. Modify's errors show next to the editor, never in the chat."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import gradio as gr

from agents.core import identity
from agents.core.agent import AgentSpec
from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer
from agents.core.session import Session
from agents.view import render_workspace
from agents.view.conversation import BadEdit, action_body, load_view, parse_args
from agents.view.render import ChatView
from agents.view.render_workspace import ActionView
from pages.gradio.i18n import Lang, error_text, label, t


def dock_state(view: ChatView) -> list[dict[str, Any]]:
    return [a.model_dump(mode="json") for a in render_workspace.open_actions(view, system_clock())]


def action_markdown(action: ActionView, lang: Lang) -> str:
    expires = action.expires_at.isoformat()
    # <time> is turned into the browser's local time by the page script (see pages/gradio/page.js).
    return (f"{action_body(action, lang)}\n\n"
            f"<small>`{action.tool_name}` · {t('expires', lang)} "
            f'<time class="pg-local-time" datetime="{expires}">{action.expires_at:%H:%M} UTC</time></small>')


def build_dock(spec: AgentSpec, dock: gr.State, view_state: gr.State, lang_state: gr.State, who: gr.State,
               refresh: Callable[[ChatView, str], list[Any]], outputs: list[Any], quiet: dict[str, Any]) -> None:
    """``refresh(view, lang)`` gives the tab's outputs for a reloaded view; ``quiet``: the event
    options that keep the buttons' progress off the tab's ~20 outputs (pages/gradio/progress.py)."""

    @gr.render(inputs=[dock, lang_state], show_progress="hidden")
    def draw(actions: list[dict[str, Any]], lang: Lang) -> None:
        for raw in actions[-2:]:
            action = ActionView(**raw)
            with gr.Group(elem_classes=["pg-action", "pg-action-pending"], key=f"dock-{action.action_id}"):
                gr.Markdown(action_markdown(action, lang), elem_classes=["pg-action-body"])
                with gr.Row(equal_height=True):
                    confirm = gr.Button(label("confirm"), variant="primary", size="sm", elem_classes=["pg-confirm"])
                    cancel = gr.Button(label("cancel"), size="sm", elem_classes=["pg-cancel"])
                with gr.Accordion(label("modify"), open=False, elem_classes=["pg-modify"]):
                    editor = gr.Code(json.dumps(action.args, ensure_ascii=False, indent=2), language="json",
                                     label=label("arguments"), interactive=True)
                    problem = gr.Markdown("", elem_classes=["pg-modify-error"])
                    save = gr.Button(label("save_changes"), size="sm", elem_classes=["pg-save"])
            handler = _handler(spec, action.action_id, refresh, len(outputs))
            confirm.click(lambda v, lg, u, h=handler: h(v, lg, u, "confirm", None)[:-1], [view_state, lang_state, who],
                          outputs, **quiet)
            cancel.click(lambda v, lg, u, h=handler: h(v, lg, u, "cancel", None)[:-1], [view_state, lang_state, who],
                         outputs, **quiet)
            save.click(lambda v, lg, u, e, h=handler: h(v, lg, u, "modify", e), [view_state, lang_state, who, editor],
                       [*outputs, problem], **quiet)


def _handler(spec: AgentSpec, action_id: str, refresh: Callable[[ChatView, str], list[Any]], n: int):  # noqa: ANN202
    def handle(view: ChatView, lang: Lang, user: Viewer | None, op: str, edited: str | None) -> list[Any]:
        problem = ""
        try:
            session = Session(spec.id, user_id=identity.require(user), conversation_id=view.conversation_id)
            if op == "confirm":
                session.confirm_action(action_id)
            elif op == "cancel":
                session.cancel_action(action_id)
            else:
                args = parse_args(edited, lang)
                session.modify_action(action_id, args)
                gr.Info(t("saved_changes", lang))
        except BadEdit as exc:
            problem = f"⚠️ {exc}"
        except PlaygroundError as exc:
            if op == "modify":
                problem = f"⚠️ {error_text(exc.code, exc.message, lang)}"
            else:
                gr.Warning(error_text(exc.code, exc.message, lang))
        if problem:
            return [*([gr.skip()] * n), problem]
        fresh = load_view(spec, user, view.conversation_id)
        return [*refresh(fresh, lang), ""]

    return handle
