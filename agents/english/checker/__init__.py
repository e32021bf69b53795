"""The offline CorrectionAgent: a rule-based checker for the errors learners really make.

Precision comes first (a false alarm teaches a wrong rule): every rule fires only on a pattern it can
read with confidence and otherwise stays silent. Spelling is fixed first, then the grammar rules read
the respelled message; overlapping edits are settled by rule priority. ``check`` returns the corrected
message (only the wrong words change) and a short, friendly explanation with Korean.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

from agents.english.checker.agreement import agreement, past_tense
from agents.english.checker.collocations import collocations
from agents.english.checker.complements import complements
from agents.english.checker.embedded import embedded
from agents.english.checker.explain import explanation, praise
from agents.english.checker.forms import forms, plurals_by_rule
from agents.english.checker.generic import generic_nouns
from agents.english.checker.homophones import homophones
from agents.english.checker.irregular import regularised_pasts
from agents.english.checker.modifiers import adverbs_before_nouns, demonstratives, manner_adjectives
from agents.english.checker.nouns import articles, capital_i, plurals, role_articles
from agents.english.checker.phrases import phrases
from agents.english.checker.prepositions import prepositions
from agents.english.checker.questions import questions
from agents.english.checker.spelling import spelling
from agents.english.checker.spelling import warm as warm_spelling
from agents.english.checker.tenses import tenses
from agents.english.checker.tokens import Edit, Token, apply, sentences, tokenize
from agents.english.checker.usage import usage
from agents.english.checker.verbs import verb_forms

GRAMMAR_RULES = (articles, role_articles, plurals, phrases, prepositions, verb_forms, questions, complements,
                 embedded, generic_nouns, forms, usage, homophones, tenses,
                 adverbs_before_nouns, collocations, demonstratives, manner_adjectives)
MAX_CHARS = 2_000  # a longer message is checked in its first part only (the rules are per sentence)
_ENGLISH = re.compile(r"[A-Za-z]")


@dataclass
class Checked:
    original: str
    corrected: str
    edits: list[Edit] = field(default_factory=list)

    @property
    def has_errors(self) -> bool:
        return self.corrected != self.original

    @property
    def kinds(self) -> list[str]:
        return list(dict.fromkeys(e.kind for e in self.edits))

    def explanation(self) -> str:
        return explanation(self.edits)

    def feedback(self) -> str:
        return praise(self.original)


def _resolve(edits: list[Edit]) -> list[Edit]:
    """Keep the stronger of two overlapping edits (lower priority number), then leftmost first."""
    kept: list[Edit] = []
    for edit in sorted(edits, key=lambda e: (e.priority, e.start, e.end)):
        if not any(edit.overlaps(k) or (edit.start, edit.end, edit.words) == (k.start, k.end, k.words) for k in kept):
            kept.append(edit)
    return sorted(kept, key=lambda e: (e.start, e.end))


def _pass(tokens: list[Token], rules: tuple[Callable[[list[Token]], list[Edit]], ...], year: int) -> list[Edit]:
    edits: list[Edit] = []
    for sent in sentences(tokens):
        for rule in rules:
            edits += rule(sent)
        edits += agreement(sent, year)
        edits += past_tense(sent, year)
    return _resolve(edits)


def check(text: str, *, today: date | None = None) -> Checked:
    """Check one learner message; the same text always gives the same result."""
    original = text.strip()
    if not original or not _ENGLISH.search(original) or _mostly_not_english(original):
        return Checked(original, original)
    year = (today or date.today()).year
    head = original[:MAX_CHARS]
    tokens = tokenize(head)
    # A lowercase "i" is fixed with the spelling, so the grammar pass reads "where I can" ("where can I").
    # "buyed" is bought before the spell checker could read it as "buyer" (the irregular past wins).
    spelled = _resolve([e for sent in sentences(tokens)
                        for e in (*spelling(sent), *capital_i(sent), *regularised_pasts(sent),
                                    *plurals_by_rule(sent))])
    respelled = apply(tokens, spelled) if spelled else head
    tokens2 = tokenize(respelled)
    grammar = _pass(tokens2, GRAMMAR_RULES, year)
    corrected = apply(tokens2, grammar) if grammar else respelled
    if any(e.kind == "plural_after_number" for e in [*spelled, *grammar]):
        # "Two dog is outside": the subject became plural in this pass, so its verb is read again against it
        # (one pass read "dog is" as agreeing); only agreement runs, on the corrected text.
        tokens3 = tokenize(corrected)
        agreed = _resolve([e for sent in sentences(tokens3) for e in agreement(sent, year)])
        if agreed:
            corrected, grammar = apply(tokens3, agreed), [*grammar, *agreed]
    if len(original) > MAX_CHARS:
        corrected += original[MAX_CHARS:]
    if corrected == original:
        return Checked(original, original)
    return Checked(original, corrected, [*spelled, *grammar])


def _mostly_not_english(text: str) -> bool:
    """A message written mostly in Korean (or another script) is not checked as English."""
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and sum(c.isascii() for c in letters) < len(letters) * 0.6


def warm() -> None:
    """Load the spelling dictionary and frequency list off the request path (about a second)."""
    warm_spelling()
    check("She go to school yesterday and i buy a apple.")


__all__ = ["Checked", "check", "warm"]
