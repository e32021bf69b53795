"""Finding a campaign from what a person typed: id, exact name, part of a name, or close."""

from __future__ import annotations

import difflib
import re


def normalise(text: str) -> str:
    return re.sub(r"[\s\-_·.,'\"()\[\]]+", "", text).lower()


def match_campaigns(query: str, campaigns: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Best matches for ``query`` among (id, name) pairs; several means ambiguous."""
    q = normalise(query)
    if not q:
        return []
    exact = [c for c in campaigns if c[0] == query.strip() or normalise(c[1]) == q]
    if exact:
        return exact[:1]
    contained = [c for c in campaigns if normalise(c[1]) in q]
    if contained:
        longest = max(len(normalise(c[1])) for c in contained)
        return [c for c in contained if len(normalise(c[1])) == longest]
    partial = [c for c in campaigns if len(q) >= 2 and q in normalise(c[1])]
    if partial:
        return partial
    scored = [(difflib.SequenceMatcher(None, q, normalise(c[1])).ratio(), c) for c in campaigns]
    best = max((s for s, _ in scored), default=0.0)
    return [c for s, c in scored if s >= 0.6 and s == best]


def mentioned_campaigns(text: str, campaigns: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Campaigns a sentence refers to, by full name or by a distinctive word of the name."""
    flat = normalise(text)
    full = [c for c in campaigns if normalise(c[1]) in flat]
    if full:
        longest = max(len(normalise(c[1])) for c in full)
        return [c for c in full if len(normalise(c[1])) == longest]
    ids = [c for c in campaigns if c[0] in text]
    if ids:
        return ids
    hits: dict[str, tuple[str, str]] = {}
    generic = {"캠페인", "광고", "campaign", "예산", "성과"}
    for word in re.findall(r"[가-힣A-Za-z0-9]{2,}", text):
        w = normalise(word)
        w = re.sub(r"(캠페인|은|는|이|가|을|를|의|도|만|에|좀)$", "", w)
        if len(w) < 2 or w in generic:
            continue
        for c in campaigns:
            if w in normalise(c[1]):
                hits[c[0]] = c
    return list(hits.values())
