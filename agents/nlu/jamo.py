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
                if _leads_match(*leads, same_leads) and (same_leads or _vowels_near(head, word)) \
                        and Levenshtein.distance(jamo(head), jamo(word), score_cutoff=1) <= 1:
                    token = word + token[len(word):]
                    break
        out.append(token)
    return out


# Consonants said alike, plain / aspirated / tense: the slips a later syllable's consonant makes ("맛칩" for 맛집).
_FAMILY = {**dict.fromkeys("ㄱㅋㄲ", "ㄱ"), **dict.fromkeys("ㄷㅌㄸ", "ㄷ"), **dict.fromkeys("ㅂㅍㅃ", "ㅂ"),
           **dict.fromkeys("ㅈㅊㅉ", "ㅈ"), **dict.fromkeys("ㅅㅆ", "ㅅ")}


# Where each simple vowel sits on the standard (2-set) Korean keyboard: (row, column), a row set half a key right of
# the one above. A vowel typed for another is the key beside it or the same key shifted (ㅔ/ㅖ): "식딩" for 식당,
# "카폐" for 카페; ㅗ for ㅔ (h for p) is no slip, so "가고" (going) is never 가게 (a shop).
_VOWEL_KEYS = {"ㅛ": (0, 5), "ㅕ": (0, 6), "ㅑ": (0, 7), "ㅐ": (0, 8), "ㅒ": (0, 8), "ㅔ": (0, 9), "ㅖ": (0, 9),
               "ㅗ": (1, 5.5), "ㅓ": (1, 6.5), "ㅏ": (1, 7.5), "ㅣ": (1, 8.5),
               "ㅠ": (2, 6), "ㅜ": (2, 7), "ㅡ": (2, 8)}


def _vowels_near(typed: str, word: str) -> bool:
    """Every vowel typed differently from the word's is a neighbouring key of it (a compound vowel is not judged)."""
    for a, b in zip(typed, word, strict=True):
        va, vb = jamo(a)[1:2], jamo(b)[1:2]
        if va == vb or va not in _VOWEL_KEYS or vb not in _VOWEL_KEYS:
            continue
        (ra, ca), (rb, cb) = _VOWEL_KEYS[va], _VOWEL_KEYS[vb]
        if abs(ra - rb) > 1 or abs(ca - cb) > 1:  # the same key (shifted) or one beside it, above or below
            return False
    return True


def _leads_match(typed: list[str], word: list[str], same: bool) -> bool:
    if same or typed[0] != word[0]:
        return typed == word
    return all(a == b or _FAMILY.get(a, a) == _FAMILY.get(b, b) for a, b in zip(typed, word, strict=True))
