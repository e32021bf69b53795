"""Korean particles chosen from the final consonant: "분유포트는", "젖병소독기가", "10만원으로".

Until the shared kit's helper lands, the shopping agent keeps this one (tested) function."""

from __future__ import annotations

# particle written after a vowel / after a consonant
_PAIRS = {"이": ("가", "이"), "가": ("가", "이"), "은": ("는", "은"), "는": ("는", "은"), "을": ("를", "을"),
          "를": ("를", "을"), "과": ("와", "과"), "와": ("와", "과"), "으로": ("로", "으로"), "로": ("로", "으로"),
          "이에요": ("예요", "이에요"), "예요": ("예요", "이에요")}
_DIGIT_FINALS = {"0": "영", "1": "일", "2": "이", "3": "삼", "4": "사", "5": "오", "6": "육", "7": "칠", "8": "팔", "9": "구"}


def _final(word: str) -> int | None:
    """The final consonant index of the word's last syllable (0 = none); None when unknown."""
    for ch in reversed(word.strip()):
        if ch in _DIGIT_FINALS:
            ch = _DIGIT_FINALS[ch]
        if "가" <= ch <= "힣":
            return (ord(ch) - 0xAC00) % 28
        if ch.isalpha():
            return 8 if ch.lower() in "lmn" else 0  # English: read aloud, l/m/n end in a consonant
        if ch in ")]'\"” ":
            continue
        return None
    return None


def josa(word: str, particle: str) -> str:
    """The right form of ``particle`` after ``word`` ("으로" after ㄹ is "로")."""
    after_vowel, after_consonant = _PAIRS[particle]
    final = _final(word)
    if final is None:
        return after_consonant
    if particle in ("으로", "로") and final in (0, 8):  # no final consonant, or ㄹ
        return after_vowel
    return after_vowel if final == 0 else after_consonant
