"""What the travel cards say in the chat: a place with its verified badge, stars, distance and
map link; an itinerary as a day-by-day table. Plain data (markdown, columns and rows) that any
front end draws with the generic card conventions (agents/view/cards.py)."""

from __future__ import annotations

from agents.core.cards import Cell
from agents.travel.model import CATEGORY_EN, CATEGORY_KO, ItineraryPreviewData, Trip, ValidatedPlace

TABLE_COLUMNS = ["날짜", "시작", "장소", "분류", "시간", "메모"]
TABLE_COLUMNS_EN = ["Day", "Start", "Place", "Kind", "Time", "Note"]


def columns(en: bool = False) -> list[str]:
    return TABLE_COLUMNS_EN if en else TABLE_COLUMNS


def category_name(category: str, en: bool = False) -> str:
    return (CATEGORY_EN if en else CATEGORY_KO).get(category, category)


def day_label(day: int, en: bool = False) -> str:
    return f"Day {day}" if en else f"{day}일째"


def stars(rating: float) -> str:
    full = int(rating + 0.25)
    half = 1 if rating - full >= 0.25 else 0
    return "★" * full + ("½" if half else "") + "☆" * (5 - full - half)


def place_markdown(place: ValidatedPlace, en: bool = False) -> str:
    """The card in the language the user wrote in (the reply under it is in that language too)."""
    if place.isVerified:
        badge = "✓ verified" if en else "✓ 검증됨"
    else:
        badge = "unverified (not found in the places data)" if en else "미검증 (장소 데이터에서 찾지 못함)"
    head = [category_name(place.category, en), badge]
    other = place.name if en else place.name_en
    if other and other != (place.name_en if en else place.name):
        head.insert(0, other)
    lines = [" · ".join(head)]
    facts = []
    if place.rating is not None:
        count = f" ({place.userRatingsTotal:,})" if place.userRatingsTotal else ""
        sandbox = (" · sandbox rating" if en else " · 샌드박스 평점") if place.sandbox else ""
        facts.append(f"{stars(place.rating)} {place.rating:.1f}{count}{sandbox}")
    if place.distanceFromReference is not None:
        km = f"{place.distanceFromReference:.1f}km"
        facts.append(f"📍 {km} from your saved places" if en else f"📍 저장한 장소에서 {km}")
    if place.openNow is not None:
        facts.append(("open now" if place.openNow else "closed now") if en else ("영업 중" if place.openNow else "영업 종료"))
    if facts:
        lines.append(" · ".join(facts))
    if place.address:
        lines.append(place.address)
    if place.googleMapsUrl:
        lines.append(f"[{'Open in Google Maps' if en else 'Google 지도에서 보기'}]({place.googleMapsUrl})")
    return "\n\n".join(lines)


def preview_rows(preview: ItineraryPreviewData, en: bool = False) -> list[list[Cell]]:
    """Day, start, place, category, duration, note; items that match no saved place are marked."""
    skipped = " (not a saved place: left out when applied)" if en else " (미일치: 적용 시 제외)"
    rows: list[list[Cell]] = []
    for day in preview.days:
        for item in sorted(day.items, key=lambda i: (i.startTime or "99", i.order)):
            rows.append([day_label(day.dayNumber, en), item.startTime or "", item.placeName + ("" if item.placeId else skipped),
                         category_name(item.category, en), item.duration or "", item.note or ""])
    return rows


def itinerary_rows(trip: Trip, en: bool = False) -> list[list[Cell]]:
    rows: list[list[Cell]] = []
    for day in trip.itinerary:
        for item in sorted(day.items, key=lambda i: (i.start_time or "99", i.order)):
            rows.append([day_label(day.day_number, en), item.start_time or "", item.place_name,
                         category_name(item.category, en), item.duration or "", item.note or ""])
    return rows
