"""Measure the travel offline model on labelled phrasings (tests/travel/phrasings.yaml, written
apart from ``training.yaml``): each item is read against its destination's sample trip as seeded
and checked for the tool and every labelled argument (``playground nlu-report travel``). A follow-up
(``before:``) runs its earlier messages through the real agent on that trip first (``Rehearsal``) and
is checked on the policy's reading of its last turn."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import model_validator

from agents.core.followups import Rehearsal, Step, earlier
from agents.core.labelled import Item, load_items
from agents.nlu import Outcome, Report, compact
from agents.travel.destinations import destinations
from agents.travel.names import gazetteer
from agents.travel.policy import read_request
from agents.travel.reading import MUTATIONS, TripView, read
from agents.travel.service import TripService
from agents.travel.understood import Reading

PHRASINGS = Path(__file__).resolve().parents[2] / "tests" / "travel" / "phrasings.yaml"
# Hold-out C's tune half: phrasings a writer who never read the rules wrote later (casual, English, typos).
HOLDOUT_C = PHRASINGS.with_name("phrasings_c.yaml")
# Follow-ups: the labelled message comes after earlier ones in the same conversation (``before:``).
FOLLOWUP = PHRASINGS.with_name("phrasings_followup.yaml")
_PLACE_ARGS = ("near", "reference", "place")
USER = "demo"
NOW = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)  # follow-ups run at a fixed time, so runs agree


@cache
def sample_trip(destination: str) -> TripView:
    dest = destinations()[destination]
    sample = dest.sample_trip
    assert sample is not None, destination
    g = gazetteer(destination)
    saved = tuple(g.places[pid].name_ko for pid in sample.place_ids if pid in g.places)
    return TripView(destination=destination, saved=saved, days=sample.nights + 1)


def _same_place(destination: str, want: object, got: object) -> bool:
    if got is None:
        return False
    if compact(str(want)) == compact(str(got)):
        return True
    g = gazetteer(destination)
    ids = [{pid for pid, p in g.places.items() if compact(v) in {compact(p.name_ko), compact(p.name),
                                                                 compact(p.name_en)}} for v in (str(want), str(got))]
    # an area spelt in English or in Korean ("Shinjuku" = 신주쿠: lexicon.yaml areas_en) is the same area
    areas = [{a for a, names in g.areas.items() if compact(v) in {compact(n) for n in names}} for v in (str(want), str(got))]
    return bool(ids[0] & ids[1]) or bool(areas[0] & areas[1])


def _on_sample_trip(rehearsal: Rehearsal, destination: str) -> None:
    """Make the destination's sample trip, as seeded, the user's active trip."""
    service = TripService(rehearsal.store)
    service.setup_user(USER, rehearsal.clock())
    sample = destinations()[destination].sample_trip
    assert sample is not None, destination
    for trip in service.store.trips(USER):
        if trip["destination"] == destination and trip["title"] == sample.title:
            service.store.set_active(USER, trip["id"])
            return
    service.seed_sample(USER, destinations()[destination], rehearsal.clock())


def _follow_up(item: dict[str, Any], rehearsal: Rehearsal | None) -> tuple[Reading | None, list[str]]:
    """The policy's reading of the labelled message's turn, after the earlier messages ran for real."""
    if rehearsal is None:
        with Rehearsal("travel", USER, NOW) as own:
            return _follow_up(item, own)
    _on_sample_trip(rehearsal, item.get("trip", "tokyo"))
    final = rehearsal.play([*(Step(t) for t in earlier(item)), Step(item["text"])])
    request = final.request()
    if final.problems or request is None:
        return None, final.problems or [final.error() or "the turn made no model call"]
    return read_request(request), []


def check(item: dict[str, Any], rehearsal: Rehearsal | None = None) -> Outcome:
    destination = item.get("trip", "tokyo")
    expected = "clarify" if item.get("clarify") else item["tool"]
    if item.get("before"):
        reading, problems = _follow_up(item, rehearsal)
        if reading is None:
            return Outcome(text=item["text"], expected=expected, got="error", ok=False, problems=problems, item=item)
    else:
        reading, problems = read(item["text"], sample_trip(destination)), []
    got = reading.tool or "clarify"
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
    items = load(path or PHRASINGS)
    if not any(item.get("before") for item in items):
        return Report(name, [check(item) for item in items])
    with Rehearsal("travel", USER, NOW) as rehearsal:  # one throwaway store for the file's follow-ups
        return Report(name, [check(item, rehearsal) for item in items])


def nlu_report(path: Path | None = None) -> Report | list[Report]:
    """What ``playground nlu-report travel`` prints (AgentSpec.nlu_report): both labelled sets,
    or the one file given."""
    if path is not None:
        return run_report(path)
    return [run_report(PHRASINGS), run_report(HOLDOUT_C, "travel (hold-out C)"),
            run_report(FOLLOWUP, "travel (follow-up)")]
