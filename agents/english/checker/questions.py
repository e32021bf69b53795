"""Questions without their auxiliary: "you like coffee?" -> "Do you like coffee?", "where you live?" ->
"where do you live?", "Why she is angry?" -> "Why is she angry?". The auxiliary follows the verb: a be or
modal statement is inverted, never given a "do" ("she is coming?" -> "Is she coming?"); an -ing form or an
adjective gets be ("you going?" -> "Are you going?", "you ready?" -> "Are you ready?"); a lexical verb gets
do / does / did by its person and tense. Subject questions ("Who told you?"), tag questions ("…, right?")
and embedded ones ("Can you tell me where it is?") are right as they are."""

from __future__ import annotations

from agents.english.checker.clauses import Subject, skip_adverbs, subject_at
from agents.english.checker.tokens import Edit, Token, keep_case
from agents.english.checker.words import (
    is_base_verb,
    is_noun,
    is_past_form,
    is_third_person_form,
    lemmas,
    participle,
    past,
    verb_lemma,
    word_set,
)

KIND = "question_auxiliary"
INVERT = frozenset({"is", "are", "am", "was", "were", "can", "could", "will", "would", "should", "may", "might",
                    "must", "shall"})


def questions(sent: list[Token]) -> list[Edit]:
    if len(sent) < 3 or sent[-1].text != "?":
        return []
    body = sent[:-1]
    if any(t.text == "," for t in body[-4:]):
        return []  # a tag question: "You like spicy food, right?"
    words = [t.lower for t in body]
    if words[0] in ("do", "does"):
        return _do_agrees(body)
    if words[0] in word_set("wh_words"):
        return _wh_question(body)
    subject = subject_at(body, 0)
    if subject is None or subject.head == "i":
        return []
    return _yes_no(body, subject)


def _do_agrees(body: list[Token]) -> list[Edit]:
    """"Do she like music?" -> "Does she", "Does they play?" -> "Do they": the auxiliary takes the subject's
    person; a subject whose number is not read ("Do my family ...") is left alone."""
    subject = subject_at(body, 1, anywhere=True)
    if subject is None or subject.end >= len(body) or not is_base_verb(body[skip_adverbs(body, subject.end)].lower):
        return []
    if subject.person == "third":
        want = "does"
    elif subject.person == "plural" or subject.head in ("you", "we", "they", "i"):
        want = "do"
    else:
        return []
    first = body[0]
    if first.lower == want:
        return []
    return [Edit(first.index, first.index + 1, [keep_case(first.text, want)], KIND, first.text, want,
                 f"with “{' '.join(_subject_words(body, subject))}” the question starts with “{want}”", 20)]


PAST_WORDS = frozenset({"yesterday", "ago", "last"})


def _be_for(subject: Subject, past: bool) -> str | None:
    if subject.person == "third":
        return "was" if past else "is"
    if subject.person == "plural" or subject.head in ("you", "we", "they"):
        return "were" if past else "are"
    return None  # "I" or a subject whose number we cannot read ("my family")


def _aux_for(subject: Subject, verb: str, past: bool = False) -> tuple[str, str] | None:
    """(auxiliary, the word after the subject) for a question missing its auxiliary."""
    lemma = verb_lemma(verb)
    found = lemmas(verb)
    if verb.endswith("ing") and lemma and lemma != verb:
        be = _be_for(subject, past)  # "you going …?" -> "Are you going …?"
        return (be, verb) if be else None
    if "ADJ" in found and (lemma is None or lemma not in word_set("common_verbs")):
        if "NOUN" in found:
            return None  # "she okay?", "you free?": never "Does she okay?"; unsure which be, so nothing
        be = _be_for(subject, past)  # "you ready?" -> "Are you ready?", never "Do you ready?"
        return (be, verb) if be else None
    if lemma is None or verb in word_set("not_main_verbs") or verb in INVERT or verb in word_set("be_forms"):
        return None
    if is_past_form(verb):
        return "did", lemma
    if is_third_person_form(verb):  # after a subject, "starts" is the verb even if it could be a noun
        # ... but not after "you", "they": "you guys hungry?" is no "Does you guy"
        return ("does", lemma) if subject.person == "third" else None
    if is_base_verb(verb):
        return ("does" if subject.person == "third" else "do"), verb
    return None


def _subject_words(body: list[Token], subject: Subject) -> list[str]:
    return [t.text for t in body[subject.start:subject.end]]


def _yes_no(body: list[Token], subject: Subject) -> list[Edit]:
    j = skip_adverbs(body, subject.end)
    if j >= len(body) or not body[j].is_word:
        return []
    first = body[0]
    # The learner's capital belongs to the sentence, not to the pronoun: "You like …?" -> "Do you like …?"
    lowered = first.text if first.lower == "i" or first.text.isupper() else first.text[:1].lower() + first.text[1:]
    nxt = body[j + 1].lower if j + 1 < len(body) else ""
    if subject.head == "you" and (body[j].lower == "mean" or (body[j].lower in ("know", "see") and nxt == "what")):
        return []  # spoken idioms, right as they are: "You know what?", "You see what I mean?", "You mean this?"
    if body[j].lower in INVERT or (body[j].lower in ("have", "has", "had") and _participle(nxt)):
        return _invert(body, subject, j, lowered)  # "you have been to Jeju?" -> "Have you been …?"
    found = _aux_for(subject, body[j].lower, any(t.lower in PAST_WORDS for t in body))
    if found is None:
        return []
    aux, base = found
    words = [aux.capitalize(), lowered, *[t.text for t in body[1:j]], base]
    return [Edit(first.index, body[j].index + 1, words, KIND, " ".join(t.text for t in body[:j + 1]), " ".join(words),
                 f"a question needs “{aux}” before the subject", 20)]


def _participle(word: str) -> bool:
    """"been", "seen", "finished": a past participle, so have is the auxiliary ("you have finished?")."""
    lemma = verb_lemma(word)
    return word == "been" or (lemma is not None and lemma != word and participle(lemma) == word)


def _invert(body: list[Token], subject: Subject, j: int, lowered: str) -> list[Edit]:
    """"you are hungry?" -> "Are you hungry?": be and the modals move before the subject themselves.
    The be must agree with the subject ("he are …?" is left to be read, not guessed)."""
    be = body[j].lower
    if (be in ("is", "was", "has") and subject.person != "third") or (be in ("are", "were", "have") and subject.person
                                                                        == "third") \
            or (be == "am") or (subject.person == "unknown" and be in ("is", "are", "was", "were", "has", "have")):
        return []
    verb = body[j].text.lower()
    words = [verb.capitalize(), lowered, *[t.text for t in body[1:j]]]
    return [Edit(body[0].index, body[j].index + 1, words, KIND, " ".join(t.text for t in body[:j + 1]),
                 " ".join(words), f"in a question “{verb}” comes before the subject", 20)]


# A negative auxiliary left after the subject moves like be and the modals; it must agree with the subject.
NEGATIVE = {"didn't": "any", "can't": "any", "couldn't": "any", "won't": "any", "wouldn't": "any", "shouldn't": "any",
            "don't": "not third", "aren't": "not third", "weren't": "not third", "doesn't": "third", "isn't": "third",
            "wasn't": "third"}


def _negative_fits(verb: str, subject: Subject) -> bool:
    need = NEGATIVE.get(verb)
    if need is None or subject.person == "unknown" or (subject.head == "i" and verb in ("aren't", "weren't")):
        return False
    return need == "any" or (need == "third") == (subject.person == "third")


def _perfect_fits(body: list[Token], j: int, subject: Subject) -> bool:
    """have / has / had before a past participle: the perfect's auxiliary, which moves like be ("Where you have
    put it?"), when it agrees with the subject (has with one person or thing, have with the rest)."""
    verb = body[j].lower
    if verb not in ("have", "has", "had") or subject.person == "unknown":
        return False
    k = skip_adverbs(body, j + 1)
    if k >= len(body):
        return False
    word = body[k].lower
    lemma = verb_lemma(word)  # "put", "cut", "hit": a participle spelled as its base form
    if not _participle(word) and not (lemma == word and participle(word) == word and past(word) == word):
        return False
    return verb == "had" or (verb == "has") == (subject.person == "third")


def _wh_question(body: list[Token]) -> list[Edit]:
    words = [t.lower for t in body]
    k = 1
    if words[0] == "how" and len(words) > 1 and words[1] in word_set("how_words"):
        k = 2
    if words[0] in ("what", "which", "whose", "how") and k < len(words) and body[k].is_word:
        # "what time", "which team", "what kind of music", "how many people"
        if words[k] in ("kind", "sort", "type") and k + 2 < len(words) and words[k + 1] == "of":
            k += 3
        elif is_noun(words[k]) and words[k] not in word_set("subject_pronouns") and subject_at(body, k) is None \
                and words[k] not in INVERT and words[k] not in word_set("do_forms") and words[k] not in (
                    "have", "has", "had") and (words[1] in ("many", "much") or (
                    not is_third_person_form(words[k]) and not is_past_form(words[k]))):
            # after "how many" a noun is the phrase's ("how many times"), though it may be a verb's -s form
            k += 1
    if k >= len(body) or words[k] in INVERT or words[k] in word_set("do_forms") or words[k] in ("have", "has", "had"):
        return []
    subject = subject_at(body, k, anywhere=True) if words[k] in ("you", "we", "they", "he", "she", "it", "i") or words[
        k] in word_set("determiners") else None
    if subject is None:
        return []  # a subject question ("Who told you?", "Which team won?") or one we cannot read
    j = skip_adverbs(body, subject.end)
    if j >= len(body) or not body[j].is_word:
        return []
    verb = words[j]
    subject_text = _subject_words(body, subject)
    if verb in INVERT or _negative_fits(verb, subject) or _perfect_fits(body, j, subject):
        # "Why you didn't call?" -> "Why didn't you call?", "How long you have been here?" -> "How long have you"
        moved = [body[j].text, *subject_text, *[t.text for t in body[subject.end:j]]]
        return [Edit(body[subject.start].index, body[j].index + 1, moved, KIND,
                     " ".join(t.text for t in body[subject.start:j + 1]), " ".join(moved),
                     f"in a question “{body[j].text}” comes before the subject", 20)]
    found = _aux_for(subject, verb, any(t.lower in PAST_WORDS for t in body))
    if found is None:
        return []
    aux, base = found
    words_out = [aux, *subject_text, *[t.text for t in body[subject.end:j]], base]
    return [Edit(body[subject.start].index, body[j].index + 1, words_out, KIND,
                 " ".join(t.text for t in body[subject.start:j + 1]), " ".join(words_out),
                 f"a question needs “{aux}” before the subject", 20)]
