"""English typos folded onto an agent's own vocabulary ("celtrion" -> "celltrion", "happend" ->
"happened", "protfolio" -> "portfolio"), so lexicon phrases and names match what people really type.

Conservative on purpose: only words of five letters or more that are not already known, only onto a
vocabulary word with the same first letter (typos rarely hit the first key), at one edit (two for long
words; a swap of two letters is one edit), and never onto a word the text did not nearly contain."""

from __future__ import annotations

import re
from collections.abc import Iterable

from rapidfuzz import process
from rapidfuzz.distance import OSA

_WORD = re.compile(r"[a-z]+")
# Common words a vocabulary rarely lists but people write: never "corrected" into a domain word.
_COMMON = frozenset({
    "about", "above", "after", "again", "against", "along", "already", "also", "always", "among", "another",
    "anything", "around", "because", "before", "being", "below", "between", "black", "could", "didnt", "doesnt",
    "doing", "during", "early", "either", "every", "everything", "first", "friend", "great", "green", "their",
    "there", "these", "thing", "things", "think", "those", "three", "through", "today", "under", "until", "where",
    "which", "while", "white", "whole", "would", "write", "wrote", "yours", "years", "since", "still", "small",
    "some", "thanks", "thank", "please", "maybe", "really", "never",
})
# Function words and the verbs of any request ("can you write me ..."): what is left of an English
# message without them is what it is about (see the tutor's off-topic check).
FUNCTION_WORDS = _COMMON | frozenset(_WORD.findall("""a an the and or but if of to in on at by for from with without into onto over
i me my mine you your we us our they them he she him her it its this that what who whom how why when is are was
were be been am do does did done can could will would should shall may might must have has had not no yes so too
very just like some any all more most much many few lot lots little good nice new old best better bad ok okay
hi hey hello please thanks thank want wanted need needed let give get got make made help write tell say ask
recommend suggest find show see look know think go come put take use try one two something anything someone
here there now then today tomorrow tonight yesterday later soon week weekend day time near nearby
next okay yeah yep nope cool sure fine wait continue again great awesome wow sorry right understand understood
hmm hmmm umm uhh uh um idk lol lmao huh dunno"""))


class Speller:
    def __init__(self, vocabulary: Iterable[str]) -> None:
        words = {w for phrase in vocabulary for w in _WORD.findall(phrase.lower()) if len(w) >= 3}
        self.known = frozenset(words) | _COMMON
        self._by_letter: dict[str, list[str]] = {}
        for word in sorted(words):
            if len(word) >= 4:
                self._by_letter.setdefault(word[0], []).append(word)

    def word(self, word: str) -> str:
        """The vocabulary word ``word`` is a typo of, or ``word`` itself."""
        if len(word) < 5 or word in self.known:
            return word
        limit = 2 if len(word) >= 8 else 1
        found = process.extractOne(word, self._by_letter.get(word[0], []), scorer=OSA.distance, score_cutoff=limit)
        return found[0] if found else word

    def fix(self, text: str) -> str:
        """``text`` (lower-cased) with each misspelt English word replaced; Korean is left as it is."""
        return _WORD.sub(lambda m: self.word(m.group(0)), text.lower())
