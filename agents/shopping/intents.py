"""The exemplar classifier behind the shopping rules: the shared kit's char n-gram TF-IDF
classifier (``agents.nlu``), trained on ``training.yaml`` (several hundred utterances,
Korean and English). It decides only what the rules leave open, and says how sure it is."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from agents.nlu import ExemplarClassifier

TRAINING_PATH = Path(__file__).with_name("training.yaml")
CONFIDENT = 0.55  # top probability needed to act without asking
MARGIN = 0.2  # and its lead over the runner-up


@dataclass(frozen=True)
class Guess:
    name: str
    probability: float
    top: tuple[str, ...]  # the likeliest intents, best first
    confident: bool

    @property
    def percent(self) -> int:
        return round(self.probability * 100)

    @property
    def domain(self) -> bool:
        """Probably about shopping (not small talk): worth a question rather than generic help."""
        return self.name != "GENERAL" or (len(self.top) > 1 and self.probability < CONFIDENT)


def classifier() -> ExemplarClassifier:
    return ExemplarClassifier.from_yaml(TRAINING_PATH, threshold=CONFIDENT, margin=MARGIN)


def training() -> dict[str, list[str]]:
    return classifier().examples


def classify(text: str) -> Guess:
    guess = classifier().classify(text)
    return Guess(guess.intent, guess.score, tuple(guess.top(3)), guess.confident)
