"""Lab · 리뷰 (Review) in Streamlit (issue 31): the viewer's 👎 turns and failed eval cases waiting for a person.
Pick one, label it, save it as a test case in one action, or dismiss it, through ``agents/services/review.py``
(the Gradio Lab, the CLI and ``/api/v1/review`` use the same), shown through ``agents/view/lab_review.py``."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.services import review
from agents.view import lab_review
from agents.view.texts import t
from pages.streamlit.lab.context import LabRun

LIMIT = 200


def draw(lab: LabRun) -> None:
    lang = lab.lang
    st.markdown(f"#### {t('review_title', lang)}")
    st.caption(t("review_intro", lang))
    said_key = lab.key("review_said")
    if st.session_state.get(said_key):
        st.success(st.session_state.pop(said_key))
    left, right = st.columns([2, 1])
    sources = dict(lab_review.source_choices(lang))
    source = left.selectbox(t("review_source", lang), list(sources.values()), key=lab.key("review_source"),
                            format_func={v: k for k, v in sources.items()}.get)
    show_all = right.checkbox(t("review_show_all", lang), key=lab.key("review_all"))
    try:
        items = review.list_items(lab.store, lab.viewer.user_id, status="all" if show_all else "open",
                                  source=source or None, limit=LIMIT)
    except PlaygroundError as exc:
        st.error(exc.text(lab.lang))
        return
    waiting = sum(1 for i in items if i.status in review.WAITING)
    st.caption(lab_review.count_text(waiting, len(items), lang))
    if not items:
        return
    st.dataframe(pd.DataFrame(lab_review.rows(items, lang), columns=lab_review.headers(lang)), hide_index=True,
                 width="stretch")
    labels = dict((v, k) for k, v in lab_review.choices(items, lang))
    pick_key = lab.key("review_pick")
    if st.session_state.get(pick_key) not in labels:
        st.session_state[pick_key] = items[0].id
    item_id = st.selectbox(t("review_item", lang), list(labels), key=pick_key, format_func=labels.get)
    item = next(i for i in items if i.id == item_id)
    verdicts = dict(lab_review.verdict_choices(lang))
    with st.form(lab.key(f"review_form_{item.id}"), border=False):
        one, two, three = st.columns([1, 1, 2])
        verdict = one.radio(t("review_verdict", lang), list(verdicts.values()), horizontal=True,
                            index=0 if item.label == "correct" else 1, format_func={v: k for k, v in verdicts.items()}.get)
        step = two.text_input(t("review_step", lang), value=str(item.wrong_step or ""), max_chars=12,
                              key=lab.key(f"review_step_{item.id}"))
        suite = three.text_input(t("review_suite", lang), max_chars=100, key=lab.key(f"review_suite_{item.id}"))
        note = st.text_area(t("review_note", lang), value=item.note or "", max_chars=review.MAX_NOTE_CHARS,
                            key=lab.key(f"review_note_{item.id}"))
        a, b, c = st.columns(3)
        label_it = a.form_submit_button(t("review_save_label", lang))
        save_it = b.form_submit_button(t("review_save_case", lang), type="primary")
        dismiss_it = c.form_submit_button(t("review_dismiss", lang))
    if not (label_it or save_it or dismiss_it):
        return
    now = system_clock()
    try:
        if label_it:
            try:
                wrong = lab_review.parse_step(step)
            except (ValueError, OverflowError):
                st.error(t("review_step_number", lang))
                return
            done = review.label(lab.store, lab.viewer.user_id, item.id, verdict, now, wrong_step=wrong,
                                note=note or None)
            message = t("review_did_label", lang, id=done.id, label=t(f"review_{done.label}", lang))
        elif save_it:
            done, name, cases = review.save_case(lab.store, lab.viewer.user_id, item.id, now,
                                                 suite=suite.strip() or None)
            message = t("review_did_save", lang, id=done.id, suite=name, case=done.saved_case, cases=cases)
        else:
            done = review.dismiss(lab.store, lab.viewer.user_id, item.id, now)
            message = t("review_did_dismiss", lang, id=done.id)
    except PlaygroundError as exc:
        st.error(exc.text(lab.lang))
        return
    st.session_state[said_key] = message
    st.rerun()
