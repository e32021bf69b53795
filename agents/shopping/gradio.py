"""Shopping workspace: the start panel (following the conversation), the current Top 3 with
the condition summary and the anchor buttons, and the last comparison."""

from __future__ import annotations

from agents.shopping.gradio_products import build_start_panel, draw_recommendations
from pages.gradio.workspace import Workspace, register_workspace

register_workspace("shopping", Workspace(
    build=build_start_panel,
    draw={"top3": draw_recommendations},
))
