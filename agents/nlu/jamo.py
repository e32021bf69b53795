"""Hangul syllables split into letters (jamo), so a one-letter typo costs one letter, not a syllable:
used by fuzzy names (shopping's products) and by ``fold_onto``, which reads a Korean word typed one letter
off ("맛칩", "카폐", "셰척") as the agent's own vocabulary word."""

from __future__ import annotations

import re
from collections.abc import Iterable

from rapidfuzz.distance import Levenshtein

_HANGUL_WORD = re.compile(r"[가-힣]{2,}")

_LEADS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
_VOWELS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
_TAILS = " ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"


def jamo(text: str) -> str:
    out = []
    for ch in text:
        code = ord(ch) - 0xAC00
        if 0 <= code < 11172:
            out += [_LEADS[code // 588], _VOWELS[(code % 588) // 28], _TAILS[code % 28].strip()]
        else:
            out.append(ch)
    return "".join(out)


def fold_onto(tokens: Iterable[str], targets: Iterable[str], known: Iterable[str], *, same_leads: bool = True) -> list[str]:
    """Each Korean token that holds no ``known`` word but starts one letter (jamo) away from a ``targets`` word
    (longest first) is read as that word, its ending kept ("맛칩은" -> "맛집은"). The first syllable's consonant
    always matches (typos rarely hit the first key); ``same_leads`` asks it of every syllable ("빨리" is not "말리"),
    else the first syllable keeps its consonant and vowel and a later one may only slip within its family, plain,
    aspirated or tense ("맛칩", "마집", not "카레" for 카페, nor "유리" for 요리)."""
    words = sorted({w for w in targets if _HANGUL_WORD.fullmatch(w)}, key=len, reverse=True)
    known = [w for w in known if w]
    out = []
    for token in tokens:
        if _HANGUL_WORD.match(token) and not any(w in token for w in known):
            for word in words:
                head = token[:len(word)]
                if len(head) != len(word) or head == word or (not same_leads and jamo(head[0])[:2] != jamo(word[0])[:2]):
                    continue  # the first syllable's consonant and vowel are typed as is: "마집" is 맛집, "유리해" no 요리해
                leads = [jamo(c)[0] for c in head], [jamo(c)[0] for c in word]
                if _leads_match(*leads, same_leads) and Levenshtein.distance(jamo(head), jamo(word), score_cutoff=1) <= 1:
                    token = word + token[len(word):]
                    break
        out.append(token)
    return out


# Consonants said alike, plain / aspirated / tense: the slips a later syllable's consonant makes ("맛칩" for 맛집).
_FAMILY = {**dict.fromkeys("ㄱㅋㄲ", "ㄱ"), **dict.fromkeys("ㄷㅌㄸ", "ㄷ"), **dict.fromkeys("ㅂㅍㅃ", "ㅂ"),
           **dict.fromkeys("ㅈㅊㅉ", "ㅈ"), **dict.fromkeys("ㅅㅆ", "ㅅ")}


def _leads_match(typed: list[str], word: list[str], same: bool) -> bool:
    if same or typed[0] != word[0]:
        return typed == word
    return all(a == b or _FAMILY.get(a, a) == _FAMILY.get(b, b) for a, b in zip(typed, word, strict=True))
