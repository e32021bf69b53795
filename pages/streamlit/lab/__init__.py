"""The Lab page of the Streamlit app: traces (filtered list → one turn's detail) and eval runs (list →
a run's cases and assertions → two runs compared). Read-only, as issue 16 allows.

The data come from the same services the Gradio Lab, the CLI and the HTTP API use (``agents.services.lab``,
``agents.services.evals``), scoped to the verified viewer (``LabUser``: in shared mode only their own turns
and runs); what the page says comes from the neutral view models (``agents.view``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from agents.core.identity import Mode, Viewer
from agents.core.store import Store
from agents.services.lab.access import LabUser
from agents.view.texts import Lang

VIEW_KEY = "pg_lab_view"  # which of the two views is shown
OPEN_KEY = "pg_lab_open"  # the turn shown in the traces detail
VIEWS = {"traces": "🔎 트레이스 (Traces)", "evals": "🧪 평가 실행 (Eval runs)"}


@dataclass(frozen=True)
class LabRun:
    """What the Lab works with during one run of the page."""

    viewer: Viewer
    store: Store
    lang: Lang
    mode: Mode
    # Open a stored conversation in its agent page: (agent id, conversation id) -> switches page.
    open_conversation: Callable[[str, str], None] | None = None
    agents: list[str] = field(default_factory=list)

    @property
    def who(self) -> LabUser:
        return LabUser(self.viewer.user_id, self.mode)

    def key(self, name: str) -> str:
        """A widget key per user: switching the local user never shows the last user's picks."""
        return f"pg_lab_{name}:{self.viewer.user_id}"


def show_trace(turn_id: str) -> None:
    """A callback: open ``turn_id`` in the traces view (from an eval failure or a comparison row)."""
    st.session_state[VIEW_KEY] = "traces"
    st.session_state[OPEN_KEY] = turn_id


def who_note(lab: LabRun) -> str:
    if lab.mode == "shared":
        return (f"공유 모드: **내 기록만** 보입니다 (👤 `{lab.viewer.user_id}`). "
                "*Shared mode: you see only your own turns and runs.*")
    return ("로컬 모드: 모든 사용자의 턴이 보입니다 (사용자 칸으로 좁히세요). 평가 실행은 지금 사용자의 것입니다. "
            "*Local mode: everyone's turns; eval runs are the current user's.*")


def lab_page(lab: LabRun) -> None:
    # imported here: the agent pages never load the Lab's modules
    from pages.streamlit.lab import evals, traces

    st.markdown("### 🧪 Lab")
    st.caption(who_note(lab))
    st.session_state.setdefault(VIEW_KEY, "traces")
    picked = st.radio("보기 (view)", list(VIEWS), key=VIEW_KEY, horizontal=True, label_visibility="collapsed",
                      format_func=lambda v: VIEWS[v])
    if picked == "evals":
        evals.draw(lab)
    else:
        traces.draw(lab)


def dataframe_pick(key: str, ids: list[str], target: str) -> Callable[[], None]:
    """An ``st.dataframe`` selection callback: the picked row's id goes to ``target``."""
    def picked() -> None:
        state: Any = st.session_state.get(key) or {}  # {"selection": {"rows": [...], "columns": [...]}}
        rows = state.get("selection", {}).get("rows", [])
        if rows and 0 <= rows[0] < len(ids):
            st.session_state[target] = ids[rows[0]]

    return picked
