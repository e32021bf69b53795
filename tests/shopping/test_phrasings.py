"""The shopping understanding measured on labelled phrasings written by someone else
(tests/shopping/phrasings.yaml, kept apart from the training examples)."""

from __future__ import annotations

import re

import pytest

from agents.nlu.leaks import shared_sentences
from agents.shopping import evaluate, intents
from agents.shopping.reading import normalise

pytestmark = pytest.mark.skipif(not evaluate.PHRASINGS.exists(), reason="tests/shopping/phrasings.yaml not merged yet")
REQUIRED = 0.95


def _key(text: str) -> str:
    return re.sub(r"\s+", "", normalise(text))


def test_enough_phrasings():
    assert len(evaluate.load()) >= 150


def test_no_test_phrasing_is_a_training_example():
    examples = [t for texts in intents.training().values() for t in texts]
    training = {_key(t) for t in examples}
    followups = [t for i in evaluate.load(evaluate.FOLLOWUP) for t in [i["text"], *i["before"]]]
    texts = [item["text"] for item in evaluate.load()] + followups
    # Also compared without punctuation, contractions or ending variants ("I don't" == "I do not").
    leaked = [t for t in texts if _key(t) in training] + shared_sentences(texts, examples)
    assert not leaked, f"test phrasings among the training examples: {leaked}"


@pytest.mark.corpus
def test_accuracy_on_unseen_phrasings(capsys):
    outcomes = [evaluate.check(item) for item in evaluate.load()]
    text = evaluate.report(outcomes)
    with capsys.disabled():
        print("\n" + text)
    accuracy = sum(o.ok for o in outcomes) / len(outcomes)
    assert accuracy >= REQUIRED, text
