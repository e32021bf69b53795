"""Which cards each agent's workspace keeps (its slots): the framework-neutral half of a workspace.
The Gradio panels (``agents/<agent>/gradio.py``) and the Streamlit app both read them here,
with ``render_workspace.workspace_cards``, so both show the same current state."""

from __future__ import annotations

from agents.view.render_workspace import Slot

SLOTS: dict[str, tuple[Slot, ...]] = {
    "marketing": (Slot(key="kpi", card_types=("kpi_summary",)),),
    "shopping": (Slot(key="top3", card_types=("recommendations",)), Slot(key="compare", card_types=("compare",))),
    "travel": (Slot(key="latest", card_types=("place", "itinerary_preview", "itinerary")),),
}


def slots_for(agent_id: str) -> list[Slot]:
    return list(SLOTS.get(agent_id, ()))
