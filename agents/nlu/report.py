"""How well an offline model reads its labelled test phrasings: accuracy per intent, per kind (a
single message, or a follow-up after earlier ones, with the follow-up's tags) and the confusions,
printed by ``playground nlu-report AGENT`` and by the phrasings tests."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

FOLLOW_UP, SINGLE = "follow_up", "single"


def kinds_of(item: Mapping[str, object]) -> list[str]:
    """An item's rows in the per-kind table: ``follow_up`` (it has ``before:`` messages) and each of its
    tags as ``follow_up:TAG``, else ``single``."""
    if not item.get("before"):
        return [SINGLE]
    tags = item.get("tags")
    return [FOLLOW_UP, *(f"{FOLLOW_UP}:{tag}" for tag in (tags if isinstance(tags, list) else []))]


def count_kinds(items: Sequence[tuple[Mapping[str, object], bool]]) -> dict[str, tuple[int, int]]:
    """``{kind: (right, total)}`` over (item, right) pairs; ``single`` and ``follow_up`` always present."""
    counts: dict[str, list[int]] = {SINGLE: [0, 0], FOLLOW_UP: [0, 0]}
    for item, ok in items:
        for kind in kinds_of(item):
            counts.setdefault(kind, [0, 0])
            counts[kind][0] += ok
            counts[kind][1] += 1
    return {k: (v[0], v[1]) for k, v in sorted(counts.items(), key=lambda kv: (kv[0] != SINGLE, kv[0]))}


@dataclass
class Outcome:
    text: str
    expected: str  # the labelled intent (or tool)
    got: str
    ok: bool
    problems: list[str] = field(default_factory=list)  # wrong or missing arguments
    item: Mapping[str, object] = field(default_factory=dict)


@dataclass
class Report:
    name: str
    outcomes: list[Outcome]

    @property
    def total(self) -> int:
        return len(self.outcomes)

    @property
    def right(self) -> int:
        return sum(o.ok for o in self.outcomes)

    @property
    def accuracy(self) -> float:
        return self.right / self.total if self.total else 0.0

    def per_intent(self) -> dict[str, tuple[int, int]]:
        counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for o in self.outcomes:
            counts[o.expected][0] += o.ok
            counts[o.expected][1] += 1
        return {k: (v[0], v[1]) for k, v in sorted(counts.items())}

    def per_kind(self) -> dict[str, tuple[int, int]]:
        return count_kinds([(o.item, o.ok) for o in self.outcomes])

    def confusions(self) -> list[tuple[str, str, int]]:
        pairs = Counter((o.expected, o.got) for o in self.outcomes if o.expected != o.got)
        return [(e, g, n) for (e, g), n in pairs.most_common()]

    def misses(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.ok]

    def summary(self) -> str:
        return f"{self.name}: {self.right}/{self.total} right ({self.accuracy:.1%})"

    def print(self, console: Console | None = None, *, show_misses: bool = True) -> None:
        from rich.console import Console  # rich only for a printed report: not on every turn's import path
        from rich.table import Table

        console = console or Console()
        table = Table(title=self.summary())
        table.add_column("intent")
        table.add_column("right", justify="right")
        table.add_column("of", justify="right")
        table.add_column("accuracy", justify="right")
        for intent, (right, total) in self.per_intent().items():
            table.add_row(intent, str(right), str(total), f"{right / total:.0%}")
        console.print(table)
        kinds = Table(title="per kind (follow-up: after earlier messages)")
        for name, justify in (("kind", "left"), ("right", "right"), ("of", "right"), ("accuracy", "right")):
            kinds.add_column(name, justify=justify)  # type: ignore[arg-type]
        for kind, (right, total) in self.per_kind().items():
            kinds.add_row(kind, str(right), str(total), f"{right / total:.0%}" if total else "-")
        console.print(kinds)
        if self.confusions():
            conf = Table(title="confusions (expected → got)")
            conf.add_column("expected")
            conf.add_column("got")
            conf.add_column("n", justify="right")
            for expected, got, n in self.confusions():
                conf.add_row(expected, got, str(n))
            console.print(conf)
        if show_misses:
            for o in self.misses():
                before = o.item.get("before")
                after = f" (after {' / '.join(map(repr, before))})" if isinstance(before, list) and before else ""
                console.print(f"✗ {o.text!r}{after}: expected {o.expected}, got {o.got}"
                              + (f" ({'; '.join(o.problems)})" if o.problems else ""), markup=False)
