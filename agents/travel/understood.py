"""What one message was understood as: a tool with its arguments, or a question with choices. Its own module so
that the readers of one kind of message (among.py, boarding.py, trips.py) build one without importing the reader
that calls them (reading.py)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Reading:
    tool: str | None  # a tool name of the phrasings' vocabulary, or None: ask
    args: dict[str, object] = field(default_factory=dict)
    question: str = ""
    choices: list[str] = field(default_factory=list)
    source: str = "rule"

    @property
    def clarify(self) -> bool:
        return self.tool is None
