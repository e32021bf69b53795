"""Shopping workspace: the start panel (following the conversation), the current Top 3 with
the condition summary and the anchor buttons, and the last comparison."""

from __future__ import annotations

from pages.products import build_start_panel, draw_recommendations
from pages.workspace import Workspace, register_workspace
from pages.workspace_slots import slots_for

register_workspace("shopping", Workspace(
    slots=slots_for("shopping"),
    build=build_start_panel,
    draw={"top3": draw_recommendations},
))
