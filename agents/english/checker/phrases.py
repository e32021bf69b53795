"""Fixed expressions and prepositions learners mix up: "I am agree", "discuss about", "married with",
"explain me X", "interested about", "contact with me", "go to home", "listen music", "arrive to Seoul"."""

from __future__ import annotations

from agents.english.checker.clauses import PREPOSITIONS
from agents.english.checker.tokens import CLAUSE_BREAKS, Edit, Token, keep_case
from agents.english.checker.words import is_noun, lemmas, third_person, verb_lemma, word_map, word_set

FIXED = "fixed_expression"
OBJECTS = {"me": "me", "him": "him", "her": "her", "us": "us", "them": "them"}
DETERMINERS = frozenset({"the", "a", "an", "my", "your", "his", "her", "our", "their", "this", "that", "these",
                         "those", "some"})


def _edit(start: Token, end: Token, words: list[str], kind: str, before: str, after: str, note: str,
          priority: int = 35) -> Edit:
    return Edit(start.index, end.index + 1, words, kind, before, after, note, priority)


def phrases(sent: list[Token]) -> list[Edit]:
    edits: list[Edit] = []
    words = [t.lower for t in sent]
    for i, word in enumerate(words):
        nxt = words[i + 1] if i + 1 < len(words) else ""
        lemma = verb_lemma(word) or word
        if word in ("am", "is", "are", "'m", "i'm", "we're", "they're", "he's", "she's") and nxt == "agree":
            edits += _be_agree(sent, i)
        elif lemma == "discuss" and nxt == "about":
            edits.append(_edit(sent[i + 1], sent[i + 1], [], FIXED, f"{sent[i].text} about", sent[i].text,
                               "“discuss” takes its object directly, without about"))
        elif word == "married" and nxt == "with" and i + 2 < len(words):
            after = words[i + 2]
            person = after in DETERMINERS or after in OBJECTS or sent[i + 2].capitalised
            children = after in word_set("married_with_ok") or (
                after in ("a", "an") and i + 3 < len(words) and words[i + 3] in word_set("married_with_ok"))
            if person and not children:
                edits += _married_with(sent, i)
        elif lemma == "explain" and nxt in OBJECTS and i + 2 < len(words):
            edits += _explain(sent, i)
        elif word == "interested" and nxt in ("about", "on", "for", "with", "at") and i + 2 < len(words):
            edits.append(_edit(sent[i + 1], sent[i + 1], ["in"], FIXED, f"interested {sent[i + 1].text}",
                               "interested in", "we say “interested in” something"))
        elif lemma == "contact" and nxt == "with" and _verb_use(words, i):
            edits.append(_edit(sent[i + 1], sent[i + 1], [], FIXED, f"{sent[i].text} with", sent[i].text,
                               "the verb “contact” takes its object directly, without with"))
        elif word in word_set("motion_verbs") and nxt == "to" and i + 2 < len(words) \
                and words[i + 2] in word_set("no_to_places"):
            after = words[i + 3] if i + 3 < len(words) else ""
            if after and sent[i + 3].is_word and is_noun(after) and "ADV" not in lemmas(after) \
                    and after not in word_set("past_units"):
                continue  # "go to home page"
            kind = FIXED if words[i + 2] in ("home", "abroad") else "other"
            edits.append(_edit(sent[i + 1], sent[i + 1], [], kind, f"{sent[i].text} to {sent[i + 2].text}",
                               f"{sent[i].text} {sent[i + 2].text}", f"“{sent[i + 2].text}” needs no to"))
        elif lemma == "listen" and nxt and nxt != "to" and i + 1 < len(sent) and sent[i + 1].is_word:
            if nxt in DETERMINERS or nxt in OBJECTS or nxt == "it" or (
                    is_noun(nxt) and "ADV" not in lemmas(nxt) and nxt not in ("up", "now", "here", "carefully")):
                edits.append(Edit(sent[i + 1].index, sent[i + 1].index, ["to"], "other", f"{sent[i].text} {sent[i + 1].text}",
                                  f"{sent[i].text} to {sent[i + 1].text}", "we listen to something", 35))
        elif lemma == "wait" and (i == 0 or words[i - 1] not in DETERMINERS | {"long", "short"}):  # not "a long wait"
            if nxt in ("me", "him", "us", "them", "you") or (
                    nxt in DETERMINERS and i + 2 < len(words) and words[i + 2] in word_set("waited_for")):
                edits.append(Edit(sent[i + 1].index, sent[i + 1].index, ["for"], "other",
                                  f"{sent[i].text} {sent[i + 1].text}", f"{sent[i].text} for {sent[i + 1].text}",
                                  "we wait for someone or something", 35))
        elif lemma == "arrive" and nxt == "to" and i + 2 < len(words):
            if sent[i + 2].capitalised:
                edits.append(_edit(sent[i + 1], sent[i + 1], ["in"], "other", f"{sent[i].text} to", f"{sent[i].text} in",
                                   "we arrive in a city or country"))
            elif words[i + 2] in ("the", "my", "our", "your", "his", "her", "their"):
                edits.append(_edit(sent[i + 1], sent[i + 1], ["at"], "other", f"{sent[i].text} to", f"{sent[i].text} at",
                                   "we arrive at a place"))
    return edits + _set_articles(sent)


# What may follow a set phrase that has no article ("by bus every day", "go to bed early"); a noun there makes the
# article right ("by the bus stop", "the night market"), and "from", "that", "of" make the thing a particular one.
_PHRASE_ENDS = frozenset({",", ".", "!", "?", ";", ":", "and", "but", "so", "because", "every", "each", "to", "in",
                          "on", "at", "today", "yesterday", "tomorrow", "tonight", "instead", "again", "a", "last",
                          "this", "early", "late", "now", "soon", "after", "before", "around", "right", "or", "with"})


def _set_articles(sent: list[Token]) -> list[Edit]:
    """Set phrases without an article: "by bus" (a way to travel), "go to bed", "play soccer", "at night";
    and set phrases with one: "all of a sudden", "as a result", "in a hurry"."""
    edits: list[Edit] = []
    words = [t.lower for t in sent]
    for i, word in enumerate(words[:-2]):
        nxt, third = words[i + 1], words[i + 2]
        after = words[i + 3] if i + 3 < len(words) else "."
        end = after in _PHRASE_ENDS or after in word_set("past_units")
        if nxt != "the" or not end:
            pass  # a noun after it ("by the bus stop") or a particular one ("by the train from Seoul")
        elif word == "by" and third in word_set("transport_nouns") and after not in ("and", "with") \
                and any(w in word_set("travel_verbs") for w in words[:i]):
            edits.append(_drop_article(sent, i, f"by {sent[i + 2].text}", "a way to travel takes no article: "
                                                                            f"“by {sent[i + 2].text}”"))
        elif word in ("play", "plays", "played", "playing") and third in word_set("sports"):
            edits.append(_drop_article(sent, i, f"{sent[i].text} {sent[i + 2].text}",
                                       f"sports take no article: “play {sent[i + 2].text}”"))
        elif word == "at" and third == "night" and after not in ("with", "to", "in", "on", "a", "this", "last"):
            edits.append(_drop_article(sent, i, "at night", "we say “at night”, with no article"))
        if word in ("go", "goes", "went", "going", "gone") and nxt == "to" and third == "the" and after == "bed":
            follow = words[i + 4] if i + 4 < len(words) else "."
            if follow in _PHRASE_ENDS and follow not in ("and", "with", "a", "in", "on"):
                edits.append(Edit(sent[i + 2].index, sent[i + 2].index + 1, [], FIXED, "to the bed", "to bed",
                                  "we say “go to bed” (to sleep), with no article", 35))
        missing = {("all", "of", "sudden"): 2, ("as", "result"): 1, ("in", "hurry"): 1}
        for phrase, at in missing.items():
            if tuple(words[i:i + len(phrase)]) == phrase:
                token = sent[i + at]
                said = " ".join(w for w in [*phrase[:at], "a", *phrase[at:]])
                edits.append(Edit(token.index, token.index, ["a"], FIXED, " ".join(phrase), said,
                                  f"the set phrase is “{said}”", 35))
    return edits


def _drop_article(sent: list[Token], i: int, said: str, note: str) -> Edit:
    the = sent[i + 1]
    return Edit(the.index, the.index + 1, [], FIXED, f"{sent[i].text} {the.text} {sent[i + 2].text}", said, note, 35)


def _be_agree(sent: list[Token], i: int) -> list[Edit]:
    """"I am agree" -> "I agree": agree is a verb, not an adjective."""
    word = sent[i].lower
    contracted = {"i'm": "I", "we're": "we", "they're": "they", "he's": "he", "she's": "she"}
    if word in contracted:
        subject = keep_case(sent[i].text, contracted[word]) if word != "i'm" else "I"
        verb = "agrees" if contracted[word] in ("he", "she") else "agree"
        return [_edit(sent[i], sent[i + 1], [subject, verb], FIXED, f"{sent[i].text} agree", f"{subject} {verb}",
                      "“agree” is a verb: say “I agree”, not “I am agree”")]
    prev = sent[i - 1].lower if i else ""
    said = third_person("agree") if word == "is" or (word == "'s") else "agree"
    if prev not in word_map("subject_pronouns") and not is_noun(prev) and not (i and sent[i - 1].capitalised):
        return []
    return [_edit(sent[i], sent[i + 1], [said or "agree"], FIXED, f"{sent[i].text} agree", said or "agree",
                  "“agree” is a verb: say “I agree”, not “I am agree”")]


STATE = frozenset({"am", "is", "are", "was", "were", "be", "been", "being", "'m", "'s", "'re", "i'm", "he's", "she's",
                   "we're", "they're", "you're", "get", "gets", "got", "gotten", "getting"})
ACT = frozenset({"just", "finally", "recently", "later", "eventually", "never", "and", "who", "he", "she", "i",
                 "we", "they", "you"})


def _married_with(sent: list[Token], i: int) -> list[Edit]:
    """"is / got married with him" -> "married to him" (the state); "She married with him" -> "She married him"
    (the act takes its object directly). Anything else before "married" is left alone."""
    j = i - 1
    while j >= 0 and sent[j].lower in word_set("adverbs") and sent[j].lower not in ACT:
        j -= 1
    prev = sent[j].lower if j >= 0 else ""
    if prev in STATE:
        return [_edit(sent[i + 1], sent[i + 1], ["to"], FIXED, "married with", "married to",
                      "you are married to a person (“married with” means having children)")]
    if prev in ACT or (j >= 0 and sent[j].capitalised) or (prev.isalpha() and is_noun(prev)):
        return [_edit(sent[i + 1], sent[i + 1], [], FIXED, "married with", "married",
                      "the verb “marry” takes the person directly: “She married him”")]
    return []


def _explain(sent: list[Token], i: int) -> list[Edit]:
    """"explain me this word" -> "explain this word to me"."""
    obj = sent[i + 1]
    j = i + 2
    if sent[j].lower in ("how", "what", "why", "where", "when", "who", "which", "if", "that"):
        return [Edit(obj.index, obj.index, ["to"], FIXED, f"{sent[i].text} {obj.text}", f"{sent[i].text} to {obj.text}",
                     "we explain something to someone", 35)]
    end = j
    while end < len(sent) and sent[end].text not in ".!?,;" and sent[end].lower not in CLAUSE_BREAKS:
        end += 1
    if end == j:
        return []
    moved = [t.text for t in sent[j:end]]
    return [Edit(obj.index, sent[end - 1].index + 1, [*moved, "to", obj.text], FIXED,
                 f"{sent[i].text} {obj.text} {' '.join(moved)}", f"{sent[i].text} {' '.join(moved)} to {obj.text}",
                 "we explain something to someone", 35)]


def _verb_use(words: list[str], i: int) -> bool:
    """"contact with" is a mistake only where contact is the verb ("please contact with me")."""
    prev = words[i - 1] if i else ""
    return words[i] != "contact" or i == 0 or prev in ("please", "to", "will", "can", "could", "should", "must",
                                                        "i", "you", "we", "they", "and", "not", "don't") or ((
        prev in word_set("modals")) and prev not in PREPOSITIONS)
