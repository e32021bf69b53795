"""Korean particles chosen from the final consonant of the word before them: "분유포트는",
"캠페인을", "'신규 회원 전환'이", "10만원으로". Digits and English are read aloud."""

from __future__ import annotations

import re

# particle -> (after a vowel, after a consonant)
_PAIRS = {"이": ("가", "이"), "가": ("가", "이"), "은": ("는", "은"), "는": ("는", "은"), "을": ("를", "을"),
          "를": ("를", "을"), "과": ("와", "과"), "와": ("와", "과"), "으로": ("로", "으로"), "로": ("로", "으로"),
          "이에요": ("예요", "이에요"), "예요": ("예요", "이에요"), "이라": ("라", "이라"), "라": ("라", "이라"),
          "이랑": ("랑", "이랑"), "랑": ("랑", "이랑"), "이나": ("나", "이나"), "나": ("나", "이나"),
          "아": ("야", "아"), "야": ("야", "아")}
_DIGITS = {"0": "영", "1": "일", "2": "이", "3": "삼", "4": "사", "5": "오", "6": "육", "7": "칠", "8": "팔", "9": "구"}
# English letters as read aloud in Korean: l/m/n/r-ending names take the consonant form
# ("ROAS를"? no: "로아스를"; acronyms end on the letter name: "CPA가", "CTR이" (알), "KPI가").
_LETTER_FINAL = {"l": 8, "m": 16, "n": 4, "r": 8}
_RIEUL = 8
_SKIP = set(")]}'\"”’」』. ")


def final_consonant(word: str) -> int | None:
    """Index of the last syllable's final consonant (0 = none, 8 = ㄹ); None when unknown."""
    for ch in reversed(word):
        if ch in _SKIP:
            continue
        if ch in _DIGITS:
            ch = _DIGITS[ch]
        if "가" <= ch <= "힣":
            return (ord(ch) - 0xAC00) % 28
        if ch.isascii() and ch.isalpha():
            return _LETTER_FINAL.get(ch.lower(), 0)
        if ch == "%":
            return 0  # 퍼센트
        return None
    return None


def josa(word: str, particle: str) -> str:
    """The form of ``particle`` that follows ``word``."""
    after_vowel, after_consonant = _PAIRS[particle]
    final = final_consonant(word)
    if final is None:
        return after_consonant
    if after_vowel == "로":
        return after_vowel if final in (0, _RIEUL) else after_consonant
    return after_vowel if final == 0 else after_consonant


def with_josa(word: str, particle: str) -> str:
    return f"{word}{josa(word, particle)}"


def past(sentence: str) -> str:
    """A confirmation's "…합니다" said once it is done: "…했습니다" (생성합니다 -> 생성했습니다)."""
    return re.sub(r"합니다([.!]?)$", r"했습니다\1", sentence.strip())
