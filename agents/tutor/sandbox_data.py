"""The tutor's shipped sandbox data (``data/tutor/``), loaded once per process and read-only."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from typing_extensions import TypedDict  # pydantic (tests/tutor/test_data_shapes.py) reads these on 3.11

from data.tutor import CASES_PATH, GLOSSARY_PATH, PORTFOLIO_PATH, SCREENS_PATH, STOCKS_PATH, load_prices

if TYPE_CHECKING:
    import pandas as pd

SANDBOX_NOTICE = "샌드박스 데이터: 가격은 생성된 가상 값이며 실제 시세가 아닙니다. 투자 권유가 아닙니다."
SANDBOX_NOTICE_EN = "Sandbox data: prices are generated, not real quotes. Not investment advice."


# The shapes of the shipped files (data/tutor/*.json); tests/tutor checks the files against them.
class Period(TypedDict):
    start: str
    end: str


class Episode(TypedDict):
    """The sandbox window a historical case is shown on (its prices are generated, not the real ones)."""

    id: str
    start: str
    end: str
    codes: list[str]
    note: str


class KeyTerm(TypedDict):
    term: str
    definition: str
    term_en: str
    definition_en: str


class Quiz(TypedDict):
    question: str
    choices: list[str]
    answer: str
    explanation: str
    question_en: str
    choices_en: list[str]


class Case(TypedDict):
    id: str
    title: str
    title_en: str
    category: str
    period: Period
    period_kind: str
    related_codes: list[str]
    sandbox_episode: Episode | None
    summary: str
    summary_en: str
    body: str
    key_terms: list[KeyTerm]
    quiz: list[Quiz]
    tags: list[str]


class StockRow(TypedDict):
    code: str
    name: str
    name_en: str
    aliases: list[str]
    sector: str
    sector_en: str
    market: str
    kind: str
    homepage: str
    description: str


class GlossaryRow(TypedDict):
    term: str
    aliases: list[str]
    definition: str
    term_en: str
    definition_en: str


class Term(TypedDict):
    """A glossary entry: the glossary's own terms and the cases' key terms (``source``: glossary or the case id)."""

    term: str
    aliases: list[str]
    definition: str
    term_en: str
    definition_en: str
    source: str


class Holding(TypedDict):
    code: str
    quantity: int
    avg_price: int


class Portfolio(TypedDict):
    sandbox: bool
    notice: str
    name: str
    currency: str
    as_of: str
    cash: int
    holdings: list[Holding]


class ScreenSpec(TypedDict):
    mode: str
    route: str
    label: str
    label_en: str
    sections: list[str]
    tabs: dict[str, str]
    tabs_en: dict[str, str]
    default_tab: str
    filters: list[str]


class LinkSpec(TypedDict):
    label: str
    label_en: str
    url: str


class ActionSpec(TypedDict):
    id: str
    label: str
    label_en: str
    risk: Literal["low", "high"]
    params_schema: dict[str, object]  # a JSON Schema


class Screens(TypedDict):
    sandbox: bool
    notice: str
    periods: list[str]
    default_period: str
    screens: list[ScreenSpec]
    external_links: dict[str, LinkSpec]
    actions: list[ActionSpec]


@dataclass(frozen=True)
class Stock:
    code: str
    name: str
    name_en: str
    aliases: tuple[str, ...]
    sector: str
    sector_en: str
    market: str
    kind: str
    homepage: str
    description: str


@functools.cache
def screens() -> Screens:
    loaded: Screens = json.loads(SCREENS_PATH.read_text(encoding="utf-8"))  # shipped: the shape above
    return loaded


@functools.cache
def stocks() -> dict[str, Stock]:
    rows: list[StockRow] = json.loads(STOCKS_PATH.read_text(encoding="utf-8"))["stocks"]  # shipped: the shape above
    return {s["code"]: Stock(s["code"], s["name"], s["name_en"], tuple(s["aliases"]), s["sector"], s["sector_en"],
                             s["market"], s["kind"], s["homepage"], s["description"]) for s in rows}


@functools.cache
def cases() -> dict[str, Case]:
    rows: list[Case] = json.loads(CASES_PATH.read_text(encoding="utf-8"))["cases"]  # shipped: the shape above
    return {c["id"]: c for c in rows}


@functools.cache
def glossary() -> dict[str, Term]:
    """Canonical term -> {term, aliases, definition, term_en, definition_en, source}; glossary terms and
    the cases' key terms."""
    terms: dict[str, Term] = {}
    rows: list[GlossaryRow] = json.loads(GLOSSARY_PATH.read_text(encoding="utf-8"))["terms"]  # shipped
    for t in rows:
        terms[t["term"]] = {"term": t["term"], "aliases": list(t["aliases"]), "definition": t["definition"],
                            "term_en": t["term_en"], "definition_en": t["definition_en"], "source": "glossary"}
    for case in cases().values():
        for k in case["key_terms"]:
            terms.setdefault(k["term"], {"term": k["term"], "aliases": [], "definition": k["definition"],
                                         "term_en": k["term_en"], "definition_en": k["definition_en"],
                                         "source": case["id"]})
    return terms


@functools.cache
def default_portfolio() -> Portfolio:
    loaded: Portfolio = json.loads(PORTFOLIO_PATH.read_text(encoding="utf-8"))  # shipped: the shape above
    return loaded


@functools.cache
def prices() -> pd.DataFrame:
    return load_prices().sort_values(["code", "date"]).reset_index(drop=True)


def stock_name(code: str | None) -> str | None:
    stock = stocks().get(code or "")
    return stock.name if stock else None


def keyword_hit(case: Case, keyword: str | None) -> bool:
    """Does the education screen's keyword filter keep this case (its title, summary or tags hold the word)?"""
    if not keyword:
        return True
    k = keyword.lower().replace(" ", "")
    text_ = " ".join([case["title"], case.get("title_en", ""), case["summary"], *case["tags"]]).lower().replace(" ", "")
    return k in text_


def keyword_cases(keyword: str | None) -> list[Case]:
    """The cases a keyword filter keeps, in the screen's order."""
    return [c for c in cases().values() if keyword_hit(c, keyword)]
