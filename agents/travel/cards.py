"""What the travel cards say in the chat: a place with its verified badge, stars, distance and
map link; an itinerary as a day-by-day table. Plain data (markdown, columns and rows) that any
front end draws with the generic card conventions (pages/cards.py)."""

from __future__ import annotations

from typing import Any

from agents.travel.model import CATEGORY_KO, ItineraryPreviewData, Trip, ValidatedPlace

TABLE_COLUMNS = ["날짜", "시작", "장소", "분류", "시간", "메모"]


def stars(rating: float) -> str:
    full = int(rating + 0.25)
    half = 1 if rating - full >= 0.25 else 0
    return "★" * full + ("½" if half else "") + "☆" * (5 - full - half)


def place_markdown(place: ValidatedPlace) -> str:
    badge = "✓ 검증됨" if place.isVerified else "미검증 (장소 데이터에서 찾지 못함)"
    head = [CATEGORY_KO.get(place.category, place.category), badge]
    if place.name_en and place.name_en != place.name:
        head.insert(0, place.name_en)
    lines = [" · ".join(head)]
    facts = []
    if place.rating is not None:
        count = f" ({place.userRatingsTotal:,})" if place.userRatingsTotal else ""
        facts.append(f"{stars(place.rating)} {place.rating:.1f}{count}" + (" · 샌드박스 평점" if place.sandbox else ""))
    if place.distanceFromReference is not None:
        facts.append(f"📍 저장한 장소에서 {place.distanceFromReference:.1f}km")
    if place.openNow is not None:
        facts.append("영업 중" if place.openNow else "영업 종료")
    if facts:
        lines.append(" · ".join(facts))
    if place.address:
        lines.append(place.address)
    if place.googleMapsUrl:
        lines.append(f"[Google 지도에서 보기]({place.googleMapsUrl})")
    return "\n\n".join(lines)


def preview_rows(preview: ItineraryPreviewData) -> list[list[Any]]:
    """Day, start, place, category, duration, note; items that match no saved place are marked."""
    rows = []
    for day in preview.days:
        for item in sorted(day.items, key=lambda i: (i.startTime or "99", i.order)):
            name = item.placeName + ("" if item.placeId else " (미일치: 적용 시 제외)")
            rows.append([f"{day.dayNumber}일째", item.startTime or "", name, CATEGORY_KO.get(item.category, item.category),
                         item.duration or "", item.note or ""])
    return rows


def itinerary_rows(trip: Trip) -> list[list[Any]]:
    rows = []
    for day in trip.itinerary:
        for item in sorted(day.items, key=lambda i: (i.start_time or "99", i.order)):
            rows.append([f"{day.day_number}일째", item.start_time or "", item.place_name,
                         CATEGORY_KO.get(item.category, item.category), item.duration or "", item.note or ""])
    return rows
