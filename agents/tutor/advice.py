"""Advice and predictions asked of the tutor ("사도 돼?", "지금 들어가도 늦지 않았나요", "should I average down?",
"will it go up?"): the tutor gives neither and says so first; about a stock it knows (named, on screen, or the
one the conversation is about) it then shows that stock's move with its figures (the whole market's for the
market), else it offers what it can show. No clause of such a message may open an order screen (``reading.read``
checks this first; the pipeline's guard refuses a high-risk action a real model proposes for one). Negated requests ("사지는 말고요", "don't sell it") are cut
before anything is read, here and in ``reading``.

The phrase kinds are the lexicon's (``lexicon.yaml``, section ``advice_patterns``: each a list of regular-expression
alternatives), so a new phrasing is a data edit and the lexicon's checks apply to them."""

from __future__ import annotations

import functools
import re

from agents.nlu import normalise
from agents.nlu.lexicon import strings
from agents.tutor.catalog import hit, lexicon
from agents.tutor.names import find_stocks, find_term


@functools.cache
def pattern(kind: str) -> re.Pattern[str]:
    """One phrase kind of the lexicon's ``advice_patterns``, its alternatives joined into one expression."""
    alternatives = strings(lexicon().section("advice_patterns").get(kind), f"advice_patterns {kind}")
    if not alternatives:
        raise KeyError(f"advice_patterns has no {kind!r}")
    return re.compile("|".join(alternatives))


def without_negated(text: str) -> str:
    """The message with its negated requests cut: "X 같은 건 하지 말고" (back to the last comma), "사지는 말고요",
    "don't sell it", "without leaving this page" are not asked for."""
    return pattern("negated").sub(" ", text)


def _has(kind: str, n: str) -> bool:
    return pattern(kind).search(n) is not None


def asks_advice(text: str) -> bool:
    """The learner asks for advice or a prediction (사도 돼?, 반등 언제 와요?, will it go up?, should I buy?).
    A trade they only weigh counts unless the message asks for a screen ("팔까 말까 고민 중인데 주문 화면 열어 줘")."""
    said = without_negated(text)
    n = normalise(said)
    screen = _has("screen_asked", n)
    return (hit(said, "advice") or _has("will_move", n) or _has("trade_judge", n)
            or ((_has("may_trade", n) or _has("shall_i", n)) and not screen)
            or _has("judge_en", n) or (_has("dilemma", n) and not screen)
            or _has("late", n) or _has("recover", n) or _has("go_asked", n) or _has("or_wait", n)
            or (_has("verdict", n) and not _has("about_it", n) and not _term_only(said))
            or (_has("must_trade", n) and not screen)
            or (hit(said, "averaging") and _has("judged", n) and not _has("about_it", n) and not screen))


def picks_stock(text: str) -> bool:
    """Advice that asks which stock to pick ("그럼 뭐 사야 돼?", "what should I buy then"): about no stock named
    before or shown, so none is taken from the screen or the conversation."""
    return _has("pick", normalise(without_negated(text)))


def _term_only(text: str) -> bool:
    """A term asked about with no stock named ("PER이 몇 퍼센트면 싼 거야?"): how the ratio reads, not a verdict."""
    return find_term(text) is not None and not find_stocks(text).codes
