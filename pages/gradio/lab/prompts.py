"""Lab · Prompt studio: an agent's system-prompt versions, an editor that starts from any version, a
side-by-side diff, Activate and Roll back (who may is said on the page), and a pick for one of
your conversations."""

from __future__ import annotations

from typing import TypedDict

import gradio as gr

from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer
from agents.core.session import runtime_store
from agents.core.store import Store
from agents.core.store.prompts import MAX_LABEL_CHARS, MAX_NOTE_CHARS, MAX_PROMPT_CHARS
from agents.services.conversations import list_conversations
from agents.services.lab import figures, prompts
from agents.services.lab.access import ADMINS_ENV, LabUser
from agents.view.lab import change_text, diff_html, version_choices, version_headers, version_rows
from agents.view.texts import Lang, t
from pages.gradio.i18n import label, lang_of
from pages.gradio.lab.context import LabContext, LabView
from pages.gradio.outputs import Outputs, Update

FOLLOW_ACTIVE = -1  # the pick dropdown's "follow the active version"
# The diff's box scrolls to its first change (marked by agents/view/lab.diff_html), not the page.
SCROLL_TO_FIRST_CHANGE = """() => { const go = () => { const box = document.querySelector('#pg-lab-diff-view .pg-diff-scroll');
  const row = box && box.querySelector('tr.pg-diff-first'); if (!row) return false;
  const head = box.querySelector('thead'); box.scrollTop = Math.max(0, row.offsetTop - (head ? head.offsetHeight : 0) - 8);
  return true; }; if (!go()) setTimeout(go, 150); }"""


class Asked(TypedDict):
    """The change the in-page question asks about: a rollback, or activating ``number``."""

    rolling: bool
    number: int | None


def rights_note(who: LabUser, lang: Lang = "ko") -> str:
    """Who may change the app-wide version, said plainly."""
    if who.mode == "local":
        return t("lab_rights_local", lang)
    if who.admin:
        return t("lab_rights_admin", lang, user=who.user_id, env=ADMINS_ENV)
    return t("lab_rights_shared", lang)


def history_text(store: Store, agent_id: str, lang: Lang = "ko") -> str:
    log = prompts.history(store, agent_id)[:8]
    if not log:
        return t("lab_never_activated", lang)
    return t("lab_activations", lang) + "\n" + "\n".join(
        f"- {figures.when(a.activated_at)} · {figures.version(a.version)} · "
        f"{t('lab_rolled_back' if a.action == 'rollback' else 'lab_activated', lang)} · `{a.activated_by}`"
        for a in log)


def build(ctx: LabContext) -> None:
    gr.Markdown(label("lab_prompts_title"), elem_id="pg-lab-prompts-title")
    rights = gr.Markdown("", elem_id="pg-lab-rights")
    gr.Markdown(label("lab_offline_prompt"), elem_id="pg-lab-offline-note")
    lang = ctx.header.lang
    agent_ids = [a.id for a in ctx.agents]
    with gr.Row(elem_classes=["pg-lab-inline"]):
        agent = gr.Dropdown(choices=agent_ids, value=agent_ids[0] if agent_ids else None, label=label("lab_f_agent"),
                            scale=2, elem_id="pg-lab-p-agent")
        reload = gr.Button("↻", size="sm", scale=0, min_width=50, elem_id="pg-lab-p-reload")
    table = gr.Dataframe(headers=version_headers(), value=[], interactive=False, wrap=True, max_height=280,
                         show_label=False, elem_id="pg-lab-versions")
    ctx.headers_follow_lang(table, version_headers)
    with gr.Row(elem_classes=["pg-lab-inline"]):
        target = gr.Dropdown(choices=[], label=label("lab_version"), scale=2, min_width=160, elem_id="pg-lab-p-target")
        activate = gr.Button(label("lab_activate"), variant="primary", scale=1, min_width=120,
                             elem_id="pg-lab-activate")
        rollback = gr.Button(label("lab_rollback"), scale=1, min_width=120, elem_id="pg-lab-rollback")
    # Activate and Roll back change every conversation: the page says what and for whom, then asks.
    with gr.Group(visible=False, elem_id="pg-lab-confirm", elem_classes=["pg-lab-confirm"]) as confirm_box:
        confirm_text = gr.Markdown("", elem_id="pg-lab-confirm-text")
        with gr.Row(elem_classes=["pg-lab-inline"]):
            confirm_yes = gr.Button(label("lab_confirm_yes"), variant="primary", size="sm", elem_id="pg-lab-confirm-yes")
            confirm_no = gr.Button(label("lab_confirm_no"), size="sm", elem_id="pg-lab-confirm-no")
    pending = gr.State(None)  # {"rolling": bool, "number": int | None} while the question is open
    history = gr.Markdown("", elem_id="pg-lab-history")

    with gr.Accordion(label("lab_new_version"), open=True):
        with gr.Row(elem_classes=["pg-lab-inline"]):
            base = gr.Dropdown(choices=[], label=label("lab_start_from"), scale=2, min_width=160,
                               elem_id="pg-lab-p-base")
            load = gr.Button(label("lab_load"), size="sm", scale=1, min_width=120, elem_id="pg-lab-p-load")
        editor = gr.Textbox(label=label("lab_d_prompt"), lines=10, max_lines=30,
                            max_length=MAX_PROMPT_CHARS * 2, elem_id="pg-lab-editor",
                            info=label("lab_prompt_max"))
        with gr.Row(elem_classes=["pg-lab-inline"]):
            name = gr.Textbox(label=label("lab_label"), max_length=MAX_LABEL_CHARS * 2, scale=1, elem_id="pg-lab-label")
            note = gr.Textbox(label=label("lab_note"), max_length=MAX_NOTE_CHARS * 2, scale=2, elem_id="pg-lab-note")
            save = gr.Button(label("lab_save"), variant="primary", scale=1, min_width=120, elem_id="pg-lab-save")

    with gr.Accordion(label("lab_diff"), open=True):
        with gr.Row(elem_classes=["pg-lab-inline"]):
            left = gr.Dropdown(choices=[], label="A", scale=1, min_width=120, elem_id="pg-lab-diff-a")
            right = gr.Dropdown(choices=[], label="B", scale=1, min_width=120, elem_id="pg-lab-diff-b")
            compare = gr.Button(label("lab_diff_button"), size="sm", scale=0, min_width=90, elem_id="pg-lab-diff")
        diff = gr.HTML("", elem_id="pg-lab-diff-view")

    with gr.Accordion(label("lab_pick_one"), open=False):
        gr.Markdown(label("lab_pick_one_note"))
        with gr.Row(elem_classes=["pg-lab-inline"]):
            conversation = gr.Dropdown(choices=[], label=label("lab_conversation"), scale=2, min_width=180,
                                       elem_id="pg-lab-pick-conversation")
            chosen = gr.Dropdown(choices=[], label=label("lab_version"), scale=1, min_width=140,
                                 elem_id="pg-lab-pick-version")
            apply = gr.Button(label("lab_use"), size="sm", scale=0, min_width=80, elem_id="pg-lab-pick")

    views = [rights, table, target, activate, rollback, history, base, left, right, conversation, chosen]

    def refresh(agent_id: str | None, viewer: Viewer | None, lang_: Lang = "ko") -> Outputs:
        if viewer is None or not agent_id:
            return [gr.skip()] * len(views)
        who, store = ctx.lab_user(viewer), runtime_store()
        try:
            listed = prompts.versions(store, agent_id, who)
        except PlaygroundError as exc:
            gr.Warning(exc.text(lang_))
            return [gr.skip()] * len(views)
        options = version_choices(listed)
        active = next((v.version for v in listed if v.active), 0)
        newest = listed[0].version
        older = listed[1].version if len(listed) > 1 else newest  # the diff opens on the two newest
        rows = list_conversations(store, who.user_id, agent_id=agent_id, archived=None, limit=50)
        picks = store.prompts.picks_for_user(who.user_id, agent_id)
        conversations = [(f"{(r.title or r.id)[:40]}" + (f" · v{picks[r.id]}" if r.id in picks else ""), r.id)
                         for r in rows]
        table_ = {"headers": version_headers(lang_), "data": version_rows(listed, lang_)}
        return [rights_note(who, lang_), table_, gr.update(choices=options, value=newest),
                gr.update(interactive=who.admin), gr.update(interactive=who.admin), history_text(store, agent_id, lang_),
                gr.update(choices=options, value=active), gr.update(choices=options, value=older),
                gr.update(choices=options, value=newest), gr.update(choices=conversations, value=None),
                gr.update(choices=[(t("lab_follow_active", lang_), FOLLOW_ACTIVE), *options], value=None)]

    inputs = [agent, ctx.header.who, lang]
    agent.change(refresh, inputs, views)
    reload.click(refresh, inputs, views)
    ctx.on_show(refresh, inputs, views)

    def load_base(agent_id: str, number: int | None, viewer: Viewer | None,
                  request: gr.Request | None = None) -> Update | str:
        if viewer is None or number is None:
            return gr.skip()
        try:
            return prompts.version(runtime_store(), agent_id, int(number), ctx.lab_user(viewer)).content
        except PlaygroundError as exc:
            gr.Warning(exc.text(lang_of(request)))
            return gr.skip()

    load.click(load_base, [agent, base, ctx.header.who], editor)

    def create(agent_id: str, content: str, label_: str, note_: str, viewer: Viewer | None,
               lang_: Lang) -> Outputs:
        if viewer is None:
            return [gr.skip()] * (len(views) + 3)
        try:
            row = prompts.create(runtime_store(), agent_id, content, ctx.lab_user(viewer), system_clock(),
                                 label=label_ or None, note=note_ or None)
        except PlaygroundError as exc:
            gr.Warning(exc.text(lang_))
            return [gr.skip()] * (len(views) + 3)
        gr.Info(t("lab_saved_version", lang_, agent=agent_id, n=row.version))
        return [*refresh(agent_id, viewer, lang_), "", "", ""]

    save.click(create, [agent, editor, name, note, ctx.header.who, lang], [*views, editor, name, note])

    def ask(agent_id: str, number: int | None, viewer: Viewer | None, rolling: bool, lang_: Lang) -> Outputs:
        """Open the in-page question naming what changes for whom (nothing changes yet)."""
        if viewer is None:
            return [gr.skip()] * 3
        try:
            if not rolling and number is None:
                raise PlaygroundError(t("lab_pick_to_activate", lang_), code="invalid_args")
            preview = prompts.preview_change(runtime_store(), agent_id, None if rolling else int(number or 0),
                                             ctx.lab_user(viewer))
        except PlaygroundError as exc:
            gr.Warning(exc.text(lang_))
            return [gr.update(visible=False), "", None]
        question: Asked = {"rolling": rolling, "number": number}
        return [gr.update(visible=True), change_text(preview, lang_), question]

    def change(agent_id: str, asked: Asked | None, viewer: Viewer | None, lang_: Lang) -> Outputs:
        closed = [gr.update(visible=False), None]
        if viewer is None or not asked:
            return [*closed, *([gr.skip()] * len(views))]
        try:
            who = ctx.lab_user(viewer)
            if asked["rolling"]:
                done = prompts.rollback(runtime_store(), agent_id, who, system_clock())
            else:
                done = prompts.activate(runtime_store(), agent_id, int(asked["number"]), who, system_clock())
        except PlaygroundError as exc:
            gr.Warning(exc.text(lang_))
            return [*closed, *([gr.skip()] * len(views))]
        gr.Info(t("lab_now_active", lang_, agent=agent_id, version=figures.version(done.version)))
        return [*closed, *refresh(agent_id, viewer, lang_)]

    asked = [confirm_box, confirm_text, pending]
    activate.click(lambda a, n, v, lg: ask(a, n, v, False, lg), [agent, target, ctx.header.who, lang], asked)
    rollback.click(lambda a, v, lg: ask(a, None, v, True, lg), [agent, ctx.header.who, lang], asked)
    confirm_yes.click(change, [agent, pending, ctx.header.who, lang], [confirm_box, pending, *views])
    confirm_no.click(lambda: [gr.update(visible=False), None], None, [confirm_box, pending])
    agent.change(lambda: [gr.update(visible=False), None], None, [confirm_box, pending])

    def show_diff(agent_id: str, a: int | None, b: int | None, viewer: Viewer | None, lang_: Lang) -> Update | str:
        if viewer is None or a is None or b is None:
            return gr.skip()
        try:
            return diff_html(prompts.diff(runtime_store(), agent_id, int(a), int(b), ctx.lab_user(viewer)), lang_)
        except PlaygroundError as exc:
            gr.Warning(exc.text(lang_))
            return gr.skip()

    compare.click(show_diff, [agent, left, right, ctx.header.who, lang], diff).then(None, js=SCROLL_TO_FIRST_CHANGE)

    def use(agent_id: str, conversation_id: str | None, number: int | None, viewer: Viewer | None,
            lang_: Lang) -> Outputs:
        if viewer is None:
            return [gr.skip()] * len(views)
        if not conversation_id or number is None:
            gr.Warning(t("lab_pick_both", lang_))
            return [gr.skip()] * len(views)
        version = None if int(number) == FOLLOW_ACTIVE else int(number)
        try:
            prompts.pick(runtime_store(), conversation_id, version, ctx.lab_user(viewer), system_clock(),
                         agent_id=agent_id)
        except PlaygroundError as exc:
            gr.Warning(exc.text(lang_))
            return [gr.skip()] * len(views)
        gr.Info(t("lab_applies_next", lang_))
        return refresh(agent_id, viewer, lang_)

    apply.click(use, [agent, conversation, chosen, ctx.header.who, lang], views)


VIEW = LabView("prompts", "lab_view_prompts", build)
