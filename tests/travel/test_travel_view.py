"""The travel workspace's view model and figures (agents/travel/view.py, agents/travel/figures.py),
fed with cards from real turns: pure functions, no Gradio."""

from __future__ import annotations

import math

import pytest

from agents.core.providers.offline import OfflineProvider, call, say
from agents.core.session import Session
from agents.travel.figures import (
    CATEGORY_COLOURS,
    DAY_COLOURS,
    RECOMMENDED_COLOUR,
    fit_zoom,
    map_figure,
    timeline_figure,
)
from agents.travel.model import CATEGORY_KO
from agents.travel.service import TripService
from agents.travel.view import latest_preview, table_rows, travel_view
from agents.view.render import CardView

RAMEN = {"places": [{"name": "후운지", "category": "restaurant"}, {"name": "Afuri Ebisu", "category": "restaurant"},
                    {"name": "센소지", "category": "attraction"}]}
PLAN = {"title": "도쿄 일정", "days": [
    {"dayNumber": 1, "items": [{"placeName": "센소지", "startTime": "09:00", "duration": "2h"},
                               {"placeName": "도쿄 스카이트리", "startTime": "13:00", "duration": "1.5h"}]},
    {"dayNumber": 2, "items": [{"placeName": "없는 장소", "startTime": "12:00"},
                               {"placeName": "메이지 신궁", "startTime": "23:30", "duration": "2h"}]}]}


def cards_of(session: Session, text: str) -> list[CardView]:
    events = session.run(text)
    turn = events[-1].turn_id
    return [CardView(card_type=e.card_type, title=e.title, data=e.data, group=turn)
            for e in events if e.type == "data_card"]


@pytest.fixture
def chat(store, clock):
    provider = OfflineProvider.scripted(call("recommend_places", RAMEN), say("추천"), call("generate_itinerary", PLAN),
                                        say("미리보기"))
    session = Session("travel", provider=provider, clock=clock)
    cards = cards_of(session, "라멘집 추천해줘") + cards_of(session, "일정 짜줘")
    return session, cards, TripService(store).active("demo")


def test_saved_places_recommendations_and_the_preview(chat) -> None:
    _, cards, trip = chat
    view = travel_view(trip, cards)
    saved = [p for p in view.points if p.kind == "saved"]
    assert [p.name for p in saved] == [p.name for p in trip.places]
    assert {p.category for p in saved} == {p.category for p in trip.places}
    recommended = [p for p in view.points if p.kind == "recommended"]
    assert [p.name for p in recommended] == [c.data["name"] for c in cards if c.card_type == "place"]
    assert "센소지" not in [p.name for p in recommended]  # already saved: never a second marker
    assert all(p.detail.startswith("★") and p.detail.endswith("km") for p in recommended)
    assert view.showing == "preview" and view.itinerary_title == "도쿄 일정" and view.unmatched == ["없는 장소"]
    assert view.preview == next(c.data["preview"] for c in cards if c.card_type == "itinerary_preview")
    assert view.heading.startswith("### 🧳 도쿄 3박 4일\n도쿄, 일본 · ") and view.heading.endswith("· 4일")


def test_timeline_routes_and_table(chat) -> None:
    _, cards, trip = chat
    view = travel_view(trip, cards)
    assert [(r.day, r.start, r.finish, r.place, r.matched) for r in view.timeline] == [
        (1, "09:00", "11:00", "센소지", True), (1, "13:00", "14:30", "도쿄 스카이트리", True),
        (2, "23:30", "23:59", "메이지 신궁", True)]  # an item past midnight ends the day; the unmatched one is dropped
    assert [(s.day, s.name) for s in view.routes] == [(1, "센소지"), (1, "도쿄 스카이트리"), (2, "메이지 신궁")]
    by_name = {p.name: p for p in trip.places}
    assert all((s.lat, s.lng) == (by_name[s.name].latitude, by_name[s.name].longitude) for s in view.routes)
    assert table_rows(view) == [["1일째", "09:00", "센소지", "관광", "2h", ""],
                                ["1일째", "13:00", "도쿄 스카이트리", "관광", "1.5h", ""],
                                ["2일째", "23:30", "메이지 신궁", "관광", "2h", ""]]
    english = travel_view(trip, cards, "en")
    assert table_rows(english, "en")[0] == ["Day 1", "09:00", "센소지", "Sight", "2h", ""]
    assert english.heading.splitlines()[1] == "Tokyo, Japan · 2026-12-02 ~ 2026-12-05 · 4 days"


def test_an_applied_itinerary_replaces_the_preview(chat, store) -> None:
    session, cards, trip = chat
    preview = latest_preview(cards)
    from agents.core.actions import ActionService

    action = ActionService(store, session.clock).propose(
        user_id="demo", conversation_id=session.conversation_id, agent_id="travel", tool_name="apply_itinerary",
        args={"trip_id": trip.id, "preview": preview, "mode": "overwrite"})
    outcome = session.confirm_action(action.id)
    assert outcome.ok
    applied = [CardView(card_type=c.card_type, title=c.title, data=c.data) for c in outcome.cards]
    trip = TripService(store).active("demo")
    view = travel_view(trip, cards + applied)
    assert latest_preview(cards + applied) is None and view.showing == "saved" and view.has_itinerary
    assert [(r.day, r.place) for r in view.timeline] == [(1, "센소지"), (1, "도쿄 스카이트리"), (2, "메이지 신궁")]
    # a new chat (no cards) still shows the saved itinerary
    assert [(r.day, r.place) for r in travel_view(trip, []).timeline] == [(d.day_number, i.place_name)
                                                                        for d in trip.itinerary for i in d.items]


def test_recommendations_of_another_trip_are_not_drawn(chat, store, clock) -> None:
    _, cards, _ = chat
    service = TripService(store)
    other = service.create("demo", "osaka", clock().date(), 2, clock())
    view = travel_view(service.active("demo"), cards)
    assert other.id == view.trip_id and not [p for p in view.points if p.kind == "recommended"]


def test_the_map_marks_recommendations_and_one_route_per_day(chat) -> None:
    _, cards, trip = chat
    view = travel_view(trip, cards)
    fig = map_figure(view)
    legend = [t for t in fig.data if t.showlegend is not False]
    names = [t.name for t in legend]
    assert names[:len({p.category for p in trip.places})] == [CATEGORY_KO[c] for c in dict.fromkeys(
        p.category for p in trip.places)]
    assert "추천" in names and names[-2:] == ["1일째", "2일째"]
    colours = [t.marker.color if t.mode == "markers" else t.line.color for t in legend]
    assert len(colours) == len(set(colours))  # no two legend entries look alike
    assert next(t for t in legend if t.name == "추천").marker.color == RECOMMENDED_COLOUR
    day1 = next(t for t in fig.data if t.name == "1일째")
    assert day1.mode == "lines+markers" and day1.line.color == DAY_COLOURS[0] and len(day1.lat) == 2
    assert fig.layout.map.style == "white-bg" and map_figure(view, tiles=True).layout.map.style == "open-street-map"
    assert [t.name for t in map_figure(view, lang="en").data if t.showlegend is not False][-3:] == [
        "suggested", "Day 1", "Day 2"]


def test_fit_zoom_keeps_every_point_inside_a_phone_sized_map(chat) -> None:
    _, cards, trip = chat
    view = travel_view(trip, cards)
    lats, lngs = [p.lat for p in view.points], [p.lng for p in view.points]
    zoom = fit_zoom(lats, lngs)
    world = 512 * 2 ** zoom  # Web Mercator, in pixels

    def y(lat: float) -> float:
        return world * (1 - math.log(math.tan(math.pi / 4 + math.radians(lat) / 2)) / math.pi) / 2

    assert (max(lngs) - min(lngs)) / 360 * world <= 300 and y(min(lats)) - y(max(lats)) <= 280
    assert 14 <= fit_zoom([35.0], [139.0]) <= 15  # one spot: street level, not an infinite zoom
    assert fit_zoom([33.2, 35.7], [126.5, 139.8]) < zoom - 3  # Jeju to Tokyo: far out


def test_the_timeline_is_one_row_per_day_in_the_maps_colours(chat) -> None:
    _, cards, trip = chat
    view = travel_view(trip, cards)
    fig = timeline_figure(view)
    assert list(fig.layout.yaxis.categoryarray) == ["2일째", "1일째"] and fig.layout.yaxis.autorange is None  # day 1 on top
    assert {t.name: t.marker.color for t in fig.data} == {"관광": CATEGORY_COLOURS["attraction"]}
    assert sorted(p for t in fig.data for p in t.text) == ["도쿄 스카이트리", "메이지 신궁", "센소지"]
    assert timeline_figure(travel_view(trip, [])) is None  # nothing planned yet: no empty chart
