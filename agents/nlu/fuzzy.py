"""Entities found by name in what people type: exact, partial, with typos, or by an English
alias ("the summer launch campaign" -> 여름 신상품 런칭), with rapidfuzz."""

from __future__ import annotations

import re

from rapidfuzz import fuzz

from agents.nlu.text import normalise

_GENERIC = {"캠페인", "광고", "campaign", "campaigns", "the", "our", "my", "제품", "상품", "product", "ad", "ads"}
_GENERIC_WORDS = re.compile(r"(?<![a-z])(campaigns?|ads?|the|our|my|product)(?![a-z])|캠페인|광고")


def _key(text: str) -> str:
    """Letters and digits only, without generic words, so "app campaign" never matches "all campaigns"."""
    return re.sub(r"[\W_]+", "", _GENERIC_WORDS.sub(" ", normalise(text)))


class FuzzyIndex:
    def __init__(self, entries: dict[str, list[str]], generic: set[str] | frozenset[str] = frozenset()) -> None:
        """``entries``: id -> names and aliases (the first is the display name). ``generic``: words
        that alone name no entity in this domain ("traffic", "인지도": objectives, not campaigns)."""
        self.entries = {eid: [n for n in names if n] for eid, names in entries.items()}
        self._keys = {eid: [k for k in (_key(n) for n in names) if k] for eid, names in self.entries.items()}
        generic_words = {w for g in generic for w in _words(g)} | {normalise(g) for g in generic}
        self._words = {eid: {w for n in names for w in _words(n)} - generic_words
                       for eid, names in self.entries.items()}

    def find(self, text: str, cutoff: float = 80.0) -> list[tuple[str, float]]:
        """Entities the text names, best first, each with a score 0..100."""
        key = _key(text)
        if not key:
            return []
        spaced = _GENERIC_WORDS.sub(" ", normalise(text))
        scored: dict[str, float] = {}
        typed: dict[str, str] = {}  # eid -> the full name or alias found verbatim in the text
        for eid, keys in self._keys.items():
            best = 0.0
            for k in keys:
                if k == key or (k in key and (not k.isascii() or _whole_words(k, spaced))):
                    if 100.0 + len(k) / 100 > best:
                        typed[eid] = k
                    best = max(best, 100.0 + len(k) / 100)  # the longest full name wins over a shorter one
                elif len(k) >= (6 if k.isascii() else 3) and len(key) >= 3:
                    # a typo'd full name inside a sentence; short keys need an exact hit ("lead" is
                    # no typo of "ahead"; Latin letters carry less per character than syllables)
                    best = max(best, fuzz.partial_ratio(k, key) if len(k) <= len(key) + 2 else fuzz.ratio(k, key))
            words = _words(text) & self._words[eid]
            if words:  # a distinctive word of the name ("리타겟팅", "summer launch")
                best = max(best, 80.0 + 5 * min(3, len(words)) + max(len(w) for w in words) / 10)
            if best >= cutoff:
                scored[eid] = best
        ranked = sorted(scored.items(), key=lambda x: (-x[1], x[0]))
        if ranked and ranked[0][1] >= 100:  # a full name was typed: drop names it merely contains words of
            ranked = [r for r in ranked if r[1] >= 100]
            # "봄 시즌 세일 2" also contains "봄 시즌 세일": a name inside a longer typed name is not meant,
            # but two different names typed side by side ("A with B") both are
            # (a name only partly typed has no verbatim key: "" is inside every key, so a verbatim name beats it)
            ranked = [r for r in ranked if not any(typed.get(r[0], "") != typed.get(o[0], "")
                                                   and typed.get(r[0], "") in typed.get(o[0], "") for o in ranked)]
        return ranked

    def best(self, text: str, cutoff: float = 80.0) -> str | None:
        """The one entity the text names, or None when none or several tie."""
        found = self.find(text, cutoff)
        if not found:
            return None
        if len(found) > 1 and found[1][1] >= found[0][1] - 2:
            return None
        return found[0][0]

    def name(self, eid: str) -> str:
        return self.entries[eid][0]


def _whole_words(key: str, text: str) -> bool:
    """A Latin name key found in ``text`` from a word's start to a word's end, spaces anywhere between its
    letters ("app promo", "apppromo"): "app" in "happen" or "application" is no mention."""
    pattern = r"\s*".join(map(re.escape, key))
    return re.search(rf"(?<![a-z0-9]){pattern}(?![a-z0-9])", text) is not None


def _words(text: str) -> set[str]:
    """Distinctive words: Korean 2+ syllables with particles trimmed, English 3+ letters."""
    out = set()
    for word in re.findall(r"[가-힣]{2,}|[a-z0-9]{3,}", normalise(text)):
        word = re.sub(r"(캠페인|에서|으로|이랑|하고|은|는|이|가|을|를|의|도|만|에|랑|로|과|와|좀)$", "", word)
        if len(word) >= 2 and word not in _GENERIC:
            out.add(word)
    return out
