"""Issue 28: no inline Korean or English sentence in the Lab's and the API access page's modules; every
person-facing string comes from the one text catalogue (``agents/view/texts.py``, ``texts_lab.py``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from agents.view.texts import t
from agents.view.texts_evals import EVALS_TEXTS
from agents.view.texts_lab import API_TEXTS, LAB_TEXTS

ROOT = Path(__file__).resolve().parents[1]
HANGUL = re.compile("[\uac00-\ud7a3\u3131-\u318e]")
# The page modules that may hold no Hangul string literal (the catalogue holds their words).
PAGES = ["pages/gradio/api_access.py", "pages/streamlit/api_access.py", "agents/view/api_access.py",
         "pages/gradio/lab/__init__.py", "pages/gradio/lab/context.py", "pages/gradio/lab/traces.py",
         "pages/gradio/lab/metrics.py", "pages/gradio/lab/prompts.py", "pages/gradio/lab/review.py", "agents/view/lab_charts.py",
         "agents/view/lab.py", "pages/gradio/lab/compare.py", "pages/gradio/lab/evals.py", "agents/view/lab_evals.py",
         *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "pages/streamlit/lab").glob("*.py"))]


def hangul_literals(path: Path) -> list[str]:
    """Every string literal (f-string parts too) of the module holding a Hangul letter, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [f"{path.name}:{node.lineno}: {node.value[:60]!r}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
            and HANGUL.search(node.value)]


@pytest.mark.parametrize("module", PAGES)
def test_no_hangul_string_literal_outside_the_catalogue(module):
    assert hangul_literals(ROOT / module) == []


def test_the_scan_finds_an_inline_string():
    """The check itself: a module with one inline Korean label is caught (and its docstring is not)."""
    source = '"""문서."""\nimport streamlit as st\nst.button("토큰 만들기 (Create token)")\n'
    path = ROOT / "tests" / "_scan_probe.py"
    path.write_text(source, encoding="utf-8")
    try:
        assert hangul_literals(path) == ["_scan_probe.py:3: '토큰 만들기 (Create token)'"]
    finally:
        path.unlink()


def test_the_evals_words_are_folded_into_the_lab_catalogue_without_a_clash():
    """texts_evals.py's keys are all ev_*, and no key written in texts_lab.py is (so the fold overwrites none)."""
    tree = ast.parse((ROOT / "agents/view/texts_lab.py").read_text(encoding="utf-8"))
    written = {k.value for node in ast.walk(tree) if isinstance(node, ast.Dict) for k in node.keys
               if isinstance(k, ast.Constant)}
    assert all(key.startswith("ev_") for key in EVALS_TEXTS) and not {k for k in written if k.startswith("ev_")}
    assert all(LAB_TEXTS[key] == value for key, value in EVALS_TEXTS.items())
    assert t("ev_view", "en") == "🧪 Evals" and t("ev_n_runs", "ko", n=2) == " · 실행 2개"


def test_every_catalogue_entry_has_both_languages_and_the_english_has_no_hangul():
    for key, (ko, en) in {**LAB_TEXTS, **API_TEXTS}.items():
        assert ko.strip() and en.strip(), key
        assert not HANGUL.search(en), (key, en)
        # the same placeholders on both sides, so either language formats with the same values
        assert set(re.findall(r"{(\w+)}", ko)) == set(re.findall(r"{(\w+)}", en)), key
    assert t("lab_page_note", "en", first=1, last=2, more="") == "Turns 1–2, newest first · click a row for its detail."
