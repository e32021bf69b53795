"""A term of the case just explained, asked about by a clipped form of its name ("PER PBR 사례 설명해줘" -> "거기서
시총은 무슨 뜻이야?": 시가총액). Korean clips a compound term by keeping some of its syllables in order (평균 매수
단가 -> 평단가, 시가총액 -> 시총, 숏커버링 -> 숏커버); the glossary lists only some of these. After a case was told, a
question about a word's meaning is matched against that case's key terms only: a word whose syllables (its
particle aside) all appear in a key term in the same order, starting with its first syllable, names that term
when it fits exactly one of them."""

from __future__ import annotations

import re

from agents.nlu import FUNCTION_WORDS, compact
from agents.nlu.dialogue import Dialogue
from agents.tutor.catalog import hit
from agents.tutor.names import find_term
from agents.tutor.questions import Reading
from agents.tutor.sandbox_data import cases

CASE = "case"
# Asked what a word means: "뭐야", "무슨 뜻", "이란", "what's ... mean".
_MEANING = re.compile(r"뭐야|뭔가|뭔데|뭔지|뭐지|뭐에요|뭐예요|뭐임|뜻|의미|이란|라는\s?게|란\s*[?]?$|\b(?:what is|what's|mean|meaning)\b",
                      re.I)
# Pointers and verbs that are never a term's clipped name.
_NOT_A_TERM = frozenset({"거기", "여기", "거기서", "여기서", "나온", "나오는", "나왔던", "아까", "방금", "그거", "이거", "저거",
                         "사례", "사례에", "사례에서", "말한", "얘기한", "설명한", "그게", "이게", "그건", "이건"})


def clipped(word: str, term: str) -> bool:
    """Are ``word``'s syllables (two or more) those of ``term`` in order, starting with its first one?"""
    whole = compact(term)
    if len(word) < 2 or word == whole or not whole.startswith(word[0]):
        return False
    at = 0
    for syllable in word:
        at = whole.find(syllable, at)
        if at < 0:
            return False
        at += 1
    return True


def case_term(text: str, dialogue: Dialogue) -> Reading | None:
    """The key term of the case the conversation is on that ``text`` asks the meaning of by a clipped name."""
    case = dialogue.last(CASE)
    if case is None or case.id not in cases() or not (_MEANING.search(text) or hit(text, "define")):
        return None
    if find_term(text) is not None:  # a term named in full is read as such
        return None
    terms = [k["term"] for k in cases()[case.id]["key_terms"]]
    found: set[str] = set()
    for word in re.findall(r"[가-힣]{2,}", text):
        if word in _NOT_A_TERM or word in FUNCTION_WORDS:
            continue
        for stem in (word[:k] for k in range(len(word), 1, -1)):  # "시총은": the particle aside
            fits = {t for t in terms if clipped(stem, t)}
            if fits:
                found |= fits
                break
    return Reading("concept", {"term": found.pop()}) if len(found) == 1 else None
