"""Places the user lists to choose among ("메이지 신궁이랑 팀랩 중에 하나 빼려고", "one of Ueno Park or Odaiba"): the
list in the user's own order, and the one the message picks from it, by its name or by its position in that list
("두번째 거", "the second") said after the choosing words. Nothing picked: the reader asks with the list as choices
(a mutation is never guessed); an answer to that question is read with it, so its position counts in the same list."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from agents.nlu import Lexicon, compact
from agents.nlu.dialogue import position
from agents.travel import questions
from agents.travel.understood import Reading
from agents.travel.wording import phrase_pattern, without

if TYPE_CHECKING:
    from agents.travel.reading import _Reader


def among(text: str, lex: Lexicon, mentions: Callable[[str], list[str]]) -> tuple[list[str], str | None] | None:
    """``mentions``: the places a stretch of the text names by a name of their own, in text order. (the listed places,
    the one picked or None); None when the message lists no places to choose among."""
    phrases = lex.hits(text, "one_of")
    spans = [m.span() for p in phrases if (m := phrase_pattern(p).search(text)) is not None]
    if not spans:
        return None
    start, end = min(spans)
    before = list(dict.fromkeys(mentions(text[:start])))  # each stretch alone: a name said twice is read twice
    options = before if len(before) >= 2 else list(dict.fromkeys(mentions(text[end:])))  # "one of A or B"
    if len(options) < 2:
        return None
    last = compact(text).rstrip("?!.~")
    if answered := [n for n in options if last.endswith(compact(n))]:
        return options, answered[0]  # the choice answering the question which, read after it
    said = [n for n in mentions(text[end:]) if n in options] if options is before else []
    if said:
        return options, said[-1]
    pos = position(without(text, phrases))
    if pos is not None and (pos == -1 or 1 <= pos <= len(options)):
        return options, options[pos - 1] if pos > 0 else options[-1]
    return options, None


def listed_choice(reader: _Reader, what: str) -> Reading | str | None:
    """The place picked from a list the user said (its name), the question which one (with the list as choices), or
    None when the message lists no places to choose among."""
    found = among(reader.text, reader.lex, lambda part: _named(reader, part))
    if found is None:
        return None
    options, picked = found
    if picked is not None:
        return picked
    question, _ = questions.which_place(what, [], reader.en)
    day = reader.day() if what == "add" else None
    return Reading(None, {"missing": "place", "for": what, **({"day": day} if day else {})}, question, options, "ask")


def _named(reader: _Reader, part: str) -> list[str]:
    """The places ``part`` names by a name of their own (or a saved one by a short name), in order; a name inside a
    longer one found there is no mention of its own."""
    found = type(reader)(part, reader.trip).places
    return [reader.name(m) for m in sorted(found, key=lambda m: m.start) if m.strength >= 2 or m.id in reader.saved_ids]
