"""Travel workspace (issue 11): the trip (switch, create, dates), saved places with add and
remove, a Plotly map (offline style by default, OpenStreetMap tiles on request), the itinerary
as a timeline and a table, and the preview's 적용하기 / 다시 생성 buttons driving the real service.
Every handler takes the viewer from ``header.who``; what it shows comes from ``travel_view``."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from datetime import date

import gradio as gr
import pandas as pd

from agents.core import identity
from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer
from agents.core.session import runtime_store
from agents.travel.destinations import destinations
from agents.travel.figures import map_figure, timeline_figure
from agents.travel.model import Trip
from agents.travel.service import TripService
from agents.travel.view import TravelView, itinerary_head, table_rows, text, travel_view
from agents.view.render import CardView, ChatView
from pages.gradio.i18n import label
from pages.gradio.workspace import TabContext, Workspace, register_workspace


def _service() -> TripService:
    return TripService(runtime_store())


def _trip(user: Viewer | None) -> Trip:
    service = _service()
    user_id = identity.require(user)
    service.setup_user(user_id, system_clock())
    return service.active(user_id)


def _cards(view: ChatView | None) -> list[CardView]:
    return [m.card for m in (view.messages if view else []) if m.card is not None]


def _frame(rows: list[list[str]], key: str, lang: str) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=text(key, lang).split("|"))


def panel_values(view: ChatView | None, user: Viewer | None, tiles: bool, lang: str = "ko") -> list[object]:
    """Every output of the panel, in ``_outputs`` order, in the viewer's language."""
    if user is None:
        return [gr.skip()] * 12
    service = _service()
    trip = _trip(user)
    model: TravelView = travel_view(trip, _cards(view), lang)
    trips = [(f"{r['title']} ({r['start_date']:%m-%d})", r["id"]) for r in service.store.trips(user.user_id)]
    timeline = timeline_figure(model, lang)
    head = itinerary_head(model, lang)
    modes = [(text("overwrite", lang), "overwrite"), (text("merge", lang), "merge")]
    return [
        model.heading,
        gr.update(choices=trips, value=trip.id),
        _frame(model.places_rows, "places_headers", lang),
        gr.update(choices=model.place_choices, value=None),
        map_figure(model, tiles=tiles, lang=lang),
        head,
        gr.update(value=timeline, visible=timeline is not None),
        gr.update(value=_frame(table_rows(model, lang), "table_headers", lang), visible=bool(model.timeline)),
        gr.update(visible=model.showing == "preview"),
        model.preview,
        trip.id,
        gr.update(choices=modes),
    ]


def build_travel_panel(ctx: TabContext) -> None:
    header = ctx.header
    spec_id = ctx.spec.id
    preview_state = gr.State(None)
    trip_state = gr.State(None)
    with gr.Group(elem_id=f"pg-{spec_id}-trip"):
        heading = gr.Markdown("### 🧳", elem_id=f"pg-{spec_id}-trip-heading")
        trip_pick = gr.Dropdown([], label=label("travel_switch"), elem_id=f"pg-{spec_id}-trip-pick", interactive=True)
    with gr.Accordion(label("travel_edit"), open=False, elem_id=f"pg-{spec_id}-trip-edit"):
        with gr.Row():
            dest = gr.Dropdown([(f"{d.name} · {d.name_en}", d.id) for d in destinations().values()], value="tokyo",
                               label=label("travel_destination"), min_width=100)
            nights = gr.Number(3, label=label("travel_nights"), precision=0, minimum=0, maximum=29, min_width=80)
        new_start = gr.Textbox(label=label("travel_new_start"), value=date.today().isoformat())
        create = gr.Button(label("travel_create"), size="sm", elem_id=f"pg-{spec_id}-trip-create")
        with gr.Row():
            start = gr.Textbox(label=label("travel_start"), min_width=120)
            end = gr.Textbox(label=label("travel_end"), min_width=120)
        dates = gr.Button(label("travel_set_dates"), size="sm", elem_id=f"pg-{spec_id}-trip-dates")
    # The tiles load in the viewer's browser (the server fetches nothing); off, the map draws offline.
    # PLAYGROUND_MAP_TILES=0 starts with them off (tests, air-gapped demos).
    tiles = gr.Checkbox(os.environ.get("PLAYGROUND_MAP_TILES", "1") != "0", label=label("travel_tiles"),
                        elem_id=f"pg-{spec_id}-tiles")
    map_plot = gr.Plot(label=label("travel_map"), elem_id=f"pg-{spec_id}-map", elem_classes=["pg-map"])
    with gr.Accordion(label("travel_places"), open=True, elem_id=f"pg-{spec_id}-places-box"):
        places = gr.Dataframe(interactive=False, wrap=True, elem_id=f"pg-{spec_id}-places")
        with gr.Row(equal_height=True):
            search = gr.Textbox(show_label=False, placeholder=label("travel_add_placeholder"), scale=3,
                                elem_id=f"pg-{spec_id}-place-search")
            add = gr.Button(label("travel_add"), size="sm", scale=1, min_width=60, elem_id=f"pg-{spec_id}-place-add")
        with gr.Row(equal_height=True):
            remove_pick = gr.Dropdown([], scale=3, label=label("travel_remove_pick"), elem_id=f"pg-{spec_id}-place-remove-pick")
            remove = gr.Button(label("travel_remove"), size="sm", scale=1, min_width=60, variant="stop",
                               elem_id=f"pg-{spec_id}-place-remove")
    itinerary_head = gr.Markdown("#### 🗓️", elem_id=f"pg-{spec_id}-itinerary-head")
    timeline = gr.Plot(show_label=False, visible=False, elem_id=f"pg-{spec_id}-timeline")
    table = gr.Dataframe(interactive=False, wrap=True, visible=False, elem_id=f"pg-{spec_id}-itinerary-table")
    with gr.Group(visible=False, elem_id=f"pg-{spec_id}-preview-actions",
                  elem_classes=["pg-sticky-actions"]) as preview_actions:
        mode = gr.Radio([("덮어쓰기", "overwrite"), ("병합", "merge")], value="overwrite",
                        label=label("travel_apply_mode"), elem_id=f"pg-{spec_id}-apply-mode")
        with gr.Row():
            apply = gr.Button(label("travel_apply"), variant="primary", size="sm", elem_id=f"pg-{spec_id}-apply")
            regenerate = gr.Button(label("travel_regenerate"), size="sm", elem_id=f"pg-{spec_id}-regenerate")

    outputs = [heading, trip_pick, places, remove_pick, map_plot, itinerary_head, timeline, table, preview_actions,
               preview_state, trip_state, mode]

    def refresh(view: ChatView | None, user: Viewer | None, show_tiles: bool, lang: str) -> list[object]:
        if view is not None and view.running:
            return [gr.skip()] * len(outputs)
        try:
            return panel_values(view, user, show_tiles, lang)
        except PlaygroundError as exc:
            gr.Warning(exc.message)
            return [gr.skip()] * len(outputs)

    def guarded(change: Callable[..., str | None]) -> Callable[..., list[object]]:
        """A panel action, then a fresh panel; a bad input is a warning naming it, nothing else changes."""
        def handler(view: ChatView | None, user: Viewer | None, show_tiles: bool, lang: str,
                    *values: object) -> list[object]:
            try:
                problem = change(identity.require(user), *values)
            except PlaygroundError as exc:
                gr.Warning(exc.message)
                return [gr.skip()] * len(outputs)
            except ValueError as exc:
                gr.Warning(text("bad_date", lang, error=exc))
                return [gr.skip()] * len(outputs)
            if problem:
                gr.Warning(text(problem, lang))
                return [gr.skip()] * len(outputs)
            return panel_values(view, user, show_tiles, lang)
        return handler

    def switch(user_id: str, trip_id: str | None) -> None:
        if trip_id:
            _service().switch(user_id, trip_id)

    def create_trip(user_id: str, destination: str, count: float, when: str) -> None:
        _service().create(user_id, destination, date.fromisoformat(when.strip()), int(count or 0), system_clock())

    def set_dates(user_id: str, trip_id: str | None, first: str, last: str) -> None:
        if trip_id:
            _service().set_dates(user_id, trip_id, date.fromisoformat(first.strip()), date.fromisoformat(last.strip()),
                                 system_clock())

    def add_place(user_id: str, name: str) -> str | None:
        if not (name or "").strip():
            return "no_name"
        _service().add_place(user_id, name.strip(), system_clock())
        return None

    def remove_place(user_id: str, place_id: str | None) -> str | None:
        if not place_id:
            return "no_pick"
        _service().remove_place(user_id, place_id)
        return None

    base = [ctx.view_state, header.who, tiles, header.lang]
    trip_pick.input(guarded(switch), [*base, trip_pick], outputs)
    create.click(guarded(create_trip), [*base, dest, nights, new_start], outputs)
    dates.click(guarded(set_dates), [*base, trip_state, start, end], outputs)
    add.click(guarded(add_place), [*base, search], outputs).then(lambda: "", None, search)
    search.submit(guarded(add_place), [*base, search], outputs).then(lambda: "", None, search)
    remove.click(guarded(remove_place), [*base, remove_pick], outputs)
    tiles.change(refresh, base, outputs)
    # The chat view is mutated in place while a reply streams, so its change event fires once per turn at most;
    # the workspace state is rebuilt on every structural event (a new place, preview or itinerary card).
    ctx.view_state.change(refresh, base, outputs, trigger_mode="always_last", show_progress="hidden")
    ctx.workspace_state.change(refresh, base, outputs, trigger_mode="always_last", show_progress="hidden")
    header.identity.after_ready(refresh, base, outputs)
    header.identity.after_switch(refresh, base, outputs)

    def fill_dates(user: Viewer | None) -> list[object]:
        if user is None:
            return [gr.skip(), gr.skip()]
        trip = _trip(user)
        return [trip.start_date.isoformat(), trip.end_date.isoformat()]

    trip_state.change(fill_dates, header.who, [start, end])

    def apply_preview(preview: dict[str, object] | None, chosen: str, trip_id: str | None, *values: object
                      ) -> Iterator[Sequence[object]]:
        lang = str(values[1])  # ctx.inputs: view, lang, provider, ...
        if not preview or not trip_id:
            gr.Warning(text("no_preview", lang))
            yield [gr.skip()] * len(ctx.outputs)
            return
        assert ctx.run is not None  # set by the chat tab before the deferred wiring runs
        yield from ctx.run(text("apply_text", lang, mode=text(chosen, lang)), *values,
                           extra={"apply_itinerary": {"trip_id": trip_id, "preview": preview, "mode": chosen}})

    def regenerate_preview(*values: object) -> Iterator[Sequence[object]]:
        assert ctx.run is not None  # set by the chat tab before the deferred wiring runs
        yield from ctx.run(text("regenerate_text", str(values[1])), *values)

    # Chat runs: they show their own steps.
    def wire_apply() -> None:
        apply.click(apply_preview, [preview_state, mode, trip_state, *ctx.inputs], ctx.outputs, **header.quiet)

    def wire_regenerate() -> None:
        regenerate.click(regenerate_preview, ctx.inputs, ctx.outputs, **header.quiet)

    ctx.later(wire_apply)
    ctx.later(wire_regenerate)


def draw_latest(card: CardView, ctx: TabContext) -> None:
    """One line under the panel: what the chat last did to the trip (the slot also makes the
    workspace state change, which refreshes the panel)."""
    icon = {"place": "📍", "itinerary_preview": "📝"}.get(card.card_type, "🗓️")
    gr.Markdown(f"{icon} {card.title}", elem_classes=["pg-slot-body"],  # the panel above says what it is
                key=ctx.key(card, "latest"))


register_workspace("travel", Workspace(
    build=build_travel_panel,
    draw={"latest": draw_latest},
))
