"""Hangul syllables split into letters (jamo), so a one-letter typo costs one letter, not a syllable:
used by the product names (names.py) and the typo folding of the reading (reading.py)."""

from __future__ import annotations

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
