"""The exemplar classifier behind the rules: character n-gram TF-IDF (``char_wb``, 2-4) over
the normalised text and a linear model, trained on an agent's shipped example utterances.
Deterministic (fixed solver, no randomness), trained once per process in well under a second."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from agents.core.nlu.text import compact, normalise

if TYPE_CHECKING:
    from sklearn.pipeline import Pipeline


@dataclass(frozen=True)
class Guess:
    intent: str
    score: float  # probability of the best intent, 0..1
    ranked: tuple[tuple[str, float], ...]  # every intent, best first
    confident: bool

    @property
    def margin(self) -> float:
        return self.score - (self.ranked[1][1] if len(self.ranked) > 1 else 0.0)

    def top(self, n: int = 3) -> list[str]:
        return [name for name, _ in self.ranked[:n]]


class ExemplarClassifier:
    def __init__(self, examples: dict[str, list[str]], *, threshold: float = 0.5, margin: float = 0.15) -> None:
        if len(examples) < 2:
            raise ValueError("an exemplar classifier needs at least two intents")
        self.examples = {intent: [str(t) for t in texts] for intent, texts in examples.items()}
        self.threshold, self.min_margin = threshold, margin
        self._pipe: Pipeline | None = None
        self._lock = threading.Lock()

    @classmethod
    def from_yaml(cls, path: str | Path, **kwargs: float) -> ExemplarClassifier:
        return _from_yaml(str(Path(path).resolve()), tuple(sorted(kwargs.items())))

    def compact_examples(self) -> set[str]:
        """Training utterances without spaces or case: test phrasings must not be among them."""
        return {compact(t) for texts in self.examples.values() for t in texts}

    def _model(self) -> Pipeline:
        with self._lock:  # one training per process even when the first turns arrive together
            if self._pipe is None:
                # Imported on first use: scikit-learn's import costs seconds, most turns never need it.
                from sklearn.feature_extraction.text import TfidfVectorizer
                from sklearn.linear_model import LogisticRegression
                from sklearn.pipeline import make_pipeline

                texts, labels = [], []
                for intent, items in sorted(self.examples.items()):
                    texts += [normalise(t) for t in items]
                    labels += [intent] * len(items)
                pipe = make_pipeline(
                    TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4), sublinear_tf=True),
                    LogisticRegression(C=10.0, solver="newton-cg", max_iter=300))  # lbfgs needs seconds here
                pipe.fit(texts, labels)
                self._pipe = pipe
            return self._pipe

    def warm(self) -> None:
        self._model()

    def classify(self, text: str) -> Guess:
        pipe = self._model()
        probs = pipe.predict_proba([normalise(text)])[0]
        classes = [str(c) for c in pipe.classes_]
        ranked = tuple(sorted(((classes[i], float(p)) for i, p in enumerate(probs)), key=lambda x: (-x[1], x[0])))
        best = ranked[0][1]
        second = ranked[1][1] if len(ranked) > 1 else 0.0
        return Guess(ranked[0][0], best, ranked, best >= self.threshold and best - second >= self.min_margin)


@cache
def _from_yaml(path: str, kwargs: tuple[tuple[str, float], ...]) -> ExemplarClassifier:
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path}: training examples are a mapping intent -> list of utterances")
    return ExemplarClassifier({str(k): list(v) for k, v in data.items()}, **dict(kwargs))
