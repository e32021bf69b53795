"""Hold-out G kinds, second round (issue 29, shopping), each through the whole turn (Session -> pipeline -> store).

Before the fix, on the same machine (G test half 63/78, tune half 41/44): a product number with a "like it"
word and "cheaper" asked for a budget when none was known; "…게 좋아요", "…돼서 … 거" and "모니터" read as
questions about a product; "X 말고 Y" kept category X; "the first two" was rank 1 only; "which would you pick"
after comparing two compared all three; "젤" was no superlative; a drawback no product of the category carries
yet (temperature drift on kettles) was dropped; an English adjective before its noun ("a confusing app") was
not read; "is it worth it / 꼭 사야 돼요?" was a new Top 3 ("사야" was corrected to 사양, "really" held "all").

Hold-out H's tune half (measured after the G work: 50/52) showed two more kinds: "last" the verb read as the last
product, and "the rest" after setting one aside; the own probes in the H kinds' shapes (different words) were
each a miss before.

The cases are tables, one per shape of answer: each row is one turn said after ``start`` (and ``setup``), and what
its events, intent and the conversation's state must then hold."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from agents.core.events import Event
from agents.core.session import Session
from agents.nlu import find_change
from agents.shopping.catalog import shipped_products
from tests.support.helpers import one, text_of, types

REFILTER_EVENTS = ["thinking", "intent", "text", "data_card", "suggested_questions", "done"]
ANSWER_EVENTS = ["thinking", "intent", "text", "suggested_questions", "done"]
COMPARE_EVENTS = ["thinking", "intent", "text", "data_card", "suggested_questions", "done"]
NTH = {1: "first", 2: "second", 3: "third"}


def state(session: Session) -> dict:
    return session.conversation().state


@dataclass
class Shown:
    """The Top 3 on screen when the row's turn is said (after ``start``; after ``setup`` too when asked)."""
    top3: list[dict[str, Any]]

    def ids(self, *ranks: int) -> list[str]:
        return [self.top3[k - 1]["id"] for k in ranks]

    def all(self) -> list[str]:
        return [p["id"] for p in self.top3]

    @property
    def dearest(self) -> tuple[int, dict[str, Any]]:
        rank, product = max(enumerate(self.top3, 1), key=lambda kv: kv[1]["price"])
        return rank, product


Expected = Callable[[Shown], object]  # a value that depends on the Top 3 shown


@dataclass(frozen=True)
class Case:
    said: str  # may name {rank} and {nth}: the dearest product shown
    start: str | None = "분유포트 추천해줘"
    setup: tuple[str, ...] = ()  # said between start and the row's turn ({rank}: the dearest)
    events: list[str] | None = None  # the whole event sequence, when the row asserts it
    name: str | None = None  # the intent's name
    args: dict[str, object | Expected] = field(default_factory=dict)  # intent args, exact ("a.b": nested)
    adds: dict[str, str | set[str]] = field(default_factory=dict)  # intent args that hold these items
    kept: dict[str, object | Expected] = field(default_factory=dict)  # the state after the turn, exact
    kept_has: dict[str, str] = field(default_factory=dict)  # state lists that hold these items
    text_has: tuple[str, ...] = ()
    text_lacks: tuple[str, ...] = ()
    same_top3: bool = False  # the Top 3 on screen did not change
    top3_after_setup: bool = False
    check: Callable[[Shown, list[Event], dict[str, Any]], None] | None = None  # what no column says


def _at(data: dict[str, Any], path: str) -> Any:
    for key in path.split("."):
        data = data[key]
    return data


def _value(expected: object, shown: Shown) -> object:
    return expected(shown) if callable(expected) else expected


def run_case(store: object, case: Case) -> None:
    s = Session("shopping")
    shown = Shown([])
    if case.start is not None:
        s.run(case.start)
        shown = Shown(state(s).get("top3", []))
    rank = shown.dearest[0] if shown.top3 else 0
    for line in case.setup:
        s.run(line.format(rank=rank, nth=NTH.get(rank, "")))
    if case.top3_after_setup:
        shown = Shown(state(s)["top3"])
    events = s.run(case.said.format(rank=rank, nth=NTH.get(rank, "")))
    after = state(s)
    if case.events is not None:
        assert types(events) == case.events
    intent = one(events, "intent")
    if case.name is not None:
        assert intent.name == case.name
    for path, expected in case.args.items():
        assert _at(intent.args, path) == _value(expected, shown), path
    for path, items in case.adds.items():
        got = _at(intent.args, path)
        assert (items <= set(got)) if isinstance(items, set) else (items in got), (path, got)
    for path, expected in case.kept.items():
        assert _at(after, path) == _value(expected, shown), path
    for path, item in case.kept_has.items():
        assert item in _at(after, path), path
    for words in case.text_has:
        assert words in text_of(events)
    for words in case.text_lacks:
        assert words not in text_of(events)
    if case.same_top3:
        assert after["top3"] == shown.top3
    if case.check is not None:
        case.check(shown, events, after)


def _dear_price(shown: Shown) -> int:
    return int(shown.dearest[1]["price"]) - 1


def _dear_id(shown: Shown) -> str:
    return str(shown.dearest[1]["id"])


def _recs(events: list[Event]) -> list[dict[str, Any]]:
    return list(one(events, "data_card").data["recommendations"])


def _all_below_the_dearest(shown: Shown, events: list[Event], _after: dict[str, Any]) -> None:
    recs = _recs(events)
    assert recs and all(r["price"] < shown.dearest[1]["price"] for r in recs)


def _second_not_recommended(shown: Shown, events: list[Event], _after: dict[str, Any]) -> None:
    assert shown.ids(2)[0] not in [r["id"] for r in _recs(events)]


def _only_category(category: str) -> Callable[[Shown, list[Event], dict[str, Any]], None]:
    def check(_shown: Shown, events: list[Event], _after: dict[str, Any]) -> None:
        kinds = {p["id"]: p["category"] for p in shipped_products()}
        assert {kinds[r["id"]] for r in _recs(events)} == {category}
    return check


def _excluded_gone(*ranks: int) -> Callable[[Shown, list[Event], dict[str, Any]], None]:
    def check(shown: Shown, _events: list[Event], after: dict[str, Any]) -> None:
        assert not set(shown.ids(*ranks)) & {p["id"] for p in after["top3"]}
    return check


def _no_shoulder_pain(_shown: Shown, events: list[Event], after: dict[str, Any]) -> None:
    assert "shoulder-pain" not in (one(events, "intent").args["tag_changes"] or {}).get("add_cons", [])
    assert "shoulder-pain" not in after.get("cons", [])


def _cheapest_named_first(shown: Shown, events: list[Event], after: dict[str, Any]) -> None:
    rank, cheapest = min(enumerate(shown.top3, 1), key=lambda kv: kv[1]["price"])
    first = text_of(events).splitlines()[0]
    assert (f"{rank}번" in first or f"#{rank}" in first) and f"{cheapest['price']:,}" in first
    assert "budget" not in after  # no budget was set


def _easy_to_clean_leads(shown: Shown, events: list[Event], _after: dict[str, Any]) -> None:
    easy = [f"{i}번" for i, p in enumerate(shown.top3, 1) if "hygiene-easy" in p.get("pros", [])] or None
    first = text_of(events).splitlines()[0]
    assert first.startswith("'세척이 쉬워요'") or first.startswith("'세척이 쉬워요'라는 후기가 있는 제품은 없어요")
    for mark in easy or []:
        assert mark in first


def _no_budget(_shown: Shown, events: list[Event], _after: dict[str, Any]) -> None:
    assert one(events, "intent").args.get("budget") is None


def refilter(said: str, start: str | None = "분유포트 추천해줘", **kw: Any) -> Case:
    return Case(said, start, events=REFILTER_EVENTS, **{"name": "REFILTER", **kw})


def anchored(said: str, start: str, **kw: Any) -> Case:
    """A new list below or beside the product named ({rank}: the dearest shown, when the row names no other)."""
    return Case(said, start, events=REFILTER_EVENTS, name="REFILTER_WITH_ANCHOR", **kw)


def compared(said: str, start: str, ranks: tuple[int, ...] | None, **kw: Any) -> Case:
    """A comparison of the shown products ``ranks`` (None: all three)."""
    products = (lambda s: s.all()) if ranks is None else (lambda s, r=ranks: s.ids(*r))
    return Case(said, start, **{"events": COMPARE_EVENTS, "name": "COMPARE", **kw,
                                "args": {"products": products, **kw.get("args", {})}})


def answered(said: str, start: str | None = "분유포트 추천해줘", **kw: Any) -> Case:
    """A GENERAL answer: no new Top 3, no question back."""
    return Case(said, start, events=ANSWER_EVENTS, name="GENERAL", **kw)


def about(said: str, start: str, ranks: tuple[int, ...] | None, **kw: Any) -> Case:
    """A question about the shown products ``ranks`` (None: the intent's name only)."""
    args = {} if ranks is None else {"products": lambda s, r=ranks: s.ids(*r)}
    return Case(said, start, name="PRODUCT_QA", **{**kw, "args": {**args, **kw.get("args", {})}})


REFILTERS = [
    *[pytest.param(refilter(said, adds={"tag_changes.add_pros": pro}, kept_has={"pros": pro}),
                   id=f"a wish ending on the product is a condition: {said}")
      for said, pro in [("밤에 돌려도 소리 작은 게 좋겠어요", "quiet"), ("애가 자주 깨서 조용한 거", "quiet"),
                        ("세척은 편한 걸로요", "hygiene-easy")]],
    # "모니터" holds -니 (a question ending) inside the word: "모니터 말고 분유포트 조용한 거" asks nothing.
    pytest.param(refilter("모니터 말고 분유포트 조용한 거", "베이비모니터 보여줘", args={"category": "분유포트"},
                          kept={"category": "분유포트"}, kept_has={"pros": "quiet"}), id="a monitor named is no question"),
    *[pytest.param(refilter(said, "젖병소독기 추천해줘", args={"category": category}, kept={"category": category},
                            check=_only_category(category)),
                   id=f"the category after the turn word: {said}")
      for said, category in [("젖병소독기 말고 베이비모니터로 다시 보여줘", "베이비모니터"),
                             ("a baby carrier instead of the sterilizer", "아기띠")]],
    # Kettle reviews name no temperature drift yet: the wish to avoid it is stored (seed: selectedConsTags), with
    # its good side (precise temperature) as the condition that ranks.
    pytest.param(Case("온도가 왔다갔다 하는 건 빼 주세요", events=REFILTER_EVENTS,
                      args={"tag_changes.add_cons": ["temp-drift"], "tag_changes.add_pros": ["temp-precise"]},
                      kept_has={"cons": "temp-drift", "pros": "temp-precise"}, text_lacks=("반영하지 못했어요",)),
                 id="a drawback no product of the category carries yet is kept"),
    pytest.param(refilter("오래 안아도 어깨 안 아픈 걸로", "아기띠 추천해줘", name=None,
                          adds={"tag_changes.add_cons": "shoulder-pain"}, kept_has={"cons": "shoulder-pain"}),
                 id="shoulder pain is a carrier's drawback"),
    pytest.param(Case("어깨 안 아픈 걸로", check=_no_shoulder_pain), id="shoulder pain is still no kettle condition"),
    pytest.param(refilter("nothing with a confusing app", "baby monitor please", name=None,
                          args={"tag_changes.add_cons": ["app-complex"]}, kept_has={"cons": "app-complex"}),
                 id="an English adjective before its noun is read"),
    *[pytest.param(refilter(said, name=None, adds={"tag_changes.add_cons": con}, kept_has={"cons": con}),
                   id=f"an English stance before the quality: {said}")
      for said, con in [("no noise please", "noise-loud"), ("I really hate loud machines", "noise-loud"),
                        ("avoid the heavy models", "heavy")]],
    pytest.param(refilter("아기가 예민해서 소리 덜 나는 거", name=None, adds={"tag_changes.add_pros": "quiet"}),
                 id="a wish about the baby is still a condition"),
    pytest.param(refilter("7개월 아기인데 아기띠는 뭐가 좋아요?", args={"category": "아기띠"}, kept={"category": "아기띠"}),
                 id="which is good in another category is a new list"),
    *[pytest.param(refilter(said, "베이비모니터 추천해줘", args={"product_numbers": []},
                            adds={"tag_changes.add_pros": "long-battery"}, kept_has={"pros": "long-battery"}),
                   id=f"last the verb is no product number: {said}")
      for said in ["also the battery needs to last long", "battery that will last longer please"]],
    pytest.param(refilter("1번은 패스할게요 다른 걸로요", args={"exclude": lambda s: s.ids(1)}, check=_excluded_gone(1)),
                 id="pass on a product excludes it"),
    *[pytest.param(refilter(said, "젖병소독기 추천해줘", name=None, args={"exclude": lambda s: s.ids(3)}),
                   id=f"a slang or English refusal of a number excludes it: {said}")
      for said in ["3번 노노 딴 거 보여줘", "not #3 please, show me something else"]],
    pytest.param(refilter("baby carrier under 90k that is good for my back", None, name=None,
                          args={"category": "아기띠", "budget.max": 90000},
                          adds={"tag_changes.add_pros": "back-support"}), id="good for my back is back support"),
    pytest.param(refilter("4만원 이상 9만원 이하로요", "젖병소독기 추천해줘", name=None,
                          args={"budget.min": 40000, "budget.max": 90000, "budget.kind": "range"},
                          kept={"budget.min": 40000, "budget.max": 90000}), id="a Korean floor then ceiling is a range"),
    pytest.param(refilter("그냥 가격 제한 없이 다시 보여줘", "분유포트 6만원 이하로 추천해줘", name=None,
                          args={"budget.kind": "none"}, kept={"budget.max": None}), id="no budget drops it"),
    # "first-time mom" holds no product number; "keep the water warm" is the keep-warm wish.
    pytest.param(refilter("Hello, first-time dad here. I want a formula kettle that can keep the water warm for hours "
                          "and is easy to wash, budget up to 95,000 won.", None,
                          args={"category": "분유포트", "budget.max": 95000, "product_numbers": []},
                          adds={"tag_changes.add_pros": {"keep-warm", "hygiene-easy"}}),
                 id="a long English request is a recommendation, not a question about the first"),
    pytest.param(refilter("셋째가 곧 태어나서 아기띠 하나 더 사려는데 가벼운 걸로 8만원 아래면 좋겠어요", None,
                          args={"category": "아기띠", "anchor": None, "budget.max": 80000},
                          adds={"tag_changes.add_pros": "lightweight"}), id="a second child is no second product"),
    pytest.param(refilter("could you filter to ones with a clear picture?", "베이비모니터 추천해줘", name=None,
                          adds={"tag_changes.add_pros": "clear-video"}), id="narrowing to ones with a quality"),
    pytest.param(refilter("음 둘 다 그닥이네 다른 거 보여줘", setup=("2번 3번 비교해줘",), name=None,
                          args={"exclude": lambda s: s.ids(2, 3)}, check=_excluded_gone(2, 3)),
                 id="both compared found wanting are excluded"),
]


@pytest.mark.parametrize("case", REFILTERS)
def test_a_condition_makes_a_new_list(store, case):
    run_case(store, case)


ANCHORS = [
    # No budget known: the anchor's price is the ceiling (seed 003 "2번 제품 비슷한데 더 저렴한 걸로").
    *[pytest.param(anchored(said, "아기띠 추천해줘", args={"anchor": _dear_id, "budget.max": _dear_price},
                            kept={"anchor": _dear_id}, check=_all_below_the_dearest),
                   id=f"a product number with a like word and cheaper: {said}")
      for said in ["{rank}번 스타일로 조금 더 저렴한 거", "{rank}번이랑 닮은 걸로 더 싸게",
                   "something like number {rank} but cheaper", "anything like the {nth} one, only cheaper"]],
    *[pytest.param(anchored(said, "베이비모니터 추천해줘", args={"anchor": _dear_id, "budget.max": _dear_price},
                            check=_all_below_the_dearest),
                   id=f"liking a product but not its price: {said}")
      for said in ["{rank}번 좋은데 가격이 좀 부담돼요", "{rank}번 마음에 드는데 비싸네", "{rank}번 괜찮은데 더 싼 버전은 없나요"]],
    *[pytest.param(anchored(said, "아기띠 추천해줘", args={"anchor": lambda s: s.ids(2)[0]},
                            adds={"tag_changes.add_cons": con}, check=_second_not_recommended),
                   id=f"a product named with a better quality: {said}")
      for said, con in [("2번 같은 건데 좀 더 가벼운 거", "heavy"), ("#2 but less bulky", "bulky")]],
    pytest.param(anchored("3번으로 기준 잡고 다시 골라줘", "젖병소독기 추천해줘", args={"anchor": lambda s: s.ids(3)[0]},
                          kept={"anchor": lambda s: s.ids(3)[0]}), id="a product taken as the base is the anchor"),
    # "그거보다 싼 것도" ("것" as well as "거"): cheaper than the product the last turn asked about.
    pytest.param(anchored("그거보다 저렴한 것도 있어요?", "아기띠 추천해줘", setup=("{rank}번 착용감 어때요?",),
                          args={"anchor": _dear_id, "budget.max": _dear_price}),
                 id="cheaper than that one points back with any noun"),
    pytest.param(anchored("{rank}번은 너무 비싸네요", "베이비모니터 추천해줘",
                          args={"anchor": _dear_id, "budget.max": _dear_price}),
                 id="a product said to be too dear gives the ceiling"),
]


@pytest.mark.parametrize("case", ANCHORS)
def test_a_product_named_anchors_the_new_list(store, case):
    run_case(store, case)


COMPARISONS = [
    *[pytest.param(compared(said, "분유포트 추천해줘", ranks), id=f"first two and last two: {said}")
      for said, ranks in [("compare the top two for me", (1, 2)), ("앞에 두 개만 비교해줘", (1, 2)),
                          ("last two side by side, which is better", (2, 3))]],
    # "아니 그거 말고 1번이랑 3번" after a comparison: the numbers after 말고 are the new pair, not exclusions;
    # nothing was excluded: the same three are on screen.
    pytest.param(compared("아니 그거 말고 1번이랑 3번", "분유포트 추천해줘", (1, 3), setup=("1번 2번 비교해줘",),
                          args={"exclude": []}, same_top3=True), id="a correction names the pair to compare instead"),
    *[pytest.param(compared(said, "젖병소독기 추천해줘", (2, 3), setup=("compare 2 and 3",)),
                   id=f"a pick right after comparing two is between those two: {said}")
      for said in ["so which would you go with?", "그래서 둘 중 뭐가 나아?"]],
    # The pair is forgotten once the list changes: "which is best" after a refilter compares the three shown.
    pytest.param(compared("which is best?", "젖병소독기 추천해줘", None, setup=("compare 2 and 3", "건조 빠른 걸로 다시"),
                          events=None, top3_after_setup=True), id="a pick after a new list is over all three"),
    *[pytest.param(compared(said, "아기띠 추천해줘", None), id=f"a superlative over the shown: {said}")
      for said in ["셋 중에 젤 가벼운 건 몇번이에요?", "이 중에 최고로 가벼운 거 몇번째야", "세 개 중 젤 가벼운 거 머야"]],
    *[pytest.param(compared(said, "젖병소독기 추천해줘", None, same_top3=True, check=_cheapest_named_first),
                   id=f"which is cheapest is answered first from the shown: {said}")
      for said in ["제일 저렴한 게 몇번이에요?", "which one's the cheapest?"]],
    pytest.param(compared("3번이 1번보다 더 싸요?", "아기띠 추천해줘", (3, 1), same_top3=True),
                 id="is one cheaper than the other compares them"),
    pytest.param(compared("셋 중 세척 젤 편한 거 몇번이야?", "분유포트 추천해줘", None, name=None, args={},
                          check=_easy_to_clean_leads), id="the quality asked over the shown leads the comparison"),
    *[pytest.param(compared(said, "젖병소독기 추천해줘", ranks, args={"exclude": []}, same_top3=True),
                   id=f"the rest after setting one aside are compared: {said}")
      for said, ranks in [("1번은 빼고 남은 두 개 비교해줘", (2, 3)), ("leave out #2 and compare the other two", (1, 3))]],
    *[pytest.param(compared(said, "아기띠 추천해줘", ranks, name=None), id=f"a number set aside is not compared: {said}")
      for said, ranks in [("1번 빼고 2번이랑 3번만 비교해봐", (2, 3)), ("except #3, compare 1 and 2", (1, 2))]],
    pytest.param(compared("1번이랑 2번 중 가성비는 어때?", "분유포트 추천해줘", (1, 2), name=None),
                 id="value for money between two numbers compares them"),
]


@pytest.mark.parametrize("case", COMPARISONS)
def test_the_shown_products_are_compared(store, case):
    run_case(store, case)


ANSWERS = [
    # A question about buying at all is GENERAL, answered with what the catalogue's reviews say about the kind.
    *[pytest.param(answered(said, args={"category": category}, kept={"category": "분유포트"}, same_top3=True),
                   id=f"whether a kind of product is needed is answered: {said}")
      for said, category in [("베이비모니터 꼭 사야 돼요?", "베이비모니터"), ("is a baby carrier really worth it?", "아기띠"),
                             ("젖병소독기 없어도 될까요", "젖병소독기")]],
    # The baby, not a product, is the subject: answered as GENERAL (no product clarification, no new list).
    *[pytest.param(answered(said, text_lacks=("몇 번 제품",), same_top3=True),
                   id=f"a question about the baby is a parenting question: {said}")
      for said in ["신생아 손톱은 언제 처음 깎아요?", "how warm should bath water be for a newborn?",
                   "아기가 낮잠을 30분만 자는데 정상이에요?"]],
    # "밤" (night) in "아기가 밤마다 깨요" is no night vision: the intent has no topic; the answer may still offer
    # the products that speak to it (the baby monitor's night view).
    pytest.param(answered("요새 아기가 밤마다 깨서 걱정이에요 어떻게 하면 좋을까요", args={"topic": None},
                          text_has=("베이비모니터",)),
                 id="parenting talk names no product quality but offers the related products"),
    *[pytest.param(answered(said, same_top3=True), id=f"a worry or a how-to about the baby is answered: {said}")
      for said in ["애기가 열이 나는데 어떡하죠", "분유 물 온도는 몇 도로 맞추는 게 좋아요?"]],
    pytest.param(answered("ㅎㅇㅎㅇ", None), id="a slang greeting is general"),
    pytest.param(answered("should I get a bottle sterilizer or just boil the bottles?"),
                 id="should I buy one at all is answered"),
]


@pytest.mark.parametrize("case", ANSWERS)
def test_a_general_question_is_answered(store, case):
    run_case(store, case)


QUESTIONS = [
    pytest.param(about("2번 더 가벼워?", "아기띠 추천해줘", None),
                 id="a question about a named product's quality stays a question"),
    pytest.param(about("the last one, does it have night vision?", "베이비모니터 추천해줘", (3,)),
                 id="the last one is still the third"),
    pytest.param(about("용량은요?", "분유포트 추천해줘", (2,), setup=("2번 보온 오래 가요?",), events=ANSWER_EVENTS,
                       args={"topic": "capacity"}),
                 id="a quality asked right after a product question is about the same product"),
    *[pytest.param(about(said, "분유포트 추천해줘", ranks), id=f"an English number word after number is a rank: {said}")
      for said, ranks in [("is number three easy to clean?", (3,)), ("what about option two?", (2,))]],
    *[pytest.param(about(said, "아기띠 추천해줘", ranks), id=f"possessive and middle ranks: {said}")
      for said, ranks in [("what do buyers say about #3's size?", (3,)), ("the one in the middle, how heavy is it?", (2,))]],
    pytest.param(about("착용감은 어때?", "아기띠 추천해줘", (3,), setup=("3번 허리 받쳐줘요?",)),
                 id="a bare how is it after a product question stays on that product"),
]


@pytest.mark.parametrize("case", QUESTIONS)
def test_a_question_about_a_shown_product(store, case):
    run_case(store, case)


CLARIFICATIONS = [
    *[pytest.param(Case(said, name="ASK_CLARIFICATION", text_has=("최대 얼마까지",), check=_no_budget),
                   id=f"lowering the price without an amount asks how much: {said}")
      for said in ["가격대 좀 내려서 다시 찾아줘", "예산을 낮게 잡아서 다시"]],
    pytest.param(Case("용량은요?", setup=("소음 적은 걸로 다시",), name="ASK_CLARIFICATION", text_has=("몇 번 제품",)),
                 id="a quality asked after a new list still asks which product"),
]


@pytest.mark.parametrize("case", CLARIFICATIONS)
def test_what_is_missing_is_asked_for(store, case):
    run_case(store, case)


def test_based_on_never_halves_the_budget():
    """The kit's relative change: "기반으로" holds 반 (half) inside a word; "반으로" alone still halves."""
    assert find_change("1번 제품 기반으로 다시 골라줘") is None
    assert find_change("일반으로 보여줘") is None
    assert find_change("예산 반으로") is not None and find_change("예산 반으로").factor == 0.5


def test_no_bare_yaml_boolean_hides_in_the_lexicon():
    """YAML 1.1 reads a bare `no` as False: "no noise please" then matched nothing (the noise topic's "no")."""
    import yaml

    from agents.shopping.reading import LEXICON_PATH

    def booleans(value: object, path: str) -> list[str]:
        if isinstance(value, bool):
            return [path]
        if isinstance(value, list):
            return [b for v in value for b in booleans(v, path)]
        if isinstance(value, dict):
            return [b for k, v in value.items() for b in booleans(v, f"{path}/{k}")]
        return []

    assert booleans(yaml.safe_load(LEXICON_PATH.read_text(encoding="utf-8")), "") == []
