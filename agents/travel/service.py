"""Trips for one user: seeding on first use, the active trip, workspace edits (switch, create,
dates, add or remove a saved place). The tools and the workspace both go through here."""

from __future__ import annotations

import threading
from datetime import date, datetime, timedelta

from agents.core.errors import InvalidArgs
from agents.core.store import Store
from agents.nlu import josa, with_josa
from agents.travel.destinations import Destination, destination, destinations, ensure_gazetteer
from agents.travel.itinerary import match_place
from agents.travel.model import PlaceHit, Trip, TripPlace
from agents.travel.places import GazetteerBackend
from agents.travel.store import TravelStore

DEFAULT_DESTINATION = "tokyo"
_SEEDING = threading.Lock()
MAX_TRIP_DAYS = 30


def trip_title(dest: Destination, nights: int) -> str:
    return f"{dest.name} {nights}박 {nights + 1}일"



class TripService:
    def __init__(self, store: Store) -> None:
        self.store = TravelStore(store)

    def setup_user(self, user_id: str, now: datetime) -> None:
        """First use: the gazetteer is loaded and the user gets the sample trips, the first one active."""
        if self.store.has_trips(user_id) and self.store.gazetteer_version() is not None:
            return
        # Two first requests (two tabs, page-load handlers) would both see "no trips": one at a time.
        with _SEEDING:
            ensure_gazetteer(self.store, now)
            if not self.store.has_trips(user_id):
                # One transaction for both sample trips and their places: one commit, not one per place
                # (a fresh user, e.g. every eval case, paid ~14 commits here).
                self.store.db.write(lambda: self._seed(user_id, now))

    def _seed(self, user_id: str, now: datetime) -> None:
        ordered = sorted(destinations().values(), key=lambda d: d.id != DEFAULT_DESTINATION)
        for dest in ordered[:2]:
            self.seed_sample(user_id, dest, now, activate=dest.id == ordered[0].id)

    def seed_sample(self, user_id: str, dest: Destination, now: datetime, *, activate: bool = True) -> str | None:
        """The destination's sample trip as first use seeds it (its saved places); its id, None without one."""
        sample = dest.sample_trip
        if sample is None:
            return None
        start = now.date() + timedelta(days=sample.start_offset_days)
        trip_id = self.store.create_trip(user_id, sample.title, dest.id, dest.name, dest.country, start,
                                         start + timedelta(days=sample.nights), now, activate=activate)
        hits = self.store.gazetteer_places(sample.place_ids)
        self.store.add_places(user_id, trip_id, [_saved_from(hits[p]) for p in sample.place_ids if p in hits], now)
        return trip_id

    def active(self, user_id: str) -> Trip:
        trip_id = self.store.active_trip_id(user_id)
        trip = self.store.trip(user_id, trip_id) if trip_id else None
        if trip is None:
            raise InvalidArgs("여행이 없습니다. 작업 공간에서 여행을 만들어 주세요. (No trip yet: create one in the workspace.)")
        return trip

    def switch(self, user_id: str, trip_id: str) -> Trip:
        if not self.store.set_active(user_id, trip_id):
            raise InvalidArgs(f"여행 {with_josa(repr(trip_id), '을')} 찾을 수 없습니다. (No trip {trip_id!r} for this user.)")
        return self.active(user_id)

    def create(self, user_id: str, destination_id: str, start: date, nights: int, now: datetime) -> Trip:
        try:
            dest = destination(destination_id)
        except KeyError:
            names = ", ".join(f"{d.id} ({d.name})" for d in destinations().values())
            raise InvalidArgs(f"여행지 {with_josa(repr(destination_id), '은')} 없습니다. 가능한 곳: {names}. "
                              f"(Unknown destination {destination_id!r}; choose one of: {names}.)") from None
        self._check_length(nights + 1)
        self.store.create_trip(user_id, trip_title(dest, nights), dest.id, dest.name, dest.country, start,
                               start + timedelta(days=nights), now)
        return self.active(user_id)

    def set_dates(self, user_id: str, trip_id: str, start: date, end: date, now: datetime) -> Trip:
        if end < start:
            raise InvalidArgs("끝나는 날이 시작일보다 빠릅니다. (The end date is before the start date.)")
        self._check_length((end - start).days + 1)
        if not self.store.set_dates(user_id, trip_id, start, end, now):
            raise InvalidArgs(f"여행 {with_josa(repr(trip_id), '을')} 찾을 수 없습니다. (No trip {trip_id!r} for this user.)")
        return self.switch(user_id, trip_id)

    def add_place(self, user_id: str, name: str, now: datetime) -> tuple[Trip, TripPlace]:
        """Add a gazetteer place to the active trip by (fuzzy) name."""
        trip = self.active(user_id)
        dest = destination(trip.destination)
        hit = GazetteerBackend(self.store).text_search(name, dest)
        if hit is None:
            raise InvalidArgs(f"'{name}'{josa(name, '을')} {dest.name}에서 찾지 못했습니다. 다른 이름(현지어나 영어)으로 검색해 보세요. "
                              f"('{name}' was not found in {dest.name_en}: try the local or English name.)")
        existing = match_place(hit.name, trip.places)
        if existing is not None and existing.place_id == hit.place_id:
            return trip, existing
        self.store.add_place(user_id, trip.id, _saved_from(hit), now)
        trip = self.active(user_id)
        return trip, next(p for p in trip.places if p.place_id == hit.place_id)

    def remove_place(self, user_id: str, trip_place_id: str) -> Trip:
        trip = self.active(user_id)
        if not self.store.remove_place(user_id, trip.id, trip_place_id):
            raise InvalidArgs(f"저장된 장소 {with_josa(repr(trip_place_id), '이')} 없습니다. (No saved place {trip_place_id!r}.)")
        return self.active(user_id)

    @staticmethod
    def _check_length(days: int) -> None:
        if not 1 <= days <= MAX_TRIP_DAYS:
            raise InvalidArgs(f"여행 기간은 1~{MAX_TRIP_DAYS}일이어야 합니다 ({days}일). "
                              f"(A trip lasts 1 to {MAX_TRIP_DAYS} days, not {days}.)")


def _saved_from(hit: PlaceHit) -> TripPlace:
    return TripPlace(id="", name=hit.name_ko or hit.name, name_en=hit.name_en, category=hit.category,
                     latitude=hit.latitude, longitude=hit.longitude, place_id=hit.place_id)
