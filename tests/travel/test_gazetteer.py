"""The offline places gazetteer: schema, counts, uniqueness, coordinates, known distances, sandbox."""

from __future__ import annotations

import itertools
import json
import math
import re
from collections import Counter
from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, model_validator

from data.travel import CATEGORIES, DESTINATIONS_PATH, HERE, places_path
from data.travel.build_gazetteer import place_files, rendered, sandbox_for

HANGUL = re.compile(r"[\uac00-\ud7a3]")
KANA_KANJI = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
HHMM = r"^([01]\d|2[0-3]):[0-5]\d$|^24:00$"
PREFIX = {"tokyo": "tyo-", "osaka": "osa-", "seoul": "sel-", "jeju": "cju-"}
ADDRESS_START = {"JP": ("東京都", "千葉県", "大阪府"), "KR": ("서울특별시", "인천광역시", "제주특별자치도")}
Category = Literal["restaurant", "cafe", "attraction", "shopping", "accommodation", "transport"]


class Period(BaseModel):
    model_config = ConfigDict(extra="forbid")
    day: int = Field(ge=1, le=7)
    open: str = Field(pattern=HHMM)
    close: str = Field(pattern=HHMM)


class OpeningHours(BaseModel):
    model_config = ConfigDict(extra="forbid")
    periods: list[Period]
    weekday_text: list[str] = Field(min_length=7, max_length=7)


class Sandbox(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rating: float = Field(ge=1, le=5)
    user_ratings_total: int = Field(ge=1)
    price_level: int = Field(ge=0, le=4)
    opening_hours: OpeningHours


class Place(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z]{3}-[a-z0-9]+(-[a-z0-9]+)*$")
    name: str = Field(min_length=1)
    name_ko: str = Field(min_length=1)
    name_en: str = Field(min_length=2)
    category: Category
    lat: float = Field(ge=-90, le=90)
    lng: float = Field(ge=-180, le=180)
    address: str = Field(min_length=6)
    area: str = Field(min_length=1)
    building: str | None = None
    keywords: list[str] = Field(min_length=3)
    sandbox: Sandbox

    @model_validator(mode="after")
    def _korean(self) -> Place:
        assert HANGUL.search(self.name_ko), f"{self.id}: name_ko has no Hangul"
        assert HANGUL.search(self.area), f"{self.id}: area is not Korean"
        assert not HANGUL.search(self.name_en), f"{self.id}: name_en has Hangul"
        assert any(HANGUL.search(k) for k in self.keywords), f"{self.id}: no Korean keyword"
        assert any(k.isascii() for k in self.keywords), f"{self.id}: no English keyword"
        return self


class Point(BaseModel):
    lat: float
    lng: float


class BBox(BaseModel):
    south: float
    west: float
    north: float
    east: float


class SampleTrip(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title_ko: str
    title_en: str
    start_in_days: int = Field(ge=1, le=365)
    nights: int = Field(ge=1, le=10)
    saved_place_ids: list[str] = Field(min_length=5, max_length=8)


class Destination(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    name_ko: str
    name_en: str
    name_local: str
    country_ko: Literal["일본", "대한민국"]
    country_en: Literal["Japan", "South Korea"]
    country_code: Literal["JP", "KR"]
    timezone: Literal["Asia/Tokyo", "Asia/Seoul"]
    currency: Literal["JPY", "KRW"]
    center: Point
    bbox: BBox
    places_file: str
    sample_trip: SampleTrip


def haversine_km(a: Place, b: Place) -> float:
    p1, p2 = math.radians(a.lat), math.radians(b.lat)
    dp, dl = p2 - p1, math.radians(b.lng - a.lng)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0088 * math.asin(math.sqrt(h))


DESTINATIONS = [Destination(**d) for d in json.loads(DESTINATIONS_PATH.read_text(encoding="utf-8"))["destinations"]]
DEST_IDS = [d.id for d in DESTINATIONS]


def _places(dest_id: str) -> list[Place]:
    doc = json.loads(places_path(dest_id).read_text(encoding="utf-8"))
    assert doc["destination"] == dest_id
    return [Place(**p) for p in doc["places"]]


PLACES = {d: _places(d) for d in DEST_IDS}


def _by_id(dest_id: str) -> dict[str, Place]:
    return {p.id: p for p in PLACES[dest_id]}


def test_the_four_destinations_and_their_files() -> None:
    assert set(DEST_IDS) >= {"tokyo", "osaka", "seoul", "jeju"}
    assert len(set(DEST_IDS)) == len(DEST_IDS)
    assert {p.stem for p in place_files()} == set(DEST_IDS)
    for dest in DESTINATIONS:
        assert (HERE / dest.places_file) == places_path(dest.id)
        assert dest.country_code == ("KR" if dest.country_ko == "대한민국" else "JP")
        assert (dest.country_en == "South Korea") == (dest.country_code == "KR")
        box = dest.bbox
        assert box.south < dest.center.lat < box.north and box.west < dest.center.lng < box.east
        assert dest.sample_trip.title_ko.startswith(dest.name_ko)


@pytest.mark.parametrize("dest_id", DEST_IDS)
def test_counts_per_destination_and_category(dest_id: str) -> None:
    counts = Counter(p.category for p in PLACES[dest_id])
    assert sum(counts.values()) >= 65, counts
    assert set(counts) == set(CATEGORIES)
    assert min(counts.values()) >= 6, counts
    others = max(counts[c] for c in CATEGORIES if c not in ("attraction", "restaurant"))
    assert counts["attraction"] >= others and counts["restaurant"] >= others, counts


def test_ids_are_unique_everywhere_and_carry_the_destination_prefix() -> None:
    ids = [p.id for dest in DEST_IDS for p in PLACES[dest]]
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]
    for dest in DEST_IDS:
        assert all(p.id.startswith(PREFIX[dest]) for p in PLACES[dest])


@pytest.mark.parametrize("dest_id", DEST_IDS)
@pytest.mark.parametrize("field", ["name", "name_ko", "name_en"])
def test_names_are_unique_within_a_destination(dest_id: str, field: str) -> None:
    names = [getattr(p, field).casefold().replace(" ", "") for p in PLACES[dest_id]]
    assert len(names) == len(set(names)), [n for n, c in Counter(names).items() if c > 1]


@pytest.mark.parametrize("dest", DESTINATIONS, ids=DEST_IDS)
def test_local_names_and_addresses_match_the_country(dest: Destination) -> None:
    for p in PLACES[dest.id]:
        assert p.address.startswith(ADDRESS_START[dest.country_code]), p.id
        if dest.country_code == "KR":
            assert HANGUL.search(p.name), f"{p.id}: a Korean place's local name is Korean"
        else:
            assert not HANGUL.search(p.name), f"{p.id}: a Japanese place's local name has Hangul"
            assert KANA_KANJI.search(p.address), p.id
    if dest.country_code == "JP":  # most local names are in Japanese script
        japanese = sum(bool(KANA_KANJI.search(p.name)) for p in PLACES[dest.id])
        assert japanese >= 0.85 * len(PLACES[dest.id])


@pytest.mark.parametrize("dest", DESTINATIONS, ids=DEST_IDS)
def test_every_place_is_inside_its_destination(dest: Destination) -> None:
    box = dest.bbox
    outside = [p.id for p in PLACES[dest.id] if not (box.south < p.lat < box.north and box.west < p.lng < box.east)]
    assert not outside


@pytest.mark.parametrize("dest_id", DEST_IDS)
def test_no_two_places_closer_than_20_m_unless_in_one_building(dest_id: str) -> None:
    too_close = [
        (a.id, b.id, round(haversine_km(a, b) * 1000))
        for a, b in itertools.combinations(PLACES[dest_id], 2)
        if haversine_km(a, b) < 0.020 and not (a.building and a.building == b.building)
    ]
    assert not too_close


def test_places_sharing_a_building_are_close() -> None:
    for dest in DEST_IDS:
        groups: dict[str, list[Place]] = {}
        for p in PLACES[dest]:
            if p.building:
                groups.setdefault(p.building, []).append(p)
        for name, members in groups.items():
            assert len(members) >= 2, f"{name}: a building tag names one place only"
            assert all(haversine_km(a, b) < 0.15 for a, b in itertools.combinations(members, 2)), name


KNOWN_DISTANCES = [  # (destination, a, b, min km, max km)
    ("tokyo", "tyo-sensoji", "tyo-skytree", 1.3, 1.6),
    ("tokyo", "tyo-shinjuku-station", "tyo-shibuya-station", 3.0, 4.0),
    ("tokyo", "tyo-tokyo-station", "tyo-tokyo-tower", 2.9, 3.5),
    ("tokyo", "tyo-haneda", "tyo-narita", 55.0, 70.0),
    ("tokyo", "tyo-sensoji", "tyo-kaminarimon", 0.3, 0.5),
    ("osaka", "osa-osaka-castle", "osa-dotonbori", 2.6, 3.3),
    ("osaka", "osa-kix", "osa-namba-station", 30.0, 40.0),
    ("osaka", "osa-osaka-station", "osa-shin-osaka", 3.0, 4.0),
    ("seoul", "sel-gyeongbokgung", "sel-n-seoul-tower", 3.0, 3.6),
    ("seoul", "sel-gwangjang-market", "sel-ddp", 0.8, 1.3),
    ("seoul", "sel-seoul-station", "sel-icn-t1", 40.0, 55.0),
    ("jeju", "cju-seongsan-ilchulbong", "cju-hallasan", 35.0, 45.0),
    ("jeju", "cju-airport", "cju-dongmun-market", 2.7, 3.6),
    ("jeju", "cju-cheonjiyeon", "cju-jeongbang", 1.3, 1.9),
]


@pytest.mark.parametrize(("dest_id", "a", "b", "low", "high"), KNOWN_DISTANCES)
def test_known_pairs_are_at_known_distances(dest_id: str, a: str, b: str, low: float, high: float) -> None:
    places = _by_id(dest_id)
    assert low <= haversine_km(places[a], places[b]) <= high


def test_the_same_name_in_two_destinations_is_far_apart() -> None:
    # 성산일출봉 is on the far east of Jeju, 한라산 in its middle: far, and both inside Jeju.
    jeju = _by_id("jeju")
    assert haversine_km(jeju["cju-seongsan-ilchulbong"], jeju["cju-hallasan"]) > 30
    tokyo, seoul = _by_id("tokyo"), _by_id("seoul")
    assert haversine_km(tokyo["tyo-tokyo-station"], seoul["sel-seoul-station"]) > 1000


@pytest.mark.parametrize("dest", DESTINATIONS, ids=DEST_IDS)
def test_sample_trip_places_exist(dest: Destination) -> None:
    places = _by_id(dest.id)
    saved = dest.sample_trip.saved_place_ids
    assert len(saved) == len(set(saved))
    assert all(pid in places for pid in saved)
    assert len({places[pid].category for pid in saved}) >= 3  # a mix, for the "preferences" context


@pytest.mark.parametrize("dest_id", DEST_IDS)
def test_sandbox_values_are_the_generators_output(dest_id: str) -> None:
    raw = json.loads(places_path(dest_id).read_text(encoding="utf-8"))["places"]
    for place in raw:
        assert place["sandbox"] == sandbox_for(place), place["id"]
    current, regenerated = rendered(places_path(dest_id))
    assert current == regenerated, "run: python data/travel/build_gazetteer.py"


def test_sandbox_hours_agree_with_their_text() -> None:
    days = ("월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일")
    for p in (p for dest in DEST_IDS for p in PLACES[dest]):
        hours = p.sandbox.opening_hours
        assert [line.split(":")[0] for line in hours.weekday_text] == list(days)
        by_day = {period.day: period for period in hours.periods}
        assert len(by_day) == len(hours.periods)
        for day, line in enumerate(hours.weekday_text, start=1):
            if day not in by_day:
                assert line.endswith("휴무"), p.id
            elif (by_day[day].open, by_day[day].close) == ("00:00", "24:00"):
                assert line.endswith("24시간 영업"), p.id
            else:
                assert line.endswith(f"{by_day[day].open}–{by_day[day].close}"), p.id
        if p.category == "accommodation":
            assert len(hours.periods) == 7


def test_sandbox_values_vary() -> None:
    everything = [p.sandbox for dest in DEST_IDS for p in PLACES[dest]]
    assert len({s.rating for s in everything}) >= 10
    assert len({s.price_level for s in everything}) == 5
    assert len({s.user_ratings_total for s in everything}) > 0.9 * len(everything)
