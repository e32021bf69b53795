"""Products named in text ("보르르 분유포트 기반으로", "the Borr Pro kettle"), by fuzzy match.

Korean brands are compared letter by letter (jamo), so a one-letter typo ("보르를") costs
one letter, not a whole syllable; English names are compared word by word with rapidfuzz.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from rapidfuzz import fuzz

from agents.nlu.jamo import jamo
from agents.nlu.patterns import compiled
from agents.shopping.normal import normalise
from data.shopping.catalog import ENGLISH

if TYPE_CHECKING:
    from agents.shopping.catalog import Product

_BRAND_SCORE = 85  # jamo similarity needed for a Korean brand
_EN_SCORE = 88


def _korean_hit(alias: str, words: list[str]) -> float:
    """Best similarity of a Korean alias against the start of any word (particles follow words).
    The word must be as long as the alias: "베이비" (a word of its own) is no cut-short "베이비뷰"."""
    return max((_word_hit(alias, w) for w in words), default=0.0)


def _word_hit(alias: str, word: str) -> float:
    size = len(alias)
    if len(word) < max(2, size):
        return 0.0
    target = jamo(alias)
    return max(fuzz.ratio(target, jamo(word[:cut])) for cut in (size, size + 1))


def _english_hit(alias: str, low: str) -> float:
    if len(alias) < 3:
        return 0.0
    return fuzz.partial_ratio(alias, low) if len(low) >= len(alias) else 0.0


def find_products(text: str, products: Sequence[Product], *, prefer: list[str] | None = None) -> list[str]:
    """Ids of the products the text names, in the order named. A brand alone picks its product
    in ``prefer`` (the Top 3 on screen) first, then the one whose model is also named."""
    low = normalise(text)
    words = re.findall(r"[가-힣a-z0-9]+", low)
    prefer = prefer or []
    by_brand: dict[str, list[Product]] = {}
    for product in products:
        by_brand.setdefault(product["brand"], []).append(product)
    hits: dict[int, tuple[float, str]] = {}  # where in the text -> (score, product): one brand per word
    for brand, group in by_brand.items():
        en_brand = ENGLISH.get(brand, "").lower()
        names = [brand, *nicknames().get(brand, [])]
        korean, english = max(_korean_hit(n, words) for n in names), _english_hit(en_brand, low) if en_brand else 0.0
        # each spelling against its own bar: "easy on my back" is 86% of "Easy Mom", below the English bar
        if korean < (_BRAND_SCORE if re.search(r"[가-힣]", brand) else _EN_SCORE) and english < _EN_SCORE:
            continue
        score = max(korean, english)
        at = min([low.find(w) for w in words if max(_word_hit(n, w) for n in names) >= _BRAND_SCORE] or
                 [max(0, low.find(en_brand.split()[0]))])
        if at not in hits or score > hits[at][0]:  # "베이비브레짜" is 베이비브레짜, not also 베이비뷰
            hits[at] = (score, _pick(group, low, words, prefer))
    return [pid for _, (_, pid) in sorted(hits.items())]


@cache
def nicknames() -> dict[str, list[str]]:
    """What people call a brand for short ("브레짜" for 베이비브레짜), from the lexicon."""
    from agents.shopping.reading import lexicon

    return {str(k): [str(v) for v in vs] for k, vs in (lexicon().get("brand_nicknames") or {}).items()}


def _pick(group: list[Product], low: str, words: list[str], prefer: list[str]) -> str:
    def model_score(product: Product) -> float:
        model_ko = product["title"].split()[1] if len(product["title"].split()) > 2 else ""
        model_en = ENGLISH.get(model_ko, "").lower()
        scores = [_korean_hit(model_ko, words) if model_ko else 0.0]
        if model_en and compiled(rf"(?<![a-z]){re.escape(model_en)}(?![a-z])").search(low):  # "air랑": a particle follows
            scores.append(100.0)
        return max(scores)

    ranked = sorted(group, key=lambda p: (-(model_score(p) >= _BRAND_SCORE), p["id"] not in prefer, p["id"]))
    return ranked[0]["id"]
