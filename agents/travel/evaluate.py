"""Measure the travel offline model on labelled phrasings (tests/travel/phrasings.yaml, written
apart from ``training.yaml``): each item is read against its destination's sample trip as seeded
and checked for the tool and every labelled argument (``playground nlu-report travel``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from pydantic import model_validator

from agents.core.nlu import Outcome, Report, compact
from agents.core.nlu.labelled import Item, load_items
from agents.travel.destinations import destinations
from agents.travel.names import gazetteer
from agents.travel.reading import MUTATIONS, TripView, read

PHRASINGS = Path(__file__).resolve().parents[2] / "tests" / "travel" / "phrasings.yaml"
# Hold-out C's tune half: phrasings a writer who never read the rules wrote later (casual, English, typos).
HOLDOUT_C = PHRASINGS.with_name("phrasings_c.yaml")
_PLACE_ARGS = ("near", "reference", "place")


@cache
def sample_trip(destination: str) -> TripView:
    dest = destinations()[destination]
    sample = dest.sample_trip
    assert sample is not None, destination
    g = gazetteer(destination)
    saved = tuple(g.places[pid].name_ko for pid in sample.place_ids if pid in g.places)
    return TripView(destination=destination, saved=saved, days=sample.nights + 1)


def _same_place(destination: str, want: Any, got: Any) -> bool:
    if got is None:
        return False
    if compact(str(want)) == compact(str(got)):
        return True
    g = gazetteer(destination)
    ids = [{pid for pid, p in g.places.items() if compact(v) in {compact(p.name_ko), compact(p.name),
                                                                 compact(p.name_en)}} for v in (str(want), str(got))]
    return bool(ids[0] & ids[1])


def check(item: dict[str, Any]) -> Outcome:
    destination = item.get("trip", "tokyo")
    reading = read(item["text"], sample_trip(destination))
    expected = "clarify" if item.get("clarify") else item["tool"]
    got = reading.tool or "clarify"
    problems: list[str] = []
    if got != expected:
        problems.append(f"tool {got} != {expected}")
        if got in MUTATIONS and expected == "clarify":
            problems.append("a mutation was read where the model had to ask")
    elif expected == "clarify" and len(reading.choices) < 2:
        problems.append("a question without choices")
    else:
        for key, want in (item.get("args") or {}).items():
            have = reading.args.get(key)
            if key in _PLACE_ARGS:
                ok = _same_place(destination, want, have)
            elif key == "keyword":
                ok = have is not None and str(have).casefold() in {str(w).casefold() for w in
                                                                   (want if isinstance(want, list) else [want])}
            else:
                ok = have == want
            if not ok:
                problems.append(f"{key}: {have!r} != {want!r}")
    return Outcome(text=item["text"], expected=expected, got=got, ok=not problems, problems=problems, item=item)


class TravelItem(Item):
    """What ``check`` reads of an item (tests/PHRASINGS_FORMAT.md, travel)."""

    tool: str | None = None
    trip: str = "tokyo"

    @model_validator(mode="after")
    def _labelled(self) -> TravelItem:
        if self.tool is None and not self.clarify:
            raise ValueError("needs 'tool' (the expected tool) or 'clarify: true'")
        with_trips = sorted(d.id for d in destinations().values() if d.sample_trip is not None)
        if self.trip not in with_trips:
            raise ValueError(f"trip must be one of {', '.join(with_trips)}, not {self.trip!r}")
        return self


def load(path: Path = PHRASINGS) -> list[dict[str, Any]]:
    return load_items(path, TravelItem)


def run_report(path: Path | None = None, name: str = "travel") -> Report:
    return Report(name, [check(item) for item in load(path or PHRASINGS)])


def nlu_report(path: Path | None = None) -> Report | list[Report]:
    """What ``playground nlu-report travel`` prints (AgentSpec.extra["nlu_report"]): both labelled sets,
    or the one file given."""
    if path is not None:
        return run_report(path)
    return [run_report(PHRASINGS), run_report(HOLDOUT_C, "travel (hold-out C)")]
