"""Is a labelled test sentence also a training example? The key folds what does not change a sentence's
meaning for the classifier: spaces, case, punctuation ("좋을까?" == "좋을까", "Enable developer mode." ==
"enable developer mode") and English contractions, with or without their apostrophe ("don't" == "dont" ==
"do not", "it's" == "it is"). ``compact`` alone keeps punctuation, so leak tests built on it missed
copies that differ by a final "?" or "."."""

from __future__ import annotations

import re
from collections.abc import Iterable

from agents.nlu.patterns import compiled
from agents.nlu.text import normalise

# Contractions typed without the apostrophe; ``normalise`` already expands the ones with it (and "im",
# "whats"). "its" is read as "it is" here: for spotting a copied sentence, erring towards a match is right.
_BARE = [
    (r"\b(do|does|did|is|are|was|were|has|have|had|could|would|should|must|need|might)nt\b", r"\1 not"),
    (r"\bcant\b", "can not"), (r"\bwont\b", "will not"), (r"\b(it|that|there|here|he|she)s\b", r"\1 is"),
    (r"\b(you|they)re\b", r"\1 are"), (r"\b(i|you|we|they)ve\b", r"\1 have"), (r"\b(you|they)ll\b", r"\1 will"),
]  # never "were", "well" or "ill": those are words of their own
_NOT_WORD = re.compile(r"[\W_]+")


def sentence_key(text: str) -> str:
    """The form two copies of one sentence share: normalised, contractions expanded, no punctuation or space."""
    text = normalise(text).replace("'", "")
    text = _NOT_WORD.sub(" ", text)
    for pattern, repl in _BARE:
        text = compiled(pattern).sub(repl, text)
    return text.replace(" ", "")


def shared_sentences(tests: Iterable[str], training: Iterable[str]) -> list[str]:
    """The test sentences whose key is also a training example's key, in test order."""
    keys = {sentence_key(t) for t in training}
    return [t for t in tests if sentence_key(t) in keys]
