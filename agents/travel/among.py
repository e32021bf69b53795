"""Places the user lists to choose among ("메이지 신궁이랑 팀랩 중에 하나 빼려고", "one of Ueno Park or Odaiba"): the
list in the user's own order, and the one the message picks from it, by its name or by its position in that list
("두번째 거", "the second") said after the choosing words. Nothing picked: the reader asks with the list as choices
(a mutation is never guessed); an answer to that question is read with it, so its position counts in the same list."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from agents.nlu import Lexicon, compact
from agents.nlu.dialogue import position
from agents.nlu.text import find
from agents.travel import questions
from agents.travel.wording import phrase_pattern, without

if TYPE_CHECKING:
    from agents.travel.reading import Reading, _Reader


def among(text: str, lex: Lexicon, named: list[tuple[int, str]], *,
          again: Callable[[str], list[str]] = lambda _tail: []) -> tuple[list[str], str | None] | None:
    """``named``: (position in the compact text, name) of each place the message names by a name of its own, in text
    order; ``again``: the places named in a stretch of the text (a name said twice is one mention of the whole).
    (the listed places, the one picked or None); None when the message lists no places to choose among."""
    phrases = lex.hits(text, "one_of")
    ends = [at + len(compact(p)) for p in phrases if (at := find(text, p)) >= 0]
    if not ends:
        return None
    cut = min(ends)
    before = list(dict.fromkeys(n for at, n in named if at < cut))
    options = before if len(before) >= 2 else list(dict.fromkeys(n for _, n in named))  # "either A or B": after it
    if len(options) < 2:
        return None
    tail = min((m.end() for p in phrases if (m := phrase_pattern(p).search(text)) is not None), default=len(text))
    said = [n for n in again(text[tail:]) if n in options] if options is before else []
    if said:
        return options, said[-1]
    pos = position(without(text, phrases))
    if pos is not None and (pos == -1 or 1 <= pos <= len(options)):
        return options, options[pos - 1] if pos > 0 else options[-1]
    return options, None


def listed_choice(reader: _Reader, what: str) -> Reading | str | None:
    """The place picked from a list the user said (its name), the question which one (with the list as choices), or
    None when the message lists no places to choose among."""
    from agents.travel.reading import Reading

    found = among(reader.text, reader.lex, [(m.start, reader.name(m)) for m in reader.places if m.strength >= 2 or m.id in reader.saved_ids],
                  again=lambda tail: [reader.name(m) for m in reader.g.place_mentions(tail) if m.strength >= 2])
    if found is None:
        return None
    options, picked = found
    if picked is not None:
        return picked
    question, _ = questions.which_place(what, [], reader.en)
    day = reader.day() if what == "add" else None
    return Reading(None, {"missing": "place", "for": what, **({"day": day} if day else {})}, question, options, "ask")
