"""What the travel workspace does to trips (switch, create, dates, add and remove a place), through
the service its handlers call; bad inputs get a message naming the input, nothing changes, and
nobody reaches another user's trip."""

from __future__ import annotations

from datetime import date

import pytest

from agents.core.errors import InvalidArgs
from agents.travel.service import TripService


@pytest.fixture
def trips(store, clock) -> TripService:
    service = TripService(store)
    service.setup_user("demo", clock())
    service.setup_user("bob", clock())
    return service


def test_create_switch_and_dates(trips, clock):
    before = {r["id"] for r in trips.store.trips("demo")}
    trip = trips.create("demo", "osaka", date(2027, 1, 10), 2, clock())
    assert trip.destination == "osaka" and (trip.start_date, trip.end_date) == (date(2027, 1, 10), date(2027, 1, 12))
    assert trip.id not in before and trips.active("demo").id == trip.id  # a new trip becomes the active one
    first = sorted(before)[0]
    assert trips.switch("demo", first).id == first
    moved = trips.set_dates("demo", trip.id, date(2027, 2, 1), date(2027, 2, 4), clock())
    assert (moved.start_date, moved.end_date, moved.id) == (date(2027, 2, 1), date(2027, 2, 4), trip.id)


@pytest.mark.parametrize(("call", "named"), [
    (lambda t, c: t.create("demo", "paris", date(2027, 1, 1), 2, c()), "'paris'"),
    (lambda t, c: t.create("demo", "tokyo", date(2027, 1, 1), 99, c()), "100일"),
    (lambda t, c: t.set_dates("demo", t.active("demo").id, date(2027, 1, 5), date(2027, 1, 1), c()), "시작일보다"),
    (lambda t, c: t.switch("demo", "trip_nope"), "'trip_nope'"),
    (lambda t, c: t.add_place("demo", "세상에 없는 장소 이름", c()), "'세상에 없는 장소 이름'"),
    (lambda t, c: t.remove_place("demo", "tp_nope"), "'tp_nope'"),
])
def test_bad_inputs_name_the_input_and_change_nothing(trips, clock, call, named):
    before = (trips.store.trips("demo"), trips.active("demo"))
    with pytest.raises(InvalidArgs) as refused:
        call(trips, clock)
    assert named in refused.value.message and "Traceback" not in refused.value.message
    assert (trips.store.trips("demo"), trips.active("demo")) == before


def test_add_by_fuzzy_name_is_idempotent_and_remove_takes_it_out(trips, clock):
    trip, place = trips.add_place("demo", "Shibuya Sky", clock())
    assert place.name_en and "shibuya sky" in place.name_en.lower() and place.latitude is not None
    again, same = trips.add_place("demo", "shibuya sky", clock())
    assert same.id == place.id and len(again.places) == len(trip.places)
    after = trips.remove_place("demo", place.id)
    assert place.id not in {p.id for p in after.places}


def test_nobody_reaches_another_users_trip(trips, clock):
    bobs = trips.active("bob")
    with pytest.raises(InvalidArgs):
        trips.switch("demo", bobs.id)
    with pytest.raises(InvalidArgs):
        trips.set_dates("demo", bobs.id, date(2027, 1, 1), date(2027, 1, 2), clock())
    with pytest.raises(InvalidArgs):
        trips.remove_place("demo", bobs.places[0].id)
    assert trips.active("bob") == bobs
