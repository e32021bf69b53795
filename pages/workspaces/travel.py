"""Travel workspace (issue 11): the trip (switch, create, dates), saved places with add and
remove, a Plotly map (offline style by default, OpenStreetMap tiles on request), the itinerary
as a timeline and a table, and the preview's 적용하기 / 다시 생성 buttons driving the real service.
Every handler takes the viewer from ``header.who``; what it shows comes from ``travel_view``."""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import date
from typing import Any

import gradio as gr

from agents.core import identity
from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer
from agents.core.session import runtime_store
from agents.travel.destinations import destinations
from agents.travel.model import Trip
from agents.travel.service import TripService
from pages.render import CardView, ChatView, Slot
from pages.travel_figures import map_figure, timeline_figure
from pages.travel_view import TravelView, table_rows, travel_view
from pages.workspace import Workspace, register_workspace

TABLE_HEADERS = ["날짜", "시작", "장소", "분류", "시간", "메모"]


def _service() -> TripService:
    return TripService(runtime_store())


def _trip(user: Viewer | None) -> Trip:
    service = _service()
    user_id = identity.require(user)
    service.setup_user(user_id, system_clock())
    return service.active(user_id)


def _cards(view: ChatView | None) -> list[Any]:
    return [m.card for m in (view.messages if view else []) if m.card is not None]


def panel_values(view: ChatView | None, user: Viewer | None, tiles: bool, lang: str = "ko") -> list[Any]:
    """Every output of the panel, in ``_outputs`` order."""
    if user is None:
        return [gr.skip()] * 11
    service = _service()
    trip = _trip(user)
    model: TravelView = travel_view(trip, _cards(view), lang)
    trips = [(f"{r['title']} ({r['start_date']:%m-%d})", r["id"]) for r in service.store.trips(user.user_id)]
    timeline = timeline_figure(model, lang)
    if model.showing == "preview":
        head = f"#### 📝 일정 미리보기 · {model.itinerary_title}\n아직 저장되지 않았어요. **적용하기**를 눌러야 반영됩니다."
        if model.unmatched:
            head += f"\n\n저장된 장소와 맞지 않아 빠지는 항목: {', '.join(model.unmatched)}"
    elif model.showing == "saved":
        head = "#### 🗓️ 저장된 일정"
    else:
        head = "#### 🗓️ 일정\n아직 일정이 없어요. 채팅에서 \"일정 짜줘\"라고 해 보세요."
    return [
        model.heading,
        gr.update(choices=trips, value=trip.id),
        [[r[0], r[1], r[2]] for r in model.places_rows],
        gr.update(choices=model.place_choices, value=None),
        map_figure(model, tiles=tiles, lang=lang),
        head,
        gr.update(value=timeline, visible=timeline is not None),
        gr.update(value=table_rows(model, lang), visible=bool(model.timeline)),
        gr.update(visible=model.showing == "preview"),
        model.preview,
        trip.id,
    ]


def build_travel_panel(ctx: Any) -> None:
    header = ctx.header
    spec_id = ctx.spec.id
    preview_state = gr.State(None)
    trip_state = gr.State(None)
    with gr.Group(elem_id=f"pg-{spec_id}-trip"):
        heading = gr.Markdown("### 🧳 여행", elem_id=f"pg-{spec_id}-trip-heading")
        trip_pick = gr.Dropdown([], label="여행 바꾸기", elem_id=f"pg-{spec_id}-trip-pick", interactive=True)
    with gr.Accordion("새 여행 · 날짜 변경", open=False, elem_id=f"pg-{spec_id}-trip-edit"):
        with gr.Row():
            dest = gr.Dropdown([(d.name, d.id) for d in destinations().values()], value="tokyo", label="여행지",
                               min_width=100)
            nights = gr.Number(3, label="박", precision=0, minimum=0, maximum=29, min_width=80)
        new_start = gr.Textbox(label="시작일 (YYYY-MM-DD)", value=date.today().isoformat())
        create = gr.Button("새 여행 만들기", size="sm", elem_id=f"pg-{spec_id}-trip-create")
        with gr.Row():
            start = gr.Textbox(label="시작일", min_width=120)
            end = gr.Textbox(label="종료일", min_width=120)
        dates = gr.Button("날짜 변경", size="sm", elem_id=f"pg-{spec_id}-trip-dates")
    # The tiles load in the viewer's browser (the server fetches nothing); off, the map draws offline.
    # PLAYGROUND_MAP_TILES=0 starts with them off (tests, air-gapped demos).
    tiles = gr.Checkbox(os.environ.get("PLAYGROUND_MAP_TILES", "1") != "0",
                        label="배경 지도 (OpenStreetMap, 브라우저에서 불러옴)", elem_id=f"pg-{spec_id}-tiles")
    map_plot = gr.Plot(label="지도", elem_id=f"pg-{spec_id}-map")
    with gr.Accordion("저장된 장소", open=True, elem_id=f"pg-{spec_id}-places-box"):
        places = gr.Dataframe(headers=["이름", "영문", "분류"], interactive=False, wrap=True,
                              elem_id=f"pg-{spec_id}-places")
        with gr.Row(equal_height=True):
            search = gr.Textbox(show_label=False, placeholder="장소 이름으로 추가 (예: 후운지, Shibuya Sky)", scale=3,
                                elem_id=f"pg-{spec_id}-place-search")
            add = gr.Button("추가", size="sm", scale=1, min_width=60, elem_id=f"pg-{spec_id}-place-add")
        with gr.Row(equal_height=True):
            remove_pick = gr.Dropdown([], show_label=False, scale=3, elem_id=f"pg-{spec_id}-place-remove-pick")
            remove = gr.Button("삭제", size="sm", scale=1, min_width=60, variant="stop",
                               elem_id=f"pg-{spec_id}-place-remove")
    itinerary_head = gr.Markdown("#### 🗓️ 일정", elem_id=f"pg-{spec_id}-itinerary-head")
    timeline = gr.Plot(show_label=False, visible=False, elem_id=f"pg-{spec_id}-timeline")
    table = gr.Dataframe(headers=TABLE_HEADERS, interactive=False, wrap=True, visible=False,
                         elem_id=f"pg-{spec_id}-itinerary-table")
    with gr.Group(visible=False, elem_id=f"pg-{spec_id}-preview-actions") as preview_actions:
        mode = gr.Radio([("덮어쓰기", "overwrite"), ("병합", "merge")], value="overwrite", label="기존 일정이 있으면",
                        elem_id=f"pg-{spec_id}-apply-mode")
        with gr.Row():
            apply = gr.Button("적용하기", variant="primary", size="sm", elem_id=f"pg-{spec_id}-apply")
            regenerate = gr.Button("다시 생성", size="sm", elem_id=f"pg-{spec_id}-regenerate")

    outputs = [heading, trip_pick, places, remove_pick, map_plot, itinerary_head, timeline, table, preview_actions,
               preview_state, trip_state]

    def refresh(view: ChatView | None, user: Viewer | None, show_tiles: bool) -> list[Any]:
        if view is not None and view.running:
            return [gr.skip()] * len(outputs)
        try:
            return panel_values(view, user, show_tiles)
        except PlaygroundError as exc:
            gr.Warning(exc.message)
            return [gr.skip()] * len(outputs)

    def guarded(change: Any) -> Any:
        """A panel action, then a fresh panel; a bad input is a warning naming it, nothing else changes."""
        def handler(view: ChatView | None, user: Viewer | None, show_tiles: bool, *values: Any) -> list[Any]:
            try:
                change(identity.require(user), *values)
            except PlaygroundError as exc:
                gr.Warning(exc.message)
                return [gr.skip()] * len(outputs)
            except ValueError as exc:
                gr.Warning(f"날짜는 YYYY-MM-DD 형식으로 입력해 주세요 ({exc}).")
                return [gr.skip()] * len(outputs)
            return panel_values(view, user, show_tiles)
        return handler

    def switch(user_id: str, trip_id: str | None) -> None:
        if trip_id:
            _service().switch(user_id, trip_id)

    def create_trip(user_id: str, destination: str, count: float, when: str) -> None:
        _service().create(user_id, destination, date.fromisoformat(when.strip()), int(count or 0), system_clock())

    def set_dates(user_id: str, trip_id: str | None, first: str, last: str) -> None:
        if not trip_id:
            return
        _service().set_dates(user_id, trip_id, date.fromisoformat(first.strip()), date.fromisoformat(last.strip()),
                             system_clock())

    def add_place(user_id: str, name: str) -> None:
        if not (name or "").strip():
            gr.Warning("추가할 장소 이름을 입력해 주세요.")
            return
        _service().add_place(user_id, name.strip(), system_clock())

    def remove_place(user_id: str, place_id: str | None) -> None:
        if not place_id:
            gr.Warning("삭제할 장소를 먼저 골라 주세요.")
            return
        _service().remove_place(user_id, place_id)

    base = [ctx.view_state, header.who, tiles]
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

    def fill_dates(user: Viewer | None) -> list[Any]:
        if user is None:
            return [gr.skip(), gr.skip()]
        trip = _trip(user)
        return [trip.start_date.isoformat(), trip.end_date.isoformat()]

    trip_state.change(fill_dates, header.who, [start, end])

    def apply_preview(preview: dict[str, Any] | None, chosen: str, trip_id: str | None, *values: Any
                      ) -> Iterator[list[Any]]:
        if not preview or not trip_id:
            gr.Warning("적용할 일정 미리보기가 없습니다. 채팅에서 \"일정 짜줘\"라고 먼저 요청해 주세요.")
            yield [gr.skip()] * len(ctx.outputs)
            return
        label = "덮어쓰기" if chosen == "overwrite" else "병합"
        yield from ctx.run(f"일정 적용하기 ({label})", *values,
                           extra={"apply_itinerary": {"trip_id": trip_id, "preview": preview, "mode": chosen}})

    def regenerate_preview(*values: Any) -> Iterator[list[Any]]:
        yield from ctx.run("일정 다시 만들어줘", *values)

    ctx.later(lambda: apply.click(apply_preview, [preview_state, mode, trip_state, *ctx.inputs], ctx.outputs))
    ctx.later(lambda: regenerate.click(regenerate_preview, ctx.inputs, ctx.outputs))


def draw_latest(card: CardView, ctx: Any) -> None:
    """One line under the panel: what the chat last did to the trip (the slot also makes the
    workspace state change, which refreshes the panel)."""
    match card.card_type:
        case "place":
            text = f"📍 최근 추천: {card.title}"
        case "itinerary_preview":
            text = f"📝 미리보기 대기 중: {card.title} (위의 적용하기 / 다시 생성)"
        case _:
            text = f"🗓️ 일정 반영됨: {card.title}"
    gr.Markdown(text, elem_classes=["pg-slot-body"])


register_workspace("travel", Workspace(
    slots=[Slot(key="latest", card_types=("place", "itinerary_preview", "itinerary"))],
    build=build_travel_panel,
    draw={"latest": draw_latest},
))
