"""The travel workspace as plain data (issue 11): the trip, its saved places, the places the
chat recommended, the itinerary shown (the newest unapplied preview, else the saved one) and
its map routes. Pure functions over the trip and the conversation's cards; the Gradio panel
(agents/travel/gradio.py) and the figures (agents/travel/figures.py) only draw this."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Literal

from pydantic import BaseModel, Field, JsonValue

from agents.travel.destinations import destinations, shown_title
from agents.travel.model import CATEGORY_EN, CATEGORY_KO, ItineraryPreviewData, Trip
from agents.view.render import CardView


class MapPoint(BaseModel):
    name: str
    lat: float
    lng: float
    category: str
    kind: Literal["saved", "recommended"]
    detail: str = ""


class RouteStop(BaseModel):
    day: int
    order: int
    name: str
    lat: float
    lng: float
    start: str | None = None


class TimelineRow(BaseModel):
    day: int
    start: str  # HH:MM
    finish: str  # HH:MM
    place: str
    category: str
    duration: str
    note: str = ""
    matched: bool = True


class TravelView(BaseModel):
    trip_id: str
    heading: str  # markdown
    places_rows: list[list[str]] = Field(default_factory=list)  # name, English name, category
    place_choices: list[tuple[str, str]] = Field(default_factory=list)  # (label, trip place id)
    points: list[MapPoint] = Field(default_factory=list)
    routes: list[RouteStop] = Field(default_factory=list)
    showing: Literal["preview", "saved", "none"] = "none"
    itinerary_title: str = ""
    timeline: list[TimelineRow] = Field(default_factory=list)
    unmatched: list[str] = Field(default_factory=list)
    preview: dict[str, JsonValue] | None = None  # the preview the 적용하기 button applies
    has_itinerary: bool = False


def _hours(duration: str | None) -> float:
    try:
        return max(0.25, float((duration or "1h").lower().rstrip("h").strip()))
    except ValueError:
        return 1.0


def _finish(start: str, duration: str | None) -> str:
    moment = datetime(2000, 1, 1, int(start[:2]), int(start[3:5])) + timedelta(hours=_hours(duration))
    return "23:59" if moment.day > 1 else moment.strftime("%H:%M")


def _category(category: str, lang: str) -> str:
    return (CATEGORY_EN if lang == "en" else CATEGORY_KO).get(category, category)


def latest_preview(cards: list[CardView]) -> dict[str, JsonValue] | None:
    """The newest itinerary preview, unless an itinerary was applied or changed after it."""
    for card in reversed(cards):
        if card.card_type == "itinerary":
            return None
        if card.card_type == "itinerary_preview":
            preview = card.data.get("preview")
            return preview if isinstance(preview, dict) else None
    return None


def latest_recommendations(cards: list[CardView]) -> list[dict[str, JsonValue]]:
    """The place cards of the newest turn that recommended places."""
    places = [c for c in cards if c.card_type == "place"]
    if not places:
        return []
    group = places[-1].group
    return [c.data for c in places if c.group == group] if group else [places[-1].data]


def travel_view(trip: Trip, cards: list[CardView], lang: str = "ko") -> TravelView:
    en = lang == "en"
    dates = f"{trip.start_date.isoformat()} ~ {trip.end_date.isoformat()}"
    place = f"{trip.destination_name}" + (f", {trip.country}" if trip.country else "")
    if en:
        known = destinations().get(trip.destination)
        if known is not None:
            place = known.name_en + (f", {known.country_en}" if known.country_en else "")
    title = shown_title(trip.title, trip.destination, trip.days, en)
    heading = f"### 🧳 {title}\n{place} · {dates} · " + (f"{trip.days} days" if en else f"{trip.days}일")
    view = TravelView(trip_id=trip.id, heading=heading, has_itinerary=bool(trip.itinerary))
    by_id = {p.id: p for p in trip.places}
    for p in trip.places:
        view.places_rows.append([p.name, p.name_en or "", _category(p.category, lang)])
        view.place_choices.append((p.name, p.id))
        if p.latitude is not None and p.longitude is not None:
            view.points.append(MapPoint(name=p.name, lat=p.latitude, lng=p.longitude, category=p.category, kind="saved"))
    saved_names = {p.name for p in trip.places}
    for rec in latest_recommendations(cards):
        if rec.get("latitude") is None or rec.get("longitude") is None or rec.get("name") in saved_names:
            continue
        if rec.get("trip_id") not in (None, trip.id):
            continue
        stars = f"★{rec['rating']:.1f}" if rec.get("rating") is not None else ""
        km = f"{rec['distanceFromReference']:.1f}km" if rec.get("distanceFromReference") is not None else ""
        # a place card's data is a dumped ValidatedPlace: MapPoint validates the name, coordinates and category
        view.points.append(MapPoint.model_validate({
            "name": rec["name"], "lat": rec["latitude"], "lng": rec["longitude"],
            "category": rec.get("category") or "etc", "kind": "recommended",
            "detail": " · ".join(x for x in (stars, km) if x)}))
    preview = latest_preview(cards)
    if preview is not None and preview.get("days"):
        view.showing, view.preview = "preview", preview
        shown = ItineraryPreviewData.model_validate({"title": "", **preview})  # the dumped preview, read back
        view.itinerary_title = shown.title
        view.unmatched = list(shown.unmatched)
        for planned in shown.days:
            for step in planned.items:
                spot = by_id.get(step.placeId or "")
                # an item the preview gave no category takes its saved place's
                category = step.category if "category" in step.model_fields_set and step.category else (
                    spot.category if spot else "etc")
                _add_stop(view, planned.dayNumber, step.order, step.placeName, step.startTime, step.duration, category,
                          step.note or "", spot is not None, spot.latitude if spot else None,
                          spot.longitude if spot else None, lang)
    elif trip.itinerary:
        view.showing, view.itinerary_title = "saved", title
        for day in trip.itinerary:
            for item in day.items:
                spot = by_id.get(item.place_id)
                _add_stop(view, day.day_number, item.order, item.place_name, item.start_time, item.duration,
                          item.category, item.note or "", True, spot.latitude if spot else None,
                          spot.longitude if spot else None, lang)
    return view


def _add_stop(view: TravelView, day: int, order: int, name: str, start: str | None, duration: str | None,
              category: str, note: str, matched: bool, lat: float | None, lng: float | None, lang: str) -> None:
    start = start or "09:00"
    start = start if len(start) == 5 else f"0{start}"
    view.timeline.append(TimelineRow(day=day, start=start, finish=_finish(start, duration), place=name,
                                     category=_category(category, lang), duration=duration or "1h", note=note,
                                     matched=matched))
    if matched and lat is not None and lng is not None:
        view.routes.append(RouteStop(day=day, order=order, name=name, lat=lat, lng=lng, start=start))


def table_rows(view: TravelView, lang: str = "ko") -> list[list[str]]:
    """The itinerary as a table: day, start, place, category, duration, note; unmatched marked."""
    skipped = " (skipped: not a saved place)" if lang == "en" else " (미일치: 적용 시 제외)"
    return [[f"Day {r.day}" if lang == "en" else f"{r.day}일째", r.start, r.place + ("" if r.matched else skipped),
             r.category, r.duration, r.note] for r in sorted(view.timeline, key=lambda r: (r.day, r.start))]


# The panel's words, in the viewer's language (the Gradio panel and the Streamlit app).
TEXT: dict[str, tuple[str, str]] = {
    "preview_head": ("#### 📝 일정 미리보기 · {title}\n아직 저장되지 않았어요. **적용하기**를 눌러야 반영됩니다.",
                     "#### 📝 Itinerary preview · {title}\nNot saved yet: press **Apply** to keep it."),
    "unmatched": ("저장된 장소와 맞지 않아 빠지는 항목: {names}", "Left out (not saved places): {names}"),
    "saved_head": ("#### 🗓️ 저장된 일정", "#### 🗓️ Saved itinerary"),
    "empty_head": ("#### 🗓️ 일정\n아직 일정이 없어요. 채팅에서 \"일정 짜줘\"라고 해 보세요.",
                   "#### 🗓️ Itinerary\nNo itinerary yet: ask \"plan my trip\" in the chat."),
    "bad_date": ("날짜는 YYYY-MM-DD 형식으로 입력해 주세요 ({error}).", "Enter dates as YYYY-MM-DD ({error})."),
    "no_name": ("추가할 장소 이름을 입력해 주세요.", "Type the name of the place to add."),
    "no_pick": ("삭제할 장소를 먼저 골라 주세요.", "Pick the place to remove first."),
    "no_preview": ("적용할 일정 미리보기가 없습니다. 채팅에서 \"일정 짜줘\"라고 먼저 요청해 주세요.",
                   "There is no preview to apply: ask \"plan my trip\" in the chat first."),
    "apply_text": ("일정 적용하기 ({mode})", "Apply the itinerary ({mode})"),
    "regenerate_text": ("일정 다시 만들어줘", "make the itinerary again"),
    "overwrite": ("덮어쓰기", "overwrite"),
    "merge": ("병합", "merge"),
    "places_headers": ("이름|영문|분류", "Name|English|Kind"),
    "table_headers": ("날짜|시작|장소|분류|시간|메모", "Day|Start|Place|Kind|Time|Note"),
}


def text(key: str, lang: str, **values: object) -> str:
    ko, en = TEXT[key]
    return (en if lang == "en" else ko).format(**values)


def itinerary_head(view: TravelView, lang: str = "ko") -> str:
    """The line above the itinerary: the preview's title (and the places not found), else saved or empty."""
    if view.showing != "preview":
        return text("saved_head" if view.showing == "saved" else "empty_head", lang)
    head = text("preview_head", lang, title=view.itinerary_title)
    if view.unmatched:
        head += "\n\n" + text("unmatched", lang, names=", ".join(view.unmatched))
    return head
