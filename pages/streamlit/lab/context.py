"""What the Lab's views work with (``LabRun``, the session keys, the callbacks they share). Apart from the
package ``__init__``, which imports the views: they import these, and the package imports them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import streamlit as st

from agents.core.identity import Mode, Viewer
from agents.core.store import Store
from agents.services.lab.access import LabUser
from agents.view.texts import Lang

VIEW_KEY = "pg_lab_view"  # which of the two views is shown
OPEN_KEY = "pg_lab_open"  # the turn shown in the traces detail


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


def dataframe_pick(key: str, ids: list[str], target: str) -> Callable[[], None]:
    """An ``st.dataframe`` selection callback: the picked row's id goes to ``target``."""
    def picked() -> None:
        state = st.session_state.get(key) or {}  # {"selection": {"rows": [...], "columns": [...]}}
        selection = state.get("selection") if isinstance(state, Mapping) else None
        rows = selection.get("rows") if isinstance(selection, Mapping) else None
        if isinstance(rows, list) and rows and isinstance(rows[0], int) and 0 <= rows[0] < len(ids):
            st.session_state[target] = ids[rows[0]]

    return picked
