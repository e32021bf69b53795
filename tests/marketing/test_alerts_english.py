"""Issue 29: the proactive alerts pushed into a chat where the marketer writes English are in English, built from
each alert's own data; the stored rows stay as they are (shared by both languages), a Korean chat gets the stored
text, and a reload shows the texts the chat was given. Before: the Korean title and message in every chat."""

from __future__ import annotations

import re

from agents.marketing import alerts
from agents.services import conversations
from agents.view.render import view_from_history
from tests.support.helpers import types

HANGUL = re.compile(r"[가-힣]")
CAMPAIGN = re.compile(r"'[^']*'")
EN = [
    ("'봄 시즌 세일' ROAS down 46%",
     "'봄 시즌 세일' ROAS went down 46% from the day before (4.03 → 2.16, 2026-11-01)."),
    ("'신규 회원 전환' spent 96% of its budget",
     "'신규 회원 전환' spent ₩96,000 (96%) of its daily budget of ₩100,000 on 2026-11-01. Consider raising the budget."),
    ("'리타겟팅 - 장바구니' reached a ROAS of 3.39x",
     "The 7-day ROAS of '리타겟팅 - 장바구니' rose from 2.58x to 3.39x, past 3.0x."),
    ("Budget reallocation suggested: '브랜드 인지도 캠페인' → '여름 신상품 런칭'",
     "Moving part of the daily budget (₩86,000) of '브랜드 인지도 캠페인' (ROAS 1.33x) to '여름 신상품 런칭' (ROAS 4.15x) "
     "and others is estimated to add about ₩171,103 of daily revenue."),
]


def test_an_english_chat_gets_the_alerts_in_english_and_the_rows_stay(mkt, clock) -> None:
    created = sorted(alerts.check(mkt.store, "demo", clock()), key=lambda a: (a.created_at, a.id))
    assert [a.type for a in created] == ["anomaly", "budget", "milestone", "recommendation"]
    first = mkt.run("how are we doing this week?")
    assert types(first)[:3] == ["alert"] * 3 and types(first)[-1] == "done"
    second = mkt.run("show me the campaign list")
    pushed = [(e.alert_id, e.title, e.message) for e in first + second if e.type == "alert"]
    assert pushed == [(a.id, *text) for a, text in zip(created, EN, strict=True)]
    assert not any(HANGUL.search(CAMPAIGN.sub("", f"{t} {m}")) for _, t, m in pushed)
    stored = {a.id: a for a in mkt.store.alerts.list("demo")}
    assert [(stored[a.id].title, stored[a.id].message) for a in created] == [(a.title, a.message) for a in created]
    record = conversations.transcript(mkt.store, "demo", mkt.conversation_id, "marketing")
    view = view_from_history(mkt.conversation_id, record.messages, record.actions, record.traces)
    shown = [(m.card.title, m.card.data["message"]) for m in view.messages if m.kind == "card" and
             m.card.card_type == "alert"]
    assert shown == EN  # a reload shows what the chat was given


def test_a_korean_chat_gets_the_stored_text(mkt, clock) -> None:
    created = sorted(alerts.check(mkt.store, "demo", clock()), key=lambda a: (a.created_at, a.id))
    events = mkt.run("이번 주 성과 어때?")
    assert [(e.title, e.message) for e in events if e.type == "alert"] == [(a.title, a.message) for a in created[:3]]
