"""Eval tests: suites written to a temp dir, scripted models per case, the fake OpenAI server."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tests.support.fake_openai import FakeOpenAI


@pytest.fixture
def write(tmp_path):
    """write("name.yaml", yaml_text) -> its path (the text is dedented)."""
    def make(name: str, text: str) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
        return path

    return make


@pytest.fixture
def fake():
    server = FakeOpenAI()
    yield server
    server.close()
