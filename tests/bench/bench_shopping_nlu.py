"""Shopping understanding benchmark (prints figures; asserts nothing about time).

    python -m tests.bench.bench_shopping_nlu

Goal (issue 9): the exemplar classifier trains at start-up in well under a second; since issue 27 a
process loads the fitted model from the cache instead (printed too). Reference measured in the same
run: fitting the TF-IDF vectoriser alone, and reading one message with the lexicon rules.
"""

from __future__ import annotations

import statistics
import time

from sklearn.feature_extraction.text import TfidfVectorizer

from agents.nlu import ExemplarClassifier, linear
from agents.shopping import intents
from agents.shopping.evaluate import setup
from agents.shopping.reading import normalise, read
from agents.shopping.router import classify_rules

MESSAGES = ["10만원 아래로 다시 보여줘", "소음은 상관없어", "1번이랑 2번 비교해줘", "보르르 분유포트 기반으로 다시 추천해줘",
            "easy to clean ones under 100k", "셰척 쉬운거", "오늘 점심 뭐 먹지"]


def ms(fn, n: int = 1) -> float:
    samples = []
    for _ in range(n):
        started = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - started) * 1000)
    return statistics.median(samples)


def main() -> None:
    texts = [normalise(t) for examples in intents.training().values() for t in examples]
    vectoriser = ms(lambda: TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4)).fit(texts), 5)
    classifier = ExemplarClassifier(intents.training(), threshold=intents.CONFIDENT, margin=intents.MARGIN)
    fit = ms(lambda: linear.fit(*classifier.training_set()), 5)
    classifier.warm()  # writes the cache when it has no model for this training data yet
    load = ms(lambda: ExemplarClassifier(intents.training(), threshold=intents.CONFIDENT, margin=intents.MARGIN).warm(),
              5)
    reading = ms(lambda: [read(m) for m in MESSAGES], 20) / len(MESSAGES)
    context, _ = setup({"state": "top3"})
    rules = ms(lambda: [classify_rules(m, context) for m in MESSAGES], 10) / len(MESSAGES)
    print(f"classifier fit ({len(texts)} utterances): {fit:.1f} ms   (reference: vectoriser alone {vectoriser:.1f} ms)")
    print(f"classifier load from the cache:      {load:.1f} ms   (reference: the fit above {fit:.1f} ms)")
    print(f"classification rules, one message:   {rules:.2f} ms   (reference: lexicon reading alone {reading:.2f} ms)")


if __name__ == "__main__":
    main()
