"""Measure the tutor's offline model on the labelled phrasings (tests/tutor/phrasings.yaml and
phrasings_wild.yaml, phrasings_long.yaml and phrasings_c.yaml, written apart from ``training.yaml``): each is read on its screen and checked for
the kind and every labelled argument (``playground nlu-report tutor``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import model_validator

from agents.core.nlu import Outcome, Report, compact
from agents.core.nlu.labelled import Item, load_items
from agents.tutor.reading import HIGH_RISK, read
from agents.tutor.sandbox import state_for_route

PHRASINGS = Path(__file__).resolve().parents[2] / "tests" / "tutor" / "phrasings.yaml"
# Phrasings as strangers type (casual, polite, typos, English and mixed), written apart from both the
# exemplars and the first set: how far the understanding generalises.
WILD = PHRASINGS.with_name("phrasings_wild.yaml")
# Long polite messages of several clauses, the request in one of them (mostly the last), the others context.
LONG = PHRASINGS.with_name("phrasings_long.yaml")
# Hold-out C's tune half, written blind from the file header and data/tutor/*.json only.
HOLDOUT_C = PHRASINGS.with_name("phrasings_c.yaml")


def _same(key: str, want: Any, have: Any) -> bool:
    if key == "keyword":
        return have is not None and compact(str(have)).lower() == compact(str(want)).lower()
    return have == want


def check(item: dict[str, Any]) -> Outcome:
    reading = read(item["text"], state_for_route(item["screen"]))
    expected = "clarify" if item.get("clarify") else item.get("action") or item["answer"]
    got = reading.kind or "clarify"
    problems: list[str] = []
    if got != expected:
        problems.append(f"kind {got} != {expected}")
        if got in HIGH_RISK and expected == "clarify":
            problems.append("a high-risk action was read where the model had to ask")
    elif expected == "clarify" and len(reading.choices) < 2:
        problems.append("a question without choices")
    else:
        for key, want in (item.get("args") or {}).items():
            if not _same(key, want, reading.args.get(key)):
                problems.append(f"{key}: {reading.args.get(key)!r} != {want!r}")
    return Outcome(text=item["text"], expected=expected, got=got, ok=not problems, problems=problems, item=item)


class TutorItem(Item):
    """What ``check`` reads of an item (tests/PHRASINGS_FORMAT.md, tutor)."""

    screen: str
    action: str | None = None
    answer: str | None = None

    @model_validator(mode="after")
    def _labelled(self) -> TutorItem:
        if self.action is None and self.answer is None and not self.clarify:
            raise ValueError("needs 'action', 'answer' or 'clarify: true'")
        state_for_route(self.screen)  # ValueError names a route the sandbox app does not have
        return self


def load(path: Path = PHRASINGS) -> list[dict[str, Any]]:
    return load_items(path, TutorItem)


def run_report(path: Path | None = None, name: str = "tutor") -> Report:
    return Report(name, [check(item) for item in load(path or PHRASINGS)])


def nlu_report(path: Path | None = None) -> Report | list[Report]:
    """What ``playground nlu-report tutor`` prints (AgentSpec.extra["nlu_report"]): the four labelled
    sets, or the one file given."""
    if path is not None:
        return run_report(path, "tutor")
    return [run_report(PHRASINGS, "tutor"), run_report(WILD, "tutor (wild)"), run_report(LONG, "tutor (long)"),
            run_report(HOLDOUT_C, "tutor (hold-out C)")]
