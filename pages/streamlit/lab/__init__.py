"""The Lab page of the Streamlit app: traces (filtered list → one turn's detail) and eval runs (list →
a run's cases and assertions → two runs compared), read-only as issue 16 allows; and the review queue
(issue 31), where a person labels, saves or dismisses their 👎 turns and failed cases.

The data come from the same services the Gradio Lab, the CLI and the HTTP API use (``agents.services.lab``,
``agents.services.evals``), scoped to the verified viewer (``LabUser``: in shared mode only their own turns
and runs); what the page says comes from the neutral view models (``agents.view``).
"""

from __future__ import annotations

import streamlit as st

from agents.view.texts import t
from pages.streamlit.lab.context import VIEW_KEY, LabRun

VIEWS = {"traces": "lab_view_traces", "evals": "lab_view_evals", "review": "lab_view_review"}  # catalogue keys


def who_note(lab: LabRun) -> str:
    if lab.mode == "shared":
        return t("lab_who_shared", lab.lang, user=lab.viewer.user_id)
    return t("lab_who_local", lab.lang)


def lab_page(lab: LabRun) -> None:
    # imported here: the agent pages never load the Lab's modules
    from pages.streamlit.lab import evals, review, traces

    st.markdown("### 🧪 Lab")
    st.caption(who_note(lab))
    st.session_state.setdefault(VIEW_KEY, "traces")
    picked = st.radio(t("lab_view", lab.lang), list(VIEWS), key=VIEW_KEY, horizontal=True,
                      label_visibility="collapsed", format_func=lambda v: t(VIEWS[v], lab.lang))
    if picked == "evals":
        evals.draw(lab)
    elif picked == "review":
        review.draw(lab)
    else:
        traces.draw(lab)
