"""Word use Korean learners carry over from Korean: an age said with "have" ("I have 25 years", "he has 10 years
old" -> "I am 25 years old", "he is 10 years old"), "very" before a verb ("I very like it" -> "really like"),
"by walk" (on foot) and "explain about" (explain it). Each is read only where the English cannot be right."""

from __future__ import annotations

from agents.english.checker.tokens import Edit, Token, keep_case

OTHER = "other"
FIXED = "fixed_expression"
BE_FOR = {"i": "am", "you": "are", "we": "are", "they": "are", "he": "is", "she": "is", "it": "is"}
FEELING_VERBS = frozenset({"like", "love", "enjoy", "want", "hate", "miss", "appreciate", "need", "likes", "loves",
                           "enjoys", "wants", "hates", "misses", "liked", "loved", "enjoyed", "wanted", "missed"})
SUBJECTS = frozenset({"i", "you", "we", "they", "he", "she", "it"})


def _ages(sent: list[Token], words: list[str]) -> list[Edit]:
    edits: list[Edit] = []
    for i, word in enumerate(words[:-2]):
        if word not in ("have", "has", "had") or not sent[i + 1].is_number or words[i + 2] not in ("years", "year"):
            continue
        subject = words[i - 1] if i else ""
        if word == "had":
            be = "were" if subject in ("you", "we", "they") else "was"
        else:
            be = BE_FOR.get(subject, "is" if word == "has" else "")
        if not be or (i and not sent[i - 1].is_word):
            continue
        old = i + 3 < len(words) and words[i + 3] == "old"
        if not old and (i + 3 < len(words) and sent[i + 3].is_word):
            continue  # "I have 25 years of experience": a length of time, not an age
        if not old and (subject not in ("i", "he", "she") or not sent[i + 1].text.isdigit()
                        or not 5 <= int(sent[i + 1].text) <= 120):
            continue  # "We have 3 years.": time left as likely as an age
        tail = [] if old else ["old"]
        end = i + 2
        edits.append(Edit(sent[i].index, sent[end].index + 1, [be, sent[i + 1].text, sent[end].text, *tail], OTHER,
                          " ".join(t.text for t in sent[i:end + 1]), " ".join([be, sent[i + 1].text, sent[end].text,
                                                                                 *tail]),
                          f"an age takes be: {be} {sent[i + 1].text} years old", 30))
    return edits


def usage(sent: list[Token]) -> list[Edit]:
    words = [t.lower for t in sent]
    edits = _ages(sent, words)
    for i, word in enumerate(words[:-1]):
        nxt = words[i + 1]
        if word == "very" and nxt in FEELING_VERBS and i and words[i - 1] in SUBJECTS | {"really", "also"}:
            edits.append(Edit(sent[i].index, sent[i].index + 1, [keep_case(sent[i].text, "really")], OTHER,
                              f"{sent[i].text} {sent[i + 1].text}", f"really {sent[i + 1].text}",
                              "“very” goes with adjectives; before a verb say “really” (or “very much” after it)", 35))
        elif word == "by" and nxt == "walk":
            edits.append(Edit(sent[i].index, sent[i + 1].index + 1, [keep_case(sent[i].text, "on"), "foot"], FIXED,
                              f"{sent[i].text} walk", "on foot", "we say “on foot” (or “walked there”)", 35))
        elif word in ("explain", "explains", "explained", "explaining") and nxt == "about" and i + 2 < len(words) \
                and words[i + 2] in ("the", "this", "that", "it", "my", "your", "his", "her", "our", "their", "how"):
            edits.append(Edit(sent[i + 1].index, sent[i + 1].index + 1, [], FIXED, f"{sent[i].text} about",
                              sent[i].text, "“explain” takes its object directly, without about", 35))
    return edits
