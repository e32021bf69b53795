"""The shipped sandbox files have the shapes the code is typed against (agents/tutor/sandbox_data.py):
every key present, no other key, each value of its declared type (strict: no coercion)."""

from __future__ import annotations

import json

from pydantic import TypeAdapter

from agents.tutor.sandbox_data import Case, GlossaryRow, Portfolio, Screens, StockRow, cases, default_portfolio, screens
from data.tutor import GLOSSARY_PATH, STOCKS_PATH


def _keys(cls: type) -> set[str]:
    return set(cls.__annotations__)


def test_screens_portfolio_and_cases_match_their_typed_dicts() -> None:
    TypeAdapter(Screens).validate_python(screens(), strict=True)
    assert set(screens()) == _keys(Screens)
    TypeAdapter(Portfolio).validate_python(default_portfolio(), strict=True)
    assert set(default_portfolio()) == _keys(Portfolio)
    assert len(cases()) == 12
    for case in cases().values():
        TypeAdapter(Case).validate_python(case, strict=True)
        assert set(case) == _keys(Case), case["id"]


def test_stock_and_glossary_rows_match_their_typed_dicts() -> None:
    stocks = json.loads(STOCKS_PATH.read_text(encoding="utf-8"))["stocks"]
    terms = json.loads(GLOSSARY_PATH.read_text(encoding="utf-8"))["terms"]
    assert stocks and terms
    for row in stocks:
        TypeAdapter(StockRow).validate_python(row, strict=True)
        assert set(row) == _keys(StockRow), row["code"]
    for row in terms:
        TypeAdapter(GlossaryRow).validate_python(row, strict=True)
        assert set(row) == _keys(GlossaryRow), row["term"]
