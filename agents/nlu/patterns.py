"""Compiled regular expressions kept for the process: the lexicons build one pattern per word at run time,
thousands in all, which overflow ``re``'s own 512-entry cache and were compiled again on every turn (the
eval benchmark spent a third of its time in ``re.compile``). The patterns come from lexicons, catalogues and
stored names (a campaign's name), not from a message's text; the LRU bound keeps memory bounded all the same."""

from __future__ import annotations

import re
from functools import lru_cache


@lru_cache(maxsize=32768)
def compiled(source: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(source, flags)``, compiled once."""
    return re.compile(source, flags)


@lru_cache(maxsize=32768)
def literal(word: str) -> re.Pattern[str]:
    """The word itself, every character taken literally (``re.escape``)."""
    return re.compile(re.escape(word))
