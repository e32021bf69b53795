"""The travel part of the store: the gazetteer, trips, saved places and itineraries. All SQL here
but the tables' migrations (migrations.py)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import TypedDict, cast

from agents.core.ids import new_id
from agents.core.store import Store
from agents.travel.model import ItineraryDay, ItineraryItem, PlaceHit, Trip, TripPlace

_GAZ_COLS = ("place_id, destination, name, name_ko, name_en, category, address, area, keywords, latitude, longitude, "
             "rating, user_ratings_total, price_level, opening_hours")
_TRIP_COLS = "id, user_id, title, destination, destination_name, country, start_date, end_date"
_PLACE_COLS = ("id", "trip_id", "user_id", "place_ref", "name", "name_en", "category", "latitude", "longitude",
               "added_at")


class GazetteerRow(TypedDict):
    """One row of travel_gazetteer (the shipped places of data/travel/places), in _GAZ_COLS order."""

    place_id: str
    destination: str
    name: str
    name_ko: str | None
    name_en: str | None
    category: str
    address: str | None
    area: str | None
    keywords: str
    latitude: float
    longitude: float
    rating: float | None
    user_ratings_total: int | None
    price_level: int | None
    opening_hours: str | None


class TripRow(TypedDict):
    """A trip in the list of a user's trips: its columns, whether it is the active one, its saved places."""

    id: str
    user_id: str
    title: str
    destination: str
    destination_name: str
    country: str | None
    start_date: date
    end_date: date
    active: bool
    places: int


def _place_values(place_id: str, user_id: str, trip_id: str, place: TripPlace | PlaceHit, now: datetime) -> list[object]:
    return [place_id, trip_id, user_id, place.place_id, place.name, place.name_en, place.category, place.latitude,
            place.longitude, now]


def _gazetteer_row(values: tuple[object, ...]) -> GazetteerRow:
    # the SELECT lists exactly _GAZ_COLS, whose columns have the TypedDict's types
    return cast(GazetteerRow, dict(zip(_GAZ_COLS.split(", "), values, strict=True)))
# Great-circle distance in SQL (km); ? ? are the reference latitude and longitude.
_DISTANCE_SQL = ("2 * 6371.0088 * asin(sqrt(least(1, pow(sin(radians(latitude - ?) / 2), 2) + cos(radians(?)) * "
                 "cos(radians(latitude)) * pow(sin(radians(longitude - ?) / 2), 2))))")


_NOT_EXCLUDED = {"duckdb": "NOT list_contains(?, place_id)", "postgres": "NOT place_id = ANY(?::text[])"}


def _hit(row: Mapping[str, object]) -> PlaceHit:
    return PlaceHit.model_validate({k: row[k] for k in (
        "place_id", "name", "name_en", "name_ko", "category", "address", "area", "latitude", "longitude", "rating",
        "user_ratings_total", "price_level")} | {"sandbox": True})


class TravelStore:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db

    # --- gazetteer -------------------------------------------------------------------------

    def gazetteer_version(self) -> str | None:
        row = self.db.fetchone("SELECT version FROM travel_gazetteer_meta")
        return row[0] if row else None

    def load_gazetteer(self, version: str, places: list[GazetteerRow], now: datetime) -> None:
        """Replace the gazetteer with the shipped data (one transaction; readers see old or new)."""
        cols = _GAZ_COLS.split(", ")
        rows = [[p.get(c) for c in cols] for p in places]

        def write() -> None:
            self.db.execute("DELETE FROM travel_gazetteer")
            self.db.execute("DELETE FROM travel_gazetteer_meta")
            self.db.copy_rows("travel_gazetteer", cols, rows)  # one bulk insert: ~300 places in milliseconds
            self.db.execute("INSERT INTO travel_gazetteer_meta VALUES (?, ?)", [version, now])

        self.db.write(write)

    def gazetteer_names(self, destination: str) -> list[GazetteerRow]:
        return [_gazetteer_row(r) for r in self.db.fetchall(
            f"SELECT {_GAZ_COLS} FROM travel_gazetteer WHERE destination = ? ORDER BY place_id", [destination])]

    def gazetteer_place(self, place_id: str) -> PlaceHit | None:
        rows = self.db.fetch_dicts(f"SELECT {_GAZ_COLS} FROM travel_gazetteer WHERE place_id = ?", [place_id])
        return _hit(rows[0]) if rows else None

    def gazetteer_places(self, place_ids: Sequence[str]) -> dict[str, PlaceHit]:
        """The gazetteer's places among ``place_ids``, by id (one query)."""
        if not place_ids:
            return {}
        rows = self.db.fetch_dicts(f"SELECT {_GAZ_COLS} FROM travel_gazetteer WHERE place_id IN "
                                   f"({', '.join(['?'] * len(place_ids))})", list(place_ids))
        return {row["place_id"]: _hit(row) for row in rows}

    def nearby(self, destination: str | None, lat: float, lng: float, *, category: str | None = None,
               keyword: str | None = None, limit: int = 3, radius_km: float = 5.0,
               exclude: tuple[str, ...] = ()) -> list[tuple[PlaceHit, float]]:
        """Places within ``radius_km`` of a point, nearest first, optionally by category and keyword."""
        like = f"%{keyword.lower()}%" if keyword else None
        rows = self.db.fetch_dicts(
            f"""SELECT * FROM (SELECT {_GAZ_COLS}, {_DISTANCE_SQL} AS km FROM travel_gazetteer
                               WHERE (? IS NULL OR destination = ?) AND (? IS NULL OR category = ?)
                                 AND (? IS NULL OR lower(name || ' ' || coalesce(name_ko, '') || ' ' ||
                                      coalesce(name_en, '') || ' ' || coalesce(keywords, '') || ' ' ||
                                      coalesce(area, '')) LIKE ?)
                                 AND {_NOT_EXCLUDED[self.db.dialect]})
                AS near WHERE km <= ? ORDER BY km, place_id LIMIT ?""",
            [lat, lat, lng, destination, destination, category, category, like, like, list(exclude), radius_km,
             limit])
        return [(_hit(r), r["km"]) for r in rows]

    # --- trips -----------------------------------------------------------------------------

    def has_trips(self, user_id: str) -> bool:
        return self.db.fetchone("SELECT 1 FROM travel_trips WHERE user_id = ? LIMIT 1", [user_id]) is not None

    def create_trip(self, user_id: str, title: str, destination: str, destination_name: str, country: str | None,
                    start: date, end: date, now: datetime, *, activate: bool = True) -> str:
        trip_id = new_id("trip")

        def write() -> None:
            if activate:
                self.db.execute("UPDATE travel_trips SET active = false WHERE user_id = ? AND active", [user_id])
            self.db.execute(
                f"INSERT INTO travel_trips ({_TRIP_COLS}, active, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [trip_id, user_id, title, destination, destination_name, country, start, end, activate, now, now])

        self.db.write(write)
        return trip_id

    def set_active(self, user_id: str, trip_id: str) -> bool:
        def write() -> bool:
            if self.db.fetchone("SELECT 1 FROM travel_trips WHERE id = ? AND user_id = ?", [trip_id, user_id]) is None:
                return False
            self.db.execute("UPDATE travel_trips SET active = (id = ?) WHERE user_id = ?", [trip_id, user_id])
            return True

        return self.db.write(write)

    def set_dates(self, user_id: str, trip_id: str, start: date, end: date, now: datetime) -> bool:
        rows = self.db.fetchall(
            "UPDATE travel_trips SET start_date = ?, end_date = ?, updated_at = ? WHERE id = ? AND user_id = ? RETURNING id",
            [start, end, now, trip_id, user_id])
        return bool(rows)

    def trips(self, user_id: str) -> list[TripRow]:
        rows = self.db.fetchall(
            f"""SELECT {_TRIP_COLS}, active, (SELECT count(*) FROM travel_trip_places p WHERE p.trip_id = t.id) AS places
                FROM travel_trips t WHERE user_id = ? ORDER BY created_at, id""", [user_id])
        return [{"id": tid, "user_id": user, "title": title, "destination": dest, "destination_name": dest_name,
                 "country": country, "start_date": start, "end_date": end, "active": bool(active), "places": int(places)}
                for tid, user, title, dest, dest_name, country, start, end, active, places in rows]

    def active_trip_id(self, user_id: str) -> str | None:
        row = self.db.fetchone("SELECT id FROM travel_trips WHERE user_id = ? AND active", [user_id])
        return row[0] if row else None

    def trip(self, user_id: str, trip_id: str) -> Trip | None:
        rows = self.db.fetch_dicts(f"SELECT {_TRIP_COLS} FROM travel_trips WHERE id = ? AND user_id = ?",
                                   [trip_id, user_id])
        if not rows:
            return None
        places = [TripPlace(**r) for r in self.db.fetch_dicts(
            """SELECT id, name, name_en, category, latitude, longitude, place_ref AS place_id
               FROM travel_trip_places WHERE trip_id = ? ORDER BY added_at, id""", [trip_id])]
        by_id = {p.id: p for p in places}
        days: dict[int, list[ItineraryItem]] = {}
        for r in self.db.fetch_dicts(
                """SELECT day_number, item_order, trip_place_id, start_time, duration, note
                   FROM travel_itinerary_items WHERE trip_id = ? ORDER BY day_number, item_order""", [trip_id]):
            place = by_id.get(r["trip_place_id"])
            if place is None:  # the place was removed: its visits go with it
                continue
            days.setdefault(r["day_number"], []).append(ItineraryItem(
                order=r["item_order"], place_id=place.id, place_name=place.name, category=place.category,
                start_time=r["start_time"], duration=r["duration"], note=r["note"]))
        trip = Trip(**rows[0], places=places)
        trip.itinerary = [ItineraryDay(day_number=n, date=date.fromordinal(trip.start_date.toordinal() + n - 1),
                                       items=items) for n, items in sorted(days.items())]
        return trip

    # --- saved places ----------------------------------------------------------------------

    def add_place(self, user_id: str, trip_id: str, place: TripPlace | PlaceHit, now: datetime) -> str:
        place_id = new_id("plc")
        self.db.write(lambda: self.db.execute(
            f"INSERT INTO travel_trip_places ({', '.join(_PLACE_COLS)}) VALUES ({', '.join('?' * len(_PLACE_COLS))})",
            _place_values(place_id, user_id, trip_id, place, now)))
        return place_id

    def add_places(self, user_id: str, trip_id: str, places: Sequence[TripPlace | PlaceHit], now: datetime) -> None:
        """Save several places at once (a sample trip's), in one bulk insert. A trip lists its places by
        (added_at, id), and these share ``now``: their ids are sorted so that they list in the order given."""
        ids = sorted(new_id("plc") for _ in places)
        self.db.copy_rows("travel_trip_places", _PLACE_COLS,
                          [_place_values(place_id, user_id, trip_id, place, now) for place_id, place in zip(ids, places,
                                                                                                        strict=True)])

    def remove_place(self, user_id: str, trip_id: str, trip_place_id: str) -> bool:
        def write() -> bool:
            rows = self.db.fetchall(
                "DELETE FROM travel_trip_places WHERE id = ? AND trip_id = ? AND user_id = ? RETURNING id",
                [trip_place_id, trip_id, user_id])
            if rows:
                self.db.execute("DELETE FROM travel_itinerary_items WHERE trip_id = ? AND trip_place_id = ?",
                                [trip_id, trip_place_id])
            return bool(rows)

        return self.db.write(write)

    # --- itinerary -------------------------------------------------------------------------

    def replace_itinerary(self, trip_id: str, days: list[tuple[int, list[dict[str, str | None]]]], now: datetime
                          ) -> int:
        """Write the whole itinerary (in the caller's transaction); returns the item count."""
        self.db.execute("DELETE FROM travel_itinerary_items WHERE trip_id = ?", [trip_id])
        count = 0
        for day_number, items in days:
            for order, item in enumerate(items, start=1):
                self.db.execute(
                    """INSERT INTO travel_itinerary_items (trip_id, day_number, item_order, trip_place_id, start_time,
                           duration, note) VALUES (?, ?, ?, ?, ?, ?, ?)""",
                    [trip_id, day_number, order, item["place_id"], item.get("start_time"), item.get("duration"),
                     item.get("note")])
                count += 1
        self.db.execute("UPDATE travel_trips SET updated_at = ? WHERE id = ?", [now, trip_id])
        return count


def dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)
