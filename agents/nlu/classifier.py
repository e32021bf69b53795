"""The exemplar classifier behind the rules: character n-gram TF-IDF (``char_wb``, 2-4) over
the normalised text and a linear model, trained on an agent's shipped example utterances.
Deterministic (fixed solver, no randomness). The fitted model is cached on disk, keyed by the
training data (``model_cache.py``): a process loads it in milliseconds and scores it in pure Python
(``linear.py``); scikit-learn is imported only to fit when the training data changed."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from agents.nlu.lexicon import load_yaml, strings
from agents.nlu.linear import LinearModel
from agents.nlu.text import compact, normalise


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
    def __init__(self, examples: dict[str, list[str]], *, threshold: float = 0.5, margin: float = 0.15,
                 name: str = "classifier") -> None:
        if len(examples) < 2:
            raise ValueError("an exemplar classifier needs at least two intents")
        self.examples = {intent: [str(t) for t in texts] for intent, texts in examples.items()}
        self.threshold, self.min_margin = threshold, margin
        self.name = name  # names the cache file, for people looking in the folder
        self._pipe: LinearModel | None = None
        self._lock = threading.Lock()

    @classmethod
    def from_yaml(cls, path: str | Path, **kwargs: float) -> ExemplarClassifier:
        return _from_yaml(str(Path(path).resolve()), tuple(sorted(kwargs.items())))

    def compact_examples(self) -> set[str]:
        """Training utterances without spaces or case: test phrasings must not be among them."""
        return {compact(t) for texts in self.examples.values() for t in texts}

    def training_set(self) -> tuple[list[str], list[str]]:
        """The normalised texts and their labels, as fitted."""
        texts, labels = [], []
        for intent, items in sorted(self.examples.items()):
            texts += [normalise(t) for t in items]
            labels += [intent] * len(items)
        return texts, labels

    def _model(self) -> LinearModel:
        with self._lock:  # one load (or fit) per process even when the first turns arrive together
            if self._pipe is None:
                from agents.nlu.model_cache import load_or_fit

                self._pipe = load_or_fit(self.examples, self.training_set, self.name)
            return self._pipe

    def warm(self) -> None:
        self._model()

    def classify(self, text: str) -> Guess:
        model = self._model()
        probs = model.proba(normalise(text))
        ranked = tuple(sorted(zip(model.classes, probs, strict=True), key=lambda x: (-x[1], x[0])))
        best = ranked[0][1]
        second = ranked[1][1] if len(ranked) > 1 else 0.0
        return Guess(ranked[0][0], best, ranked, best >= self.threshold and best - second >= self.min_margin)


@cache
def _from_yaml(path: str, kwargs: tuple[tuple[str, float], ...]) -> ExemplarClassifier:
    data = load_yaml(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path}: training examples are a mapping intent -> list of utterances")
    name = Path(path).parent.name  # marketing/training.yaml -> "marketing"
    examples = {str(k): strings(v, f"{path} {k}") for k, v in data.items()}
    return ExemplarClassifier(examples, name=name, **dict(kwargs))
