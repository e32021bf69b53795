"""The pending confirmation, docked right above the input: summary, details, warnings,
Confirm / Cancel / Modify. Outcomes go to the chat (past tense); the dock only holds what
can still be answered. Modify's errors show next to the editor, never in the chat."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import TypeAlias

import gradio as gr
from gradio.components import Component

from agents.core import identity
from agents.core.agent import AgentSpec
from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer
from agents.core.session import Session, runtime_store
from agents.view import render_workspace
from agents.view.arg_form import FormField, form_fields, form_patch, modify_error_text, tool_schema
from agents.view.conversation import BadEdit, action_body, load_view, parse_args
from agents.view.registry import arg_choices
from agents.view.render import ChatView
from agents.view.render_workspace import ActionView
from pages.gradio.i18n import Lang, error_text, label, t
from pages.gradio.outputs import Outputs
from pages.gradio.progress import Quiet

# What Modify sends: the form's (fields, widget values), or the JSON editor's text.
Edit: TypeAlias = tuple[list[FormField], list[object]] | str | None


def dock_state(view: ChatView) -> list[dict[str, object]]:
    return [a.model_dump(mode="json") for a in render_workspace.open_actions(view, system_clock())]


def action_markdown(action: ActionView, lang: Lang) -> str:
    expires = action.expires_at.isoformat()
    # <time> is turned into the browser's local time by the page script (see pages/gradio/page.js). The tool's id
    # is not shown: the body says what will run, and the id is in the tool step and the Lab's trace.
    return (f"{action_body(action, lang)}\n\n"
            f"<small>{t('expires', lang)} "
            f'<time class="pg-local-time" datetime="{expires}">{action.expires_at:%H:%M} UTC</time></small>')


def dock_drawing(spec: AgentSpec, actions: list[dict[str, object]], lang: Lang,
                 user: Viewer | None) -> list[dict[str, object]]:
    """What the dock draws, as plain data: each card's action and its form's fields, in ``lang``.

    The dock is drawn from this (not from the dock, the language and the viewer it is made of), so the person's
    id and language arriving after a reload, or a dock written again with the same cards, draw nothing again: a
    drawing made anew under a click closed the Modify form it opened and dropped the click."""
    if not actions:
        return []  # nothing is drawn, whatever the language or the viewer
    # the choices an argument names (a campaign by its name): the person's own
    options = arg_choices(spec.id, runtime_store(), user.user_id) if user is not None else None
    drawn: list[dict[str, object]] = []
    for raw in actions[-2:]:
        action = ActionView(**raw)
        fields = form_fields(tool_schema(spec, action.tool_name), action.args, lang, options)
        drawn.append({"action": raw, "lang": lang, "fields": [dataclasses.asdict(f) for f in fields]})
    return drawn


def build_dock(spec: AgentSpec, dock: gr.State, view_state: gr.State, lang_state: gr.State, who: gr.State,
               refresh: Callable[[ChatView, str], Outputs], outputs: list[Component], quiet: Quiet) -> None:
    """``refresh(view, lang)`` gives the tab's outputs for a reloaded view; ``quiet``: the event
    options that keep the buttons' progress off the tab's ~20 outputs (pages/gradio/progress.py).

    Every component and listener of a card is keyed by its action id: when the dock is drawn again (another card
    came or went), the cards still shown keep their components and their handlers' indexes, so a click sent from
    the drawing before is taken (Gradio reuses a key's component id and handler index across drawings)."""
    drawing = gr.State([])
    # One listener for the three: its runs are queued one after another, each reading the states as they are then.
    gr.on([dock.change, lang_state.change, who.change], lambda a, lg, u: dock_drawing(spec, a, lg, u),
          [dock, lang_state, who], drawing, trigger_mode="always_last", **quiet)

    @gr.render(inputs=[drawing], triggers=[drawing.change], show_progress="hidden")
    def draw(cards: list[dict[str, object]]) -> None:
        for card in cards:
            _draw_card(spec, ActionView(**card["action"]), card["lang"],  # type: ignore[arg-type]
                       [FormField(**f) for f in card["fields"]],  # type: ignore[union-attr]
                       (view_state, lang_state, who), refresh, outputs, quiet)


def _draw_card(spec: AgentSpec, action: ActionView, lang: Lang, fields: list[FormField],
               inputs: tuple[gr.State, gr.State, gr.State], refresh: Callable[[ChatView, str], Outputs],
               outputs: list[Component], quiet: Quiet) -> None:
    def key(*part: str) -> tuple[str, ...]:
        # unique in the session: the listeners' keys are looked up among all of its handlers
        return ("dock", spec.id, action.action_id, *part)

    with gr.Group(elem_classes=["pg-action", "pg-action-pending"], key=key("card")):
        gr.Markdown(action_markdown(action, lang), elem_classes=["pg-action-body"], key=key("body"))
        with gr.Row(equal_height=True, key=key("buttons")):
            confirm = gr.Button(label("confirm"), variant="primary", size="sm", elem_classes=["pg-confirm"],
                                key=key("confirm"))
            cancel = gr.Button(label("cancel"), size="sm", elem_classes=["pg-cancel"], key=key("cancel"))
        with gr.Accordion(label("modify"), open=False, elem_classes=["pg-modify"], key=key("modify")):
            widgets = [_widget(f, lang, key("field", f.name, f.widget, str(f.nullable))) for f in fields]
            problem = gr.Markdown("", elem_classes=["pg-modify-error"], key=key("problem"))
            save = gr.Button(label("save_changes"), size="sm", elem_classes=["pg-save"], key=key("save"))
            with gr.Accordion(label("advanced_json"), open=False, elem_classes=["pg-modify-json"],
                              key=key("json")):
                editor = gr.Code(json.dumps(action.args, ensure_ascii=False, indent=2), language="json",
                                 label=label("arguments"), interactive=True, key=key("editor"))
                save_json = gr.Button(label("save_json"), size="sm", elem_classes=["pg-save-json"],
                                      key=key("save-json"))
    handler = _handler(spec, action, refresh, len(outputs))
    view_state, lang_state, who = inputs
    confirm.click(lambda v, lg, u, h=handler: h(v, lg, u, "confirm", None)[:-1], [view_state, lang_state, who],
                  outputs, key=key("on-confirm"), **quiet)
    cancel.click(lambda v, lg, u, h=handler: h(v, lg, u, "cancel", None)[:-1], [view_state, lang_state, who],
                 outputs, key=key("on-cancel"), **quiet)
    save.click(lambda v, lg, u, *values, h=handler, fs=fields: h(v, lg, u, "form", (fs, list(values))),
               [view_state, lang_state, who, *widgets], [*outputs, problem], key=key("on-save"), **quiet)
    save_json.click(lambda v, lg, u, e, h=handler: h(v, lg, u, "modify", e),
                    [view_state, lang_state, who, editor], [*outputs, problem], key=key("on-save-json"), **quiet)


def _range(f: FormField) -> str | None:
    if f.minimum is None and f.maximum is None:
        return None
    low = "" if f.minimum is None else f"{f.minimum:,}"
    high = "" if f.maximum is None else f"{f.maximum:,}"
    return f"{low} ~ {high}"


def _widget(f: FormField, lang: Lang, key: tuple[str, ...] | None = None) -> gr.components.Component:
    """The field's Gradio widget. No minimum / maximum on gr.Number: Gradio would refuse out-of-range
    values in its own English words; the tool's schema names them instead (in ``info``)."""
    title = f"{f.label} ({f.unit})" if f.unit else f.label
    info = f.help or None
    classes = ["pg-field", f"pg-field-{f.name}"]
    match f.widget:
        case "integer" | "number" | "money" | "percent" if f.nullable:
            # gr.Number shows an unset value as 0, which would be sent as a change: a text field, empty = unset.
            shown = "" if f.value is None else (f"{f.value:,}" if f.widget == "money" else str(f.value))
            return gr.Textbox(shown, label=title, info=info, placeholder=_range(f), max_lines=1, interactive=True,
                              elem_classes=classes, key=key)
        case "integer" | "number" | "money" | "percent":
            whole = f.widget in ("integer", "money")
            return gr.Number(f.value, label=title, info=info, precision=0 if whole else None, interactive=True,
                             elem_classes=classes, key=key)
        case "choice":
            none = [t("none_choice", lang)] if f.nullable else []
            choices = [(c, c) for c in none] + list(zip(f.labels or f.choices, f.choices, strict=True))
            return gr.Dropdown(choices, value=f.value if f.value is not None else choices[0][1], label=title,
                               info=info, interactive=True, elem_classes=classes, key=key)
        case "choices":
            return gr.CheckboxGroup(list(f.choices), value=f.value, label=title, info=info, interactive=True,
                                    elem_classes=classes, key=key)
        case "check":
            return gr.Checkbox(bool(f.value), label=title, info=info, interactive=True, elem_classes=classes, key=key)
        case "json":
            return gr.Code(f.value, language="json", label=title, interactive=True, elem_classes=classes, key=key)
        case _:
            placeholder = "YYYY-MM-DD" if f.widget == "date" else (t("list_hint", lang) if f.widget == "list" else None)
            return gr.Textbox(f.value, label=title, info=info, placeholder=placeholder, max_lines=3,
                              interactive=True, elem_classes=classes, key=key)


def _handler(spec: AgentSpec, action: ActionView, refresh: Callable[[ChatView, str], Outputs],
             n: int) -> Callable[[ChatView, Lang, Viewer | None, str, Edit], Outputs]:
    def handle(view: ChatView, lang: Lang, user: Viewer | None, op: str, edited: Edit) -> Outputs:
        """``op``: confirm, cancel, ``form`` (edited = (fields, widget values)) or ``modify`` (edited = JSON
        text); both Modify paths send only a partial object, merged over the stored arguments."""
        problem, action_id = "", action.action_id
        try:
            session = Session(spec.id, user_id=identity.require(user), conversation_id=view.conversation_id)
            if op == "confirm":
                session.confirm_action(action_id)
            elif op == "cancel":
                session.cancel_action(action_id)
            else:
                args = form_patch(*edited, lang) if isinstance(edited, tuple) else parse_args(edited, lang)
                if args:
                    session.modify_action(action_id, args)
                gr.Info(t("saved_changes", lang))
        except BadEdit as exc:
            problem = f"⚠️ {exc}"
        except PlaygroundError as exc:
            if op in ("form", "modify"):
                problem = f"⚠️ {modify_error_text(exc, tool_schema(spec, action.tool_name), lang)}"
            else:
                gr.Warning(error_text(exc.code, exc.message, lang))
        if problem:
            return [*([gr.skip()] * n), problem]
        fresh = load_view(spec, user, view.conversation_id)
        return [*refresh(fresh, lang), ""]

    return handle
