"""A confident guess of a kind that needs a slot (a stock, a case, a term) the rules did not find is asked back with
real choices. Before: the confident decision carried no choices, and the question read "What can I help with? Pick
one: ." with nothing to pick (seen by the k29-tutor helper)."""

from __future__ import annotations

import pytest

from agents.nlu.classifier import Guess
from agents.tutor import reading
from agents.tutor.questions import LABELS, LABELS_EN


class _Sure:
    def __init__(self, intent: str) -> None:
        others = [name for name in LABELS if name != intent]
        self.guess = Guess(intent, 0.9, ((intent, 0.9), *((name, 0.01) for name in others)), True)

    def classify(self, text: str) -> Guess:
        return self.guess


@pytest.mark.parametrize("intent", ["nav_stock", "concept", "case_info"])
def test_a_confident_guess_that_needs_a_slot_asks_with_choices(intent, monkeypatch):
    monkeypatch.setattr(reading, "classifier", lambda: _Sure(intent))
    asked = reading._guess("음 그거 좀")
    assert asked.kind is None and asked.source == "ask"
    assert asked.choices[0] == LABELS[intent] and len(asked.choices) >= 2  # the likeliest kind first
    assert asked.choices_en[0] == LABELS_EN[intent]
    assert asked.question_en == "What can I help with? Pick one: " + " / ".join(asked.choices_en) + "."
    assert all(asked.choices) and LABELS[intent] in asked.question
