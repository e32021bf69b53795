"""The travel tools (seed 001 §3.1.2, §3.1.3): pydantic args, schemas exported for Gemini and
OpenAI by the core. Every reply is composed from what these return."""

from __future__ import annotations

import logging
from typing import Any, Literal, cast

from pydantic import BaseModel, Field

from agents.core.events import Detail
from agents.core.tools import Card, Confirmation, ToolContext, ToolOutput
from agents.nlu import josa, with_josa
from agents.travel.card_data import Itinerary, ItineraryPreview, Place
from agents.travel.cards import columns, itinerary_rows, place_markdown, preview_rows
from agents.travel.destinations import destination, shown_title
from agents.travel.itinerary import ApplyArgs, GenerateArgs, build_preview, match_place, planned_days, skipped
from agents.travel.model import (
    CATEGORY_KO,
    ItineraryPreviewData,
    PlaceHit,
    PlaceSuggestion,
    Trip,
    TripPlace,
    ValidatedPlace,
)
from agents.travel.places import CachedPlaces, PlacesError, PlacesMeta
from agents.travel.places_google import places_for
from agents.travel.plan import english_name, named_centre
from agents.travel.service import TripService, _saved_from
from agents.travel.validation import drop_saved, merge, rank_by_route, rank_from, validate_and_enrich

log = logging.getLogger(__name__)

MAX_RECOMMENDED = 3


class RecommendArgs(BaseModel):
    places: list[PlaceSuggestion] = Field(min_length=1, max_length=8, description="추천 장소 목록 (최대 3개가 표시됨)")
    reasoning: str | None = Field(None, max_length=300, description="추천 이유를 간단히 설명")
    near: str | None = Field(None, max_length=80, description="사용자가 말한 기준 지역이나 장소 (예: 신주쿠). 그곳에서 가까운 순으로 정렬")


class NearbyArgs(BaseModel):
    referencePlaceName: str = Field(min_length=1, max_length=120, description="기준 장소명 (저장된 장소)")
    category: Literal["restaurant", "cafe", "attraction", "shopping"] | None = None
    keyword: str | None = Field(None, max_length=60, description="검색 키워드 (선택)")
    maxResults: int = Field(3, ge=1, le=10, description="최대 결과 수 (기본 3)")


class AddItemArgs(BaseModel):
    placeName: str = Field(min_length=1, max_length=120, description="추가할 장소명 (저장된 장소 또는 여행지의 장소)")
    dayNumber: int = Field(ge=1, le=30, description="몇째 날 (1부터)")
    startTime: str | None = Field(None, pattern=r"^([01]?\d|2[0-3]):[0-5]\d$", description="HH:mm 형식")
    duration: str | None = Field(None, max_length=20, description="예상 체류 시간 (예: 1.5h)")
    note: str | None = Field(None, max_length=200, description="메모")


class RemovePlaceArgs(BaseModel):
    placeName: str = Field(min_length=1, max_length=120, description="삭제할 저장된 장소명")


class ShowArgs(BaseModel):
    dayNumber: int | None = Field(None, ge=1, le=30, description="한 날짜만 볼 때 (1부터, 선택)")


class ClarifyArgs(BaseModel):
    question: str = Field(min_length=1, max_length=300, description="사용자에게 물을 질문")
    options: list[str] = Field(default_factory=list, max_length=6, description="고를 수 있는 답 (2~6개)")
    known: dict[str, Any] = Field(default_factory=dict, description="지금까지 알아낸 것 (다음 턴에 이어서)")


def ask_clarification(args: ClarifyArgs, ctx: ToolContext) -> ToolOutput:
    data = {"question": args.question, "options": args.options, "known": args.known}
    return ToolOutput(summary=args.question, data=data,
                      clarification={"question": args.question, "options": args.options, "context": args.known})


def _places(ctx: ToolContext) -> CachedPlaces:
    return places_for(TripService(ctx.store).store)


def report_places(ctx: ToolContext, places: CachedPlaces) -> None:
    """Add this call's Places usage to the turn's done.meta (several calls a turn add up)."""
    prior = ctx.meta.get("places")
    # only this function writes done.meta's "places", and it writes a PlacesMeta
    seen = cast(PlacesMeta, prior) if prior is not None else PlacesMeta(
        backend=places.stats.backend, calls=0, cache_hits=0, estimated_cost_usd=0.0)
    ctx.meta["places"] = seen
    stats = places.stats.as_meta()
    seen["calls"] += stats["calls"]
    seen["cache_hits"] += stats["cache_hits"]
    seen["estimated_cost_usd"] = round(seen["estimated_cost_usd"] + stats["estimated_cost_usd"], 4)
    for sku, count in stats.get("skus", {}).items():
        seen.setdefault("skus", {})[sku] = seen.get("skus", {}).get(sku, 0) + count
    if stats.get("errors"):
        seen.setdefault("errors", []).extend(stats["errors"])
    for notice in stats.get("notices", []):
        if notice not in seen.setdefault("notices", []):
            seen["notices"].append(notice)


def _en(ctx: ToolContext) -> bool:
    """Cards are written in the language of the user's message (set by the pipeline), like the reply."""
    return ctx.meta.get("lang") == "en"


def place_card(place: ValidatedPlace, trip: Trip, en: bool = False) -> Card:
    title = (place.name_en or place.name) if en else place.name
    return Card(card_type="place", title=title, data=Place.model_validate({**place.model_dump(mode="json"), "trip_id": trip.id,
                                                                           "markdown": place_markdown(place, en)}))


def _line(place: ValidatedPlace) -> str:
    parts = [place.name + (f" ({place.name_en})" if place.name_en and place.name_en != place.name else "")]
    if place.distanceFromReference is not None:
        parts.append(f"{place.distanceFromReference:.1f}km")
    if place.rating is not None:
        parts.append(f"★{place.rating:.1f}")
    if not place.isVerified:
        parts.append("미검증")
    return " · ".join(parts)


def recommend_places(args: RecommendArgs, ctx: ToolContext) -> ToolOutput:
    trip = TripService(ctx.store).active(ctx.user_id)
    places = _places(ctx)
    validated = validate_and_enrich(args.places, destination(trip.destination), places)
    kept, dropped = drop_saved(validated, trip.places)
    # A place or area the user named is the centre (looked up in the gazetteer); else the saved places are.
    centre = named_centre(trip.destination, args.near) if args.near else None
    ranked = (rank_from(kept, centre) if centre else rank_by_route(kept, trip.places))[:MAX_RECOMMENDED]
    report_places(ctx, places)
    if not ranked:
        return ToolOutput(ok=False, summary="추천할 새 장소가 없습니다: 모두 이미 저장된 장소입니다 ("
                          + ", ".join(dropped) + "). 다른 조건으로 찾아 보세요.", data={"dropped": dropped})
    order = f"{args.near}에서 가까운 순" if centre else "저장한 장소에서 가까운 순"
    if args.near and centre is None:
        order += f", '{args.near}'의 위치는 찾지 못함"
    summary = f"{trip.destination_name} 추천 {len(ranked)}곳 ({order}): " + "; ".join(map(_line, ranked))
    if dropped:
        summary += f". 이미 저장된 {with_josa(', '.join(dropped), '은')} 뺐습니다"
    if places.stats.notices:  # why some are unverified (quota, the API not enabled ...), in the user's words
        summary += ". " + " ".join(places.stats.notices)
    return ToolOutput(summary=summary, data={"places": [p.model_dump(mode="json") for p in ranked],
                                             "reasoning": args.reasoning, "dropped": dropped,
                                             "near": args.near if centre else None,
                                             "near_en": english_name(trip.destination, args.near) if centre and args.near
                                             else None},
                      cards=[place_card(p, trip, _en(ctx)) for p in ranked])


def search_nearby_places(args: NearbyArgs, ctx: ToolContext) -> ToolOutput:
    trip = TripService(ctx.store).active(ctx.user_id)
    reference = match_place(args.referencePlaceName, trip.places)
    if reference is None or reference.latitude is None or reference.longitude is None:
        return ToolOutput(ok=False, summary="기준 장소의 좌표를 찾을 수 없습니다.",
                          data={"saved_places": [p.name for p in trip.places]})
    places = _places(ctx)
    try:
        hits = places.nearby(reference.latitude, reference.longitude, destination(trip.destination),
                             category=args.category, keyword=args.keyword,
                             max_results=args.maxResults + len(trip.places),
                             exclude=tuple(p.place_id for p in trip.places if p.place_id))
    except PlacesError as exc:  # the search itself failed: say why (Korean / English), nothing to rank
        log.warning("Places %s in a nearby search: %s %s", exc.code, exc.en, exc.detail)
        places.record_error(f"{exc.code}: nearby {reference.name}", str(exc))
        report_places(ctx, places)
        return ToolOutput(ok=False, summary=str(exc), data={"places": [], "error": exc.code})
    report_places(ctx, places)
    found = [merge(PlaceSuggestion(name=h.name_ko or h.name, name_en=h.name_en, category=h.category), h) for h in hits]
    found, _ = drop_saved(found, trip.places)
    found = rank_by_route(found, [reference])[:args.maxResults]
    what = CATEGORY_KO.get(args.category or "", "장소") + (f" '{args.keyword}'" if args.keyword else "")
    if not found:
        return ToolOutput(ok=False, summary=f"{reference.name} 근처(5km)에서 {with_josa(what, '을')} 찾지 못했습니다.", data={"places": []})
    summary = f"{reference.name} 근처 {what} {len(found)}곳: " + "; ".join(map(_line, found))
    return ToolOutput(summary=summary, data={"reference": reference.name,
                                             "reference_en": english_name(trip.destination, reference.name),
                                             "places": [p.model_dump(mode="json") for p in found]},
                      cards=[place_card(p, trip, _en(ctx)) for p in found])


def generate_itinerary(args: GenerateArgs, ctx: ToolContext) -> ToolOutput:
    trip = TripService(ctx.store).active(ctx.user_id)
    preview = build_preview(args, trip)
    count = sum(len(d.items) for d in preview.days)
    if count == 0:
        return ToolOutput(ok=False, summary="일정에 넣을 수 있는 저장된 장소가 없습니다 (일치하지 않음: "
                          + ", ".join(preview.unmatched) + "). 저장된 장소 이름으로 다시 만들어 주세요.",
                          data={"unmatched": preview.unmatched, "saved_places": [p.name for p in trip.places]})
    summary = f"'{preview.title}' 일정 미리보기: {len(preview.days)}일 {count}곳. 아직 저장되지 않았습니다 (적용하기를 눌러야 반영)."
    if preview.unmatched:
        summary += f" 저장된 장소와 맞지 않아 뺀 항목: {', '.join(preview.unmatched)}."
    data = {"preview": preview.model_dump(mode="json"), "trip_id": trip.id, "has_itinerary": bool(trip.itinerary),
            "requiresConfirmation": True}
    en = _en(ctx)
    card_data = ItineraryPreview.model_validate({
        **data, "columns": columns(en), "rows": preview_rows(preview, en),
        "markdown": "A preview: press **Apply** in the workspace to save it." if en else
        "미리보기예요: 작업 공간의 **적용하기**를 눌러야 저장됩니다."})
    return ToolOutput(summary=summary, data=data, cards=[Card(card_type="itinerary_preview", title=preview.title,
                                                              data=card_data)])


def show_itinerary(args: ShowArgs, ctx: ToolContext) -> ToolOutput:
    trip = TripService(ctx.store).active(ctx.user_id)
    if not trip.itinerary:
        return ToolOutput(summary=f"{trip.title}에는 아직 일정이 없습니다. 저장된 장소 {len(trip.places)}곳으로 일정을 만들 수 있어요.",
                          data={"itinerary": [], "saved_places": [p.name for p in trip.places]})
    days = trip.itinerary
    if args.dayNumber is not None:
        if args.dayNumber > trip.days:
            return ToolOutput(ok=False, summary=f"{trip.title}은(는) {trip.days}일짜리 여행입니다: {args.dayNumber}일째는 없습니다.")
        days = [d for d in trip.itinerary if d.day_number == args.dayNumber]
        if not days:
            return ToolOutput(summary=f"{trip.title}의 {args.dayNumber}일째에는 아직 일정이 없습니다.",
                              data={"itinerary": [], "day": args.dayNumber})
    shown = trip.model_copy(update={"itinerary": days})
    return ToolOutput(summary=f"{trip.title} 현재 일정:\n" + format_itinerary(shown),
                      data={"itinerary": [d.model_dump(mode="json") for d in days]},
                      cards=[Card(card_type="itinerary", title=shown_title(trip.title, trip.destination, trip.days, _en(ctx)),
                                  data=Itinerary.model_validate(_itinerary_data(trip, _en(ctx))))])


def format_itinerary(trip: Trip) -> str:
    """The seed's formatItinerary: "Day 1 (date):" then "  HH:MM place" or "  - place"."""
    lines = []
    for day in trip.itinerary:
        lines.append(f"Day {day.day_number} ({day.date.isoformat()}):")
        lines += [f"  {i.start_time} {i.place_name}" if i.start_time else f"  - {i.place_name}" for i in day.items]
    return "\n".join(lines)


# --- mutations --------------------------------------------------------------------------------

def _resolve_for_add(args: AddItemArgs, ctx: ToolContext) -> tuple[Trip, TripPlace | PlaceHit]:
    """The trip and the place to add: a saved place, else the destination's place of that name (saved on add)."""
    service = TripService(ctx.store)
    trip = service.active(ctx.user_id)
    if args.dayNumber > trip.days:
        raise ValueError(f"{with_josa(trip.title, '은')} {trip.days}일짜리 여행입니다: {args.dayNumber}일째는 없습니다")
    saved = match_place(args.placeName, trip.places)
    if saved is not None:
        return trip, saved
    hit = _places(ctx).backend.text_search(args.placeName, destination(trip.destination))
    if hit is None:
        raise ValueError(f"'{args.placeName}'{josa(args.placeName, '을')} 저장된 장소나 {trip.destination_name}에서 찾지 못했습니다")
    return trip, hit


def add_item_confirmation(args: AddItemArgs, ctx: ToolContext, previous: AddItemArgs | None) -> Confirmation:
    trip, found = _resolve_for_add(args, ctx)
    saved = found if isinstance(found, TripPlace) else None
    name = found.name if isinstance(found, TripPlace) else (found.name_ko or found.name)
    when = f"{args.dayNumber}일째" + (f" {args.startTime}" if args.startTime else "")
    details = [Detail(label="여행", value=trip.title), Detail(label="장소", value=name),
               Detail(label="날짜", value=when, changed=previous is not None and previous.dayNumber != args.dayNumber)]
    warnings = [] if saved else [f"'{name}'{josa(name, '은')} 아직 저장되지 않은 장소라 함께 저장합니다"]
    there = [i for d in trip.itinerary if d.day_number == args.dayNumber for i in d.items
             if saved is not None and i.place_id == saved.id]
    if there and args.startTime and there[0].start_time != args.startTime:
        warnings.append(f"이미 {args.dayNumber}일째 {there[0].start_time or '(시간 없음)'}에 있어 {args.startTime}으로 옮깁니다")
    return Confirmation(summary=f"{when}에 '{name}' 추가", details=details, warnings=warnings)


def add_place_to_itinerary(args: AddItemArgs, ctx: ToolContext) -> ToolOutput:
    trip, found = _resolve_for_add(args, ctx)
    service = TripService(ctx.store)
    if isinstance(found, TripPlace):
        saved = found
    else:
        service.store.add_place(ctx.user_id, trip.id, _saved_from(found), ctx.now)
        trip = service.active(ctx.user_id)
        saved = next(p for p in trip.places if p.place_id == found.place_id)
    rows = planned_days(_one_item_preview(trip, saved, args), trip, "merge")
    moved = _at_confirmed_time(rows, saved, args)
    service.store.replace_itinerary(trip.id, rows, ctx.now)
    trip = service.active(ctx.user_id)
    when = f"{args.dayNumber}일째" + (f" {args.startTime}" if args.startTime else "")
    done = f"{when}에 '{saved.name}'{josa(saved.name, '을')} 추가했습니다."
    if moved is not None:
        done = f"{when}{'으로' if args.startTime else '에'} '{saved.name}'{josa(saved.name, '을')} 옮겼습니다 (전에는 {moved or '시간 없음'})."
    return ToolOutput(summary=done,
                      data={"trip_id": trip.id, "itinerary": [d.model_dump(mode="json") for d in trip.itinerary]},
                      cards=[Card(card_type="itinerary", title=trip.title, data=Itinerary.model_validate(_itinerary_data(trip, _en(ctx))))])


def _at_confirmed_time(rows: list[tuple[int, list[dict[str, str | None]]]], place: TripPlace, args: AddItemArgs
                       ) -> str | None:
    """The place at the time that was confirmed: when it was already on that day (the merge keeps one visit
    a day), its visit moves to the new time. Returns the old time when it moved ("" when it had none)."""
    for number, day in rows:
        row = next((r for r in day if number == args.dayNumber and r["place_id"] == place.id), None)
        if row is None or (args.startTime is None or row["start_time"] == args.startTime):
            continue
        previous = row["start_time"] or ""
        row["start_time"] = args.startTime
        row.update({k: v for k, v in (("duration", args.duration), ("note", args.note)) if v})
        day.sort(key=lambda r: (r["start_time"] is None, r["start_time"] or ""))
        return previous
    return None


def _one_item_preview(trip: Trip, place: TripPlace, args: AddItemArgs) -> ItineraryPreviewData:
    from agents.travel.model import PreviewDay, PreviewItem

    item = PreviewItem(order=1, placeName=place.name, category=place.category, startTime=args.startTime,
                       duration=args.duration, note=args.note, placeId=place.id)
    return ItineraryPreviewData(title=trip.title, days=[PreviewDay(dayNumber=args.dayNumber, date="", items=[item])])


def apply_confirmation(args: ApplyArgs, ctx: ToolContext, previous: ApplyArgs | None) -> Confirmation:
    trip = _trip(ctx, args.trip_id)
    count = sum(len(d.items) for d in args.preview.days)
    mode = "덮어쓰기" if args.mode == "overwrite" else "병합"
    warnings = []
    if trip.itinerary and args.mode == "overwrite":
        warnings.append(f"기존 일정 {sum(len(d.items) for d in trip.itinerary)}곳이 이 일정으로 바뀝니다")
    if args.preview.unmatched:
        warnings.append("저장된 장소와 맞지 않아 빠지는 항목: " + ", ".join(args.preview.unmatched))
    return Confirmation(summary=f"'{trip.title}'에 일정 적용 ({mode}): {len(args.preview.days)}일 {count}곳",
                        details=[Detail(label="여행", value=trip.title), Detail(label="방식", value=mode),
                                 Detail(label="일정", value=args.preview.title)], warnings=warnings)


def apply_itinerary(args: ApplyArgs, ctx: ToolContext) -> ToolOutput:
    trip = _trip(ctx, args.trip_id)
    rows = planned_days(args.preview, trip, args.mode)
    left_out = skipped(args.preview, trip)
    count = TripService(ctx.store).store.replace_itinerary(trip.id, rows, ctx.now)
    trip = _trip(ctx, args.trip_id)
    summary = f"'{trip.title}'에 일정을 적용했습니다: {len(trip.itinerary)}일 {count}곳."
    if left_out:
        summary += f" 저장된 장소와 맞지 않아 빠진 항목: {', '.join(left_out)}."
    return ToolOutput(summary=summary, data={"trip_id": trip.id, "items": count, "unmatched": left_out},
                      cards=[Card(card_type="itinerary", title=trip.title,
                                  data=Itinerary.model_validate({**_itinerary_data(trip, _en(ctx)), "unmatched": left_out}))])


def remove_confirmation(args: RemovePlaceArgs, ctx: ToolContext, previous: RemovePlaceArgs | None) -> Confirmation:
    trip = TripService(ctx.store).active(ctx.user_id)
    place = match_place(args.placeName, trip.places)
    if place is None:
        raise ValueError(f"저장된 장소 중 '{args.placeName}'{josa(args.placeName, '이')} 없습니다")
    visits = sum(1 for d in trip.itinerary for i in d.items if i.place_id == place.id)
    warnings = [f"일정의 방문 {visits}건도 함께 빠집니다"] if visits else []
    return Confirmation(summary=f"저장된 장소 '{place.name}' 삭제", details=[Detail(label="여행", value=trip.title)],
                        warnings=warnings)


def remove_saved_place(args: RemovePlaceArgs, ctx: ToolContext) -> ToolOutput:
    service = TripService(ctx.store)
    trip = service.active(ctx.user_id)
    place = match_place(args.placeName, trip.places)
    if place is None:
        return ToolOutput(ok=False, summary=f"저장된 장소 중 '{args.placeName}'{josa(args.placeName, '이')} 없습니다.")
    service.remove_place(ctx.user_id, place.id)
    return ToolOutput(summary=f"'{place.name}'{josa(place.name, '을')} 저장된 장소에서 삭제했습니다.", data={"removed": place.name})


def _trip(ctx: ToolContext, trip_id: str) -> Trip:
    trip = TripService(ctx.store).store.trip(ctx.user_id, trip_id)
    if trip is None:
        raise ValueError(f"여행 {with_josa(repr(trip_id), '을')} 찾을 수 없습니다")
    return trip


def _itinerary_data(trip: Trip, en: bool = False) -> dict[str, object]:
    return {"trip_id": trip.id, "title": trip.title,
            "days": [d.model_dump(mode="json") for d in trip.itinerary],
            "places": [p.model_dump(mode="json") for p in trip.places],
            "columns": columns(en), "rows": itinerary_rows(trip, en)}
