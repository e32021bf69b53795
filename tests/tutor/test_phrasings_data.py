"""The tutor's labelled test phrasings: shape, labels valid against the screen vocabulary, balance."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any, Literal

import jsonschema
import pytest
import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from data.tutor import CASES_PATH, GLOSSARY_PATH, SCREENS_PATH, STOCKS_PATH

PHRASINGS_PATH = Path(__file__).with_name("phrasings.yaml")
HANGUL = re.compile(r"[가-힣]")
LATIN_WORD = re.compile(r"[a-z]{2,}")  # a lowercase word: English typed in a sentence, not an acronym
Answer = Literal["explain_move", "case_info", "concept", "canvas", "visualize", "portfolio_summary", "off_topic"]
ISSUE_PHRASINGS = ["삼성전자 차트 보여줘", "기간 1년으로 바꿔줘", "교육 탭으로 가자", "이 종목 왜 떨어졌어?",
                   "코로나 폭락 사례 알려줘", "매수 화면 열어줘", "정리해서 캔버스로 보여줘"]
RELATIVE = ("이 종목", "이거", "이 주식", "이 회사", "this stock", "this", "it")


class Phrasing(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(min_length=1)
    screen: str = Field(pattern=r"^/(home|my|education(/[a-z0-9-]+)?|stock/[0-9]{6})$")
    action: str | None = None
    answer: Answer | None = None
    clarify: Literal[True] | None = None
    args: dict[str, Any] | None = None

    @model_validator(mode="after")
    def one_label(self) -> Phrasing:
        labels = [self.action is not None, self.answer is not None, self.clarify is not None]
        assert sum(labels) == 1, f"{self.text!r}: exactly one of action / answer / clarify"
        assert (self.args is None) == bool(self.clarify), f"{self.text!r}: args go with action or answer only"
        return self

    @property
    def kind(self) -> str:
        return self.action or self.answer or "clarify"


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def vocabulary() -> dict[str, Any]:
    screens = _json(SCREENS_PATH)
    cases = _json(CASES_PATH)["cases"]
    terms = {t["term"] for c in cases for t in c["key_terms"]} | {t["term"] for t in _json(GLOSSARY_PATH)["terms"]}
    return {
        "codes": {s["code"] for s in _json(STOCKS_PATH)["stocks"]},
        "cases": {c["id"] for c in cases},
        "terms": terms,
        "schemas": {a["id"]: a["params_schema"] for a in screens["actions"]},
        "tabs": {s["mode"]: set(s["tabs"]) for s in screens["screens"]},
        "periods": set(screens["periods"]),
    }


def problems(item: Phrasing, vocab: dict[str, Any]) -> list[str]:
    """What is wrong with one labelled item against the shipped vocabulary (empty when it is valid)."""
    found: list[str] = []
    mode, _, rest = item.screen.strip("/").partition("/")
    if mode == "stock" and rest not in vocab["codes"]:
        found.append(f"screen names unknown stock {rest}")
    if mode == "education" and rest and rest not in vocab["cases"]:
        found.append(f"screen names unknown case {rest}")
    args = item.args or {}
    if item.action:
        schema = vocab["schemas"].get(item.action)
        if schema is None:
            return [*found, f"unknown action {item.action}"]
        found += [error.message for error in jsonschema.Draft202012Validator(schema).iter_errors(args)]
        if "code" in args and args["code"] not in vocab["codes"]:
            found.append(f"unknown code {args['code']}")
        if item.action == "open_case" and args.get("case_id") not in vocab["cases"]:
            found.append(f"unknown case {args.get('case_id')}")
        if item.action == "set_tab" and args.get("tab") not in vocab["tabs"].get(mode, set()):
            found.append(f"tab {args.get('tab')} is not on the {mode} screen")
        if item.action == "set_period" and mode != "stock":
            found.append("the period filter exists on stock screens only")
    elif item.answer:
        allowed = {"explain_move": {"code"}, "case_info": {"case_id"}, "concept": {"term"},
                   "visualize": {"kind", "codes", "period"}}.get(item.answer, set())
        if set(args) - allowed:
            found.append(f"{item.answer} takes only {sorted(allowed)}")
        if "code" in args and args["code"] not in vocab["codes"]:
            found.append(f"unknown code {args['code']}")
        if item.answer == "case_info" and args.get("case_id") not in vocab["cases"]:
            found.append(f"unknown case {args.get('case_id')}")
        if item.answer == "concept" and args.get("term") not in vocab["terms"]:
            found.append(f"term {args.get('term')!r} is in neither the glossary nor a case's key_terms")
        if item.answer == "visualize":
            if args.get("kind") not in {"price", "compare", "allocation"}:
                found.append("visualize needs kind price | compare | allocation")
            if not set(args.get("codes", [])) <= vocab["codes"]:
                found.append("visualize names an unknown code")
            if args.get("kind") == "compare" and len(args.get("codes", [])) != 2:
                found.append("compare takes two codes")
            if "period" in args and args["period"] not in vocab["periods"]:
                found.append(f"unknown period {args['period']}")
    return found


def load(path: Path) -> list[Phrasing]:
    return [Phrasing.model_validate(raw) for raw in yaml.safe_load(path.read_text(encoding="utf-8"))]


@pytest.fixture(scope="module")
def items() -> list[Phrasing]:
    return load(PHRASINGS_PATH)


def test_every_label_is_valid_against_the_shipped_vocabulary(items):
    vocab = vocabulary()
    bad = {f"{i.text} @ {i.screen}": p for i in items if (p := problems(i, vocab))}
    assert not bad, bad


def test_size_uniqueness_and_the_issue_examples(items):
    assert len(items) >= 170
    keys = [(i.text, i.screen) for i in items]
    assert len(set(keys)) == len(keys), [k for k, n in Counter(keys).items() if n > 1]
    texts = {i.text for i in items}
    assert set(ISSUE_PHRASINGS) <= texts


def test_every_label_is_covered(items):
    kinds = Counter(i.kind for i in items)
    for action in vocabulary()["schemas"]:
        assert kinds[action] >= 4, (action, kinds[action])
    for answer in Answer.__args__:
        assert kinds[answer] >= 6, (answer, kinds[answer])
    assert kinds["clarify"] >= 8
    screens = Counter(i.screen.split("/")[1] + ("/case" if i.screen.count("/") == 2 and "education" in i.screen else "")
                      for i in items)
    assert all(screens[s] >= 10 for s in ("home", "stock", "education", "education/case", "my")), screens


def test_language_mix_nicknames_and_relative_references(items):
    english_or_mixed = [i for i in items if not HANGUL.search(i.text) or LATIN_WORD.search(i.text)]
    assert len(english_or_mixed) / len(items) >= 0.25
    joined = " ".join(i.text for i in items)
    for nickname in ("삼전", "하닉", "네이버", "엘지엔솔", "삼바", "코덱스"):
        assert nickname in joined, nickname
    relative = [i for i in items if any(re.search(rf"(^|\s){re.escape(r)}(\s|$|[?가-힣])", i.text) for r in RELATIVE)]
    assert len(relative) >= 12
    for item in relative:  # "이 종목" means the stock on screen: the label must say which one
        code = (item.args or {}).get("code")
        if code and item.screen.startswith("/stock/") and item.kind not in ("visualize",):
            assert item.screen == f"/stock/{code}", item.text


def test_high_risk_without_a_knowable_target_is_clarify(items):
    """Never guess a mutation: an order/removal with no stock in the text or on screen is clarify."""
    vocab = vocabulary()
    for item in items:
        if item.kind in ("open_order", "remove_holding"):
            mentioned = item.screen.startswith("/stock/") or any(
                key in item.text.lower() for key in _names(vocab))
            assert mentioned, f"{item.text!r} on {item.screen} has no stock to act on"


def _names(vocab: dict[str, Any]) -> set[str]:
    names = set()
    for stock in _json(STOCKS_PATH)["stocks"]:
        names |= {stock["name"].lower(), stock["name_en"].lower(), stock["code"], *(a.lower() for a in stock["aliases"])}
        names |= {stock["name_en"].split()[0].lower()}
    return names
