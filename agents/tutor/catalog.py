"""Each screen's action catalog (id, Korean label, risk, JSON-Schema params, intent keywords) and the
validation of a requested UI action against it with ``jsonschema``.

Ids, labels, risks and schemas come from ``data/tutor/screens.json`` (the one source); the intent
keywords are the agent's own (``lexicon.yaml``, section ``intent_keywords``)."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from agents.nlu import Lexicon, normalise
from agents.nlu.lexicon import strings
from agents.tutor.sandbox import AppState
from agents.tutor.sandbox_data import cases, screens, stocks

LEXICON_PATH = Path(__file__).with_name("lexicon.yaml")

# Everything is reachable from every screen except the filters that belong to one screen.
_ONLY_ON = {"set_period": {"stock"}, "set_keyword": {"education"}}


class CatalogAction(BaseModel):
    id: str
    label: str
    risk: Literal["low", "high"]
    params_schema: dict[str, object]  # a JSON Schema
    intent_keywords: list[str] = Field(default_factory=list)


@functools.cache
def lexicon() -> Lexicon:
    return Lexicon.load(LEXICON_PATH)


def hit(text: str, intent: str) -> bool:
    """The message says one of the phrases of an intent of the lexicon, or one of its syllables inside a word."""
    if lexicon().hits(text, intent):
        return True
    syllables = strings(lexicon().section("syllables").get(intent) or [], f"syllables {intent}")
    return any(s in token for s in syllables for token in re.findall(r"[가-힣]+", normalise(text)))


@functools.cache
def _all() -> tuple[CatalogAction, ...]:
    keywords = lexicon().section("intent_keywords")
    return tuple(CatalogAction(**a, intent_keywords=strings(keywords.get(a["id"]) or [], f"intent_keywords {a['id']}"))
                 for a in screens()["actions"])


def catalog_for(state: AppState) -> list[CatalogAction]:
    return [a for a in _all() if state.mode in _ONLY_ON.get(a.id, {state.mode})]


def action_words(action_id: str, lang: str) -> str:
    """An action as a person reads it (the catalog's Korean or English label), never its id."""
    spec = next((a for a in screens()["actions"] if a["id"] == action_id), None)
    if spec is None:
        return action_id
    return str(spec["label_en"] if lang == "en" else spec["label"])


def action_spec(action_id: str) -> CatalogAction | None:
    return next((a for a in _all() if a.id == action_id), None)


# What a person is told about a refused action, by the parameter it names: its meaning, never its id.
_PARAM_WORDS = {"period": ("차트 기간", "chart period"), "code": ("종목", "stock"), "case_id": ("사례", "case"),
                "keyword": ("검색어", "search word"), "link": ("외부 링크", "outside link"), "side": ("매수·매도 구분", "buy or sell"),
                "tab": ("탭", "tab")}


class ActionRejected(ValueError):
    """An action id outside the catalog or params its schema refuses. ``str()`` is for the model (ids and the
    schema, so it can correct its call); ``person`` is what a learner may be told, in Korean and English, naming
    what was wrong in their words: no action id, no parameter name, no schema."""

    def __init__(self, detail: str, person: tuple[str, str]) -> None:
        super().__init__(detail)
        self.person = person

    def for_person(self, lang: str) -> str:
        return self.person[1] if lang == "en" else self.person[0]

    def refusal(self, lang: str) -> str:
        """The tool result's error: the person's sentence first (a model relays it as it is), then the detail."""
        return f"{self.for_person(lang)}{FOR_THE_MODEL}{self}"


FOR_THE_MODEL = "\n\n(for the model, not to be shown) "


def _bad_param(name: str | None) -> tuple[str, str]:
    ko, en = _PARAM_WORDS.get(name or "", ("요청 내용", "request"))
    return (f"{ko}: 이 화면에서 쓸 수 없는 값이에요. 화면에 있는 선택지 중에서 골라 주세요.",
            f"That {en} is not available on this screen. Pick one of the choices it shows.")


def validate(catalog: list[CatalogAction], action_id: str, params: object) -> CatalogAction:
    spec = next((a for a in catalog if a.id == action_id), None)
    if spec is None:
        raise ActionRejected(f"Unknown action id {action_id!r} on this screen. "
                             f"Use one of the current action_catalog ids: {', '.join(a.id for a in catalog)}.",
                             ("이 화면에서는 할 수 없는 동작이에요. 다른 화면으로 옮기거나 다른 말로 물어봐 주세요.",
                              "That can't be done on this screen. Move to another screen or ask in other words."))
    if not isinstance(params, dict):
        raise ActionRejected(f"params for {action_id} must be a JSON object, not {type(params).__name__}.", _bad_param(None))
    import jsonschema  # on first use: its import (attrs, referencing, rpds) costs more than a CLI command's turn

    errors = sorted(jsonschema.Draft202012Validator(spec.params_schema).iter_errors(params), key=lambda e: list(e.path))
    if errors:
        problems = "; ".join(f"{'.'.join(str(p) for p in e.path) or '(params)'}: {e.message}" for e in errors)
        first = next((str(e.path[0]) for e in errors if e.path), None)
        raise ActionRejected(f"Invalid params for {action_id}: {problems}. Schema: {spec.params_schema}",
                             _bad_param(first))
    # The schema checks shapes; the sandbox checks that the named things exist.
    code, case_id = params.get("code"), params.get("case_id")
    if code is not None and code not in stocks():
        raise ActionRejected(f"Invalid params for {action_id}: stock code {code!r} is not in the sandbox. "
                             f"Known codes: {', '.join(stocks())}.",
                             ("샌드박스에 없는 종목이에요. 종목 이름으로 다시 말해 주세요.",
                              "That stock is not in the sandbox. Name the stock instead."))
    if case_id is not None and case_id not in cases():
        raise ActionRejected(f"Invalid params for {action_id}: case {case_id!r} does not exist. "
                             f"Known cases: {', '.join(cases())}.",
                             ("그런 사례는 샌드박스에 없어요. 사례 목록에서 골라 주세요.",
                              "There is no such case in the sandbox. Pick one from the list of cases."))
    return spec


_REFUSED = re.compile(r"말고|말구|아니고|대신에?|\binstead of\b|\brather than\b")


def tab_named(text: str, mode: str) -> str | None:
    """The tab the text names: one of the current screen's own tabs first ("습관 관련 사례 탭" on the education
    screen is its habit tab, not the stock page's related-cases tab), else the longest phrase's."""
    own = own_tabs(mode)
    lex = lexicon()
    # "보유 종목 말고 배분 탭", "allocation instead of holdings": the tab refused is not the one named
    if (m := _REFUSED.search(text)) is not None and lex.values(text[:m.start()], "tab") and lex.values(text[m.end():], "tab"):
        text = text[m.end():] if m.group(0).strip() not in ("instead of", "rather than") else text[:m.start()]
    # "info 탭", "chart 탭으로": an English tab name with the Korean word for tab reads as "info tab"
    found = lex.values(text, "tab") or lex.values(text.replace("탭", " tab "), "tab")
    return next((v for v in found if v in own), None) or lex.value(text, "tab") or lex.value(text.replace("탭", " tab "), "tab")


def own_tabs(mode: str) -> frozenset[str]:
    return next((frozenset(s["tabs"]) for s in screens()["screens"] if s["mode"] == mode), frozenset())
