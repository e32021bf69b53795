"""Marketing workspace: the open alerts (compact) and the latest KPI tiles."""

from __future__ import annotations

from pages.alerts_panel import build_alerts
from pages.workspace import Workspace, register_workspace
from pages.workspace_slots import slots_for

register_workspace("marketing", Workspace(
    slots=slots_for("marketing"),
    build=build_alerts,
))
