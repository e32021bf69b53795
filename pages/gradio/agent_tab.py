"""One agent tab, chat first: the conversation fills the height with its cards inside it, the
pending confirmation is docked above the input, and the side column is the agent's workspace.

Handlers only translate between components and the Session API; every state lives in
``gr.State`` (one copy per browser session) or in the store. The viewer always comes from
``header.who`` (server-side), never from a component value.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping

import gradio as gr

from agents.core import identity
from agents.core.agent import AgentSpec
from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer
from agents.core.session import Session, runtime_store
from agents.core.streaming import QUIET, pumped
from agents.services import conversations, feedback
from agents.view import render
from agents.view.chips import MAX_CHIPS, chips
from agents.view.frames import FrameGate
from agents.view.registry import example_key, intro_key
from agents.view.render import CardView, ChatView
from pages.gradio.chat_gradio import entry_turns, to_chatbot
from pages.gradio.conversation_list import ConversationList, current_title, list_update
from pages.gradio.dock import build_dock, dock_state, load_view
from pages.gradio.header import Header
from pages.gradio.i18n import Lang, error_text, label, t
from pages.gradio.outputs import Outputs, Update, Value
from pages.gradio.save_case import build_save_case
from pages.gradio.workspace import TabContext, drawn_slots, workspace_for, workspace_state
from pages.gradio.workspace_draw import draw_workspace

# How long a send may hold back the typed message to draw it with the reply's first words.
FIRST_FRAME_WAIT = 0.15


def _suggestions(view: ChatView, spec: AgentSpec, lang: Lang) -> list[Update]:
    questions = chips(view, spec, lang)
    return [gr.update(value=questions[i], visible=True) if i < len(questions) else gr.update(value="", visible=False)
            for i in range(MAX_CHIPS)]


def build_agent_tab(spec: AgentSpec, header: Header, demo: gr.Blocks, conv: ConversationList,
                    tab: gr.Tab | None = None, remembered: gr.BrowserState | None = None, eager: bool = True) -> None:
    """``eager``: the tab open at page load restores itself then; the others wait until opened.

    Gradio's page keeps a loading status for every component any run has written to, and on every
    streamed update it looks each one up in the whole component tree: the cost of one update grows
    with (components written so far) x (components in the app). Restoring the hidden tabs at load
    wrote ~60 more and made every later update of the open tab about twice as slow (tests/bench)."""
    view_state = gr.State(ChatView())
    # The open conversation survives a reload: its id is kept in the browser's localStorage.
    if remembered is None:
        remembered = gr.BrowserState(None, storage_key=f"agent-playground-{spec.id}-conversation")
    # The open conversation's id, server-side: its change (not every streamed update) is copied
    # into ``remembered``. A change listener on the whole view would cost a deep hash of the view
    # and a browser round trip per streamed update.
    open_id = gr.State(None)
    dock = gr.State([])
    workspace = workspace_for(spec.id)
    ws_state = gr.State({})
    lang_state = header.lang
    ctx = TabContext(spec=spec, header=header, demo=demo, view_state=view_state, workspace_state=ws_state)
    with gr.Row(equal_height=False, elem_classes=["pg-tab-row"]):
        with gr.Column(scale=3, min_width=340, elem_classes=["pg-chat-col"]):
            chatbot = gr.Chatbot(show_label=False, elem_id=f"pg-{spec.id}-chat", elem_classes=["pg-chat"],
                                 height="calc(100dvh - 290px)", min_height=320,
                                 placeholder=label(intro_key(spec.id)), buttons=["copy"],
                                 feedback_options=("Like", "Dislike"), group_consecutive_messages=False,
                                 layout="bubble")
            with gr.Row(elem_classes=["pg-suggestions"]):
                # translated in the browser until the first refresh writes the chips in the request's language
                examples = len(spec.examples[:MAX_CHIPS])
                suggestion_buttons = [
                    gr.Button(label(example_key(spec.id, i)) if i < examples else "", size="sm", visible=i < examples,
                              elem_classes=["pg-suggestion"])
                    for i in range(MAX_CHIPS)]
            with gr.Column(elem_classes=["pg-dock"], elem_id=f"pg-{spec.id}-dock"):
                dock_slot = gr.Column()
            with gr.Row(equal_height=True, elem_classes=["pg-input-row"]):
                textbox = gr.Textbox(placeholder=label("input_placeholder"), show_label=False, scale=6, lines=1,
                                     max_lines=6, elem_id=f"pg-{spec.id}-input", container=False)
                send_btn = gr.Button(label("send"), variant="primary", scale=1, min_width=70,
                                     elem_id=f"pg-{spec.id}-send")
                stop_btn = gr.Button(label("stop"), scale=1, min_width=60, interactive=False,
                                     elem_id=f"pg-{spec.id}-stop")
            badge = gr.Markdown("", elem_classes=["pg-badge"], elem_id=f"pg-{spec.id}-badge")
            with gr.Row(visible=False, equal_height=True, elem_id=f"pg-{spec.id}-feedback") as feedback_row:
                comment = gr.Textbox(label=label("feedback_comment"), placeholder=label("feedback_placeholder"),
                                     scale=5, elem_id=f"pg-{spec.id}-comment")
                save_comment = gr.Button(label("feedback_save"), size="sm", scale=1,
                                         elem_id=f"pg-{spec.id}-comment-save")
        with gr.Column(scale=2, min_width=300, elem_classes=["pg-side"], elem_id=f"pg-{spec.id}-workspace"):
            if workspace.build is not None:
                workspace.build(ctx)

            # Drawn from the slots alone: the workspace state also holds the conversation's state, which a
            # turn's last update often changes with the same cards, and a drawing made anew under a click
            # dropped it. Drawn again when the tab is opened: a hidden tab mounts lazily, after a page-load
            # restore already set the state, and a render that ran unmounted shows nothing (its components
            # and listeners are keyed, so that drawing keeps the handlers a click may be on its way to).
            drawn = gr.State({})
            ws_state.change(drawn_slots, ws_state, drawn, trigger_mode="always_last", **header.quiet)
            triggers = [drawn.change] + ([demo.load] if eager or tab is None else []) + (
                [tab.select] if tab is not None else [])

            @gr.render(inputs=[drawn], triggers=triggers, show_progress="hidden")
            def draw_side(slots: dict[str, dict[str, object] | None]) -> None:
                draw_workspace(workspace, {"slots": slots}, ctx)

    outputs = [view_state, chatbot, badge, textbox, *suggestion_buttons, dock, ws_state, conv.choices, open_id,
               conv.title, send_btn, stop_btn]

    def refresh(view: ChatView, lang: Lang, user: Viewer | None = None, listed: bool = True) -> Outputs:
        """Every output for a view that was (re)loaded whole."""
        busy = view.running
        return [view, to_chatbot(view, lang), view.badge, gr.skip(), *_suggestions(view, spec, lang), dock_state(view),
                workspace_state(view, workspace),
                list_update(spec, user, view.conversation_id) if listed and user is not None else gr.skip(),
                view.conversation_id, current_title(spec, user, view.conversation_id) if user else gr.skip(),
                gr.update(interactive=not busy), gr.update(interactive=busy)]

    def run(text: str, view: ChatView, lang: Lang, provider: str, model: str, api_key: str, user: Viewer | None,
            extra: dict[str, object] | None = None) -> Iterator[Outputs]:
        text = text or ""
        if not text.strip() and not extra:
            gr.Warning(t("blank", lang))
            yield [gr.skip()] * len(outputs)
            return
        view = render.add_user_message(view, text)
        skip_rest = [gr.skip()] * 6

        def started(badge: str, docked: Value = None, ws: Value = None) -> Outputs:
            """The frame that shows the typed message: input cleared, old suggestions gone, Stop on."""
            docked, ws = gr.skip() if docked is None else docked, gr.skip() if ws is None else ws
            return [view, to_chatbot(view, lang), badge, "", *_suggestions(view, spec, lang), docked, ws, *skip_rest[:3],
                    gr.update(interactive=False), gr.update(interactive=True)]

        try:
            session = Session(spec.id, user_id=identity.require(user), conversation_id=view.conversation_id,
                              provider=header.make_provider(provider, model, api_key))
        except PlaygroundError as exc:
            view = view.model_copy(deep=True)
            view.running = False
            view.messages.append(render.MessageView(kind="error", code=exc.code, text=exc.message))
            yield [view, to_chatbot(view, lang), "", "", *_suggestions(view, spec, lang), *skip_rest[:5],
                   gr.update(interactive=True), gr.update(interactive=False)]
            return
        ws_before = workspace_state(view, workspace)
        dock_before = dock_state(view)
        gate = FrameGate()
        # The typed message is drawn together with the reply's first visible part when that comes
        # within FIRST_FRAME_WAIT, else alone: a repaint of the whole conversation is the most
        # expensive thing the page does, and this saves one per send (tests/bench/bench_browser.py).
        shown, deadline = False, time.perf_counter() + FIRST_FRAME_WAIT
        # Pumped: a tab closed mid-reply never leaves the conversation locked (Stop interrupts it).
        for event in pumped(session.send(text, extra), name=spec.id, quiet_after=FIRST_FRAME_WAIT):
            if event is QUIET:
                if not shown:
                    yield started("…")
                    shown = True
                continue
            render.apply_event_in_place(view, event)
            if not shown and not render.has_reply(view) and time.perf_counter() < deadline:
                continue
            if shown and not gate.admit(event.type):
                continue
            ws, docked = workspace_state(view, workspace), dock_state(view)
            suggestions = (_suggestions(view, spec, lang) if event.type in ("suggested_questions", "done", "error")
                           else [gr.skip()] * MAX_CHIPS)
            changed = [docked if docked != dock_before else gr.skip(), ws if ws != ws_before else gr.skip()]
            if shown:
                yield [view, to_chatbot(view, lang), view.badge, gr.skip(), *suggestions, *changed,
                       gr.skip(), gr.skip(), gr.skip(), gr.skip(), gr.skip()]
            else:
                yield started(view.badge or "…", *changed)
                shown = True
                gate.admit(event.type)
            ws_before, dock_before = ws, docked
        view.running = False
        if view.conversation_id:
            row = conversations.find(session.store, session.user_id, view.conversation_id)
            view.state = row.state if row else {}
        # Unchanged workspace and dock are not sent again: a re-render would replace the buttons a
        # person may be clicking at that moment (their handlers vanish with the old render).
        ws, docked = workspace_state(view, workspace), dock_state(view)
        yield [view, to_chatbot(view, lang), view.badge, gr.skip(), *_suggestions(view, spec, lang),
               docked if docked != dock_before else gr.skip(), ws if ws != ws_before else gr.skip(),
               list_update(spec, user, view.conversation_id),
               view.conversation_id, current_title(spec, user, view.conversation_id),
               gr.update(interactive=True), gr.update(interactive=False)]

    inputs = [view_state, lang_state, *header.inputs]
    ctx.run, ctx.inputs, ctx.outputs, ctx.refresh = run, inputs, outputs, refresh
    for wire in ctx.deferred:
        wire()
    with dock_slot:
        build_dock(spec, dock, view_state, lang_state, header.who,
                   lambda view, lang: refresh(view, lang, None, listed=False), outputs, header.quiet)

    def send(text: str, *values: object) -> Iterator[Outputs]:
        """A typed message; the workspace may add structured input (e.g. the screen it shows)."""
        base, more = values[:len(inputs)], values[len(inputs):]
        extra = ctx.send_extra(text, *more) if ctx.send_extra is not None else None
        yield from run(text, *base, extra=extra)

    send_inputs = [*inputs, *ctx.send_inputs]
    blank_guard = "(text, ...rest) => { if (!text || !text.trim()) throw new Error('blank'); return [text, ...rest]; }"
    # No progress overlay: the reply shows its own steps, and an overlay on each of the ~20 outputs
    # (the sidebar list among them) costs the browser a repaint per streamed update. Hidden progress
    # is also kept off the outputs altogether (pages/gradio/progress.py).
    quiet = header.quiet
    send_event = send_btn.click(send, [textbox, *send_inputs], outputs, js=blank_guard, **quiet)
    submit_event = textbox.submit(send, [textbox, *send_inputs], outputs, js=blank_guard, **quiet)
    suggestion_events = [b.click(send, [b, *send_inputs], outputs, **quiet) for b in suggestion_buttons]

    def retry(view: ChatView, lang: Lang, provider: str, model: str, api_key: str,
              user: Viewer | None) -> Iterator[Outputs]:
        """Run the last user message again as a new turn; the old turn stays in history and trace."""
        text = render.last_user_text(view)
        if text is None:
            gr.Warning(t("retry_none", lang))
            yield [gr.skip()] * len(outputs)
            return
        yield from run(text, view, lang, provider, model, api_key, user)

    retry_event = chatbot.retry(retry, inputs, outputs, **quiet)
    # Whatever changed the open conversation (send, a workspace button, the list, New chat),
    # the browser remembers it; a BrowserState set from a streaming yield is not kept.
    open_id.change(lambda conversation_id: conversation_id, open_id, remembered, show_progress="hidden")
    running = [send_event, submit_event, *suggestion_events, retry_event]
    stop_btn.click(lambda: [gr.update(interactive=True), gr.update(interactive=False)], None, [send_btn, stop_btn],
                   cancels=running)

    # --- feedback ----------------------------------------------------------------------
    rated = gr.State(None)  # the turn the comment box is about

    def like(view: ChatView, user: Viewer | None, lang: Lang, data: gr.LikeData) -> Outputs:
        turns = entry_turns(view)
        index = data.index if isinstance(data.index, int) else data.index[0]
        turn_id = turns[index] if 0 <= index < len(turns) else None
        if turn_id is None or data.liked not in (True, False):
            return [gr.skip(), gr.update(visible=False), view]
        rating = "up" if data.liked else "down"
        try:
            feedback.rate(runtime_store(), identity.require(user), turn_id, rating, None, system_clock())
        except PlaygroundError as exc:
            gr.Warning(error_text(exc.code, exc.message, lang))
            return [gr.skip(), gr.update(visible=False), view]
        view = view.model_copy(deep=True)
        view.feedback[turn_id] = rating
        return [turn_id, gr.update(visible=True), view]

    chatbot.like(like, [view_state, header.who, lang_state], [rated, feedback_row, view_state])

    def save(turn_id: str | None, text: str, view: ChatView, user: Viewer | None, lang: Lang) -> Outputs:
        if not turn_id:
            return [gr.skip(), gr.update(visible=False)]
        rating = view.feedback.get(turn_id, "up")
        try:
            feedback.rate(runtime_store(), identity.require(user), turn_id, rating, text, system_clock())
        except PlaygroundError as exc:
            gr.Warning(error_text(exc.code, exc.message, lang))
            return [gr.skip(), gr.skip()]
        gr.Info(t("feedback_saved", lang))
        return ["", gr.update(visible=False)]

    save_comment.click(save, [rated, comment, view_state, header.who, lang_state], [comment, feedback_row])
    build_save_case(spec.id, header, view_state, f"{spec.id}-saved")  # the conversation (often after a 👎) as a case

    # --- conversations -----------------------------------------------------------------
    def open_conversation(conversation_id: str | None, lang: Lang, user: Viewer | None) -> Outputs:
        try:
            view = load_view(spec, user, conversation_id)
        except PlaygroundError as exc:
            view = ChatView(messages=[render.MessageView(kind="error", code=exc.code, text=exc.message)])
        return refresh(view, lang, user)

    conv.choices.input(open_conversation, [conv.choices, lang_state, header.who], outputs, **quiet)

    def restore(conversation_id: str | None, lang: Lang, user: Viewer | None) -> Outputs:
        """On page load: reopen the remembered conversation if it is still this user's."""
        if user is None:
            # Before the viewer is known (a tab select racing the page load): touch nothing, or the
            # remembered id would be overwritten with "no conversation" before it is read.
            return [gr.skip()] * len(outputs)
        if conversations.find(runtime_store(), identity.require(user), conversation_id, spec.id) is None:
            conversation_id = None
        return open_conversation(conversation_id, lang, user)

    if eager or tab is None:
        header.identity.after_ready(restore, [remembered, lang_state, header.who], outputs)
    if tab is not None:
        # A tab restores when it is opened, unless it already shows a conversation (a hidden tab is
        # not restored at page load: see ``eager``; Gradio also mounts a hidden tab lazily).
        def restore_if_empty(view: ChatView, conversation_id: str | None, lang: Lang, user: Viewer | None) -> Outputs:
            # Also when the remembered conversation is another one: the Lab's "open in its tab" set it.
            if view.messages and (conversation_id is None or conversation_id == view.conversation_id):
                return [gr.skip()] * len(outputs)
            return restore(conversation_id, lang, user)

        tab.select(restore_if_empty, [view_state, remembered, lang_state, header.who], outputs, **quiet)

    def new_conversation(lang: Lang, user: Viewer | None) -> Outputs:
        return refresh(ChatView(), lang, user)

    conv.new.click(new_conversation, [lang_state, header.who], outputs, **quiet)
    header.identity.after_switch(new_conversation, [lang_state, header.who], outputs)

    def filter_list(view: ChatView, search: str, archived: bool, user: Viewer | None) -> Update:
        return list_update(spec, user, view.conversation_id, search, archived)

    gr.on([conv.search.input, conv.archived.change], filter_list,
          [view_state, conv.search, conv.archived, header.who], conv.choices, show_progress="hidden")

    def rename(view: ChatView, title: str, lang: Lang, user: Viewer | None) -> Outputs:
        if view.conversation_id:
            try:
                conversations.rename(runtime_store(), identity.require(user), view.conversation_id, title)
            except PlaygroundError as exc:  # an empty or huge title: say so, keep the list as it is
                gr.Warning(error_text(exc.code, exc.message, lang))
        return [list_update(spec, user, view.conversation_id), current_title(spec, user, view.conversation_id)]

    conv.rename.click(rename, [view_state, conv.title, lang_state, header.who], [conv.choices, conv.title], **quiet)

    def archive(view: ChatView, lang: Lang, user: Viewer | None) -> Outputs:
        if view.conversation_id:
            try:
                conversations.toggle_archived(runtime_store(), identity.require(user), view.conversation_id,
                                              system_clock())
            except PlaygroundError as exc:  # deleted meanwhile in another tab
                gr.Warning(error_text(exc.code, exc.message, lang))
        return new_conversation(lang, user)

    def delete(view: ChatView, lang: Lang, user: Viewer | None) -> Outputs:
        if view.conversation_id:
            try:
                conversations.delete(runtime_store(), identity.require(user), view.conversation_id)
            except PlaygroundError as exc:  # an action of it is running: keep it open, say so
                gr.Warning(error_text(exc.code, exc.message, lang))
                return [gr.skip()] * len(outputs)
            gr.Info(t("deleted", lang))
        return new_conversation(lang, user)

    conv.archive.click(archive, [view_state, lang_state, header.who], outputs, **quiet)
    confirm_js = ("(v, l, u) => { const ko = (navigator.language || 'ko').startsWith('ko'); "
                  "if (!confirm(ko ? '이 대화와 그 안의 모든 내용을 삭제할까요? 되돌릴 수 없습니다.' "
                  ": 'Delete this conversation and everything in it? This cannot be undone.')) "
                  "throw new Error('cancelled'); return [v, l, u]; }")
    conv.delete.click(delete, [view_state, lang_state, header.who], outputs, js=confirm_js, **quiet)


def card_from(raw: Mapping[str, object] | None) -> CardView | None:
    return CardView(**raw) if raw else None
