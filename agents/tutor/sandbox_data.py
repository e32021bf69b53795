"""The tutor's shipped sandbox data (``data/tutor/``), loaded once per process and read-only."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from data.tutor import CASES_PATH, GLOSSARY_PATH, PORTFOLIO_PATH, SCREENS_PATH, STOCKS_PATH, load_prices

if TYPE_CHECKING:
    import pandas as pd

SANDBOX_NOTICE = "샌드박스 데이터: 가격은 생성된 가상 값이며 실제 시세가 아닙니다. 투자 권유가 아닙니다."
SANDBOX_NOTICE_EN = "Sandbox data: prices are generated, not real quotes. Not investment advice."


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


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
def screens() -> dict[str, Any]:
    return _json(SCREENS_PATH)


@functools.cache
def stocks() -> dict[str, Stock]:
    return {s["code"]: Stock(s["code"], s["name"], s["name_en"], tuple(s["aliases"]), s["sector"], s["sector_en"],
                             s["market"], s["kind"], s["homepage"], s["description"]) for s in _json(STOCKS_PATH)["stocks"]}


@functools.cache
def cases() -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in _json(CASES_PATH)["cases"]}


@functools.cache
def glossary() -> dict[str, dict[str, Any]]:
    """Canonical term -> {term, aliases, definition, term_en, definition_en, source}; glossary terms and
    the cases' key terms."""
    terms: dict[str, dict[str, Any]] = {}
    for t in _json(GLOSSARY_PATH)["terms"]:
        terms[t["term"]] = {"term": t["term"], "aliases": list(t["aliases"]), "definition": t["definition"],
                            "term_en": t["term_en"], "definition_en": t["definition_en"], "source": "glossary"}
    for case in cases().values():
        for t in case["key_terms"]:
            terms.setdefault(t["term"], {"term": t["term"], "aliases": [], "definition": t["definition"],
                                         "term_en": t["term_en"], "definition_en": t["definition_en"],
                                         "source": case["id"]})
    return terms


@functools.cache
def default_portfolio() -> dict[str, Any]:
    return _json(PORTFOLIO_PATH)


@functools.cache
def prices() -> pd.DataFrame:
    return load_prices().sort_values(["code", "date"]).reset_index(drop=True)


def stock_name(code: str | None) -> str | None:
    stock = stocks().get(code or "")
    return stock.name if stock else None
