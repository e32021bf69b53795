"""The Gradio tab's handlers, called as Gradio calls them: rename, archive, delete and 👍/👎 go
through agents/services (owner-checked, refusals shown as warnings), the alert banner draws every
unread alert once, and the chips after a confirmed campaign are the reply's, not the old goals."""

from __future__ import annotations

import re
import warnings
from types import SimpleNamespace
from typing import Any

import gradio as gr
import pytest

from agents.core.identity import Viewer
from agents.core.providers.offline import OfflineProvider, say
from agents.core.session import Session
from agents.services import conversations
from agents.view.render import ChatView
from pages.gradio.identity import AppConfig
from tests.support.gradio_app import shared_app
from tests.support.helpers import one
from tests.view.test_alerts_view import ROAS, plant_the_reported_state

ANN, BOB = Viewer("ann", "local"), Viewer("bob", "local")
HANGUL = re.compile("[\uac00-\ud7a3]")
SUGGESTIONS = slice(4, 8)  # the four chip buttons among the tab's outputs


@pytest.fixture
def demo(store) -> gr.Blocks:
    return shared_app(AppConfig(offline_pace_ms=0))


def handler(demo: gr.Blocks, name: str, output_elem: str) -> Any:
    return next(f.fn for f in demo.fns.values() if getattr(f.fn, "__name__", "") == name
                and any(getattr(o, "elem_id", None) == output_elem for o in f.outputs))


def _conversation(clock, user: str = "ann") -> str:
    session = Session("notes", user_id=user, provider=OfflineProvider.scripted(say("hi")), clock=clock)
    session.run("hello")
    assert session.conversation_id
    return session.conversation_id


def test_rename_archive_and_delete_go_through_the_service(demo, store, clock):
    cid = _conversation(clock)
    rename = handler(demo, "rename", "pg-notes-conversations")
    archive = handler(demo, "archive", "pg-notes-conversations")
    delete = handler(demo, "delete", "pg-notes-conversations")
    view = ChatView(conversation_id=cid)
    listed, title = rename(view, "  정리한 제목 ", "ko", ANN)
    assert title["value"] == "정리한 제목" and [c[1] for c in listed["choices"]] == [cid]
    with warnings.catch_warnings(record=True) as shown:
        warnings.simplefilter("always")
        rename(view, "   ", "ko", ANN)  # blank: said, not ignored
        rename(view, "bob was here", "en", BOB)  # not bob's
        archive(view, "ko", BOB)
        delete(view, "ko", BOB)
    messages = [str(w.message) for w in shown]
    # each in the UI's language only (before: "Korean (English)" whatever the UI's language)
    assert len(messages) == 4 and "대화 제목이 비어 있습니다. 한 글자 이상 쓰세요." in messages[0]
    assert "The title is empty" not in messages[0]
    assert f"Conversation {cid!r} was not found for user 'bob'; list yours" in messages[1] and "대화 " not in messages[1]
    assert all(f"대화 {cid!r}을(를) 사용자 'bob'의 대화에서 찾을 수 없습니다." in m and "was not found" not in m
               for m in messages[2:])
    row = conversations.get(store, "ann", cid)
    assert (row.title, row.archived) == ("정리한 제목", False)
    archive(view, "ko", ANN)
    assert conversations.get(store, "ann", cid).archived is True
    delete(view, "ko", ANN)
    assert conversations.find(store, "ann", cid) is None


def test_feedback_goes_through_the_service(demo, store, clock):
    session = Session("notes", user_id="ann", provider=OfflineProvider.scripted(say("hi")), clock=clock)
    turn_id = session.run("hello")[-1].turn_id
    save = handler(demo, "save", "pg-notes-comment")
    view = ChatView(conversation_id=session.conversation_id, feedback={turn_id: "down"})
    assert save(turn_id, "짧아요", view, ANN, "ko")[0] == ""
    assert store.db.fetchall("SELECT user_id, rating, comment FROM feedback") == [("ann", "down", "짧아요")]
    with warnings.catch_warnings(record=True) as shown:
        warnings.simplefilter("always")
        save(turn_id, "mine", view, BOB, "ko")
        save(turn_id, "x" * 100_000, view, ANN, "ko")
    messages = [str(w.message) for w in shown]
    assert f"턴 {turn_id!r}은(는) 사용자 'bob'가 실행한 턴이 아닙니다." in messages[0] and "의견이 100,000자로 너무 깁니다" in messages[1]
    assert not [m for m in messages if "characters long" in m or "No turn" in m]  # a Korean UI: Korean only
    assert store.db.fetchall("SELECT user_id, rating, comment FROM feedback") == [("ann", "down", "짧아요")]


def test_the_alert_banner_draws_the_unread_warning_once(demo, store, clock):
    plant_the_reported_state(store, clock)
    refresh = handler(demo, "_refresh", "pg-marketing-alert-banner")
    alerts, banner = refresh(Viewer("demo", "local"), SimpleNamespace(headers={"accept-language": "ko"}))
    titles = [a["title"] for a in alerts]  # the gr.render draws one card per entry
    assert titles.count(ROAS) == 1 and len(set(titles)) == len(titles) == 4
    assert banner == "🔔 **읽지 않은 알림 1개** · 열린 알림 4개"


def test_the_alert_banner_counts_the_same_after_a_reload_until_read(demo, store, clock):
    """Issue 28: "1 unread" on the first load, "0 unread" after a reload (drawing read the alerts). Gradio's
    refresh (page load, timer) and Streamlit (tests/streamlit/test_alerts_chips.py) now agree: unread until read."""
    from agents.core.agent import get_agent
    from agents.view.alerts import read, title_line

    plant_the_reported_state(store, clock)
    refresh = handler(demo, "_refresh", "pg-marketing-alert-banner")
    ko = SimpleNamespace(headers={"accept-language": "ko"})
    first, reloaded = refresh(Viewer("demo", "local"), ko), refresh(Viewer("demo", "local"), ko)
    assert first[1] == reloaded[1] == "🔔 **읽지 않은 알림 1개** · 열린 알림 4개"  # before: "0개" after the reload
    marked = [a for a in reloaded[0] if "●" in title_line(a)]
    assert [a["title"] for a in marked] == [ROAS]
    read(get_agent("marketing"), Viewer("demo", "local"), marked[0])  # the card's 읽음 button
    alerts, banner = refresh(Viewer("demo", "local"), ko)
    assert banner == "🔔 **읽지 않은 알림 0개** · 열린 알림 4개" and len(alerts) == 4


def test_an_english_browser_reads_the_alert_banner_in_english(demo, store):
    """Issue 28: the banner showed the stored Korean alert text (and a Korean summary) to English users; the
    cards now go through AgentSpec.alert_text, the hook the chat uses, in the request's language."""
    check = handler(demo, "_check", "pg-marketing-alert-banner")
    alerts, banner = check(Viewer("demo", "local"), SimpleNamespace(headers={"accept-language": "en-US,en;q=0.9"}))
    titles = [a["title"] for a in alerts]
    assert banner == "🔔 **4 unread** · 4 open"  # before: "🔔 **읽지 않은 알림 4개** · 열린 알림 4개"
    assert [a["new_label"] for a in alerts] == ["new"] * 4  # each card's mark in the UI's language too
    assert len(titles) == 4 and any(re.fullmatch(r"'봄 시즌 세일' ROAS down \d+%", t) for t in titles), titles
    # before: "'봄 시즌 세일' ROAS 38% 하락"; only the campaigns' own names stay Korean
    assert not [t for t in titles + [a["message"] for a in alerts] if HANGUL.search(re.sub(r"'[^']*'", "", t))]
    refresh = handler(demo, "_refresh", "pg-marketing-alert-banner")
    alerts, banner = refresh(Viewer("demo", "local"), SimpleNamespace(headers={"accept-language": "ko"}))
    # drawn is not read: the refresh counts the same four (before: "0개" once the check had drawn them)
    assert banner == "🔔 **읽지 않은 알림 4개** · 열린 알림 4개" and any(a["title"].endswith("% 하락") for a in alerts)


def test_no_goal_chips_after_the_campaign_is_confirmed(demo, store, clock):
    session = Session("marketing", clock=clock)
    session.run("새 캠페인 만들고 싶어")
    session.run("전환")
    action_id = one(session.run("10만원으로 해줘"), "action_confirmation").action_id
    assert session.confirm_action(action_id).ok
    open_conversation = handler(demo, "open_conversation", "pg-marketing-conversations")
    outputs = open_conversation(session.conversation_id, "ko", Viewer("demo", "local"))
    chips = outputs[SUGGESTIONS]
    assert [c.get("visible") for c in chips] == [False] * 4 and all(c.get("value") == "" for c in chips)
