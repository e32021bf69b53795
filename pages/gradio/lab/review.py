"""Lab · 리뷰 (Review): the viewer's 👎 turns and failed eval cases waiting for a person (issue 31). Pick one,
label it (correct / incorrect, the wrong step, a note), save it as a test case in one action, or dismiss it.
Everything goes through ``agents/services/review.py`` as the verified viewer (``ctx.header.who``)."""

from __future__ import annotations

import gradio as gr

from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer, require
from agents.core.session import runtime_store
from agents.services import review
from agents.view import lab_review
from agents.view.texts import Lang, t
from pages.gradio.i18n import label
from pages.gradio.lab.context import LabContext, LabView
from pages.gradio.outputs import Outputs

LIMIT = 200


def build(ctx: LabContext) -> None:
    gr.Markdown(f"#### {t('review_title', 'ko')} (Review)  \n{t('review_intro', 'ko')} *{t('review_intro', 'en')}*",
                elem_id="pg-lab-review-note")
    with gr.Row(elem_classes=["pg-lab-inline"]):
        source = gr.Dropdown(choices=lab_review.source_choices("ko"), value="", label=label("review_source"),
                             min_width=140, elem_id="pg-lab-review-source")
        show_all = gr.Checkbox(value=False, label=label("review_show_all"), min_width=160,
                               elem_id="pg-lab-review-all")
        refresh = gr.Button(label("review_refresh"), size="sm", scale=0, min_width=110, elem_id="pg-lab-review-refresh")
    count = gr.Markdown("", elem_id="pg-lab-review-count")
    table = gr.Dataframe(headers=lab_review.headers("ko"), value=[], interactive=False, wrap=True, show_label=False,
                         elem_id="pg-lab-review-table")
    ctx.headers_follow_lang(table, lab_review.headers)
    pick = gr.Dropdown(choices=[], value=None, label=label("review_item"), elem_id="pg-lab-review-pick")
    with gr.Row(elem_classes=["pg-lab-inline"]):
        verdict = gr.Radio(choices=lab_review.verdict_choices("ko"), value="incorrect", label=label("review_verdict"),
                           min_width=160, elem_id="pg-lab-review-verdict")
        step = gr.Textbox(label=label("review_step"), min_width=120, max_length=12, elem_id="pg-lab-review-step")
        suite = gr.Textbox(label=label("review_suite"), min_width=160, max_length=100, elem_id="pg-lab-review-suite")
    note = gr.Textbox(label=label("review_note"), lines=2, max_length=review.MAX_NOTE_CHARS,
                      elem_id="pg-lab-review-note-text")
    with gr.Row(elem_classes=["pg-lab-inline"]):
        save_label = gr.Button(label("review_save_label"), size="sm", elem_id="pg-lab-review-label")
        save_case = gr.Button(label("review_save_case"), size="sm", variant="primary", elem_id="pg-lab-review-save")
        dismiss = gr.Button(label("review_dismiss"), size="sm", variant="stop", elem_id="pg-lab-review-dismiss")
    said = gr.Markdown("", elem_id="pg-lab-review-said")

    def load(source_: str, all_: bool, current: str | None, viewer: Viewer | None, lang: Lang = "ko") -> Outputs:
        if viewer is None:
            return [gr.skip()] * 5
        store, owner = runtime_store(), require(viewer)
        try:
            items = review.list_items(store, owner, status="all" if all_ else "open", source=source_ or None,
                                      limit=LIMIT)
        except PlaygroundError as exc:
            gr.Warning(exc.text(lang))
            return [gr.skip()] * 5
        waiting = sum(1 for i in items if i.status in review.WAITING)
        ids = [i.id for i in items]
        keep = current if current in ids else (ids[0] if ids else None)
        return [lab_review.count_text(waiting, len(items), lang),
                gr.update(value=lab_review.rows(items, lang), headers=lab_review.headers(lang)),
                gr.update(choices=lab_review.choices(items, lang), value=keep),
                gr.update(choices=lab_review.source_choices(lang)),
                gr.update(choices=lab_review.verdict_choices(lang))]

    outputs = [count, table, pick, source, verdict]
    inputs = [source, show_all, pick, ctx.header.who, ctx.header.lang]
    for trigger in (source.change, show_all.change, refresh.click):
        trigger(load, inputs, outputs, show_progress="hidden")
    ctx.on_show(load, inputs, outputs)

    def act(kind: str, item_id: str | None, verdict_: str, step_: str, note_: str, suite_: str,
            viewer: Viewer | None, lang: Lang = "ko") -> str:
        if not item_id:
            return t("review_pick_first", lang)
        store, owner, now = runtime_store(), require(viewer), system_clock()
        try:
            if kind == "label":
                try:
                    wrong = lab_review.parse_step(step_)
                except (ValueError, OverflowError):
                    return f"⚠️ {t('review_step_number', lang)}"
                item = review.label(store, owner, item_id, verdict_, now, wrong_step=wrong, note=note_ or None)
                return t("review_did_label", lang, id=item.id, label=t(f"review_{item.label}", lang))
            if kind == "save":
                item, name, cases = review.save_case(store, owner, item_id, now, suite=(suite_ or "").strip() or None)
                return t("review_did_save", lang, id=item.id, suite=name, case=item.saved_case, cases=cases)
            item = review.dismiss(store, owner, item_id, now)
            return t("review_did_dismiss", lang, id=item.id)
        except PlaygroundError as exc:
            return f"⚠️ {exc.text(lang)}"

    fields = [pick, verdict, step, note, suite, ctx.header.who, ctx.header.lang]
    for button, kind in ((save_label, "label"), (save_case, "save"), (dismiss, "dismiss")):
        button.click(lambda *a, kind=kind: act(kind, *a), fields, said).then(load, inputs, outputs,
                                                                              show_progress="hidden")

    def fill(item_id: str | None, viewer: Viewer | None) -> Outputs:
        """The picked item's stored label, step and note, so a second look starts from them."""
        if not item_id or viewer is None:
            return [gr.skip()] * 3
        try:
            item = review.get_item(runtime_store(), require(viewer), item_id)
        except PlaygroundError:
            return [gr.skip()] * 3
        return [item.label or "incorrect", str(item.wrong_step or ""), item.note or ""]

    pick.change(fill, [pick, ctx.header.who], [verdict, step, note], show_progress="hidden")


VIEW = LabView("review", "lab_view_review", build)
