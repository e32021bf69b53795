"""Measure the offline correction checker on the labelled learner sentences
(``tests/english/corrections.yaml``, written by a data author apart from the rules, and
``tests/english/corrections_wild.yaml``, a second set written later as learners write in chat and never
used to tune a rule sentence by sentence, and ``corrections_c.yaml``, a blind writer's hold-out tune half).

A sentence counts as corrected right only when the checker's whole corrected sentence equals the
label, comparing with the first letter's case and a final period normalised (the file's convention).
Precision = right corrections / all corrections the checker made (a correct sentence it changed, or an
erroneous one it changed wrongly, is a false alarm); recall = right corrections / erroneous sentences.
``playground nlu-report english`` prints it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import model_validator

from agents.core.labelled import Item, load_items
from agents.english.checker import check
from agents.nlu import Outcome, Report

if TYPE_CHECKING:
    from rich.console import Console

CORRECTIONS = Path(__file__).resolve().parents[2] / "tests" / "english" / "corrections.yaml"
WILD = CORRECTIONS.with_name("corrections_wild.yaml")
# Hold-out C's tune half, written blind by a writer who never read the rules (its test half is kept outside).
HOLDOUT_C = CORRECTIONS.with_name("corrections_c.yaml")
TODAY = date(2026, 11, 2)  # past-year phrases ("in 2019") are read against a fixed day, so runs agree


def normalise(text: str) -> str:
    text = " ".join(text.strip().split())
    if text.endswith("."):
        text = text[:-1]
    return text[:1].lower() + text[1:]


@dataclass
class Figures:
    items: int
    with_errors: int
    flagged: int  # sentences the checker changed
    right: int  # changed exactly as labelled
    false_alarms: int  # correct sentences it changed
    wrong_fixes: int  # erroneous sentences changed, but not as labelled
    flagged_errors: int  # erroneous sentences it changed at all (detection)

    @property
    def precision(self) -> float:
        return self.right / self.flagged if self.flagged else 1.0

    @property
    def recall(self) -> float:
        return self.right / self.with_errors if self.with_errors else 0.0

    @property
    def detection_precision(self) -> float:
        return self.flagged_errors / self.flagged if self.flagged else 1.0

    @property
    def detection_recall(self) -> float:
        return self.flagged_errors / self.with_errors if self.with_errors else 0.0

    def as_dict(self) -> dict[str, float]:
        return {"items": self.items, "with_errors": self.with_errors, "flagged": self.flagged, "right_fixes": self.right,
                "false_alarms": self.false_alarms, "wrong_fixes": self.wrong_fixes,
                "precision": round(self.precision, 4), "recall": round(self.recall, 4),
                "detection_precision": round(self.detection_precision, 4),
                "detection_recall": round(self.detection_recall, 4)}


def _label(item: Mapping[str, object]) -> str:
    types = item.get("error_types")  # a CorrectionItem: a list of error types, or none
    return (str(types[0]) if isinstance(types, list) and types else "other") if item["has_errors"] else "correct"


def judge(item: Mapping[str, object]) -> Outcome:
    """One CorrectionItem (text, has_errors, corrected) against the checker."""
    result = check(str(item["text"]), today=TODAY)
    expected = _label(item)
    if not item["has_errors"]:
        ok = not result.has_errors
        problems = [] if ok else [f"false alarm → {result.corrected!r} ({', '.join(result.kinds)})"]
        return Outcome(str(item["text"]), expected, "correct" if ok else "false_alarm", ok, problems,
                       {**item, "got": result.corrected, "flagged": result.has_errors})
    if not result.has_errors:
        return Outcome(str(item["text"]), expected, "missed", False, ["missed"], {**item, "flagged": False})
    ok = normalise(result.corrected) == normalise(str(item["corrected"]))
    problems = [] if ok else [f"wrong fix → {result.corrected!r}, want {item['corrected']!r}"]
    return Outcome(str(item["text"]), expected, expected if ok else "wrong_fix", ok, problems,
                   {**item, "got": result.corrected, "flagged": True})


@dataclass
class CorrectionReport(Report):
    """The shared accuracy report plus the checker's precision and recall; ``others`` are the reports on
    further labelled sets, printed after this one (each set must pass on its own)."""

    label: str = ""
    others: list[CorrectionReport] = field(default_factory=list)

    def figures(self) -> Figures:
        flagged = [o for o in self.outcomes if o.item.get("flagged")]
        errors = [o for o in self.outcomes if o.item.get("has_errors")]
        return Figures(
            items=self.total, with_errors=len(errors), flagged=len(flagged),
            right=sum(o.ok for o in errors), false_alarms=sum(not o.item.get("has_errors") for o in flagged),
            wrong_fixes=sum(bool(o.item.get("has_errors")) and not o.ok for o in flagged),
            flagged_errors=sum(bool(o.item.get("has_errors")) for o in flagged))

    def summary(self) -> str:
        f = self.figures()
        return (f"english correction checker: precision {f.precision:.1%} ({f.right}/{f.flagged}), "
                f"recall {f.recall:.1%} ({f.right}/{f.with_errors}); {f.false_alarms} false alarms on "
                f"{f.items - f.with_errors} correct sentences, {f.wrong_fixes} wrong fixes")

    def print(self, console: Console | None = None, *, show_misses: bool = True) -> None:
        from rich.console import Console  # rich only for a printed report
        from rich.table import Table

        console = console or Console()
        if self.label:
            console.print(f"— {self.label} —", markup=False)
        console.print(self.summary(), markup=False)
        table = Table(title="per error type (right of labelled)")
        for column in ("type", "right", "of", "recall"):
            table.add_column(column, justify="left" if column == "type" else "right")
        for kind, (right, total) in self.per_intent().items():
            table.add_row(kind, str(right), str(total), f"{right / total:.0%}")
        console.print(table)
        if show_misses:
            for o in self.misses():
                console.print(f"✗ [{o.expected}] {o.text!r}: {'; '.join(o.problems)}", markup=False)
        for other in self.others:
            console.print()
            other.print(console, show_misses=show_misses)

    def json_figures(self) -> dict[str, object]:
        figures: dict[str, object] = {**self.figures().as_dict()}
        if self.others:
            figures["sets"] = {r.label: r.figures().as_dict() for r in (self, *self.others)}
        return figures


class CorrectionItem(Item):
    """What ``judge`` reads of an item (tests/PHRASINGS_FORMAT.md, english)."""

    has_errors: bool
    corrected: str | None = None
    error_types: list[str] | None = None

    @model_validator(mode="after")
    def _labelled(self) -> CorrectionItem:
        if self.has_errors and self.corrected is None:
            raise ValueError("has_errors: true needs 'corrected' (the whole corrected sentence)")
        return self


def load(path: Path = CORRECTIONS) -> list[dict[str, object]]:
    return load_items(path, CorrectionItem)


def run_report(path: Path | None = None) -> CorrectionReport:
    """What ``playground nlu-report english`` prints (AgentSpec.nlu_report): one file's report,
    or with no file the labelled set with the wild set and hold-out C after it (the figures on top are the first's)."""
    if path is not None:
        return CorrectionReport("english", [judge(item) for item in load(path)], path.name)
    main = CorrectionReport("english", [judge(item) for item in load(CORRECTIONS)], CORRECTIONS.name)
    main.others = [CorrectionReport("english", [judge(item) for item in load(path)], path.name)
                   for path in (WILD, HOLDOUT_C)]
    return main


def kinds_found(path: Path | None = None) -> Counter[str]:
    """How often each rule kind fired on the set (a quick view for tuning by kind, never by sentence)."""
    return Counter(k for item in load(path or CORRECTIONS) for k in check(str(item["text"]), today=TODAY).kinds)
