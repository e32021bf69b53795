"""Marketing workspace: the open alerts (compact) and the latest KPI tiles."""

from __future__ import annotations

from agents.view.workspace_slots import slots_for
from pages.gradio.alerts_panel import build_alerts
from pages.gradio.workspace import Workspace, register_workspace

register_workspace("marketing", Workspace(
    slots=slots_for("marketing"),
    build=build_alerts,
))
