"""How the Lab's commands print: a plain rich console (no colour, no emoji markup) and JSON lines."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.console import Console


def console(out: TextIO) -> Console:
    from rich.console import Console  # rich loads only for a command that prints a table

    return Console(file=out, width=140, force_terminal=False, color_system=None, highlight=False, emoji=False)


def dump(value: object, out: TextIO) -> None:  # json.dumps with default=str: any value prints
    out.write(json.dumps(value, ensure_ascii=False, default=str) + "\n")
