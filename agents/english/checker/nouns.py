"""Articles and nouns: a / an by the next word's first sound, a/an before a job ("She is teacher"), the
plural after a number ("three book"), uncountable and irregular plurals ("advices", "deers"), and the
pronoun I written lowercase."""

from __future__ import annotations

import re

from agents.english.checker.tokens import Edit, Token, keep_case
from agents.english.checker.words import (
    is_noun,
    is_singular_noun,
    is_third_person_form,
    lemmas,
    plural,
    verb_lemma,
    word_map,
    word_set,
)

LETTER_VOWEL_SOUND = set("AEFHILMNORSX")  # letters whose names start with a vowel sound (an "M", an "S")


def first_sound(word: str) -> str | None:
    """"vowel", "consonant", or None when unsure (then a / an is never corrected)."""
    w = word.lower().replace("’", "'")
    if not w or w in word_set("uncertain_sound_words"):
        return None
    if w[0].isdigit():
        number = re.match(r"\d+", w.replace(",", ""))
        digits = number.group() if number else ""
        return "vowel" if digits.startswith("8") or digits in ("11", "18") else "consonant"
    if word.isupper() and word.isalpha() and 2 <= len(word) <= 4:
        inner_vowels = [c for c in word[1:] if c in "AEIOU"]
        if len(word) == 2 or not inner_vowels:  # read letter by letter: an MP, a UN, an SUV
            return "vowel" if word[0] in LETTER_VOWEL_SOUND and word[0] != "U" else "consonant"
        return None
    if not w[0].isalpha() or len(w) == 1:
        return None
    base = w.split("-")[0] if w.split("-")[0] in word_set("consonant_sound_words") else w
    if w in word_set("vowel_sound_words") or base in word_set("vowel_sound_words"):
        return "vowel"
    if w in word_set("consonant_sound_words") or base in word_set("consonant_sound_words"):
        return "consonant"
    if w[0] == "u":
        if len(w) > 2 and w[1] == "n" and w[2] not in "aeiouy":
            return "vowel"  # un- + consonant: unhappy, uncle, until
        if len(w) > 2 and w[1] not in "aeiou" and w[2] not in "aeiouy":
            return "vowel"  # two consonants: umbrella, ugly, urban
        if w.startswith(("una", "une", "uno", "unu", "up", "us", "ut", "ul", "um", "ug")):
            return "vowel" if not w.startswith(("usu", "usa", "use", "uto", "uti", "ute")) else None
        return None
    if w.startswith("eu") or w.startswith("ewe"):
        return "consonant"
    if w.startswith("one"):
        return "consonant" if w in ("one", "once") else None
    if w[0] in "aeio":
        return "vowel"
    if w[0] == "h":
        return "consonant" if not w.startswith(("hon", "hour", "heir")) else None
    return "consonant"


def articles(sent: list[Token]) -> list[Edit]:
    edits: list[Edit] = []
    for i, token in enumerate(sent[:-1]):
        word = token.lower
        if word not in ("a", "an") or (i and sent[i - 1].lower in word_set("letter_labels")):
            continue
        if token.text == "A" and i and sent[i - 1].is_word:
            continue  # "I got an A on the test", "plan A or B": a capital A mid-sentence is the letter
        nxt = sent[i + 1]
        if not (nxt.is_word or nxt.is_number) or token.ws == "":
            continue
        sound = first_sound(nxt.text)
        want = {"vowel": "an", "consonant": "a"}.get(sound or "")
        if want and want != word:
            why = (f"“{nxt.text}” starts with a vowel sound, so use an" if want == "an"
                   else f"“{nxt.text}” starts with a consonant sound, so use a")
            edits.append(Edit(token.index, token.index + 1, [keep_case(token.text, want)], "article_a_an",
                              token.text, want, why, 20))
    return edits


def capital_i(sent: list[Token]) -> list[Edit]:
    edits: list[Edit] = []
    for i, token in enumerate(sent):
        if token.text in ("i", "i'm", "i've", "i'd", "i'll", "i’m", "i’ve", "i’d", "i’ll"):
            nxt = sent[i + 1].text if i + 1 < len(sent) else ""
            after = sent[i + 2].text if i + 2 < len(sent) else ""
            if token.text == "i" and nxt == "." and len(after) == 1 and after.isalpha():
                continue  # "i.e."
            fixed = "I" + token.text[1:]
            edits.append(Edit(token.index, token.index + 1, [fixed], "capital_i", token.text, fixed,
                              "the pronoun I is always a capital letter", 5))
    return edits


def role_articles(sent: list[Token]) -> list[Edit]:
    """"She is teacher" -> "She is a teacher": one person's job or role needs a / an."""
    edits: list[Edit] = []
    roles = word_set("roles")
    words = [t.lower for t in sent]
    for i, word in enumerate(words):
        if word not in ("is", "am", "'m", "was", "be", "become", "became", "i'm", "she's", "he's") and not (
                word == "are" and i and words[i - 1] == "you"):  # a singular role makes "you" one person
            continue
        if word in ("is", "was") and i and words[i - 1] in ("it", "that", "this", "there", "what", "who"):
            continue
        j = i + 1
        mods: list[int] = []
        while j < len(sent) and words[j] not in roles and len(mods) < 2 and sent[j].is_word and not sent[
                j].capitalised and (is_noun(words[j]) or "ADJ" in lemmas(words[j])) and words[j] not in (
                "a", "an", "the", "my", "your", "his", "her", "our", "their", "not", "very", "so", "really"):
            mods.append(j)
            j += 1
        if j >= len(sent) or words[j] not in roles:
            continue
        nxt = words[j + 1] if j + 1 < len(words) else ""
        if nxt == "of" or (nxt and sent[j + 1].is_word and is_noun(nxt)):
            continue  # "president of", or the role word is itself a modifier ("student council")
        first = sent[mods[0]] if mods else sent[j]
        sound = first_sound(first.text)
        if sound is None:
            continue
        article = "an" if sound == "vowel" else "a"
        edits.append(Edit(first.index, first.index, [article], "other", first.text, f"{article} {first.text}",
                          f"one person's job needs {article}: “{article} {sent[j].text}”", 45))
    return edits


def plurals(sent: list[Token]) -> list[Edit]:
    """Uncountable and irregular plurals, and the plural a number asks for."""
    edits: list[Edit] = []
    words = [t.lower for t in sent]
    always = word_map("uncountable_plurals")
    after_det = word_map("uncountable_after_determiner")
    irregular = word_map("irregular_plural_errors")
    for i, word in enumerate(words):
        prev = words[i - 1] if i else ""
        token = sent[i]
        countable = prev in ("few", "several", "both", "these", "those", "a", "an", "many") or prev in word_map(
            "number_words") or (i and sent[i - 1].is_number)
        if word in always and countable:
            continue  # "several advices": the -s alone is not the fix ("many" is the uncountables rule's)
        if word in always or (word in after_det and prev in word_set("determiners") | word_set("plural_determiners")
                              | {"more", "any", "no", "much", "lots", "of"}):
            fixed = always.get(word) or after_det[word]
            edits.append(Edit(token.index, token.index + 1, [keep_case(token.text, fixed)], "other", token.text,
                              fixed, f"“{fixed}” is uncountable: it has no plural -s", 25))
        elif word in irregular:
            if word in ("persons", "peoples") and (prev in word_set("plural_error_exceptions")
                                                   or not _people_context(words, i)):
                continue
            fixed = irregular[word]
            edits.append(Edit(token.index, token.index + 1, [keep_case(token.text, fixed)], "other", token.text,
                              fixed, f"the plural is “{fixed}”", 25))
    edits += _after_numbers(sent)
    edits += _of_the_many(sent)
    edits += uncountables(sent)
    return edits


# Words that count a plural: "one of my friend" -> friends, "many friend" -> friends.
OF_COUNTED = frozenset({"one", "each", "either", "neither", "none", "several", "few", "both", "many"})
COUNTING = frozenset({"many", "several", "both", "these", "those"})
GROUPS = frozenset({"family", "team", "staff", "class", "group", "crew", "public", "police", "kind", "sort", "type",
                    "time", "way", "life", "world", "country", "city", "company", "generation"})


def _verb_after(word: str) -> bool:
    """"one of my friend lives": the clause's verb after the noun, not a noun it modifies."""
    return word in word_set("be_forms") or word in word_set("modals") or word in ("has", "have", "does", "do", "did") \
        or (word.endswith("s") and is_third_person_form(word))


def _of_the_many(sent: list[Token]) -> list[Edit]:
    """A singular noun where a count asks for many: "one of my friend", "each of the student", "many friend"."""
    edits: list[Edit] = []
    words = [t.lower for t in sent]
    mass = word_set("uncountable_nouns") | word_set("invariant_nouns")
    for i, word in enumerate(words[:-1]):
        if word in OF_COUNTED and words[i + 1] == "of" and i + 3 < len(words) \
                and words[i + 2] in ("the", "my", "your", "his", "her", "our", "their", "these", "those"):
            k, of = i + 3, True
        elif word in COUNTING and (i == 0 or words[i - 1] != "of"):
            k, of = i + 1, False
        else:
            continue
        while k + 1 < len(sent) and "ADJ" in lemmas(words[k]) and not is_noun(words[k]):
            k += 1  # "one of my best friend"
        noun = sent[k]
        after = words[k + 1] if k + 1 < len(words) else ""
        if after in ("and", "or", "nor") or verb_lemma(words[k]) not in (None, words[k]) or not is_noun(words[k]):
            continue  # "both sync and async", "those known by": a pair of modifiers or a participle
        if not noun.is_word or noun.capitalised or words[k] in mass | GROUPS or not is_singular_noun(words[k]) \
                or "ADJ" in lemmas(words[k]) or "ADV" in lemmas(words[k]) or (after and is_noun(after)
                                                                               and after not in NOT_MODIFIED
                                                                               and not (of and _verb_after(after))):
            continue
        if word == "none" and after not in ("are", "were", "have", "do", "don't", "weren't", "aren't"):
            continue  # "none of" also takes a mass noun ("None of the food was eaten"): only a plural verb says count
        form = plural(words[k])
        if not form or form == words[k]:
            continue
        edits.append(Edit(noun.index, noun.index + 1, [form], "plural_after_number", noun.text, form,
                          f"after {' '.join(t.text for t in sent[i:k])}, the noun is plural: {form}", 26))
    return edits


def uncountables(sent: list[Token]) -> list[Edit]:
    """"many homeworks" -> "much homework", "an advice" -> "advice": nouns that are never counted."""
    edits: list[Edit] = []
    words = [t.lower for t in sent]
    mass = word_set("uncountable_nouns")
    plurals_of = word_map("uncountable_plurals") | word_map("uncountable_after_determiner")
    for i, word in enumerate(words[:-1]):
        after = words[i + 2] if i + 2 < len(words) else ""
        if word == "much" and sent[i + 1].is_word and _counted_plural(words[i + 1]) and words[i - 1:i] != ["very"] \
                and not (is_third_person_form(words[i + 1]) and (after in word_map("subject_pronouns")
                                                                 or after in word_set("determiners"))):
            # "much friends" -> "many friends": a plural that is counted ("very much" modifies a verb)
            edits.append(Edit(sent[i].index, sent[i].index + 1, [keep_case(sent[i].text, "many")], "other",
                              f"much {sent[i + 1].text}", f"many {sent[i + 1].text}",
                              f"“{sent[i + 1].text}” are counted: many {sent[i + 1].text}, not much", 24))
            continue
        if word not in ("many", "a", "an") or not sent[i + 1].is_word:
            continue
        j = i + 1
        if "ADJ" in lemmas(words[j]) and plurals_of.get(words[j], words[j]) not in mass and j + 1 < len(sent) and \
                plurals_of.get(words[j + 1], words[j + 1]) in mass:
            j += 1  # "a useful advice", "many good advices"
        noun = plurals_of.get(words[j], words[j])
        after = words[j + 1] if j + 1 < len(sent) and sent[j + 1].is_word else ""
        if noun not in mass or (after and is_noun(after) and after not in NOT_MODIFIED and "ADV" not in lemmas(after)):
            continue  # "a homework app", "many research papers": the noun is a modifier there
        if word == "many":
            words_out = [keep_case(sent[i].text, "much"), *[t.text for t in sent[i + 1:j]], noun]
            edits.append(Edit(sent[i].index, sent[j].index + 1, words_out, "other", f"many {sent[j].text}",
                              " ".join(words_out), f"“{noun}” is uncountable: much {noun}, not many", 24))
        elif noun in word_set("no_article_nouns") and (i == 0 or words[i - 1] not in ("such", "quite", "what")):
            words_out = [keep_case(sent[i].text, t.text) if k == 0 else t.text for k, t in enumerate(sent[i + 1:j])]
            words_out.append(keep_case(sent[i].text, noun) if j == i + 1 else noun)
            edits.append(Edit(sent[i].index, sent[j].index + 1, words_out, "other",
                              " ".join(t.text for t in sent[i:j + 1]), " ".join(words_out),
                              f"“{noun}” is uncountable: no a / an before it", 15))
    return edits


def _counted_plural(word: str) -> bool:
    """A regular plural of a countable noun ("friends", "cars"), not a mass or -s word ("news", "physics", "clothes")."""
    if not word.endswith("s") or word.endswith(("ss", "ics", "news", "ies")) or word in (
            "clothes", "means", "series", "species", "thanks", "goods", "does", "goes", "has", "is", "was"):
        return False
    if word in word_set("determiners") or word in ("this", "its", "his", "hers", "ours", "yours", "theirs", "thus", "plus",
                                                   "us", "yes") or not is_noun(word):
        return False
    stem = word[:-1]
    return is_singular_noun(stem) and plural(stem) == word and stem not in word_set("uncountable_nouns")


def _people_context(words: list[str], i: int) -> bool:
    """"Korean peoples are" (a plural verb or nationality before it) means people."""
    prev = words[i - 1] if i else ""
    nxt = words[i + 1] if i + 1 < len(words) else ""
    return nxt in ("are", "were", "have", "like", "love", "think", "say", "do", "don't") or prev in (
        "many", "some", "most", "korean", "young", "old", "other", "these", "those")


def _count(token: Token) -> int | None:
    word = token.lower.rstrip(",")  # "In 2019, he moved": the clause's comma, not a thousands separator
    if token.is_number:
        if "-" in word or "." in word:
            return None
        value = int(word.replace(",", "")) if word.replace(",", "").isdigit() else None
        if value is not None and 1900 <= value <= 2100 and "," not in word:
            return None  # a year
        return value
    numbers = word_map("number_words")
    return int(numbers[word]) if word in numbers else None


# Words after "four class" that do not make "class" a modifier ("four class today").
NOT_MODIFIED = frozenset({"today", "tonight", "tomorrow", "yesterday", "last", "next", "ago", "later", "every", "each",
                          "per", "now", "here", "there", "again", "already", "left", "more", "less", "in", "of"})


def _after_numbers(sent: list[Token]) -> list[Edit]:
    edits: list[Edit] = []
    words = [t.lower for t in sent]
    for i, token in enumerate(sent[:-1]):
        count = _count(token)
        if count is None or count < 2 or (i and words[i - 1] in word_set("number_labels")):
            continue
        # "three more chair", "two extra ticket": the noun a count asks for may follow more / extra.
        k = i + 2 if words[i + 1] in ("more", "extra") and i + 2 < len(sent) else i + 1
        # "five new book", "three really big dog": the noun counted may follow one or two adjectives
        while k + 1 < len(sent) and k - i <= 2 and _only_adjective(words[k]):
            k += 1
        nxt = sent[k]
        if not nxt.is_word or nxt.capitalised or "-" in nxt.text or not is_singular_noun(nxt.lower) \
                or nxt.lower in word_map("subject_pronouns") or nxt.lower in word_set("object_pronouns"):
            continue
        after = words[k + 1] if k + 1 < len(words) else ""
        measure = after in word_set("measure_adjectives")
        if not measure:
            if after and sent[k + 1].is_word and is_noun(after) and after not in NOT_MODIFIED:
                continue  # "two bus stops": a noun used as a modifier
            if "ADJ" in lemmas(nxt.lower) and not _clear_count_noun(nxt.lower):
                continue
            if nxt.lower in word_set("not_main_verbs") or nxt.lower in ("more", "other", "times", "each"):
                continue
        if nxt.lower in word_set("number_nouns"):
            continue  # "four score and seven", "two dozen and a half": a number word, not a counted noun
        form = "people" if nxt.lower == "person" else plural(nxt.lower)  # "three person": three people
        if not form or form == nxt.lower:
            continue
        counted = " ".join(t.text for t in sent[i:k])
        edits.append(Edit(nxt.index, nxt.index + 1, [form], "plural_after_number", nxt.text, form,
                          f"after {counted}, the noun is plural: {counted} {form}", 25))
    return edits


def _only_adjective(word: str) -> bool:
    """An adjective (or "very") that is no noun or verb: "new", "big", "important", not "good" (goods) or "old"."""
    found = lemmas(word)
    return word in ("very", "really", "big", "small", "old", "little", "good", "nice") or (
        "ADJ" in found and not found.keys() & {"NOUN", "VERB"})


def _clear_count_noun(word: str) -> bool:
    """Nouns that also read as adjectives yet are counted units ("30 minute")."""
    return word in ("minute", "second", "kilometer", "kilometre", "meter", "metre", "mile", "hour", "day", "week",
                    "month", "year", "dollar", "point", "page", "person", "kid", "child", "student", "pound")
