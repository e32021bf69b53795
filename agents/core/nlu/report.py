"""How well an offline model reads its labelled test phrasings: accuracy per intent and the
confusions, printed by ``playground nlu-report AGENT`` and by the phrasings tests."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console


@dataclass
class Outcome:
    text: str
    expected: str  # the labelled intent (or tool)
    got: str
    ok: bool
    problems: list[str] = field(default_factory=list)  # wrong or missing arguments
    item: dict[str, Any] = field(default_factory=dict)


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
                console.print(f"✗ {o.text!r}: expected {o.expected}, got {o.got}"
                              + (f" ({'; '.join(o.problems)})" if o.problems else ""), markup=False)
