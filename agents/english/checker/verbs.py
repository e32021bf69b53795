"""Verb forms: the base form after a modal or do/does/did ("can speaks", "didn't went"), the participle
after have ("have never saw"), to + verb after want ("want go"), -ing after enjoy and "look forward to",
no "to" after make/let + object, and how the speaker feels ("I am interesting in" -> "interested")."""

from __future__ import annotations

from agents.english.checker.clauses import PREPOSITIONS, subject_at
from agents.english.checker.tokens import Edit, Token, keep_case
from agents.english.checker.words import (
    gerund,
    is_base_verb,
    is_noun,
    is_past_form,
    is_third_person_form,
    lemmas,
    only_verb,
    participle,
    past_differs_from_participle,
    verb_lemma,
    word_map,
    word_set,
)

FORM = "verb_form"
NEGATIVE_DO = frozenset({"don't", "doesn't", "didn't"})


def _edit(token: Token, word: str, note: str, priority: int = 40) -> Edit:
    return Edit(token.index, token.index + 1, [keep_case(token.text, word)], FORM, token.text, word, note, priority)


def _delete(token: Token, note: str) -> Edit:
    return Edit(token.index, token.index + 1, [], FORM, token.text, "", note, 40)


def _next(sent: list[Token], j: int) -> int:
    """Past "not" and adverbs ("can never speaks", "did not really went")."""
    while j < len(sent) and (sent[j].lower in word_set("adverbs") or sent[j].lower == "not"):
        j += 1
    return j


def _inflected(word: str) -> str | None:
    """The base of a verb written with -s or in the past ("speaks", "went"); None for a base form."""
    if is_base_verb(word):
        return None
    if is_third_person_form(word) or is_past_form(word):
        return verb_lemma(word)
    return None


# Verbs followed by -ing, never by a bare verb ("keep" is left: "keep calm" is an adjective).
# Negative and limiting openers after which do comes before its subject ("Rarely does she eat", "Not only did he
# forget", "Only then did I see"): the verb after the subject stays in its base form.
_INVERTING = frozenset({"rarely", "seldom", "never", "only", "little", "hardly", "scarcely", "barely", "then", "later",
                        "nor", "neither"})
_GERUND_AFTER = frozenset({"enjoy", "finish", "mind", "avoid", "practice", "practise", "imagine", "consider", "quit"})
# What opens a verb's object: the word before it is surely a verb ("mind open the window").
_OBJECT_START = frozenset({"the", "a", "an", "my", "your", "his", "her", "our", "their", "this", "that", "these",
                           "those", "it", "me", "him", "us", "them", "some", "any", "all", "every", "up", "off", "out",
                           "down", "away", "back"})


def _from_gerund(word: str) -> str | None:
    """The base of a verb's -ing form ("going", "swimming", "taking"), for "will going" -> "will go": right after a
    modal nothing else reads ("can being" keeps being: "can be")."""
    if not word.endswith("ing") or word in ("being", "having"):
        return None
    lemma = verb_lemma(word)
    if lemma is None or lemma == word or gerund(lemma) != word:
        return None
    return lemma


def verb_forms(sent: list[Token]) -> list[Edit]:
    edits: list[Edit] = []
    words = [t.lower for t in sent]
    for i, word in enumerate(words):
        prev = words[i - 1] if i else ""
        if word in word_set("modals") and prev not in word_set("determiners") and prev not in PREPOSITIONS:
            j = _next(sent, i + 1)
            if j < len(sent) and words[j] == "to" and j + 1 < len(sent) and is_base_verb(words[j + 1]):
                edits.append(_delete(sent[j], f"after “{sent[i].text}” the verb comes without to"))
            elif j < len(sent) and (base := _inflected(words[j]) or (_from_gerund(words[j]) if i else None)):
                # "Will going there help?": a question's modal may open a gerund subject, so not at the start
                edits.append(_edit(sent[j], base, f"after “{sent[i].text}” the verb stays in its base form"))
            elif i == 0 or prev in word_set("wh_words"):
                edits += _modal_question(sent, i)
        elif word in NEGATIVE_DO or (word in ("do", "does", "did") and i + 1 < len(sent) and words[i + 1] == "not"):
            j = _next(sent, i + 1)
            if j < len(sent) and (base := _inflected(words[j])):
                edits.append(_edit(sent[j], base, f"after “{_span(sent, i, j)}” the verb stays in its base form"))
        elif word in ("do", "does", "did") and (i == 0 or prev in word_set("wh_words") or prev in word_set(
                "how_words") or prev in _INVERTING):
            subject = subject_at(sent, i + 1)
            if subject is not None:
                j = _next(sent, subject.end)
                # "Does he plays": after a pronoun the word is surely the verb, though "plays" is also a noun
                if j < len(sent) and (base := _inflected(words[j])) and (subject.pronoun or not is_noun(words[j])):
                    edits.append(_edit(sent[j], base, f"after “{sent[i].text}” the verb stays in its base form"))
        elif word in ("have", "has", "had", "'ve", "i've", "we've", "you've", "they've") and i + 1 < len(sent):
            edits += _perfect(sent, i)
        elif word == "to" and i and verb_lemma(prev) in word_set("to_verbs") and i + 1 < len(sent) \
                and (base := _inflected(words[i + 1])) and (not is_noun(words[i + 1]) or _verb_s_after_to(sent, i + 1)):
            # "I want to went home", "she needs to finishes": after to the verb stays in its base form
            edits.append(_edit(sent[i + 1], base, f"after “{sent[i - 1].text} to” the verb stays in its base form"))
        elif word in word_set("to_verbs") or verb_lemma(word) in word_set("to_verbs"):
            edits += _to_infinitive(sent, i)
        elif verb_lemma(word) in word_set("gerund_verbs") and i + 2 < len(sent) and words[i + 1] == "to" \
                and is_base_verb(words[i + 2]):
            ing = gerund(words[i + 2])
            if ing:
                edits.append(Edit(sent[i + 1].index, sent[i + 2].index + 1, [ing], FORM,
                                  f"{sent[i + 1].text} {sent[i + 2].text}", ing,
                                  f"“{verb_lemma(word)}” is followed by the -ing form"))
        elif word in word_set("bare_infinitive_verbs") and i + 3 < len(sent) and words[i + 1] in word_set(
                "object_pronouns") and words[i + 2] == "to" and is_base_verb(words[i + 3]):
            edits.append(_delete(sent[i + 2], f"“{sent[i].text} {sent[i + 1].text}” takes the verb without to"))
        elif (verb_lemma(word) or word) in _GERUND_AFTER and i + 1 < len(sent) and is_base_verb(words[i + 1]) \
                and (only_verb(words[i + 1]) or (i + 2 < len(sent) and words[i + 2] in _OBJECT_START)) \
                and (ing := gerund(words[i + 1])):
            # "Do you mind open the window", "I avoid eat junk food": these verbs take the -ing form
            edits.append(_edit(sent[i + 1], ing, f"“{verb_lemma(word) or word}” is followed by the -ing form"))
        elif word == "let's" and i + 1 < len(sent):
            edits += _lets(sent, i)
        elif word == "forward" and prev.startswith("look") and i + 2 < len(sent) and words[i + 1] == "to" \
                and is_base_verb(words[i + 2]) and (only_verb(words[i + 2]) or words[i + 2] in word_set(
                    "verbs_after_want")) and words[i + 2] not in ("work", "play", "study", "travel"):
            ing = gerund(words[i + 2])
            if ing:
                edits.append(_edit(sent[i + 2], ing, "in “look forward to”, to is a preposition: use -ing"))
    edits += _feelings(sent)
    edits += _thing_feelings(sent)
    return edits


def _span(sent: list[Token], i: int, j: int) -> str:
    return " ".join(t.text for t in sent[i:j])


def _perfect(sent: list[Token], i: int) -> list[Edit]:
    """"have never saw" -> "seen": only for verbs whose past and participle differ."""
    word = sent[i].lower
    if word in ("have", "has", "had"):
        prev = sent[i - 1].lower if i else ""
        if not (prev in word_map("subject_pronouns") or prev in word_set("adverbs") or is_noun(prev)
                or (sent[i - 1:i] and sent[i - 1].capitalised)):
            return []
    j = _next(sent, i + 1)
    if j >= len(sent):
        return []
    target = sent[j].lower
    lemma = verb_lemma(target)
    if lemma is not None and _bare_after_have(sent, j):
        form = participle(lemma)
        if form and form != target:
            return [_edit(sent[j], form, f"after “{sent[i].text}” use the past participle ({lemma} → {form})")]
    if lemma is None or not is_past_form(target) or not past_differs_from_participle(lemma):
        return []
    if is_noun(target) and j == i + 1 and target != "saw":  # "I have a saw" has an article; bare nouns are rare
        return []
    form = participle(lemma)
    if not form or form == target:
        return []
    return [_edit(sent[j], form, f"after “{sent[i].text}” use the past participle ({lemma} → {form})")]


# Nouns "have" takes as its object ("have lunch", "have fun"): never a verb left in its base form.
HAVE_OBJECTS = frozenset({"fun", "lunch", "dinner", "breakfast", "time", "work", "class", "access", "practice", "school",
                          "homework", "dance", "talk", "look", "rest", "drink", "bath", "shower", "walk", "swim", "try",
                          "chat", "meeting", "contact", "control", "experience", "trouble", "change", "need", "love",
                          "hope", "plan", "respect", "care", "concern", "doubt", "interest", "effect", "place", "cause"})
OBJECT_STARTS = frozenset({"the", "a", "an", "my", "your", "his", "her", "its", "our", "their", "this", "that", "these",
                           "those", "it", "them", "him", "me", "us", "all", "some", "everything", "already"})


def _bare_after_have(sent: list[Token], j: int) -> bool:
    """"They have finish the project": a verb left in its base form after the perfect's have, read as one
    only when an object or "already" follows it and the word is no noun "have" takes ("have lunch")."""
    target = sent[j].lower
    if not is_base_verb(target) or target in HAVE_OBJECTS or "VERB" not in lemmas(target):
        return False
    nxt = sent[j + 1].lower if j + 1 < len(sent) else ""
    return nxt in OBJECT_STARTS and (only_verb(target) or nxt not in ("a", "an", "all", "some", "already"))


def _modal_question(sent: list[Token], i: int) -> list[Edit]:
    """"Can you helps me?", "Will he comes?": in a question the modal's verb after the subject stays in its base
    form; after a noun subject only a word that is no noun ("Can the kids plays" is left unread)."""
    subject = subject_at(sent, i + 1, anywhere=True)
    if subject is None:
        return []
    j = _next(sent, subject.end)
    if j >= len(sent) or sent[j].lower in word_set("be_forms") or not (base := _inflected(sent[j].lower)):
        return []
    if not subject.pronoun and is_noun(sent[j].lower):
        return []
    return [_edit(sent[j], base, f"after “{sent[i].text} {_span(sent, subject.start, subject.end - 1)}” the verb "
                                 "stays in its base form")]


def _verb_s_after_to(sent: list[Token], k: int) -> bool:
    """"want to buys a phone": a verb's -s form that is also a plural noun ("buys", "visits"), after to, before what
    opens an object or ends the sentence: the verb ("agreed to terms and …" stays)."""
    word = sent[k].lower
    nxt = sent[k + 1].lower if k + 1 < len(sent) else "."
    lemma = verb_lemma(word) or ""
    return is_third_person_form(word) and (lemma in word_set("common_verbs") or lemma in word_set("verbs_after_want")) \
        and (nxt in _OBJECT_START or nxt in (".", "!", "?", "home") or nxt in PREPOSITIONS)


def _to_infinitive(sent: list[Token], i: int) -> list[Edit]:
    """"I want go" -> "I want to go" (only verbs that are hardly ever nouns there)."""
    if i + 1 >= len(sent):
        return []
    prev = sent[i - 1].lower if i else ""
    if not (prev in word_map("subject_pronouns") or prev in ("to", "don't", "doesn't", "didn't", "not", "really",
                                                               "also", "just", "still", "always")
            or prev in word_set("modals")):
        return []
    target = sent[i + 1].lower
    if (lemma := _from_gerund(target)) and (verb_lemma(sent[i].lower) or sent[i].lower) in word_set(
            "infinitive_only_verbs") and _verb_after_gerund(sent, i + 2):
        # "He decided going abroad" -> "to go": these verbs take to + verb, never the -ing form
        token = sent[i + 1]
        return [Edit(token.index, token.index + 1, ["to", lemma], FORM, f"{sent[i].text} {token.text}",
                     f"{sent[i].text} to {lemma}", f"“{verb_lemma(sent[i].lower) or sent[i].lower}” is followed by "
                                                   "to + verb, not the -ing form")]
    if target == "to" or not is_base_verb(target):
        return []
    if not (target in word_set("verbs_after_want") or only_verb(target)):
        return []
    if sent[i].lower in ("hope", "wish", "know", "agree", "decide", "learn", "forget", "choose", "try") and \
            target in word_map("subject_pronouns"):
        return []
    token = sent[i + 1]
    return [Edit(token.index, token.index, ["to"], FORM, f"{sent[i].text} {token.text}", f"{sent[i].text} to {token.text}",
                 f"“{verb_lemma(sent[i].lower) or sent[i].lower}” is followed by to + verb")]


def _verb_after_gerund(sent: list[Token], k: int) -> bool:
    """The -ing word is a verb with its object or adverb after it ("going abroad", "answering the question",
    "visiting Jeju"), not a noun's modifier ("want running shoes")."""
    if k >= len(sent):
        return False
    token = sent[k]
    word = token.lower
    found = lemmas(word)
    return word in _OBJECT_START or word in PREPOSITIONS or word == "you" or (token.capitalised and token.is_word) or (
        set(found) == {"ADV"}) or word in ("home", "abroad", "there", "here", "early", "late", "soon", "together")


def _lets(sent: list[Token], i: int) -> list[Edit]:
    target = sent[i + 1].lower
    if target == "to" and i + 2 < len(sent) and is_base_verb(sent[i + 2].lower):
        return [_delete(sent[i + 1], "after “let's” the verb comes without to")]
    lemma = verb_lemma(target)
    if lemma and lemma != target and "VERB" in lemmas(target) and target.endswith("ing") and not is_noun(target):
        return [_edit(sent[i + 1], lemma, "after “let's” use the base form of the verb")]
    if lemma and lemma != target and (is_third_person_form(target) or is_past_form(target)) and not is_noun(target):
        return [_edit(sent[i + 1], lemma, "after “let's” use the base form of the verb")]
    return []


FEELING_SUBJECTS = frozenset({"i", "we", "i'm", "we're"})
FEELING_VERBS = frozenset({"am", "was", "were", "are", "'m", "feel", "felt", "get", "got", "became", "become"})
FEELING_AFTER = frozenset({"in", "about", "with", "at", "because", "today", "now", "these", "right", "lately",
                           "when", "since", "of", "and", "but", "so", "all", "every", "during", ",", ".", "!", ""})
# After "The movie was so bored": where the adjective surely ends ("… that I left", "… and long").
THING_AFTER = frozenset({"that", "and", "but", "so", "because", "today", "yesterday", ",", ".", "!", ""})


def _feelings(sent: list[Token]) -> list[Edit]:
    """"I am interesting in space" -> "interested": how the speaker feels takes the -ed adjective."""
    edits: list[Edit] = []
    adjectives = word_map("participle_adjectives")
    words = [t.lower for t in sent]
    for i, word in enumerate(words):
        if word not in adjectives:
            continue
        nxt = words[i + 1] if i + 1 < len(words) else ""
        j = i - 1
        while j >= 0 and words[j] in word_set("intensifiers"):
            j -= 1
        if j < 0:
            continue
        be = words[j]
        subject = words[j - 1] if j >= 1 else ""
        speaker = (be in ("i'm", "we're") or (be in FEELING_VERBS and subject in FEELING_SUBJECTS))
        interest = word == "interesting" and nxt in ("in", "about") and (be in FEELING_VERBS or be in (
            "i'm", "we're", "he's", "she's", "they're", "you're"))
        if (speaker and nxt in FEELING_AFTER) or interest:
            edits.append(_edit(sent[i], adjectives[word], f"“{adjectives[word]}” says how you feel; "
                                                         f"“{word}” describes what causes the feeling"))
    return edits


def _thing_feelings(sent: list[Token]) -> list[Edit]:
    """"The movie was so bored" -> "boring": a thing causes the feeling, it does not have it."""
    edits: list[Edit] = []
    words = [t.lower for t in sent]
    causes = word_set("feeling_causes")
    for i, word in enumerate(words):
        fixed = word_map("thing_feelings").get(word)
        if fixed is None or (words[i + 1] if i + 1 < len(words) else "") not in THING_AFTER:
            continue
        j = i - 1
        while j >= 0 and words[j] in word_set("intensifiers"):
            j -= 1
        if j < 1 or words[j] not in ("is", "was", "are", "were") or words[j - 1] not in causes:
            continue
        k = j - 2  # the head noun needs its determiner close before it ("the new movie", "this trip")
        while k >= 0 and k >= j - 4 and words[k] not in word_set("determiners") | word_set("plural_determiners"):
            k -= 1
        if k < 0 or k < j - 4 or words[k] in ("a", "an", "every", "each"):
            continue
        edits.append(_edit(sent[i], fixed, f"“{sent[j - 1].text}” causes the feeling, so it is “{fixed}”; "
                                           f"“{word}” is how a person feels"))
    return edits
