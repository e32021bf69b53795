"""The tutor's offline model on long, polite, multi-clause messages (tests/tutor/phrasings_long.yaml):
the request sits in one clause (mostly the last) and the others are context, so a stock or case named
only in a context clause is not what is asked for. Kept apart from the exemplars, the lexicon and the
two other sets; and the app does what the request clause asked, end to end."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import yaml

from agents.core.nlu import compact
from agents.core.session import Session
from agents.tutor.catalog import LEXICON_PATH
from agents.tutor.evaluate import LONG, WILD, load, run_report
from agents.tutor.reading import TRAINING_PATH
from tests.support.helpers import one
from tests.tutor.conftest import context_for
from tests.tutor.test_phrasings_data import problems, vocabulary
from tests.tutor.test_phrasings_data import load as load_items

HANGUL = re.compile(r"[가-힣]")


def test_accuracy_on_long_polite_multi_clause_messages() -> None:
    report = run_report(LONG, "tutor (long)")
    report.print()  # per intent and the confusions, in the test log (-s)
    assert report.total >= 60
    assert report.accuracy >= 0.90, [(o.text, o.problems) for o in report.misses()]
    assert not [o for o in report.outcomes if any("high-risk" in p for p in o.problems)]


def test_the_long_set_is_valid_varied_and_kept_apart() -> None:
    items = load_items(LONG)
    vocab = vocabulary()
    assert {f"{i.text} @ {i.screen}": p for i in items if (p := problems(i, vocab))} == {}
    english = [i for i in items if not HANGUL.search(i.text)]
    assert 0.30 <= len(english) / len(items) <= 0.42
    assert len({i.kind for i in items}) >= 14 and Counter(i.kind for i in items)["clarify"] >= 3
    screens = Counter(i.screen.split("/")[1] for i in items)
    assert all(screens[s] >= 6 for s in ("home", "stock", "education", "my")), screens
    examples = {compact(e) for values in yaml.safe_load(Path(TRAINING_PATH).read_text(encoding="utf-8")).values()
                for e in values}
    lexicon = yaml.safe_load(Path(LEXICON_PATH).read_text(encoding="utf-8"))
    phrases = {compact(str(p)) for section in ("intents", "intent_keywords") for ps in lexicon[section].values()
               for p in ps}
    others = {compact(i["text"]) for i in load() + load(WILD)}
    texts = [compact(i["text"]) for i in load(LONG)]
    assert len(texts) == len(set(texts))
    assert [t for t in texts if t in examples or t in phrases or t in others] == []
