"""The exemplar classifier behind the rules: character n-gram TF-IDF (``char_wb`` 2-4) and
a linear model, trained at first use on ``training.yaml`` (several hundred utterances per
agent, Korean and English). It decides only what the rules leave open, and says how sure it is."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from agents.shopping.reading import normalise

if TYPE_CHECKING:
    from sklearn.pipeline import Pipeline

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


@cache
def training() -> dict[str, list[str]]:
    return yaml.safe_load(TRAINING_PATH.read_text(encoding="utf-8"))


@cache
def model() -> Pipeline:
    # Imported on first use: scikit-learn takes seconds to import, and most turns never need it.
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline

    texts, labels = [], []
    for intent, examples in training().items():
        texts += [normalise(t) for t in examples]
        labels += [intent] * len(examples)
    pipe = make_pipeline(TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4), sublinear_tf=True),
                         LogisticRegression(C=8.0, solver="newton-cg", max_iter=500))  # lbfgs takes seconds here
    pipe.fit(texts, labels)
    return pipe


def classify(text: str) -> Guess:
    pipe = model()
    probs = pipe.predict_proba([normalise(text)])[0]
    order = sorted(range(len(probs)), key=lambda i: (-probs[i], pipe.classes_[i]))
    top = tuple(str(pipe.classes_[i]) for i in order[:3])
    best, second = probs[order[0]], probs[order[1]]
    return Guess(top[0], float(best), top, bool(best >= CONFIDENT and best - second >= MARGIN))
