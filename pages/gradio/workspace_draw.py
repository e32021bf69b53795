"""Draws a workspace's slots (Gradio); the slots' content comes from ``workspace_state``."""

from __future__ import annotations

import gradio as gr

from agents.view.render import CardView
from pages.gradio.chat_gradio import card_text
from pages.gradio.workspace import TabContext, Workspace, WorkspaceState


def draw_workspace(workspace: Workspace, ws: WorkspaceState, ctx: TabContext) -> None:
    slots = (ws or {}).get("slots") or {}
    for slot in workspace.slots:
        raw = slots.get(slot.key)
        if not raw:
            continue
        card = CardView(**raw)
        with gr.Group(elem_classes=["pg-slot", f"pg-slot-{slot.key}", f"pg-card-{card.card_type}"],
                      key=ctx.key(card, "slot", slot.key)):
            drawer = workspace.draw.get(slot.key)
            if drawer is not None:
                drawer(card, ctx)
            else:
                # Text, tiles and tables only: charts stay in the chat, the workspace stays short.
                gr.Markdown(card_text(card), elem_classes=["pg-slot-body"], key=ctx.key(card, "body", slot.key))
