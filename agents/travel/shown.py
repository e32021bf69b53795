"""A question about the places just listed, by a property the places data holds (round M2): the cheapest or the
dearest by price level, the best rated, the most reviewed ("방금 나온 데 중에 제일 저렴한 곳은?", "which of those has the
best reviews?"). It ranks the list the person saw, in the data's own figures, and calls no tool: a question is
answered, never turned into a search or an order. A message naming a kind of place or a place of its own is a
search of its own, not this question (the follow-up reader decides that)."""

from __future__ import annotations

import re
from collections.abc import Callable

from agents.nlu import normalise, with_josa
from agents.travel.facts import find_place, sandbox
from agents.travel.geo import haversine_km
from agents.travel.plan import english_name, named_centre

# the superlative (or "더" among what was shown): "제일", "가장", "젤", "최고로"; English -est / most / best / top
_MOST_KO = r"(?:제일|가장|젤|최고로|제일로|젤루|더)\s*"
_MOST_STRICT = r"(?:제일|가장|젤|최고로|제일로|젤루)\s*"
_BY: dict[str, re.Pattern[str]] = {
    "price_low": re.compile(_MOST_KO + r"(?:싸|싼|저렴|값싼|값이\s*싼|가격이\s*싼|가격\s*낮|부담\s*없|착한)|"
                            r"(?:가격|값)\S*\s*" + _MOST_KO + r"(?:착한|착해|싸|싼|저렴|낮)|"
                            r"\bany (?:of (?:them|those|these) )?(?:cheap|affordable)\b|\b(?:cheapest|cheaper|least expensive|most affordable|lowest price|best value|budget[- ]friendly)\b"),
    "price_high": re.compile(_MOST_KO + r"(?:비싸|비싼|고급|값비싼|가격\s*높)|\b(?:most expensive|priciest|pricier|"
                             r"fanciest|most upscale|highest price)\b"),
    "rating": re.compile(r"(?:평점|별점|리뷰|평가|평)\S*\s*(?:\S+\s+){0,2}" + _MOST_KO + r"(?:좋|높|괜찮)|"
                         + _MOST_KO + r"(?:평점|별점|평가|평)\S*\s*(?:좋|높)|" + _MOST_KO + r"(?:맛있|나은|나아|낫)|"
                         + _MOST_STRICT + r"(?:맛집|좋|괜찮)|"  # "더 좋은 데 없어?" asks for more places, not a rank
                         r"\b(?:best|highest|top|better|higher)[- ]rated\b|"
                         r"\b(?:better|best|higher|highest) (?:ratings?|reviews?|scores?)\b|\brated (?:the )?(?:highest|best)\b|"
                         r"\bhighest rating\b|\b(?:which|what)(?: one| place)? is (?:the )?best\b|\bthe best one\b"),
    "nearest": re.compile(_MOST_KO + r"(?:가까|가깝|근처|짧)|\b(?:closest|nearest|shortest walk|least far)\b"),
    "popular": re.compile(_MOST_KO + r"(?:인기|유명|사람\s*많|붐비|핫한)|(?:사람|리뷰|후기|손님)\S*\s*(?:\S+\s+){0,2}" + _MOST_KO + r"많|\b(?:most popular|most famous|busiest|"
                          r"most reviews?|most reviewed|best known)\b"),
}


def ranked_by(text: str) -> str | None:
    """The property a question ranks places by ("price_low", "price_high", "rating", "popular"), or None."""
    t = normalise(text).lower()
    for by, pattern in _BY.items():
        if pattern.search(t):
            return by
    return None


_KEYS: dict[str, tuple[str, bool]] = {"nearest": ("", False), "price_low": ("price_level", False), "price_high": ("price_level", True),
                                      "rating": ("rating", True), "popular": ("user_ratings_total", True)}


def ranked_answer(destination: str, names: list[str], by: str, en: bool, centre: str | None = None) -> str:
    """Which of ``names`` (the places just listed, in order) comes first ``by`` a property, with its figure and the
    runner-up, from the sample places data; places the data has no figure for are said to be left out. ``centre``:
    the place or area the list was searched around (the distance of "nearest" is from it)."""
    key, highest = _KEYS[by]
    point = named_centre(destination, centre) if centre and by == "nearest" else None
    if by == "nearest" and point is None:
        return _in_order(names, en)
    rows: list[tuple[str, float]] = []
    for name in names:
        place = find_place(destination, name)
        value: object = None
        if place is not None and point is not None:
            value = haversine_km(point[0], point[1], place.lat, place.lng)
        elif place is not None:
            value = sandbox(destination).get(place.id, {}).get(key)
        if isinstance(value, int | float):
            rows.append((english_name(destination, place.name_ko) if en and place is not None else name, float(value)))
    if not rows:
        return (f"The places data has no {_WHAT_EN[by]} for the {len(names)} places just shown, so I will not guess."
                if en else f"방금 보여 드린 {len(names)}곳은 장소 데이터에 {_WHAT_KO[by]} 정보가 없어서 추측하지 않을게요.")
    rows.sort(key=lambda r: r[1], reverse=highest)
    best = rows[0][1]
    top = [n for n, v in rows if v == best]
    rest = [(n, v) for n, v in rows if v != best][:2]
    figure: Callable[[float], str] = _FIGURES[by](en)
    missing = len(names) - len(rows)
    if en:
        who = " and ".join(top)
        head = (f"Of the {len(names)} places just shown, {who} {'is' if len(top) == 1 else 'are'} {_HEAD_EN[by]} "
                f"({figure(best)}, sample places data).")
        then = (" Next: " + ", ".join(f"{n} ({figure(v)})" for n, v in rest) + ".") if rest else ""
        gap = f" {missing} of them have no figure in the data." if missing else ""
        return f"{head}{then}{gap} Tell me a day if you want one of them in the plan."
    head = (f"방금 보여 드린 {len(names)}곳 중 {_HEAD_KO[by]} {with_josa(', '.join(top), '이에요')} ({figure(best)}, "
            "샘플 장소 데이터 기준).")
    then = (" 그다음은 " + ", ".join(f"{n}({figure(v)})" for n, v in rest) + "예요.") if rest else ""
    gap = f" {missing}곳은 데이터에 수치가 없어요." if missing else ""
    return f"{head}{then}{gap} 일정에 넣고 싶은 곳이 있으면 며칠째인지 말씀해 주세요."


def _in_order(names: list[str], en: bool) -> str:
    """A list searched around the saved places (no one centre): it was shown nearest first."""
    if en:
        return (f"The {len(names)} places just shown are listed nearest to your saved places first, so {names[0]} is the "
                "closest. Name a saved place and I will look around it.")
    return (f"방금 보여 드린 {len(names)}곳은 저장한 장소에서 가까운 순이라 {with_josa(names[0], '이')} 가장 가까워요. 기준으로 삼을 "
            "장소를 말씀해 주시면 그 주변을 찾아볼게요.")


_WHAT_EN = {"nearest": "location", "price_low": "price level", "price_high": "price level", "rating": "rating", "popular": "review count"}
_WHAT_KO = {"nearest": "위치", "price_low": "가격대", "price_high": "가격대", "rating": "평점", "popular": "리뷰 수"}
_HEAD_EN = {"nearest": "the closest", "price_low": "the cheapest by price level", "price_high": "the most expensive by price level",
            "rating": "the best rated", "popular": "the most reviewed"}
_HEAD_KO = {"nearest": "가장 가까운 곳은", "price_low": "가격대가 가장 낮은 곳은", "price_high": "가격대가 가장 높은 곳은", "rating": "평점이 가장 높은 곳은",
            "popular": "리뷰가 가장 많은 곳은"}


def _price(en: bool) -> Callable[[float], str]:
    return lambda v: f"price level {int(v)} of 4" if en else f"가격대 {int(v)}/4"


def _rating(en: bool) -> Callable[[float], str]:
    return lambda v: f"rated {v:.1f}" if en else f"평점 {v:.1f}"


def _km(en: bool) -> Callable[[float], str]:
    return lambda v: f"{v:.1f} km away" if en else f"{v:.1f}km 거리"


def _reviews(en: bool) -> Callable[[float], str]:
    return lambda v: f"{int(v):,} reviews" if en else f"리뷰 {int(v):,}개"


_FIGURES: dict[str, Callable[[bool], Callable[[float], str]]] = {"nearest": _km, "price_low": _price, "price_high": _price,
                                                                  "rating": _rating, "popular": _reviews}
