"""Each screen's action catalog (id, Korean label, risk, JSON-Schema params, intent keywords) and the
validation of a requested UI action against it with ``jsonschema``.

Ids, labels, risks and schemas come from ``data/tutor/screens.json`` (the one source); the intent
keywords are the agent's own (``lexicon.yaml``, section ``intent_keywords``)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from agents.nlu import Lexicon
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


@functools.cache
def _all() -> tuple[CatalogAction, ...]:
    keywords = lexicon().data.get("intent_keywords", {})
    return tuple(CatalogAction(**a, intent_keywords=list(keywords.get(a["id"], []))) for a in screens()["actions"])


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


class ActionRejected(ValueError):
    """An action id outside the catalog or params its schema refuses; the message goes to the model."""


def validate(catalog: list[CatalogAction], action_id: str, params: object) -> CatalogAction:
    spec = next((a for a in catalog if a.id == action_id), None)
    if spec is None:
        raise ActionRejected(f"Unknown action id {action_id!r} on this screen. "
                             f"Use one of the current action_catalog ids: {', '.join(a.id for a in catalog)}.")
    if not isinstance(params, dict):
        raise ActionRejected(f"params for {action_id} must be a JSON object, not {type(params).__name__}.")
    import jsonschema  # on first use: its import (attrs, referencing, rpds) costs more than a CLI command's turn

    errors = sorted(jsonschema.Draft202012Validator(spec.params_schema).iter_errors(params), key=lambda e: list(e.path))
    if errors:
        problems = "; ".join(f"{'.'.join(str(p) for p in e.path) or '(params)'}: {e.message}" for e in errors)
        raise ActionRejected(f"Invalid params for {action_id}: {problems}. Schema: {spec.params_schema}")
    # The schema checks shapes; the sandbox checks that the named things exist.
    code, case_id = params.get("code"), params.get("case_id")
    if code is not None and code not in stocks():
        raise ActionRejected(f"Invalid params for {action_id}: stock code {code!r} is not in the sandbox. "
                             f"Known codes: {', '.join(stocks())}.")
    if case_id is not None and case_id not in cases():
        raise ActionRejected(f"Invalid params for {action_id}: case {case_id!r} does not exist. "
                             f"Known cases: {', '.join(cases())}.")
    return spec


def tab_named(text: str, mode: str) -> str | None:
    """The tab the text names: one of the current screen's own tabs first ("습관 관련 사례 탭" on the education
    screen is its habit tab, not the stock page's related-cases tab), else the longest phrase's."""
    own = own_tabs(mode)
    lex = lexicon()
    # "info 탭", "chart 탭으로": an English tab name with the Korean word for tab reads as "info tab"
    found = lex.values(text, "tab") or lex.values(text.replace("탭", " tab "), "tab")
    return next((v for v in found if v in own), None) or lex.value(text, "tab") or lex.value(text.replace("탭", " tab "), "tab")


def own_tabs(mode: str) -> frozenset[str]:
    return next((frozenset(s["tabs"]) for s in screens()["screens"] if s["mode"] == mode), frozenset())
