"""Text forms the offline model matches on: ``normalise`` (NFKC, no zero-width characters,
lower case, straight quotes, English contractions expanded, Korean ending variants folded)
and ``compact`` (the same without spaces, so "더저렴한걸로" == "더 저렴한 걸로")."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from agents.nlu.patterns import compiled

_ZERO_WIDTH = re.compile(r"[\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff\u00ad]")
_QUOTES = str.maketrans({"‘": "'", "’": "'", "‚": "'", "`": "'", "´": "'", "“": '"', "”": '"', "„": '"',
                         "「": '"', "」": '"', "『": '"', "』": '"'})
_CONTRACTIONS = [
    (r"\bwon't\b", "will not"), (r"\bcan't\b", "can not"), (r"\bcannot\b", "can not"), (r"\bain't\b", "is not"),
    (r"\blet's\b", "let us"), (r"(\w)n't\b", r"\1 not"), (r"\b(what|how|where|who|that|there|it|he|she|here)'s\b",
                                                           r"\1 is"),
    (r"(\w)'re\b", r"\1 are"), (r"(\w)'ve\b", r"\1 have"), (r"(\w)'ll\b", r"\1 will"), (r"(\w)'d\b", r"\1 would"),
    (r"\bi'm\b|\bim\b", "i am"), (r"\b(what|how|where|who|that)s\b", r"\1 is"),
    (r"\bwanna\b", "want to"), (r"\bgonna\b", "going to"), (r"\bgimme\b", "give me"),
    (r"\bpls\b|\bplz\b", "please"), (r"\bu\b", "you"), (r"\bur\b", "your"), (r"(?<![\w&])r(?![\w&])", "are"),
    (r"\btho\b", "though"), (r"\bthx\b", "thanks"),
]
# Korean request and question endings people type in many shapes; folded to one form each so a
# lexicon lists the idea once. Longest variants first; spaces inside them are optional.
_ENDINGS: list[tuple[str, str]] = [
    (r"어\s*땠\s*(어요|나요|어|니|는지|음)?|어\s*떘\s*어|어\s*떤\s*가\s*요|어\s*떠\s*(나요|니|냐)|어\s*때\s*요|어\s*떄", "어때"),
    (r"해\s*주\s*(실\s*래\s*요|실\s*수\s*있나요|시겠어요|세요|셔요|ㅓ|십시오|라|렴|겠니|겠어|ㄹ래|ㄹ\s*래요|어요|어)|"
     r"해\s*줄\s*(래요|래|수\s*있어\??)|해\s*줘\s*(요|봐|바)?|해\s*조|해\s*쥬|해\s*줭", "해줘"),
    (r"보\s*여\s*주\s*(세요|실래요|실\s*래요|시겠어요|어요|ㄹ래|어)|보\s*여\s*줄\s*래(요)?|보\s*여\s*줘\s*(요|봐)?", "보여줘"),
    (r"알\s*려\s*주\s*(세요|실래요|시겠어요|어요|어)|알\s*려\s*줄\s*래(요)?|알\s*려\s*줘\s*(요|봐)?", "알려줘"),
    (r"만\s*들\s*어\s*주\s*(세요|실래요|시겠어요|어요|어)|만\s*들\s*어\s*줄\s*래(요)?|만\s*들\s*어\s*줘\s*(요|봐)?", "만들어줘"),
    (r"바\s*꿔\s*주\s*(세요|실래요|어요|어)|바\s*꿔\s*줄\s*래(요)?|바\s*꿔\s*줘\s*(요)?", "바꿔줘"),
    (r"추\s*천\s*해\s*줘", "추천해줘"),
]
_SPACES = re.compile(r"\s+")
_LATIN = re.compile(r"[a-z]")
_HANGUL = re.compile(r"[가-힣]")


# Keyboard slips common enough to fold for everyone: 쨰 (ㅒ for ㅐ) in "두번쨰".
_TYPOS = str.maketrans({"쨰": "째"})


def fold_typos(text: str) -> str:
    return text.translate(_TYPOS)


@lru_cache(maxsize=4096)
def normalise(text: str) -> str:
    """The form every lexicon match and the classifier see."""
    text = fold_typos(unicodedata.normalize("NFKC", text or ""))
    text = _ZERO_WIDTH.sub("", text).translate(_QUOTES).lower()
    # Every contraction holds an ASCII letter and every ending starts with a Hangul syllable: a text without one
    # skips that list's ~25 or 7 substitutions (a lexicon's phrases are mostly one script; each is normalised once).
    if _LATIN.search(text):
        for pattern, repl in _CONTRACTIONS:
            text = compiled(pattern).sub(repl, text)
    if _HANGUL.search(text):
        for pattern, repl in _ENDINGS:
            text = compiled(pattern).sub(repl, text)
    return _SPACES.sub(" ", text).strip()


@lru_cache(maxsize=8192)  # ~730,000 calls for the 100 shipped eval cases, mostly the same lexicon phrases
def compact(text: str) -> str:
    """``normalise`` without any whitespace: spacing-insensitive matching for Korean."""
    return _SPACES.sub("", normalise(text))


def is_ascii_phrase(phrase: str) -> bool:
    """English phrases match as whole words; others (Korean) as space-insensitive substrings."""
    return phrase.isascii()


def word_pattern(phrase: str) -> re.Pattern[str]:
    """Whole-word regex for an English phrase; internal spaces match any run of spaces."""
    return _word_pattern(normalise(phrase))


@lru_cache(maxsize=8192)
def _word_pattern(phrase: str) -> re.Pattern[str]:
    body = r"\s*".join(re.escape(part) for part in phrase.split(" "))
    return re.compile(rf"(?<![a-z0-9]){body}(?![a-z0-9])")


def _word_search(phrase: str, text: str) -> re.Match[str] | None:
    """``word_pattern(phrase).search(normalise(text))``, without compiling the pattern when a word of the phrase is
    not in the text at all: the pattern holds each word literally, so it cannot match then. A message contains few
    of a lexicon's phrases, and compiling all of them (~430) was a third of a process's first turn."""
    flat, body = normalise(text), normalise(phrase)
    if not all(part in flat for part in body.split(" ")):
        return None
    return _word_pattern(body).search(flat)


def _token_only(phrase: str) -> bool:
    # One Korean syllable ("응", "네", "꺼") is inside far too many words: it matches only alone.
    return len(compact(phrase)) == 1


def _tokens(text: str) -> list[str]:
    return re.findall(r"[^\s.,!?~…\"'()\[\]]+", normalise(text))


def contains(text: str, phrase: str) -> bool:
    """Does ``phrase`` occur in ``text``? Both in any form; English by whole words, one Korean
    syllable only as a word of its own."""
    if not phrase:
        return False
    if is_ascii_phrase(phrase) and any(c.isalnum() for c in phrase):
        return _word_search(phrase, text) is not None
    if _token_only(phrase):
        return compact(phrase) in _tokens(text)
    return compact(phrase) in compact(text)


def find(text: str, phrase: str) -> int:
    """Position of ``phrase`` in the compact form of ``text`` (-1 when absent); for ordering."""
    if not is_ascii_phrase(phrase) and _token_only(phrase) and not contains(text, phrase):
        return -1
    if is_ascii_phrase(phrase) and any(c.isalnum() for c in phrase):
        m = _word_search(phrase, text)
        if m is None:
            return -1
        return len(compact(normalise(text)[: m.start()]))
    return compact(text).find(compact(phrase))
