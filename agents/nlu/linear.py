"""The exemplar classifier's fitted model as plain numbers: the character n-gram vocabulary, its IDF
weights and the linear model's coefficients, scored in pure Python. scikit-learn fits it (only when
the cache has no model for the training data: ``model_cache.py``); answering never imports
scikit-learn, SciPy or NumPy, which cost seconds of CPU at start (measured: tests/bench/bench_startup.py).

The scoring reproduces ``TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4), sublinear_tf=True)``
followed by ``LogisticRegression.predict_proba`` to floating-point rounding (tests/nlu/test_model_cache.py
compares them on every shipped training set)."""

from __future__ import annotations

import json
import math
from array import array
from collections.abc import Sequence

NGRAMS = (2, 4)
# Everything the fit depends on besides the data: part of the cache key (model_cache.py).
PARAMS = "tfidf(char_wb,2-4,sublinear,l2,smooth_idf)+logreg(C=10,newton-cg,max_iter=300)"
MAGIC = b"PGLM1\n"


def char_wb_grams(text: str) -> dict[str, int]:
    """scikit-learn's ``char_wb`` analyser with counts: each word padded with one space each side, its
    2- to 4-grams; a word no longer than n counts once, as itself, and ends the loop."""
    counts: dict[str, int] = {}
    low, high = NGRAMS
    for word in text.lower().split():
        padded = f" {word} "
        size = len(padded)
        for n in range(low, high + 1):
            for start in range(max(size - n, 0) + 1):
                gram = padded[start:start + n]
                counts[gram] = counts.get(gram, 0) + 1
            if size <= n:
                break
    return counts


class LinearModel:
    """``classes`` in scikit-learn's order; ``coef`` is feature-major (``coef[i * width + c]``), ``width``
    is 1 for two classes (a logistic) and the number of classes otherwise (a softmax)."""

    def __init__(self, classes: Sequence[str], vocabulary: Sequence[str], idf: array[float], coef: array[float],
                 intercept: Sequence[float]) -> None:
        self.classes = tuple(classes)
        self.width = 1 if len(self.classes) == 2 else len(self.classes)
        if len(idf) != len(vocabulary) or len(coef) != len(vocabulary) * self.width or len(intercept) != self.width:
            raise ValueError("inconsistent model arrays")
        self.vocabulary = tuple(vocabulary)
        self.index = {gram: i for i, gram in enumerate(self.vocabulary)}
        self.idf, self.coef, self.intercept = idf, coef, list(intercept)

    def proba(self, text: str) -> list[float]:
        """Class probabilities of an already normalised text, in ``classes`` order."""
        values: dict[int, float] = {}
        for gram, count in char_wb_grams(text).items():
            i = self.index.get(gram)
            if i is not None:
                values[i] = (1.0 + math.log(count)) * self.idf[i]
        norm = math.sqrt(sum(v * v for v in values.values())) or 1.0
        width, coef = self.width, self.coef
        scores = list(self.intercept)
        for i, value in values.items():
            value /= norm
            base = i * width
            for c in range(width):
                scores[c] += value * coef[base + c]
        if width == 1:
            p = _expit(scores[0])
            return [1.0 - p, p]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]

    # A plain file, no pickle: loading a cache file never runs code from it.
    def to_bytes(self, key: str) -> bytes:
        head = json.dumps({"key": key, "classes": self.classes, "intercept": self.intercept,
                           "features": len(self.vocabulary), "width": self.width}, ensure_ascii=False).encode()
        vocab = "\n".join(self.vocabulary).encode()
        parts = [head, vocab, self.idf.tobytes(), self.coef.tobytes()]
        sizes = " ".join(str(len(p)) for p in parts).encode()
        return MAGIC + sizes + b"\n" + b"".join(parts)

    @classmethod
    def from_bytes(cls, data: bytes, key: str) -> LinearModel:
        """The model in ``data``; ValueError when the file is not one, is cut short or was made for another key."""
        if not data.startswith(MAGIC):
            raise ValueError("not a classifier cache file")
        sizes_line, _, body = data[len(MAGIC):].partition(b"\n")
        try:
            sizes = [int(s) for s in sizes_line.split()]
        except ValueError:
            raise ValueError("bad header") from None
        if len(sizes) != 4 or sum(sizes) != len(body):
            raise ValueError("truncated classifier cache file")
        parts, at = [], 0
        for size in sizes:
            parts.append(body[at:at + size])
            at += size
        head = json.loads(parts[0])
        if head.get("key") != key:
            raise ValueError("the cache file was made for other training data")
        vocabulary = parts[1].decode().split("\n") if head["features"] else []
        idf, coef = array("d"), array("d")
        idf.frombytes(parts[2])
        coef.frombytes(parts[3])
        model = cls(head["classes"], vocabulary, idf, coef, head["intercept"])
        if model.width != head["width"]:
            raise ValueError("inconsistent model arrays")
        return model


def _expit(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def fit(texts: Sequence[str], labels: Sequence[str]) -> LinearModel:
    """Fit with scikit-learn (imported here: it costs seconds) and keep only the numbers."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    vectoriser = TfidfVectorizer(analyzer="char_wb", ngram_range=NGRAMS, sublinear_tf=True)
    features = vectoriser.fit_transform(texts)
    model = LogisticRegression(C=10.0, solver="newton-cg", max_iter=300)  # lbfgs needs seconds here
    model.fit(features, labels)
    vocabulary = sorted(vectoriser.vocabulary_, key=vectoriser.vocabulary_.__getitem__)
    coef = array("d", model.coef_.T.ravel().tolist())  # feature-major
    return LinearModel([str(c) for c in model.classes_], vocabulary, array("d", vectoriser.idf_.tolist()), coef,
                       model.intercept_.tolist())
