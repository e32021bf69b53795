"""At start-up the classifiers are trained off the request path, so the first visitor's first
message does not pay for scikit-learn's import and the fits."""

from __future__ import annotations

from agents.marketing import nlu
from agents.nlu import injection
from agents.shopping import intents
from agents.travel import reading
from pages.gradio.shell import warm_up


def test_warm_up_trains_every_agents_classifier_and_the_guard():
    warm_up().join(timeout=120)
    for trained in (nlu.classifier(), intents.classifier(), reading.classifier(), injection.classifier()):
        assert trained._pipe is not None
    assert nlu.classifier().classify("이번 주 성과 어때?").ranked  # and it answers
