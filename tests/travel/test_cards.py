"""What travel cards say in the chat (agents/travel/cards.py)."""

from __future__ import annotations

import pytest

from agents.travel.cards import place_markdown, preview_rows, stars
from agents.travel.model import ItineraryPreviewData, PreviewDay, PreviewItem, ValidatedPlace


@pytest.mark.parametrize(("rating", "drawn"), [(4.2, "★★★★☆"), (3.9, "★★★★☆"), (4.5, "★★★★½"), (5.0, "★★★★★"),
                                               (0.0, "☆☆☆☆☆")])
def test_stars(rating, drawn):
    assert stars(rating) == drawn and len(drawn) == 5


def test_a_verified_place_shows_badge_stars_distance_and_link():
    place = ValidatedPlace(name="후운지", name_en="Fuunji", category="restaurant", isVerified=True, rating=4.1,
                           userRatingsTotal=1170, distanceFromReference=6.74, address="東京都渋谷区代々木2-14-3",
                           googleMapsUrl="https://www.google.com/maps/search/?q=x", sandbox=True)
    text = place_markdown(place)
    assert "Fuunji · 맛집 · ✓ 검증됨" in text
    assert "★★★★☆ 4.1 (1,170) · 샌드박스 평점" in text and "저장한 장소에서 6.7km" in text
    assert "[Google 지도에서 보기](https://www.google.com/maps/search/?q=x)" in text


def test_an_unverified_place_says_so_and_invents_nothing():
    text = place_markdown(ValidatedPlace(name="세상에 없는 라멘집", category="restaurant"))
    assert "미검증" in text and "★" not in text and "km" not in text and "지도" not in text


def test_preview_rows_are_by_day_and_time_and_mark_unmatched_items():
    preview = ItineraryPreviewData(title="t", days=[
        PreviewDay(dayNumber=1, date="2026-12-22", items=[
            PreviewItem(order=2, placeName="도쿄 스카이트리", category="attraction", startTime="13:00", placeId="p2"),
            PreviewItem(order=1, placeName="센소지", category="attraction", startTime="10:00", duration="2h", placeId="p1"),
            PreviewItem(order=3, placeName="없는 곳", startTime="15:00")])])
    rows = preview_rows(preview)
    assert [r[2] for r in rows] == ["센소지", "도쿄 스카이트리", "없는 곳 (미일치: 적용 시 제외)"]
    assert rows[0] == ["1일째", "10:00", "센소지", "관광", "2h", ""]
