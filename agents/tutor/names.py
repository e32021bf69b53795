"""Stocks, cases and terms named in what a learner types: exact names and aliases first (longest
wins, positions kept so "plot kakao vs naver" keeps its order), then typos compared letter by letter
(Hangul split into jamo, so 네이바 is one vowel away from 네이버)."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz

from agents.nlu import compact, normalise
from agents.nlu.patterns import compiled
from agents.nlu.text import contains
from agents.tutor.sandbox_data import glossary, stocks

# Bare words that name more than one stock: ask instead of guessing.
AMBIGUOUS = {"삼성": ("005930", "207940"), "sk": ("000660", "017670"), "에스케이": ("000660", "017670"),
             "lg": ("373220",), "에코프로": ()}
_PARTICLE = re.compile(r"(으로|에서|이랑|하고|까지|부터|은|는|이|가|을|를|의|도|만|에|랑|로|과|와|좀|꺼|거)$")


@dataclass(frozen=True)
class Mentions:
    codes: list[str]  # in text order, each once
    ambiguous: tuple[str, ...] = ()  # candidate codes when a bare ambiguous word was typed


def _jamo(text: str) -> str:
    out = []
    for ch in text:
        code = ord(ch) - 0xAC00
        if 0 <= code < 11172:
            out.append(chr(0x1100 + code // 588) + chr(0x1161 + code % 588 // 28)
                       + (chr(0x11A7 + code % 28) if code % 28 else ""))
        else:
            out.append(ch)
    return "".join(out)


@functools.cache
def _stock_keys() -> list[tuple[str, str, bool]]:
    """(key, code, ascii) longest first; Korean keys are compact, ASCII ones normalised words."""
    from agents.tutor.catalog import lexicon

    nicknames = lexicon().slots.get("nickname", {})
    keys = []
    for code, s in stocks().items():
        for name in (s.name, s.name_en, code, *s.aliases, *nicknames.get(code, []), *_first_words(code)):
            n = normalise(name)
            ascii_key = n.isascii()
            keys.append((n if ascii_key else compact(name), code, ascii_key))
    return sorted(set(keys), key=lambda k: -len(k[0]))


def _first_words(code: str) -> list[str]:
    """The first word of a stock's name when no other stock shares it ("kodex" for KODEX 200 ETF):
    people drop the rest. A shared one ("samsung", "ecopro") names no stock by itself."""
    def first(c: str) -> set[str]:
        s = stocks()[c]
        return {w for name in (s.name, s.name_en) if len(w := normalise(name).split(" ")[0]) >= 3 and w != normalise(name)}

    others = {w for c, s in stocks().items() if c != code
              for w in (*first(c), *(normalise(n) for n in (s.name, s.name_en, *s.aliases)))}
    return sorted(first(code) - others - set(AMBIGUOUS))


def find_stocks(text: str, *, skip: Sequence[str] = ()) -> Mentions:
    """Stocks named in ``text``; phrases in ``skip`` (e.g. "네이버 증권", a link) are blanked first."""
    n = normalise(text)
    for phrase in skip:
        n = n.replace(normalise(phrase), " ")
    c = compact(n)
    taken: list[tuple[int, int]] = []
    found: list[tuple[int, str]] = []
    for key, code, ascii_key in _stock_keys():
        if ascii_key:
            if not contains(n, key):
                continue
            at = c.find(compact(key))
        else:
            at = c.find(key)
        while at >= 0 and any(a <= at < b for a, b in taken):
            at = c.find(compact(key), at + 1)
        if at < 0:
            continue
        taken.append((at, at + len(compact(key))))
        found.append((at, code))
    codes: list[str] = []
    for _, code in sorted(found):
        if code not in codes:
            codes.append(code)
    if not codes:
        codes = _typos(n)
    ambiguous: tuple[str, ...] = ()
    if not codes:
        for word, options in AMBIGUOUS.items():
            if options and (contains(n, word) if word.isascii() else word in c):
                ambiguous = options
                break
    return Mentions(codes, ambiguous)


def _typos(n: str) -> list[str]:
    words = [_PARTICLE.sub("", w) for w in re.findall(r"[가-힣]{3,}", n)]
    out: list[tuple[float, str]] = []
    for word in words:
        best = (0.0, "")
        for key, code, ascii_key in _stock_keys():
            if ascii_key or len(key) < 3 or abs(len(key) - len(word)) > 1:
                continue
            score = fuzz.ratio(_jamo(key), _jamo(word))
            if score > best[0]:
                best = (score, code)
        if best[0] >= 80:
            out.append(best)
    return [code for _, code in out]


@functools.cache
def _term_keys() -> list[tuple[str, str]]:
    from agents.tutor.catalog import lexicon

    keys: list[tuple[str, str]] = []
    extra = lexicon().slots.get("term", {})
    for term, entry in glossary().items():
        # The term's English name from the data too ("leveraged ETF", "payout ratio"), without its gloss.
        english = entry["term_en"].split("(")[0].strip()
        for name in (term, *entry["aliases"], *extra.get(term, []), english):
            keys.append((name, term))
    return sorted(keys, key=lambda k: -len(compact(k[0])))


_OPEN_VERB = re.compile(r"\bopen(?=\s+(?:the|my|a|an|up|it|this|that|its|me|for)\b)|"
                        # a request that starts with it ("open Kakao stock page", "pls open 카카오"), unless the
                        # opening price is what it names ("open price", "open vs close")
                        r"(?:^|(?<=please )|(?<=pls )|(?<=you )|(?<=now )|(?<=and )|(?<=then ))open\b"
                        r"(?!\s*(?:price|prices|vs\.?|versus|and\s+clos\w*|to\s+close|[?]|$))")


# "몇 퍼 빠졌어", "몇퍼야": "퍼" after 몇 is a percent asked for, not PER's nickname.
_PERCENT_ASKED = re.compile(r"몇\s?퍼(?!센)")


def find_term(text: str) -> str | None:
    """The canonical glossary or key term the text names (the longest name typed); "open" as a verb
    ("open the lesson", "could you open it") is not the opening price."""
    n = _PERCENT_ASKED.sub(" ", _OPEN_VERB.sub(" ", normalise(text)))
    for name, term in _term_keys():
        if contains(n, normalise(name)):
            return term
    return None


def term_typed(text: str) -> str | None:
    """The name by which the text names its glossary term ("배당수익률", "dividend yield"), normalised."""
    n = _PERCENT_ASKED.sub(" ", _OPEN_VERB.sub(" ", normalise(text)))
    return next((normalise(name) for name, _ in _term_keys() if contains(n, normalise(name))), None)


def without_stocks(text: str) -> str:
    """``text`` with every stock name blanked, so a word inside a name ("etf" in "코스피200 etf", "KODEX 200
    ETF") is not read as something else (the ETF case)."""
    n = normalise(text)
    for key, _, ascii_key in _stock_keys():
        if len(key) < 2:
            continue
        body = r"\s*".join(re.escape(ch) for ch in key.replace(" ", ""))
        n = compiled(rf"(?<![a-z0-9]){body}(?![a-z0-9])" if ascii_key else body).sub(" ", n)
    return n

