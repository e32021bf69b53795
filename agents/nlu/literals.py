"""The literal text a regular expression cannot match without (issue 27's start-up CPU).

The prompt-injection guard searches every message with ~115 patterns, and compiling them cost ~40 ms of each
process's first turn. A pattern's needs -- groups of strings, each group holding one that any match contains --
tell in a few ``in`` tests that a text cannot match it, so only the patterns a message could match are compiled and
searched: the same answers, without the compile for an ordinary message. The needs are read from Python's own parse
of the pattern (what ``re.compile`` does first) and kept on disk, keyed by the patterns' text and the Python version
(agents/nlu/cache_file.py), so a warm process parses nothing either.

Only what is certain is kept: a case-insensitive pattern, an optional part, a class of characters and a lookaround
add no need, and a pattern with none is always searched."""

from __future__ import annotations

import hashlib
import importlib
import json
import re
import sys
from collections.abc import Sequence

from agents.nlu.cache_file import cache_root, cached

# The stdlib's own parse of a pattern (what re.compile runs first) and its opcodes; typeshed has no stubs for them.
_parser = importlib.import_module("re._parser")
sre = importlib.import_module("re._constants")

Needs = tuple[tuple[str, ...], ...]  # every group must have one of its strings in the text; () needs nothing
FORMAT = 1  # bump when the way needs are read changes
KEEP = 8  # files kept, newest first


def required(source: str, flags: int = 0) -> Needs:
    """The groups of strings one of which any match of ``source`` holds (raises ``re.error`` as compiling would)."""
    parsed = _parser.parse(source, flags)
    if parsed.state.flags & re.IGNORECASE:  # also set by an inline (?i) at the start
        return ()
    return tuple(tuple(sorted(group)) for group in _needs(parsed))


def _needs(items: Sequence[tuple[object, object]]) -> list[set[str]]:
    """The needs of a sequence: its runs of literal characters, and what its parts that always match require."""
    needs: list[set[str]] = []
    run: list[str] = []
    for op, arg in items:
        if op is sre.LITERAL and isinstance(arg, int):
            run.append(chr(arg))
            continue
        if run:
            needs.append({"".join(run)})
            run = []
        if op is sre.SUBPATTERN and isinstance(arg, tuple):
            _group, add_flags, _del_flags, sub = arg
            if not add_flags & re.IGNORECASE:
                needs += _needs(sub)
        elif op is sre.ATOMIC_GROUP:
            needs += _needs(arg)  # type: ignore[arg-type]  # the group's parsed items
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT) and isinstance(arg, tuple):
            low, _high, sub = arg
            if low >= 1:
                needs += _needs(sub)
        elif op is sre.BRANCH and isinstance(arg, tuple):
            best = [_best(_needs(alternative)) for alternative in arg[1]]
            if all(group is not None for group in best):
                needs.append({word for group in best if group is not None for word in group})
        # anything else (a class, any character, an anchor, a lookaround, a back reference) needs no literal text
    if run:
        needs.append({"".join(run)})
    return needs


def _best(needs: list[set[str]]) -> set[str] | None:
    """The one group that says most: its shortest string the longest, then the fewest strings."""
    return max(needs, key=lambda group: (min(map(len, group)), -len(group)), default=None)


def could_match(needs: Needs, text: str) -> bool:
    """False when ``text`` lacks every string of a group: no match is possible. True means: search it."""
    return all(any(word in text for word in group) for group in needs)


def needs_of(sources: Sequence[str], flags: int = 0) -> dict[str, Needs]:
    """Each source's needs, from the cache when these sources were read before by this Python."""
    key = hashlib.sha256(json.dumps([FORMAT, list(sys.version_info[:2]), flags, list(sources)],
                                    ensure_ascii=False).encode()).hexdigest()[:32]

    def build() -> tuple[dict[str, Needs], bytes]:
        found = {source: required(source, flags) for source in sources}
        return found, json.dumps(found, ensure_ascii=False).encode()

    def decode(data: bytes) -> dict[str, Needs]:
        loaded = json.loads(data)
        if not isinstance(loaded, dict) or set(loaded) != set(sources):
            raise ValueError("needs for other patterns")
        return {source: tuple(tuple(str(word) for word in group) for group in groups)
                for source, groups in loaded.items()}

    return cached(cache_root() / "patterns" / f"{key}.json", decode, build, "pattern needs", KEEP)
