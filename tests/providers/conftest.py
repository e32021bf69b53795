from __future__ import annotations

import pytest

from tests.support.fake_openai import FakeOpenAI


@pytest.fixture
def fake():
    """The fake model server on 127.0.0.1 (OpenAI Responses, chat.completions and Gemini SSE)."""
    server = FakeOpenAI()
    yield server
    server.close()
