"""Marketing workspace: the open alerts (compact) and the latest KPI tiles."""

from __future__ import annotations

from pages.gradio.alerts_panel import build_alerts
from pages.gradio.workspace import Workspace, register_workspace

register_workspace("marketing", Workspace(
    build=build_alerts,
))
