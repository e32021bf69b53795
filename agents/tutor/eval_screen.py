"""An eval step's ``extra.screen`` (``AgentSpec.eval_screen`` / ``eval_screen_of``): a sandbox app route, with
the filters the app shows, stands for the context_text the app sends with every message."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from agents.tutor import contract
from agents.tutor.sandbox import state_for_route


def context_for_screen(screen: str | Mapping[str, object], now: datetime) -> str:
    """The sandbox app's context_text for a route (``"/home"``) or ``{"route": ..., "period": ...}``."""
    if isinstance(screen, str):
        screen = {"route": screen}
    changes = {k: v for k, v in dict(screen).items() if k != "route"}
    state = state_for_route(str(screen.get("route", "/home"))).model_copy(update=changes)
    return contract.build(state, now).to_text()


def screen_of(context: Mapping[str, object]) -> str | dict[str, object] | None:
    """The way back, for a case saved from a chat: the screen a context_text describes, or None."""
    snapshot = context.get("ui_snapshot")
    if not isinstance(snapshot, dict) or not isinstance(snapshot.get("route"), str):
        return None
    filters = {k: v for k, v in (snapshot.get("filters") or {}).items() if k in ("period", "tab", "keyword") and v}
    return {"route": snapshot["route"], **filters} if filters else snapshot["route"]
