"""Rules first, then the classifier, and a question with choices when neither is sure. A
mutation is only ever started by a rule that fired on the user's own words, never by a guess."""

from __future__ import annotations

from dataclasses import dataclass, field

from agents.nlu.classifier import Guess


@dataclass(frozen=True)
class Decision:
    intent: str | None  # None: ask
    source: str  # "rule" | "classifier" | "ask"
    choices: list[str] = field(default_factory=list)  # labels of the likeliest intents, for chips
    candidates: list[str] = field(default_factory=list)  # the same as intent names
    question: str = ""

    @property
    def ask(self) -> bool:
        return self.intent is None


def decide(rule: str | None, guess: Guess | None, *, mutations: frozenset[str] | set[str],
           labels: dict[str, str], exclude: frozenset[str] | set[str] = frozenset(), n: int = 3) -> Decision:
    """``labels`` maps intent names to the words a chip shows ("성과 조회"); intents without a
    label (small talk, fallbacks) are never offered as a choice."""
    if rule is not None:
        return Decision(rule, "rule")
    if guess is not None and guess.confident and guess.intent not in mutations:
        return Decision(guess.intent, "classifier")
    candidates: list[str] = []
    if guess is not None:
        for name, _ in guess.ranked:
            if name in labels and name not in exclude and name not in candidates:
                candidates.append(name)
            if len(candidates) == n:
                break
    if len(candidates) < 2:  # always offer a real choice
        for name in labels:
            if name not in candidates and name not in mutations and name not in exclude:
                candidates.append(name)
            if len(candidates) >= min(n, 3):
                break
    choices = [labels[c] for c in candidates]
    question = "어떤 걸 도와드릴까요? " + " / ".join(choices) + " 중에서 골라주세요."
    return Decision(None, "ask", choices, candidates, question)
