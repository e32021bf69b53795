"""Fill in the sandbox values of the offline gazetteer, deterministically.

The real fields of each place (names, category, coordinates, address, area, keywords) are written
by hand in `places/<destination>.json`. The `sandbox` object of each place (rating, review count,
price level, opening hours) is made up: it is a pure function of the place's `id`, `category` and
`keywords`, so it never changes between runs and never looks like data copied from a real service.

    python data/travel/build_gazetteer.py          # rewrite the sandbox objects in place
    python data/travel/build_gazetteer.py --check  # exit 1 if a file is out of date
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PLACES_DIR = HERE / "places"
DESTINATIONS_PATH = HERE / "destinations.json"

DAYS_KO = ("월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일")
# Review-count ranges (log-uniform) and price levels (0 free … 4 very expensive) per category.
REVIEWS = {"attraction": (800, 60000), "restaurant": (120, 9000), "cafe": (60, 4000),
           "shopping": (300, 25000), "accommodation": (300, 9000), "transport": (1500, 50000)}
PRICES = {"attraction": (0, 0, 1, 2), "restaurant": (1, 2, 2, 3, 4), "cafe": (1, 1, 2),
          "shopping": (1, 2, 2, 3), "accommodation": (2, 3, 3, 4), "transport": (0, 1)}
# Outdoor places that are open around the clock (parks, beaches, streets, mountains).
ALWAYS_OPEN = {"park", "beach", "street", "shopping street", "walk", "crossing", "coast", "mountain",
               "alley", "square", "stream", "gate", "statue", "island", "sign", "rock", "hiking"}


def _rng(place_id: str) -> random.Random:
    return random.Random(int(hashlib.sha256(place_id.encode()).hexdigest()[:16], 16))


def _hours(rng: random.Random, category: str, keywords: list[str]) -> tuple[str, str, int | None] | None:
    """(open, close, closed weekday 1-7 or None), or None for open 24 hours."""
    words = {k.lower() for k in keywords}
    if category == "accommodation" or "airport" in words or (category == "attraction" and words & ALWAYS_OPEN):
        return None
    if category == "shopping" and words & {"street", "shopping street", "alley"}:
        return rng.choice(("10:00", "11:00")), rng.choice(("20:00", "21:00")), None
    choices: dict[str, tuple[tuple[str, ...], tuple[str, ...], float]] = {
        "restaurant": (("11:00", "11:30", "17:00"), ("21:00", "22:00", "23:00"), 0.5),
        "cafe": (("08:00", "09:00", "10:00"), ("18:00", "19:00", "21:00"), 0.3),
        "attraction": (("09:00", "09:30", "10:00"), ("17:00", "18:00", "21:00"), 0.4),
        "shopping": (("10:00", "10:30", "11:00"), ("20:00", "20:30", "21:00"), 0.0),
        "transport": (("05:00", "05:30"), ("24:00",), 0.0),
    }
    opens, closes, p_closed = choices[category]
    closed = rng.choice((1, 2, 3)) if rng.random() < p_closed else None  # Mon, Tue or Wed
    return rng.choice(opens), rng.choice(closes), closed


def sandbox_for(place: dict[str, Any]) -> dict[str, Any]:
    """The made-up rating, review count, price level and weekly opening hours of one place."""
    rng = _rng(place["id"])
    category = place["category"]
    rating = round(rng.uniform(3.6, 4.8), 1)
    low, high = REVIEWS[category]
    reviews = int(math.exp(rng.uniform(math.log(low), math.log(high))))
    price = rng.choice(PRICES[category])
    hours = _hours(rng, category, place["keywords"])
    periods: list[dict[str, Any]] = []
    text: list[str] = []
    for day in range(1, 8):
        if hours is None:
            periods.append({"day": day, "open": "00:00", "close": "24:00"})
            text.append(f"{DAYS_KO[day - 1]}: 24시간 영업")
        elif hours[2] == day:
            text.append(f"{DAYS_KO[day - 1]}: 휴무")
        else:
            periods.append({"day": day, "open": hours[0], "close": hours[1]})
            text.append(f"{DAYS_KO[day - 1]}: {hours[0]}–{hours[1]}")
    return {"rating": rating, "user_ratings_total": reviews, "price_level": price,
            "opening_hours": {"periods": periods, "weekday_text": text}}


def place_files() -> list[Path]:
    return sorted(PLACES_DIR.glob("*.json"))


def rendered(path: Path) -> tuple[str, str]:
    """(current text, text with every sandbox object regenerated)."""
    current = path.read_text(encoding="utf-8")
    doc = json.loads(current)
    for place in doc["places"]:
        place["sandbox"] = sandbox_for(place)
    return current, dump(doc)


def dump(doc: dict[str, Any]) -> str:
    """One place per line: small diffs, and still plain JSON."""
    lines = [json.dumps(place, ensure_ascii=False) for place in doc["places"]]
    head = {k: v for k, v in doc.items() if k != "places"}
    opening = json.dumps(head, ensure_ascii=False)[:-1]
    return opening + ', "places": [\n' + ",\n".join(lines) + "\n]}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report files whose sandbox is stale")
    args = parser.parse_args(argv)
    stale = []
    for path in place_files():
        current, new = rendered(path)
        if current != new:
            stale.append(path.name)
            if not args.check:
                path.write_text(new, encoding="utf-8")
    if args.check and stale:
        print("stale sandbox values in: " + ", ".join(stale), file=sys.stderr)
        return 1
    print(("checked " if args.check else "wrote ") + f"{len(place_files())} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
