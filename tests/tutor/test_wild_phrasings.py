"""The tutor's offline model on phrasings as strangers type them (tests/tutor/phrasings_wild.yaml):
casual and polite Korean, typos and missing spaces, 줄임말, English and Korean-English mix, long polite
sentences, screens described in words. Kept apart from the exemplars and the lexicon; and the
questions it asks instead of guessing lead somewhere when the learner answers them."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from agents.core.session import Session
from agents.nlu.leaks import sentence_key
from agents.tutor.catalog import LEXICON_PATH
from agents.tutor.evaluate import FOLLOWUP, HOLDOUT_C, LONG, WILD, load, nlu_report, run_report
from agents.tutor.reading import TRAINING_PATH
from tests.support.helpers import one, text_of
from tests.tutor.conftest import context_for
from tests.tutor.test_phrasings_data import PHRASINGS_PATH, problems, vocabulary
from tests.tutor.test_phrasings_data import load as load_items

HANGUL = re.compile(r"[가-힣]")
LATIN_WORD = re.compile(r"[a-z]{2,}")


@pytest.mark.corpus
def test_accuracy_on_phrasings_as_strangers_type() -> None:
    report = run_report(WILD, "tutor (wild)")
    report.print()  # per intent and the confusions, in the test log (-s)
    assert report.total >= 200
    assert report.accuracy >= 0.90, [(o.text, o.problems) for o in report.misses()]
    assert not [o for o in report.outcomes if any("high-risk" in p for p in o.problems)]


@pytest.mark.corpus
def test_nlu_report_measures_the_five_sets() -> None:
    reports = nlu_report()
    assert [r.name for r in reports] == ["tutor", "tutor (wild)", "tutor (long)", "tutor (hold-out C)",
                                         "tutor (follow-up)"]
    assert [r.total for r in reports] == [len(load()), len(load(WILD)), len(load(LONG)), len(load(HOLDOUT_C)),
                                          len(load(FOLLOWUP))]
    assert reports[0].accuracy >= 0.95 and reports[1].accuracy >= 0.90


def test_the_wild_set_is_kept_apart_from_the_exemplars_the_lexicon_and_the_first_set() -> None:
    examples = {sentence_key(e) for values in yaml.safe_load(Path(TRAINING_PATH).read_text(encoding="utf-8")).values()
                for e in values}
    lexicon = yaml.safe_load(Path(LEXICON_PATH).read_text(encoding="utf-8"))
    phrases: set[str] = set()
    for section in ("intents", "intent_keywords"):
        phrases |= {sentence_key(str(p)) for ps in lexicon[section].values() for p in ps}
    phrases |= {sentence_key(str(p)) for values in lexicon["slots"].values() for ps in values.values() for p in ps}
    first = {sentence_key(i["text"]) for i in load()}
    wild = [sentence_key(i["text"]) for i in load(WILD)]
    assert len(wild) == len(set(wild))
    assert [t for t in wild if t in examples] == []
    sentences = [sentence_key(i["text"]) for i in load(WILD) if " " in i["text"].strip()]  # a lone word is just a word
    assert [t for t in sentences if t in phrases] == []
    assert [t for t in wild if t in first] == []


def test_the_wild_set_is_valid_varied_and_mostly_korean() -> None:
    items = load_items(WILD)
    vocab = vocabulary()
    assert {f"{i.text} @ {i.screen}": p for i in items if (p := problems(i, vocab))} == {}
    english = [i for i in items if not HANGUL.search(i.text)]
    mixed = [i for i in items if HANGUL.search(i.text) and LATIN_WORD.search(i.text.lower())]
    assert 0.25 <= len(english) / len(items) <= 0.40 and mixed
    kinds = Counter(i.kind for i in items)
    assert kinds["clarify"] >= 10 and len(kinds) >= 18
    screens = Counter(i.screen.split("/")[1] for i in items)
    assert all(screens[s] >= 10 for s in ("home", "stock", "education", "my")), screens
    assert len(load_items(PHRASINGS_PATH)) >= 170  # the first set is untouched


def test_a_bare_name_asks_which_stock_then_explains_its_move(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    asked = one(s.run("SK 요즘 왜 이렇게 빠져?", extra={"context_text": context_for("/home")}), "clarification")
    assert asked.options == ["SK하이닉스", "SK텔레콤"]
    events = s.run("SK텔레콤", extra={"context_text": context_for("/home")})
    call = one(events, "tool_call")
    assert (call.name, call.args["code"]) == ("explain_move", "017670")


def test_an_order_screen_without_a_side_asks_then_waits_for_confirm(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    asked = one(s.run("주문창 좀 띄워줄래", extra={"context_text": context_for("/home")}), "clarification")
    assert asked.options == ["매수", "매도"]
    assert not [e for e in s.run("매도", extra={"context_text": context_for("/home")}) if e.type == "action_confirmation"]
    events = s.run("카카오", extra={"context_text": context_for("/home")})
    card = one(events, "action_confirmation")  # never opened without Confirm
    assert card.args["params"] == {"side": "sell", "code": "035720"}
    # Named with its stock, only the side is asked; the answer carries the stock.
    s2 = Session("tutor", store=store, clock=clock)
    one(s2.run("open the order window for naver", extra={"context_text": context_for("/my")}), "clarification")
    card = one(s2.run("buy", extra={"context_text": context_for("/my")}), "action_confirmation")
    assert card.args["params"] == {"side": "buy", "code": "035420"}


def test_whole_market_and_off_topic_english_need_no_stock(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    events = s.run("the market is a sea of red today, why?", extra={"context_text": context_for("/stock/000660")})
    call = one(events, "tool_call")
    assert call.name == "explain_move" and call.args.get("code") is None
    assert text_of(events).startswith("The whole market (KODEX 200) moved")
    events = s.run("could you draft a birthday message for my mom", extra={"context_text": context_for("/home")})
    assert not [e for e in events if e.type in ("clarification", "tool_call")]
    assert text_of(events).startswith("I am a tutor for learning about stocks")
