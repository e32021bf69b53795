"""Issue 29: a confirmation card shown to people names the action in their language, never its catalogue id.
Before: the "Action" row read "매수·매도 화면 열기 (open_order)" / "Open the buy/sell screen (open_order)"."""

from __future__ import annotations

import re

import pytest

from agents.core.session import Session
from agents.tutor.catalog import screens
from agents.view.texts import t
from tests.support.helpers import one, text_of, types
from tests.tutor.conftest import context_for

IDS = re.compile("|".join(re.escape(a["id"]) for a in screens()["actions"]))


@pytest.mark.parametrize(("text", "route", "summary", "details", "reply"), [
    ("삼성전자 10주 사줘", "/home", "삼성전자 매수 화면 열기",
     [("액션", "매수·매도 화면 열기"), ("종목", "삼성전자 (005930)"), ("구분", "매수")], "확인이 필요한 동작이에요."),
    ("buy 10 shares of samsung", "/home", "Open the buy screen for Samsung Electronics",
     [("Action", "Open the buy/sell screen"), ("Stock", "Samsung Electronics (005930)"), ("Side", "buy")],
     "This needs your confirmation"),
])
def test_the_card_names_the_action_not_its_id(store, clock, text, route, summary, details, reply) -> None:
    events = Session("tutor", store=store, clock=clock).run(text, extra={"context_text": context_for(route)})
    assert types(events) == ["ui_action", "tool_call", "action_confirmation", "text", "done"]
    card = one(events, "action_confirmation")
    assert card.summary == summary
    assert [(d.label, d.value) for d in card.details] == details
    shown = " ".join([card.summary, *(f"{d.label} {d.value}" for d in card.details), *card.warnings])
    assert not IDS.search(shown), shown
    assert text_of(events).startswith(reply)
    # the reply names the card's button by its own label (the Korean one read **확인** beside a [실행] button)
    assert f"**{t('confirm', 'en' if text.isascii() else 'ko')}**" in text_of(events)
