"""A whole english turn through the real openai SDK against the fake server: the Analysis call (its JSON
prompt as instructions, the article as input), the Correction call, then the Conversation reply streamed
with the profile, the article and the correction in its instructions and the history as input."""

from __future__ import annotations

import json

import pytest

from agents.core.session import Session
from tests.english.conftest import ANALYSIS, WITH_ERRORS, cards, reply
from tests.support.fake_openai import FakeOpenAI, Reply, responses_stream

R = "/v1/responses"


@pytest.fixture
def fake(monkeypatch):
    server = FakeOpenAI()
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-english")
    monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
    monkeypatch.setenv("OPENAI_MODEL", "gpt-5-mini")
    yield server
    server.close()


def test_a_turn_through_the_openai_sdk(store, clock, fake) -> None:
    fake.queue(Reply(R, frames=responses_stream(text=json.dumps(ANALYSIS))),
               Reply(R, frames=responses_stream(text=json.dumps({**WITH_ERRORS, "original": "he go to school"}))),
               Reply(R, frames=responses_stream(text="Great start! Would you trust an AI tutor?")))
    session = Session("english", user_id="mina", provider="openai", store=store, clock=clock)
    events = session.run("he go to school")
    assert [e.card_type for e in cards(events)] == ["article", "correction"]
    assert cards(events, "article")[0].data["summary"] == ANALYSIS["summary"]
    assert cards(events, "correction")[0].data["corrected"] == "he goes to school"
    assert reply(events) == "Great start! Would you trust an AI tutor?"
    assert events[-1].type == "done" and events[-1].provider == "openai"
    analysis, correction, conversation = (r["body"] for r in fake.requests)
    assert "Return ONLY a JSON object" in analysis["instructions"]
    assert json.loads(analysis["input"][0]["content"][0]["text"] if isinstance(analysis["input"][0]["content"], list)
                      else analysis["input"][0]["content"])["title"] == cards(events, "article")[0].title
    assert "English teacher" in correction["instructions"]
    assert "Learner: Learner, level intermediate" in conversation["instructions"]
    assert ANALYSIS["summary"] in conversation["instructions"] and "he goes to school" in conversation["instructions"]
    assert all(r["body"]["stream"] is True for r in fake.requests)
