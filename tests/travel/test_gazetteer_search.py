"""The offline Places backend over the gazetteer loaded into DuckDB: text search (exact, then a
name inside the query, then fuzzy with rapidfuzz over local, Korean and English names) and nearby
search (haversine in SQL, by category and keyword), checked against distances recomputed here."""

from __future__ import annotations

import pandas as pd
import pytest

from agents.travel.destinations import destination
from agents.travel.geo import haversine_km
from agents.travel.places import GazetteerBackend
from agents.travel.service import TripService


@pytest.fixture
def gazetteer(store, clock) -> GazetteerBackend:
    TripService(store).setup_user("demo", clock())
    return GazetteerBackend(TripService(store).store)


@pytest.mark.parametrize(("query", "place_id"), [
    ("센소지", "tyo-sensoji"),                 # Korean name, exact
    ("浅草寺", "tyo-sensoji"),                  # local name
    ("Sensō-ji Temple", "tyo-sensoji"),         # English name
    ("센소 지", "tyo-sensoji"),                 # spacing ignored
    ("츠키지", "tyo-tsukiji-outer"),             # a name inside the other
    ("tsukiji outer markt", "tyo-tsukiji-outer"),  # a typo: fuzzy
    ("도쿄 스카이트리", "tyo-skytree"),
    ("도쿄 도쿄 타워", "tyo-tokyo-tower"),        # the destination's own name is not part of the place
])
def test_text_search_finds_local_korean_and_english_names(gazetteer, query, place_id) -> None:
    hit = gazetteer.text_search(query, destination("tokyo"))
    assert hit is not None and hit.place_id == place_id
    assert hit.latitude and hit.longitude and hit.address


@pytest.mark.parametrize("query", ["카페", "라멘", "세상에 없는 라멘집", "x", "Tokyo", "도쿄", "東京"])
def test_generic_words_and_unknown_names_find_nothing(gazetteer, query) -> None:
    assert gazetteer.text_search(query, destination("tokyo")) is None


def test_a_name_is_only_found_in_its_own_destination(gazetteer) -> None:
    assert gazetteer.text_search("센소지", destination("seoul")) is None
    assert gazetteer.text_search("경복궁", destination("seoul")).place_id.startswith("sel-")


def test_nearby_is_haversine_nearest_first_within_5_km_by_category_and_keyword(gazetteer, store) -> None:
    tokyo = destination("tokyo")
    sensoji = gazetteer.text_search("센소지", tokyo)
    rows = pd.DataFrame(TripService(store).store.gazetteer_names("tokyo"))
    rows = rows.assign(km=[haversine_km(sensoji.latitude, sensoji.longitude, a, b)
                           for a, b in zip(rows["latitude"], rows["longitude"], strict=True)])
    expected = rows[(rows["category"] == "restaurant") & (rows["km"] <= 5)].sort_values("km")
    hits = gazetteer.nearby(sensoji.latitude, sensoji.longitude, tokyo, category="restaurant", keyword=None,
                            max_results=4)
    assert [h.place_id for h in hits] == list(expected["place_id"][:4])
    cafes = gazetteer.nearby(sensoji.latitude, sensoji.longitude, tokyo, category="cafe", keyword=None, max_results=10)
    assert cafes and all(h.category == "cafe" for h in cafes)
    assert all(haversine_km(sensoji.latitude, sensoji.longitude, h.latitude, h.longitude) <= 5 for h in cafes)
    excluded = gazetteer.nearby(sensoji.latitude, sensoji.longitude, tokyo, category="restaurant", keyword=None,
                                max_results=4, exclude=(hits[0].place_id,))
    assert hits[0].place_id not in [h.place_id for h in excluded]


def test_nearby_keyword_filters_and_an_unknown_keyword_falls_back_to_the_category(gazetteer, store) -> None:
    tokyo = destination("tokyo")
    shibuya = gazetteer.text_search("시부야 스크램블 교차로", tokyo) or gazetteer.text_search("Shibuya Crossing", tokyo)
    assert shibuya is not None
    ramen = gazetteer.nearby(shibuya.latitude, shibuya.longitude, tokyo, category="restaurant", keyword="라멘",
                             max_results=5)
    rows = {r["place_id"]: r for r in TripService(store).store.gazetteer_names("tokyo")}
    assert ramen and all("라멘" in " ".join(str(rows[h.place_id][k] or "") for k in ("name", "name_ko", "name_en", "keywords"))
                         for h in ramen)
    fallback = gazetteer.nearby(shibuya.latitude, shibuya.longitude, tokyo, category="restaurant",
                                keyword="존재하지않는키워드", max_results=3)
    assert len(fallback) == 3 and all(h.category == "restaurant" for h in fallback)
