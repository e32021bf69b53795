"""One agent tab: chat, cards, confirmation cards, suggestions and a conversation picker.

Handlers only translate between components and the Session API; every state lives
in ``gr.State`` (one copy per browser session) or in the store.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import gradio as gr

from agents.core import identity
from agents.core.agent import AgentSpec
from agents.core.clock import system_clock
from agents.core.identity import Viewer
from agents.core.session import Session
from agents.core.streaming import pumped
from pages import render
from pages.alerts_panel import build_alerts
from pages.cards import card_markdown, dataframe_for, figure_for, tiles_html
from pages.header import Header, describe_error, provider_from
from pages.products import build_start_panel, draw_recommendations
from pages.render import ChatView

MAX_SUGGESTIONS = 4
_ACTION_HEADINGS = {"PENDING": "확인 필요", "COMPLETED": "✅ 실행 완료", "CANCELLED": "🚫 취소됨", "EXPIRED": "⌛ 만료됨",
                    "FAILED": "❌ 실패", "CONFIRMED": "실행 중", "EXECUTING": "실행 중"}


def _session(spec: AgentSpec, viewer: Viewer | None, conversation_id: str | None, provider: Any = None) -> Session:
    """The viewer comes from server-side state (see pages/identity.py), never from a text box."""
    return Session(spec.id, user_id=identity.require(viewer), provider=provider, conversation_id=conversation_id)


def _panel(view: ChatView) -> dict[str, Any]:
    """What the side column draws; kept apart so text deltas do not redraw the cards."""
    return {"cards": [c.model_dump() for c in view.cards[-8:]], "actions": [a.model_dump() for a in view.actions]}


def _suggestion_updates(view: ChatView, spec: AgentSpec) -> list[Any]:
    questions = view.suggestions or ([] if view.messages else list(spec.examples))
    questions = questions[:MAX_SUGGESTIONS]
    return [gr.update(value=questions[i], visible=True) if i < len(questions) else gr.update(value="", visible=False)
            for i in range(MAX_SUGGESTIONS)]


def _conversation_choices(spec: AgentSpec, user: Viewer | None) -> list[tuple[str, str]]:
    try:
        rows = _session(spec, user, None).conversations(limit=50)
    except Exception:  # noqa: BLE001 - a bad user id is reported on send
        return []
    return [(f"{r.title or '(untitled)'} · {r.updated_at:%m-%d %H:%M}", r.id) for r in rows]


def build_agent_tab(spec: AgentSpec, header: Header, demo: gr.Blocks, tab: gr.Tab | None = None) -> None:
    view_state = gr.State(ChatView())
    # The open conversation survives a reload: its id is kept in the browser's localStorage.
    remembered = gr.BrowserState(None, storage_key=f"agent-playground-{spec.id}-conversation")
    panel_state = gr.State({"cards": [], "actions": []})
    with gr.Row(equal_height=False):
        with gr.Column(scale=3, min_width=420):
            gr.Markdown(f"**{spec.title}** — {spec.description}", elem_classes=["pg-agent-intro"])
            with gr.Row(equal_height=True):
                picker = gr.Dropdown(label="Conversation", choices=[], value=None, scale=4,
                                     elem_id=f"pg-{spec.id}-picker", allow_custom_value=False)
                new_btn = gr.Button("＋ New", size="sm", scale=0, min_width=70, elem_id=f"pg-{spec.id}-new")
                archive_btn = gr.Button("Archive", size="sm", scale=0, min_width=70, elem_id=f"pg-{spec.id}-archive")
                delete_btn = gr.Button("Delete", size="sm", scale=0, min_width=70, variant="stop",
                                       elem_id=f"pg-{spec.id}-delete")
            wiring: dict[str, Any] = {}
            if spec.alert_check is not None:
                build_alerts(spec, header, demo, wiring)
            if spec.extra.get("start_options") is not None:
                build_start_panel(spec, wiring)
            chatbot = gr.Chatbot(label=spec.title, height=520, elem_id=f"pg-{spec.id}-chat",
                                 placeholder=f"**{spec.title}**\n\n{spec.description}", buttons=["copy"],
                                 feedback_options=None)
            badge = gr.Markdown("", elem_classes=["pg-badge"], elem_id=f"pg-{spec.id}-badge")
            with gr.Row():
                examples = list(spec.examples[:MAX_SUGGESTIONS])
                suggestion_buttons = [
                    gr.Button(examples[i] if i < len(examples) else "", size="sm", visible=i < len(examples),
                              elem_classes=["pg-suggestion"])
                    for i in range(MAX_SUGGESTIONS)
                ]
            with gr.Row(equal_height=True):
                textbox = gr.Textbox(placeholder="메시지를 입력하세요 / Type a message", show_label=False, scale=6,
                                     elem_id=f"pg-{spec.id}-input", autofocus=False)
                send_btn = gr.Button("Send", variant="primary", scale=1, elem_id=f"pg-{spec.id}-send")
                stop_btn = gr.Button("Stop", scale=1, elem_id=f"pg-{spec.id}-stop")
        with gr.Column(scale=2, min_width=320, elem_classes=["pg-side"]):
            gr.Markdown("#### Cards")

            @gr.render(inputs=[panel_state, header.who])
            def draw_panel(panel: dict[str, Any], user: Viewer | None) -> None:
                _draw_panel(spec, panel, header.who, view_state, panel_state, chatbot, wiring)

    chat_outputs = [view_state, panel_state, chatbot, badge, textbox, *suggestion_buttons]

    def run(text: str, view: ChatView, provider: str, model: str, api_key: str, user: Viewer | None,
            extra: dict[str, Any] | None = None) -> Iterator[list[Any]]:
        text = text or ""
        view = render.add_user_message(view, text)
        yield [view, gr.skip(), view.messages, "…", "", *_suggestion_updates(view, spec)]
        try:
            session = _session(spec, user, view.conversation_id, provider_from(provider, model, api_key))
            # Pumped: a tab closed mid-reply never leaves the conversation locked (Stop interrupts it).
            events = pumped(session.send(text, extra), name=spec.id)
        except Exception as exc:  # noqa: BLE001 - shown in the chat, never a traceback
            view = view.model_copy(update={"messages": [*view.messages, {"role": "assistant", "content": f"⚠️ {describe_error(exc)}"}]})
            yield [view, gr.skip(), view.messages, "", gr.skip(), *_suggestion_updates(view, spec)]
            return
        panel_before = _panel(view)
        for event in events:
            view = render.apply_event(view, event)
            panel = _panel(view)
            changed = panel != panel_before
            panel_before = panel
            yield [view, panel if changed else gr.skip(), view.messages, view.badge, gr.skip(),
                   *(_suggestion_updates(view, spec) if event.type in ("suggested_questions", "done", "error")
                     else [gr.skip()] * MAX_SUGGESTIONS)]

    inputs = [view_state, *header.inputs]
    wiring.update(run=run, inputs=inputs, outputs=chat_outputs)
    for wire in wiring.pop("deferred", []):
        wire()
    send_event = send_btn.click(run, [textbox, *inputs], chat_outputs)
    submit_event = textbox.submit(run, [textbox, *inputs], chat_outputs)
    suggestion_events = [b.click(run, [b, *inputs], chat_outputs) for b in suggestion_buttons]
    def refresh_picker(view: ChatView, user: Viewer | None) -> list[Any]:
        return [gr.update(choices=_conversation_choices(spec, user), value=view.conversation_id), view.conversation_id]

    for event in (send_event, submit_event, *suggestion_events):
        event.then(refresh_picker, [view_state, header.who], [picker, remembered])
    stop_btn.click(None, None, None, cancels=[send_event, submit_event, *suggestion_events])

    def load(conversation_id: str | None, user: Viewer | None) -> list[Any]:
        if not conversation_id:
            view = ChatView()
        else:
            try:
                session = _session(spec, user, conversation_id)
                view = render.view_from_history(conversation_id, session.history(), session.pending_actions())
            except Exception as exc:  # noqa: BLE001 - shown in the chat
                view = ChatView(error=describe_error(exc),
                                messages=[{"role": "assistant", "content": f"⚠️ {describe_error(exc)}"}])
        return [view, _panel(view), view.messages, "", gr.skip(), *_suggestion_updates(view, spec)]

    def pick(conversation_id: str | None, user: Viewer | None) -> list[Any]:
        return [*load(conversation_id, user), conversation_id]

    picker.input(pick, [picker, header.who], [*chat_outputs, remembered])

    def restore(conversation_id: str | None, user: Viewer | None) -> list[Any]:
        """On page load: reopen the remembered conversation if it is still this user's."""
        choices = _conversation_choices(spec, user)
        if conversation_id not in {value for _, value in choices}:
            conversation_id = None
        return [*load(conversation_id, user), gr.update(choices=choices, value=conversation_id)]

    header.identity.after_ready(restore, [remembered, header.who], [*chat_outputs, picker])
    if tab is not None:
        # Gradio mounts a hidden tab lazily, so the page-load restore may not reach it: retry
        # when the tab is opened, unless it already shows a conversation.
        def restore_if_empty(view: ChatView, conversation_id: str | None, user: Viewer | None) -> list[Any]:
            if view.messages:
                return [gr.skip()] * (len(chat_outputs) + 1)
            return restore(conversation_id, user)

        tab.select(restore_if_empty, [view_state, remembered, header.who], [*chat_outputs, picker])

    def new_conversation(user: Viewer | None) -> list[Any]:
        return [*load(None, user), gr.update(value=None, choices=_conversation_choices(spec, user)), None]

    new_btn.click(new_conversation, header.who, [*chat_outputs, picker, remembered])
    header.identity.after_switch(new_conversation, header.who, [*chat_outputs, picker, remembered])

    def archive(view: ChatView, user: Viewer | None) -> list[Any]:
        if view.conversation_id:
            session = _session(spec, user, None)
            session.store.conversations.set_archived(view.conversation_id, session.user_id, True, system_clock())
        return new_conversation(user)

    def delete(view: ChatView, user: Viewer | None) -> list[Any]:
        if view.conversation_id:
            session = _session(spec, user, None)
            session.store.conversations.delete(view.conversation_id, session.user_id)
        return new_conversation(user)

    archive_btn.click(archive, [view_state, header.who], [*chat_outputs, picker, remembered])
    delete_btn.click(delete, [view_state, header.who], [*chat_outputs, picker, remembered],
                     js="(v, u) => { if (!confirm('Delete this conversation and everything in it?')) throw new Error('cancelled'); return [v, u]; }")
    gr.on([header.provider.change], lambda user: gr.update(choices=_conversation_choices(spec, user)), header.who, picker)
    picker.focus(lambda user: gr.update(choices=_conversation_choices(spec, user)), header.who, picker)


def _action_handler(spec: AgentSpec, action_id: str, op: str):  # noqa: ANN202 - a Gradio callback
    def handle(view: ChatView, user: Viewer | None, edited: str | None = None) -> list[Any]:
        notice = None
        try:
            session = _session(spec, user, view.conversation_id)
            if op == "confirm":
                session.confirm_action(action_id)
            elif op == "cancel":
                session.cancel_action(action_id)
            else:
                try:
                    args = json.loads(edited or "")
                except json.JSONDecodeError as exc:
                    raise ValueError(f"The edited arguments are not valid JSON ({exc.msg}, line {exc.lineno}); "
                                     "fix them and save again. Nothing was changed.") from exc
                session.modify_action(action_id, args)
                notice = "✏️ 변경 사항을 저장했습니다. 카드를 확인한 뒤 실행하세요. (Saved; review the card, then confirm.)"
            fresh = render.view_from_history(view.conversation_id, session.history(), session.pending_actions())
        except Exception as exc:  # noqa: BLE001 - refusals are shown, not raised
            fresh = view.model_copy(deep=True)
            notice = f"⚠️ {describe_error(exc)}"
            try:
                own = _session(spec, user, None)
                row = own.store.actions.get(action_id, own.user_id)
                if row is not None:
                    fresh = render.replace_action(fresh, row)
            except Exception:  # noqa: BLE001 - the notice already says what went wrong
                pass
        if notice:
            fresh.messages.append({"role": "assistant", "content": notice})
        return [fresh, _panel(fresh), fresh.messages]

    return handle


def _draw_panel(spec: AgentSpec, panel: dict[str, Any], user_box: gr.State, view_state: gr.State,
                panel_state: gr.State, chatbot: gr.Chatbot, wiring: dict[str, Any]) -> None:
    actions = [render.ActionView(**a) for a in panel.get("actions", [])]
    cards = [render.CardView(**c) for c in panel.get("cards", [])]
    if not actions and not cards:
        gr.Markdown("Charts, tables and confirmation cards appear here.", elem_classes=["pg-empty"])
    now = system_clock()
    outputs = [view_state, panel_state, chatbot]
    for action in reversed(actions):
        open_ = action.is_open(now)
        status = action.status if action.status != "PENDING" or open_ else "EXPIRED"
        with gr.Group(elem_classes=["pg-action", f"pg-action-{status.lower()}"]):
            rows = "\n".join(f"| {d.label} | {d.value}{' ✏️' if d.changed else ''} |" for d in action.details)
            warnings = "\n".join(f"- ⚠️ {w}" for w in action.warnings)
            heading = _ACTION_HEADINGS.get(status, status)
            gr.Markdown(f"**{heading} · {action.summary}**\n\n| 항목 | 값 |\n|---|---|\n{rows}\n\n{warnings}\n\n"
                        f"`{action.tool_name}` · status **{status}** · expires {action.expires_at:%H:%M} UTC"
                        + (f"\n\n{action.message}" if action.message and status != "PENDING" else ""),
                        elem_classes=["pg-action-body"])
            if open_:
                with gr.Row():
                    confirm = gr.Button("Confirm", variant="primary", size="sm", elem_classes=["pg-confirm"])
                    cancel = gr.Button("Cancel", size="sm", elem_classes=["pg-cancel"])
                with gr.Accordion("Modify", open=False):
                    editor = gr.Code(json.dumps(action.args, ensure_ascii=False, indent=2), language="json",
                                     label="Arguments (JSON)", interactive=True)
                    save = gr.Button("Save changes", size="sm", elem_classes=["pg-save"])
                confirm.click(_action_handler(spec, action.action_id, "confirm"), [view_state, user_box], outputs)
                cancel.click(_action_handler(spec, action.action_id, "cancel"), [view_state, user_box], outputs)
                save.click(_action_handler(spec, action.action_id, "modify"), [view_state, user_box, editor],
                           outputs)
    for card in render.newest_first(cards):
        if card.card_type == "recommendations":
            draw_recommendations(card, wiring)
            continue
        with gr.Group(elem_classes=["pg-card", f"pg-card-{card.card_type}"]):
            gr.Markdown(card_markdown(card))
            tiles = tiles_html(card)
            if tiles:
                gr.HTML(tiles)
            figure = figure_for(card)
            if figure is not None:
                gr.Plot(figure, show_label=False)
            frame = dataframe_for(card)
            if frame is not None:
                gr.Dataframe(frame, interactive=False, wrap=True, max_height=260)
