"""The tutor's offline model on hold-out C's tune half (tests/tutor/phrasings_c.yaml), written blind from
the file header and data/tutor/*.json by a writer who never read the model's rules: casual and polite
Korean, slang (ㄱㄱ, 삼전, 하닉), English and mixed. Its figure before any fix for it was 47/55; misses were
fixed by kind (a synonym family, a tab's name, a pointer), never by the sentence."""

from __future__ import annotations

from agents.core.nlu import compact
from agents.tutor.evaluate import HOLDOUT_C, LONG, WILD, load, run_report
from tests.tutor.test_phrasings_data import Phrasing, problems, vocabulary


def test_accuracy_on_hold_out_c() -> None:
    report = run_report(HOLDOUT_C, "tutor (hold-out C)")
    report.print()
    assert report.total == 55
    assert report.right >= 47, [(o.text, o.problems) for o in report.misses()]
    assert not [o for o in report.outcomes if any("high-risk" in p for p in o.problems)]


def test_hold_out_c_is_valid_and_new() -> None:
    raw = load(HOLDOUT_C)
    items = [Phrasing(**{k: v for k, v in item.items() if k != "tags"}) for item in raw]  # tags: the writer's
    vocab = vocabulary()
    assert {f"{i.text} @ {i.screen}": p for i in items if (p := problems(i, vocab))} == {}
    others = {compact(i["text"]) for i in load() + load(WILD) + load(LONG)}
    assert [i["text"] for i in raw if compact(i["text"]) in others] == []
