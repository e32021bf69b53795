"""Travel workspace (issue 11): the active trip (switch it here), its map with saved and
recommended places and the day routes, and the itinerary (the newest preview, else the saved
one) as a timeline and a table; a preview's 적용하기 / 다시 생성 go through the chat as in the
Gradio panel. What it shows comes from ``agents/travel/view`` and ``agents/travel/figures``."""

from __future__ import annotations

import os

import pandas as pd
import streamlit as st
from pydantic import JsonValue

from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.travel.figures import map_figure, timeline_figure
from agents.travel.service import TripService
from agents.travel.view import itinerary_head, table_rows, text, travel_view
from agents.view.render import CardView
from agents.view.texts import t
from pages.streamlit.context import PageContext, error_line
from pages.streamlit.panels import Panel, register_panel

PICK, MODE = "pg_trip_pick", "pg_trip_apply_mode"


def _switch(ctx: PageContext) -> None:
    try:
        TripService(ctx.store).switch(ctx.viewer.user_id, st.session_state[PICK])
    except PlaygroundError as exc:
        ctx.flash(error_line(exc, ctx.lang))


def _apply(ctx: PageContext, trip_id: str, preview: dict[str, JsonValue]) -> None:
    mode = st.session_state.get(MODE) or "overwrite"
    ctx.send(text("apply_text", ctx.lang, mode=text(mode, ctx.lang)),
             {"apply_itinerary": {"trip_id": trip_id, "preview": preview, "mode": mode}})


def _regenerate(ctx: PageContext) -> None:
    ctx.send(text("regenerate_text", ctx.lang))


def draw_trip(ctx: PageContext) -> None:
    lang = ctx.lang
    service = TripService(ctx.store)
    try:
        service.setup_user(ctx.viewer.user_id, system_clock())
        trip = service.active(ctx.viewer.user_id)
    except PlaygroundError as exc:
        st.warning(error_line(exc, lang))
        return
    cards = [m.card for m in ctx.view.messages if m.card is not None]
    model = travel_view(trip, cards, lang)
    trips = {r["id"]: f"{r['title']} ({r['start_date']:%m-%d})" for r in service.store.trips(ctx.viewer.user_id)}
    st.session_state[PICK] = trip.id
    st.selectbox(t("travel_switch", lang), list(trips), key=PICK, format_func=lambda tid: trips.get(tid, tid),
                 on_change=_switch, args=(ctx,))
    st.markdown(model.heading)
    tiles = os.environ.get("PLAYGROUND_MAP_TILES", "1") != "0"
    st.plotly_chart(map_figure(model, tiles=tiles, lang=lang), width="stretch", key="pg-travel-map",
                    config={"displaylogo": False})
    with st.expander(f"📍 {t('travel_places', lang)} ({len(model.places_rows)})", expanded=False):
        headers = text("places_headers", lang).split("|")
        st.dataframe(pd.DataFrame(model.places_rows, columns=headers), hide_index=True, width="stretch")
    head = itinerary_head(model, lang)
    st.markdown(head)
    timeline = timeline_figure(model, lang)
    if timeline is not None:
        st.plotly_chart(timeline, width="stretch", key="pg-travel-timeline", config={"displaylogo": False})
    if model.timeline:
        headers = text("table_headers", lang).split("|")
        st.dataframe(pd.DataFrame(table_rows(model, lang), columns=headers), hide_index=True, width="stretch")
    if model.showing == "preview" and model.preview is not None:
        st.radio(t("travel_apply_mode", lang), ["overwrite", "merge"], key=MODE, horizontal=True,
                 format_func=lambda mode: text(mode, lang))
        left, right = st.columns(2)
        left.button(t("travel_apply", lang), key="pg_trip_apply", type="primary", width="stretch",
                    on_click=_apply, args=(ctx, trip.id, model.preview))
        right.button(t("travel_regenerate", lang), key="pg_trip_regenerate", width="stretch",
                     on_click=_regenerate, args=(ctx,))


def draw_latest(ctx: PageContext, card: CardView) -> None:
    """What the chat last did to the trip, in one line (the panel above shows what it is)."""
    icon = {"place": "📍", "itinerary_preview": "📝"}.get(card.card_type, "🗓️")
    st.caption(f"{icon} {card.title}")


register_panel("travel", Panel(draw=draw_trip, slots={"latest": draw_latest}))
