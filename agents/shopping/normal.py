"""The normal forms every shopping reading compares in: case, width, zero-width characters and spacing
folded, so "더 저렴한 걸로" = "더저렴한걸로" and "Don't" = "dont"."""

from __future__ import annotations

import re
import unicodedata

from agents.nlu.text import fold_typos

_ZERO_WIDTH = re.compile(r"[\u200b-\u200f\u2060\ufeff]")


def normalise(text: str) -> str:
    """NFKC, no zero-width characters, lower case, no apostrophes (don't = dont)."""
    text = fold_typos(_ZERO_WIDTH.sub("", unicodedata.normalize("NFKC", text)).lower())
    return re.sub(r"['’`]", "", text)


def compact(text: str) -> str:
    """Spacing-insensitive form: "더 저렴한 걸로" = "더저렴한걸로"."""
    return re.sub(r"\s+", "", normalise(text))
