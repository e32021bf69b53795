"""The Lab page of the Streamlit app: traces (filtered list → one turn's detail) and eval runs (list →
a run's cases and assertions → two runs compared), read-only as issue 16 allows; and the review queue
(issue 31), where a person labels, saves or dismisses their 👎 turns and failed cases.

The data come from the same services the Gradio Lab, the CLI and the HTTP API use (``agents.services.lab``,
``agents.services.evals``), scoped to the verified viewer (``LabUser``: in shared mode only their own turns
and runs); what the page says comes from the neutral view models (``agents.view``).
"""

from __future__ import annotations

import streamlit as st

from pages.streamlit.lab.context import VIEW_KEY, LabRun

VIEWS = {"traces": "🔎 트레이스 (Traces)", "evals": "🧪 평가 실행 (Eval runs)", "review": "📝 리뷰 (Review)"}


def who_note(lab: LabRun) -> str:
    if lab.mode == "shared":
        return (f"공유 모드: **내 기록만** 보입니다 (👤 `{lab.viewer.user_id}`). "
                "*Shared mode: you see only your own turns and runs.*")
    return ("로컬 모드: 모든 사용자의 턴이 보입니다 (사용자 칸으로 좁히세요). 평가 실행은 지금 사용자의 것입니다. "
            "*Local mode: everyone's turns; eval runs are the current user's.*")


def lab_page(lab: LabRun) -> None:
    # imported here: the agent pages never load the Lab's modules
    from pages.streamlit.lab import evals, review, traces

    st.markdown("### 🧪 Lab")
    st.caption(who_note(lab))
    st.session_state.setdefault(VIEW_KEY, "traces")
    picked = st.radio("보기 (view)", list(VIEWS), key=VIEW_KEY, horizontal=True, label_visibility="collapsed",
                      format_func=lambda v: VIEWS[v])
    if picked == "evals":
        evals.draw(lab)
    elif picked == "review":
        review.draw(lab)
    else:
        traces.draw(lab)
