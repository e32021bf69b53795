"""Issue 29, kind 3 (travel knows where it is) and language, through real offline Session turns.

Before the fix, on the same machine: a plan for another city made the open trip's plan; "X 근처" for an
unsaved neighbourhood ranked by the saved places (Ginza cafés for Shinjuku); schedule questions asked which
place to add or made a new preview; a place added at a new time on a day it was already on stayed at the old
time; a 3박 4일 plan put one place on each of days 2-4, ignoring areas and opening hours; flight questions
got airports as places; "첫날은 … 여유있게 다시 짜줘" recommended the airports."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from agents.core.session import Session
from agents.travel.geo import haversine_km
from agents.travel.service import TripService
from tests.support.helpers import calls, one, text_of, types

PLACES = Path(__file__).resolve().parents[2] / "data" / "travel" / "places"
ASKED = ["tool_call", "tool_result", "clarification", "text", "done"]
QUERY = ["tool_call", "tool_result", "data_card", "text", "done"]


def gazetteer(destination: str) -> list[dict]:
    return json.loads((PLACES / f"{destination}.json").read_text(encoding="utf-8"))["places"]


def hours(destination: str) -> dict[str, tuple[str, str]]:
    """Name -> the usual (open, close) of the gazetteer's sandbox hours, read here independently."""
    out = {}
    for p in gazetteer(destination):
        periods = p["sandbox"]["opening_hours"]["periods"]
        out[p["name_ko"]] = Counter((x["open"], x["close"]) for x in periods).most_common(1)[0][0]
    return out


def test_another_city_asks_then_opens_that_trip_and_plans_it(store, clock):
    s = Session("travel", clock=clock)
    asked = s.run("부산 말고 오사카로 3박 4일 여행 짜 줄래?")
    assert types(asked) == ASKED
    question = one(asked, "clarification")
    assert question.options == ["오사카 여행 열기", "도쿄 여행 계속"] and "지금 열린 여행은 도쿄 여행" in question.question
    assert TripService(store).active("demo").destination == "tokyo"  # nothing opened on a guess
    opened = s.run("오사카 여행 열기")
    assert types(opened) == ["tool_call", "tool_result", "tool_call", "tool_result", "data_card", "text", "done"]
    assert [name for name, _ in calls(opened)] == ["open_trip", "generate_itinerary"]
    trip = TripService(store).active("demo")
    assert trip.destination == "osaka" and trip.title == "오사카 2박 3일"
    preview = one(opened, "data_card").data["preview"]
    planned = {i["placeName"] for d in preview["days"] for i in d["items"]}
    assert planned == {p.name for p in trip.places} and preview["title"] == "오사카 2박 3일 일정"


def test_staying_on_the_open_trip_plans_it(store, clock):
    s = Session("travel", clock=clock)
    s.run("오사카 일정도 짜줘")
    stayed = s.run("도쿄 여행 계속")
    assert [name for name, _ in calls(stayed)] == ["generate_itinerary"]
    assert TripService(store).active("demo").destination == "tokyo"


def test_a_landmark_of_another_city_is_named_with_its_city(store, clock):
    events = Session("travel", clock=clock).run("N서울타워 근처에 갈만한 카페")
    assert types(events) == ASKED
    assert one(events, "clarification").question.startswith("N서울타워는 서울에 있어요.")
    assert not [e for e in events if e.type == "data_card"]


def test_opening_a_destination_without_a_trip_creates_it(store, clock):
    s = Session("travel", clock=clock)
    s.run("안녕")
    before = {t["destination"] for t in TripService(store).store.trips("demo")}
    assert "jeju" not in before
    events = s.run("제주 여행으로 바꿔줘")
    assert calls(events) == [("open_trip", {"destination": "jeju", "nights": None})]
    trip = TripService(store).active("demo")
    assert trip.destination == "jeju" and len(trip.places) == 6
    assert text_of(events) == f"제주 여행 '{trip.title}'을 만들고 열었어요 ({trip.days}일, 저장된 장소 6곳)."
    assert one(events, "tool_result").data["created"] is True


def test_an_english_city_question_is_asked_in_english(store, clock):
    events = Session("travel", clock=clock).run("can you plan 3 days in Seoul for me?")
    question = one(events, "clarification")
    assert question.options == ["Open the Seoul trip", "Stay on the Tokyo trip"]
    assert text_of(events).startswith("You asked about Seoul, but the trip open now is Tokyo.")


def test_a_named_unsaved_area_is_the_centre_from_the_gazetteer(store, clock):
    events = Session("travel", clock=clock).run("신주쿠 근처 카페")
    assert types(events) == ["tool_call", "tool_result", "data_card", "data_card", "data_card", "text", "done"]
    assert calls(events)[0][1]["near"] == "신주쿠"
    rows = gazetteer("tokyo")
    shinjuku = [p for p in rows if p["area"] == "신주쿠"]
    lat, lng = sum(p["lat"] for p in shinjuku) / len(shinjuku), sum(p["lng"] for p in shinjuku) / len(shinjuku)
    cafes = sorted((p for p in rows if p["category"] == "cafe"), key=lambda p: haversine_km(lat, lng, p["lat"], p["lng"]))
    shown = [e.data for e in events if e.type == "data_card"]
    assert [c["name"] for c in shown] == [p["name_ko"] for p in cafes[:3]]
    assert shown[0]["distanceFromReference"] == pytest.approx(haversine_km(lat, lng, cafes[0]["lat"], cafes[0]["lng"]),
                                                              abs=0.01)
    assert "긴자" not in {p["area"] for p in cafes[:3]}
    assert text_of(events).startswith("신주쿠에서 가까운 순으로 3곳을 추천해요:")


@pytest.mark.parametrize(("text", "day"), [("what's on my schedule for day 2?", 2),
                                           ("확정된 여행 스케줄 다시 한번만 볼 수 있을까요", None),
                                           ("셋째 날 일정 다시 좀 보여줄래요", 3)])
def test_a_question_about_the_schedule_shows_the_itinerary(store, clock, text, day):
    s = Session("travel", clock=clock)
    for line in ("2일째 14:00 츠키지 시장 추가", "3일째 11:00 팀랩 플래닛 넣어줘"):
        s.confirm_action(one(s.run(line), "action_confirmation").action_id)
    events = s.run(text)
    assert types(events) == QUERY
    assert calls(events) == [("show_itinerary", {"dayNumber": day})]
    card = one(events, "data_card")
    assert card.card_type == "itinerary"
    if text.isascii():  # an English question, an English answer with the stored day
        assert text_of(events) == "Here is your itinerary:\nDay 2 (2026-12-03):\n  14:00 츠키지 시장"
    else:  # the whole plan, or the day asked
        assert ("3일째" if day == 3 else "") in card.data["rows"][-1][0]
        assert "11:00 팀랩 플래닛" in text_of(events) and (day == 3) == ("츠키지 시장" not in text_of(events))


def test_an_added_place_is_at_the_confirmed_time_in_the_rows_and_the_card(store, clock):
    s = Session("travel", clock=clock)
    s.confirm_action(one(s.run("2일째 10:00 츠키지 시장 추가"), "action_confirmation").action_id)
    card = one(s.run("2일째 14:00 츠키지 시장 추가"), "action_confirmation")
    assert card.warnings == ["이미 2일째 10:00에 있어 14:00으로 옮깁니다"]
    outcome = s.confirm_action(card.action_id)
    assert outcome.ok and outcome.message == "2일째 14:00으로 '츠키지 시장'을 옮겼습니다 (전에는 10:00)."
    trip = TripService(store).active("demo")
    assert [(d.day_number, [(i.place_name, i.start_time) for i in d.items]) for d in trip.itinerary] == [
        (2, [("츠키지 시장", "14:00")])]
    assert outcome.cards[0].data["rows"] == [["2일째", "14:00", "츠키지 시장", "맛집", "", ""]]


def test_a_generated_plan_groups_neighbours_and_follows_opening_hours(store, clock):
    events = Session("travel", clock=clock).run("3박 4일 일정 짜줘")
    preview = one(events, "data_card").data["preview"]
    days = {d["dayNumber"]: [i["placeName"] for i in d["items"] if i["category"] != "accommodation"]
            for d in preview["days"]}
    same_day = {name: n for n, names in days.items() for name in names}
    assert same_day["센소지"] == same_day["도쿄 스카이트리"]  # 1.5 km apart: one area, one day
    assert same_day["츠키지 시장"] == same_day["팀랩 플래닛"]
    counts = [len(v) for v in days.values()]
    assert max(counts) <= 3 and counts.count(1) <= 1, days  # not one place on each of days 2-4
    open_close = hours("tokyo")
    for day in preview["days"]:
        for item in day["items"]:
            opens, closes = open_close[item["placeName"]]
            assert opens <= item["startTime"] < closes, item


def test_a_late_opening_market_comes_last_in_the_day(store, clock):
    s = Session("travel", clock=clock)
    s.run("오사카 여행 열어줘")
    preview = one(s.run("일정 짜줘"), "data_card").data["preview"]
    kuromon = next(i for d in preview["days"] for i in d["items"] if i["placeName"] == "구로몬 시장")
    assert kuromon["startTime"] >= hours("osaka")["구로몬 시장"][0]


@pytest.mark.parametrize("text", ["비행기 표 싸게 사는 법", "위탁 수하물 무게 제한이 어떻게 돼?",
                                  "which airline has the cheapest flights to Tokyo?"])
def test_flight_questions_get_a_plain_answer_and_no_places(store, clock, text):
    events = Session("travel", clock=clock).run(text)
    assert types(events) == ["text", "done"]
    reply = text_of(events)
    assert ("airline or your booking site" in reply) if text.isascii() else ("항공사나 예약 사이트" in reply)


def test_a_late_first_day_replans_lighter_and_recommends_no_airport(store, clock):
    events = Session("travel", clock=clock).run("첫날은 비행기 도착이 늦으니까 좀 여유있게 해서 다시 짜줘")
    assert types(events) == QUERY
    assert [name for name, _ in calls(events)] == ["generate_itinerary"]
    preview = one(events, "data_card").data["preview"]
    first = next(d for d in preview["days"] if d["dayNumber"] == 1)
    visits = [i for i in first["items"] if i["category"] != "accommodation"]
    assert len(visits) == 1 and visits[0]["startTime"] >= "15:00"
    planned = [i["placeName"] for d in preview["days"] for i in d["items"]]
    assert len(planned) == 6 and not [n for n in planned if "공항" in n]


def test_english_messages_get_english_replies(store, clock):
    s = Session("travel", clock=clock)
    for text, start in (("recommend some ramen places", "3 places, nearest to your saved places first:"),
                        ("cafes near Shinjuku please", "3 places, nearest to Shinjuku first:"),
                        ("do I need a visa?", "I plan this trip with you"),
                        ("make me a plan for the whole trip", "Here is a preview:")):
        reply = text_of(s.run(text))
        assert reply.startswith(start), (text, reply)


def test_a_name_inside_a_longer_name_is_not_a_second_place() -> None:
    """"스카이" (시부야 스카이's short name) inside "스카이트리" named a second place, and the nearer one to "근처" won."""
    from agents.travel.evaluate import sample_trip
    from agents.travel.reading import read

    reading = read("도쿄 스카이트리 근처에 비 와도 갈 만한 실내 쇼핑 장소 있을까요", sample_trip("tokyo"))
    assert (reading.tool, reading.args["reference"], reading.args["category"]) == (
        "search_nearby_places", "도쿄 스카이트리", "shopping")


def test_an_area_that_begins_a_saved_place_name_is_that_saved_place() -> None:
    from agents.travel.evaluate import sample_trip
    from agents.travel.reading import read

    seoul = sample_trip("seoul")
    assert read("북촌 주변 디저트 카페 있나요", seoul).args["reference"] == "북촌 한옥마을"
    assert read("광화문 근처 밥집", seoul).args.get("near") == "광화문"  # no saved place begins with it
