"""Issue 29, blind set L (tune half), shopping: a catalogue quality said in other words, English or Korean, on a Top 3
is that quality's tag (REFILTER), never a question back. The kinds: an English quality word inflected ("boils",
"faster", "easier", "bigger", "prettier", "slowly"); a paraphrase of the tag ("kills germs", "won't wake the baby",
"가지고 다니기 좋은", "불 꺼도 잘 보이는"); a product described rather than asked about ("one I can …", "something
that …", "with …"), which is a wish even with "can" or the baby in it; an ordinary English phrase that only looks
like a brand ("easy on my back" is no Easy Mom). Sentences written for this test, apart from every labelled set."""

from __future__ import annotations

import re

import pytest

from agents.core.session import Session
from agents.shopping.catalog import shipped_products
from agents.shopping.names import find_products
from agents.shopping.reading import present_forms, read
from tests.support.helpers import one, text_of, types

REFILTER_EVENTS = ["thinking", "intent", "text", "data_card", "suggested_questions", "done"]
HANGUL = re.compile(r"[가-힣]")


def _refilter(category: str, text: str) -> tuple[dict[str, list[str]], list[str]]:
    """The tag changes ``text`` asked for on a Top 3 of ``category``, and the event types of its turn."""
    s = Session("shopping")
    s.run(f"{category} 좀 골라줘")
    events = s.run(text)
    intent = one(events, "intent")
    assert intent.name == "REFILTER", (text, intent.name)
    english = not HANGUL.search(text)
    assert bool(HANGUL.search(text_of(events))) != english, text_of(events)
    return intent.args["tag_changes"], types(events)


@pytest.mark.parametrize(("category", "text", "pro"), [
    ("분유포트", "a kettle that boils quicker", "fast-boil"),
    ("분유포트", "something whose water heats up faster", "fast-boil"),
    ("분유포트", "one that's easier to scrub", "hygiene-easy"),
    ("분유포트", "a roomier, bigger-capacity one", "large-capacity"),
    ("분유포트", "prettier kettles", "design"),
    ("젖병소독기", "faster drying please", "dry-fast"),
    ("베이비모니터", "one with a longer lasting battery", "long-battery"),
    ("아기띠", "an easier one to buckle", "easy-wear"),
])
def test_an_inflected_english_quality_word_is_its_tag(store, category: str, text: str, pro: str) -> None:
    changes, shown = _refilter(category, text)
    assert pro in changes["add_pros"], (text, changes)
    assert shown == REFILTER_EVENTS


@pytest.mark.parametrize(("category", "text", "pro"), [
    ("분유포트", "water ready in no time, no waiting around", "fast-boil"),
    ("분유포트", "물 금방 준비되는 거", "fast-boil"),
    ("분유포트", "one that won't wake the baby at 3am", "quiet"),
    ("분유포트", "어디 갖고 다니기 편한 걸로", "portable"),
    ("분유포트", "low maintenance please", "hygiene-easy"),
    ("젖병소독기", "something that kills bacteria properly", "uv-sterilize"),
    ("젖병소독기", "세균 확실하게 잡아주는 걸로", "uv-sterilize"),
    ("베이비모니터", "불 다 꺼도 잘 보이는 거", "night-vision"),
    ("베이비모니터", "works well in low light", "night-vision"),
    ("베이비모니터", "충전 자주 안 해도 되는 모델", "long-battery"),
    ("베이비모니터", "방 온도 표시되는 걸로", "temp-sensor"),
    ("아기띠", "여러 방향으로 안을 수 있는 모델", "multi-position"),
    ("아기띠", "땀이 안 차는 걸로요", "breathable"),
])
def test_a_paraphrase_of_a_catalogue_quality_is_its_tag(store, category: str, text: str, pro: str) -> None:
    changes, _ = _refilter(category, text)
    assert pro in changes["add_pros"], (text, changes)


@pytest.mark.parametrize(("category", "text", "con"), [
    ("분유포트", "not the ones that take forever to heat", "slow-heat"),
    ("분유포트", "skip kettles whose temperature jumps around", "temp-drift"),
    ("베이비모니터", "nothing that keeps dropping out", "wifi-unstable"),
    ("베이비모니터", "not ones that need charging all the time", "short-battery"),
    ("아기띠", "nothing that gets too warm", "hot"),
])
def test_a_drawback_said_in_other_words_is_its_con(store, category: str, text: str, con: str) -> None:
    changes, _ = _refilter(category, text)
    assert con in changes["add_cons"], (text, changes)


@pytest.mark.parametrize(("category", "text", "pro"), [
    ("베이비모니터", "one I can talk to the baby through", "two-way-talk"),
    ("베이비모니터", "something I can hear the baby and answer with", "two-way-talk"),
    ("아기띠", "one I can put on by myself", "easy-wear"),
    ("분유포트", "something I can take along on trips", "portable"),
    ("베이비모니터", "one you can see with in the dark", "night-vision"),
    ("베이비모니터", "easy to set up on my phone", "app-easy"),
])
def test_a_product_described_is_a_wish_not_a_question(store, category: str, text: str, pro: str) -> None:
    """"one I can …" holds "can" and the baby, and is still a product wished for, not a question back."""
    changes, shown = _refilter(category, text)
    assert pro in changes["add_pros"], (text, changes)
    assert shown == REFILTER_EVENTS


@pytest.mark.parametrize("text", ["easy on my lower back", "something easy on my back please", "easy to move around"])
def test_an_english_phrase_that_only_looks_like_a_brand_names_no_product(text: str) -> None:
    assert find_products(text, shipped_products()) == []
    assert find_products("the Easy Mom one", shipped_products()) == ["p006"]  # the brand itself still is


@pytest.mark.parametrize(("word", "forms"), [
    ("boil", ["boils", "boiling", "boiled"]), ("fast", ["faster", "fastest"]), ("easy", ["easier", "easily"]),
    ("big", ["bigger"]), ("slow", ["slowly"]), ("pretty", ["prettier"]), ("nice", ["nicer"]),
])
def test_short_english_quality_words_are_found_in_their_forms(word: str, forms: list[str]) -> None:
    for form in forms:
        assert present_forms([word], f"one that {form} here") == [form]
    assert present_forms(["hot"], "a photo") == []  # still a whole word: "photo" holds no "hot"
    assert read("a kettle that boils water faster", shown=3).want == ["boil"]
