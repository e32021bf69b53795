"""The word a learner asks the lessons to be filtered by ("배당이라는 키워드로 걸러 줘", "search for exchange rate")."""

from __future__ import annotations

import itertools
import re

from agents.nlu import FUNCTION_WORDS, normalise

_KEYWORD_FILLER = re.compile(r"키워드|검색어|검색|걸러|거르|필터|관련|사례|찾아|들어간|있어|해줘|줘|filter|search|cases?|by|for|only")
_REQUEST_WORD = re.compile(r"넣어|넣고|주세|주실|주시|해\s?주|좀$")
_KEYWORD_TAIL = frozenset({"please", "plz", "lessons", "lesson", "ones", "stuff", "topics", "topic", "related", "now"})
# A screen named as where to search ("교육에서 배당 검색", "교육 화면에서"): the place, not the word searched for.
_SCREEN = r"(?:교육|학습|공부|홈|메인|사례|케이스|강의|레슨|화면|탭|페이지)"
_PLACE = re.compile(_SCREEN + r"(?:탭|화면|페이지|쪽)?(?:에서|에선|에서는|으로|로)")
_SCREEN_SPLIT = re.compile(r"(?<![가-힣])(" + _SCREEN + r")\s+(탭|화면|페이지|쪽)(?=에|으로|로)")
_STRIP = re.compile(r"(이라는|라는|이란|으로|로|만|이|가|을|를|은|는|에서|에)$")


def keyword_of(text: str) -> str | None:
    """The word to filter by: in English the words (up to three) after search/filter ... for/by/about; else the first word
    that is neither a filter word, a function word nor the request's verb (넣어서 걸러 주실래요, could you)."""
    n = normalise(text).replace("?", " ")
    verb = re.search(r"\b(?:search|filter|look|find|cases|lessons)\b", n)
    for said in re.finditer(r"\b(?:for|by|about|on|with|mentioning)\s+([a-z0-9][\w&-]*(?:\s+[a-z0-9][\w&-]*){0,2})",
                            n[verb.end():] if verb else ""):  # up to three words: "exchange rate"
        if said.group(1).split()[0] in FUNCTION_WORDS:
            continue
        kept = itertools.takewhile(lambda w: w not in FUNCTION_WORDS and not _KEYWORD_FILLER.fullmatch(w)
                                   and w not in _KEYWORD_TAIL, said.group(1).split())
        if phrase := " ".join(kept):
            return phrase
    words: list[str] = []
    for word in _SCREEN_SPLIT.sub(r"\1\2", n).split():
        if word in FUNCTION_WORDS or _REQUEST_WORD.match(word) or _PLACE.fullmatch(word):
            continue
        stripped = _STRIP.sub("", _KEYWORD_FILLER.sub("", word))
        if stripped and not _KEYWORD_FILLER.fullmatch(word):
            words.append(stripped)
    return words[0] if words else None
