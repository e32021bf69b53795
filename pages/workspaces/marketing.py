"""Marketing workspace: the open alerts (compact) and the latest KPI tiles."""

from __future__ import annotations

from pages.alerts_panel import build_alerts
from pages.render import Slot
from pages.workspace import Workspace, register_workspace

register_workspace("marketing", Workspace(
    slots=[Slot(key="kpi", card_types=("kpi_summary",))],
    build=build_alerts,
))
