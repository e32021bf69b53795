"""Embedded questions keep statement order: "Do you know where is the station?" -> "where the station is",
"Can you tell me where does he live?" -> "where he lives". Only after an opener that embeds a question
("do you know", "I wonder", "tell me" ...), and only when what follows the moved verb is a plain noun
phrase ("who is coming" and "what is happening" ask about the subject: they are right)."""

from __future__ import annotations

from agents.english.checker.clauses import subject_at
from agents.english.checker.tokens import Edit, Token
from agents.english.checker.words import is_base_verb, is_noun, lemmas, past, third_person, verb_lemma, word_set

KIND = "other"
BE = frozenset({"is", "are", "was", "were"})
# Words a moved-past noun phrase may start with: a determiner, a possessive or a pronoun.
NP_START = frozenset({"the", "a", "an", "my", "your", "his", "her", "its", "our", "their", "this", "that", "these",
                      "those", "he", "she", "it", "they", "we", "you", "i"})
PRONOUNS = frozenset({"he", "she", "it", "they", "we", "you", "i"})
ENDS = frozenset({"?", ".", "!", ","})


def _opener_end(words: list[str]) -> int | None:
    """Where the first embedding opener ends (the wh-word's index), or None."""
    for opener in sorted(word_set("embedded_openers"), key=len, reverse=True):
        parts = opener.split()
        for i in range(len(words) - len(parts)):
            if words[i:i + len(parts)] == parts:
                return i + len(parts)
    # any verb of knowing or asking with a subject before it ("I don't understand why", "She asked me where"):
    # the wh-word after it (and its object) opens an embedded question
    for i in range(1, len(words) - 1):
        if (verb_lemma(words[i]) or words[i]) not in word_set("embedding_verbs"):
            continue
        j = i + 2 if words[i + 1] in word_set("object_pronouns") else i + 1
        if j < len(words) and words[j] in word_set("wh_words"):
            return j
    return None


def embedded(sent: list[Token]) -> list[Edit]:
    words = [t.lower for t in sent]
    at = _opener_end(words)
    if at is None or at >= len(words) or words[at] not in word_set("wh_words"):
        return []
    wh_end = at + 1
    if words[at] == "how" and wh_end < len(words) and words[wh_end] in word_set("how_words"):
        wh_end += 1  # "how old is she"
    # "what time is it", "which floor is it on": a wh-word and its noun ask about the pronoun after be; with a
    # noun phrase after be the wh-phrase may be the subject ("which bus is the right one"), so that stays.
    noun_wh = words[at] in ("what", "which", "whose") and wh_end + 2 < len(words) and is_noun(words[wh_end]) \
        and words[wh_end + 1] in BE and words[wh_end + 2] in PRONOUNS
    # "what time does the store open", "which bus did she take", "how many books can I borrow": before do or a
    # modal the wh-phrase's noun is no subject (do and a modal need one after them), so the phrase ends after it.
    after_noun = words[wh_end + 1] if wh_end + 1 < len(words) else ""
    noun_wh = noun_wh or (
        (words[at] in ("what", "which", "whose") or wh_end > at + 1) and is_noun(words[wh_end])
        and words[wh_end] not in PRONOUNS and (after_noun in ("do", "does", "did") or after_noun in word_set("modals")))
    if noun_wh:
        wh_end += 1
    if wh_end >= len(words):
        return []
    end = next((k for k in range(wh_end, len(words)) if words[k] in ENDS), len(words))
    verb = words[wh_end]
    if verb in BE:
        return _be(sent, words, wh_end, end)
    if verb in ("do", "does", "did"):
        return _do(sent, words, wh_end, end)
    if verb in word_set("modals"):
        return _modal(sent, words, wh_end, end)
    return []


def _modal(sent: list[Token], words: list[str], k: int, end: int) -> list[Edit]:
    """"where can I buy tickets" -> "where I can buy tickets": the subject (a pronoun or a determiner's noun phrase)
    goes before the modal, whose verb follows the subject in its base form."""
    if k + 1 >= end or words[k + 1] not in NP_START:
        return []
    subject = subject_at(sent, k + 1, anywhere=True)
    if subject is None or subject.end >= end or not is_base_verb(words[subject.end]):
        return []
    moved = [t.text for t in sent[k + 1:subject.end]] + [sent[k].text]
    return [Edit(sent[k].index, sent[subject.end - 1].index + 1, moved, KIND,
                 " ".join(t.text for t in sent[k:subject.end]), " ".join(moved),
                 "in an embedded question (after “do you know”, “tell me” …) the subject comes before the verb, "
                 "as in a statement", 25)]


def _be(sent: list[Token], words: list[str], k: int, end: int) -> list[Edit]:
    """"where is the station" -> "where the station is", "why is she so quiet" -> "why she is so quiet": the
    subject (a pronoun or a determiner's noun phrase) goes before be."""
    if k + 1 >= end or words[k + 1] not in NP_START:
        return []
    # A short determiner phrase up to the clause's end is the subject whole ("when is the last bus?"), but not
    # its closing adjective ("why is the sky blue": the sky is blue).
    short = words[k + 1] not in PRONOUNS and end - (k + 1) <= 4 and all(t.is_word for t in sent[k + 1:end])
    if short:
        end = next((m for m in range(k + 3, end) if "ADJ" in lemmas(words[m]) and is_noun(words[m - 1])
                    and words[m - 1] not in NP_START), end)
    subject = subject_at(sent, k + 1, anywhere=True)
    stop = end if short else subject.end if subject is not None else None
    if stop is None or stop > end or not all(t.is_word for t in sent[k + 1:stop]):
        return []
    if any(w in BE or w in word_set("modals") for w in words[k + 1:stop]):
        return []
    moved = [t.text for t in sent[k + 1:stop]] + [sent[k].text]
    return [Edit(sent[k].index, sent[stop - 1].index + 1, moved, KIND,
                 " ".join(t.text for t in sent[k:stop]), " ".join(moved),
                 "in an embedded question (after “do you know”, “tell me” …) the subject comes before the verb, "
                 "as in a statement", 25)]


def _do(sent: list[Token], words: list[str], k: int, end: int) -> list[Edit]:
    """"where does he live" -> "where he lives": the do goes, its person and tense move to the verb."""
    subject = subject_at(sent, k + 1, anywhere=True)
    if subject is None or subject.end >= end:
        return []
    verb = words[subject.end]
    if not is_base_verb(verb):
        return []
    aux = words[k]
    if aux == "did":
        form = past(verb)
    elif aux == "does":
        form = third_person(verb)
    else:
        form = verb
    if not form:
        return []
    rest = [t.text for t in sent[k + 1:subject.end]] + [form]
    return [Edit(sent[k].index, sent[subject.end].index + 1, rest, KIND, " ".join(t.text for t in sent[k:subject.end + 1]),
                 " ".join(rest), "in an embedded question there is no do / does / did: the subject and verb keep "
                 "statement order", 25)]
