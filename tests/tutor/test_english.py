"""A learner who writes English gets English: replies, chart cards, questions with their choices, the
confirmation card and its outcome, the canvas note and its structured summary; on the Session API,
the CLI and POST /api/v1/tutor/chat alike. Korean stays Korean."""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient

from agents.core.session import Session
from agents.http.api import create_api
from agents.nlu.language import reply_english as english
from agents.tutor.compose import note_from_markdown
from agents.tutor.wire import read_frames
from tests.support.helpers import one, text_of
from tests.tutor.conftest import context_for

HANGUL = re.compile(r"[가-힣]")


@pytest.mark.parametrize(("text", "route", "has"), [
    ("show me the Samsung Electronics chart", "/home", "Samsung Electronics · 3M (sandbox)"),
    ("why did it drop?", "/stock/035720", "than the market"),
    ("what happened in the covid crash? give me a quiz", "/education", "**Quiz**: What did the Bank of Korea do"),
    ("What is a P/E ratio?", "/home", "**P/E ratio** (PER): Price-to-earnings ratio"),
    ("how is my portfolio doing?", "/home", "Sandbox portfolio (closes of 2026-10-30)"),
    ("compare samsung and hynix over 1 year", "/home", "Samsung Electronics vs SK hynix · 1Y (sandbox)"),
    ("switch to 1Y", "/stock/005930", "Done: change the chart period (1 year · 1Y)."),
    ("write me a poem about cats", "/home", "I am a tutor for learning about stocks"),
    ("buy it", "/home", "Which stock's buy screen should I open?"),
])
def test_english_messages_get_english_replies(store, clock, text, route, has) -> None:
    events = Session("tutor", store=store, clock=clock).run(text, extra={"context_text": context_for(route)})
    reply = text_of(events)
    assert has in reply and not HANGUL.search(reply), reply
    for card in (e for e in events if e.type == "data_card"):
        assert not HANGUL.search(card.title + json.dumps(card.data["tiles"]) + card.data["notice"])
    for question in (e for e in events if e.type == "clarification"):
        assert question.options[:3] == ["Samsung Electronics", "SK hynix", "Kakao"]


def test_the_confirmation_card_and_its_outcome_follow_the_learner(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    events = s.run("buy it", extra={"context_text": context_for("/home")})
    events = s.run("Kakao", extra={"context_text": context_for("/home")})  # the answer fills the stock
    card = one(events, "action_confirmation")
    assert card.summary == "Open the buy screen for Kakao" and card.args["lang"] == "en"
    assert [(d.label, d.value) for d in card.details] == [("Action", "Open the buy/sell screen"),
                                                          ("Stock", "Kakao (035720)"), ("Side", "buy")]
    assert text_of(events).startswith("This needs your confirmation")
    outcome = s.confirm_action(card.action_id)
    assert outcome.message == "Opened the mock buy screen for Kakao (a sandbox: no real order is placed)."
    assert s.history()[-1].content == f"✅ {outcome.message}"


def test_an_english_canvas_note_and_its_structured_summary(store, clock) -> None:
    events = Session("tutor", store=store, clock=clock).run(
        "put this in the canvas", extra={"context_text": context_for("/stock/005930"), "structured_extract": True})
    note = text_of(events)
    assert note.startswith("# Study note: Samsung Electronics\n\n## Key points") and not HANGUL.search(note)
    structured = events[-1].meta["structured"]
    assert structured["title"] == "Samsung Electronics"
    assert structured["key_points"][0].startswith("3M return") and structured["terms"][0]["term"] == "Return"
    assert structured["next_steps"][0].startswith("Switch the period to 1Y")
    assert note_from_markdown(note) == structured


def test_korean_stays_korean_and_short_or_mixed_text_is_not_english(store, clock) -> None:
    events = Session("tutor", store=store, clock=clock).run("삼성전자 차트 보여줘", extra={"context_text": context_for("/home")})
    assert "차트를 그렸어요: 삼성전자 · 3M (샌드박스)" in text_of(events)
    assert english("show me Samsung") and not english("hyundai motor 차트 보여줘") and not english("1M")
    assert not english("005930")


def test_english_on_the_wire(store) -> None:
    client = TestClient(create_api("local"))
    with client.stream("POST", "/api/v1/tutor/chat",
                       json={"message": "why is hynix up so much", "context_text": context_for("/home")}) as response:
        frames = list(read_frames(list(response.iter_lines())))
    reply = "".join(f["content"] for f in frames if f["type"] == "text_delta")
    assert reply.startswith("**SK hynix** (3M") and not HANGUL.search(reply)


def test_english_through_the_cli_and_the_stored_screen(store) -> None:
    import io

    from agents.cli.main import main

    out = io.StringIO()
    assert main(["chat", "tutor", "open the sell screen for Kakao"], out=out) == 0
    text = out.getvalue()
    assert "[confirm?] Open the sell screen for Kakao" in text and not HANGUL.search(text.split("conversation:")[0])
    action_id = store.db.fetchone("SELECT id FROM pending_actions")[0]
    out = io.StringIO()
    assert main(["actions", "confirm", action_id], out=out) == 0
    assert out.getvalue() == "COMPLETED: Opened the mock sell screen for Kakao (a sandbox: no real order is placed).\n"


def test_a_clicked_choice_leads_to_its_kind_then_asks_what_it_needs(store, clock) -> None:
    s = Session("tutor", store=store, clock=clock)
    first = one(s.run("뭔가 좀", extra={"context_text": context_for("/home")}), "clarification")
    assert "용어 설명" in first.options
    second = one(s.run("용어 설명", extra={"context_text": context_for("/home")}), "clarification")
    assert second.question == "어떤 용어가 궁금해요?" and second.options == ["PER", "공매도", "ETF", "배당수익률"]
    third = s.run("공매도", extra={"context_text": context_for("/home")})
    assert text_of(third).startswith("**공매도**: 주식을 빌려서")
    en = Session("tutor", store=store, clock=clock)
    asked = one(en.run("hmm something", extra={"context_text": context_for("/home")}), "clarification")
    assert "open lessons" in asked.options
    events = en.run("open lessons", extra={"context_text": context_for("/home")})
    assert one(events, "ui_action").action_id == "nav_education"


def test_quiz_choices_do_not_give_the_answer_away() -> None:
    from agents.tutor.compose import quiz_choices
    from agents.tutor.sandbox_data import cases

    quizzes = [q for c in cases().values() for q in c["quiz"]]
    places = [quiz_choices(q["question"], q["choices"]).index(q["answer"]) for q in quizzes]
    assert len(set(places)) == 3  # the answer is first in the data, anywhere on screen
    for q in quizzes:  # both languages in the same order
        ko, en = quiz_choices(q["question"], q["choices"]), quiz_choices(q["question"], q["choices_en"])
        assert [q["choices"].index(c) for c in ko] == [q["choices_en"].index(c) for c in en]
