"""Seed 004 §2.2/§3 through whole turns: News and Analysis run on a session's first turn only (counted with
the scripted provider and a counting NewsAgent), the SYSTEM_ARTICLE marker is stored, hidden from the
chat and parsed back, the article card is streamed before anything else, and every turn corrects, then
replies with the profile, the analysis, the correction and the history in its request."""

from __future__ import annotations

import importlib
import json

import pytest

from agents.core.session import Session
from agents.english import marker as markers
from agents.english import news as news_module
from agents.english.models import NewsAnalysis
from agents.english.store import EnglishStore
from agents.view.render import view_from_history
from tests.english.conftest import (
    ANALYSIS,
    NO_ERRORS,
    WITH_ERRORS,
    analysis_step,
    cards,
    correction_step,
    purposes,
    reply,
    reply_step,
    scripted,
    types,
)


class CountingNews:
    """The corpus NewsAgent, counting its runs and the interests it was given."""

    name = "corpus"

    def __init__(self) -> None:
        self.runs: list[tuple[list[str], int]] = []

    def run(self, interests: list[str], position: int) -> news_module.NewsResult:
        self.runs.append((list(interests), position))
        return news_module.CorpusNews().run(interests, position)


@pytest.fixture
def news(monkeypatch):
    counting = CountingNews()
    # The module, not the ``pipeline`` function the package exports under the same name.
    monkeypatch.setattr(importlib.import_module("agents.english.pipeline"), "news_agent", lambda: counting)
    return counting


def test_first_turn_calls_news_and_analysis_once_and_the_second_turn_neither(store, clock, news) -> None:
    first = scripted(analysis_step(), correction_step(), reply_step("Welcome! Would you trust an AI tutor?"))
    session = Session("english", user_id="mina", provider=first, store=store, clock=clock)
    events = session.run("Hello, I'm ready!")
    first.assert_complete()
    assert purposes(first) == ["analysis", "correction", "conversation"]
    assert len(news.runs) == 1 and news.runs[0] == (["technology", "travel", "food"], 0)
    assert types(events) == ["data_card", "data_card", *["text_delta"] * len(reply(events).split()), "done"]
    article, correction = cards(events)
    assert article.card_type == "article" and correction.card_type == "correction"  # the marker's card comes first
    done = events[-1]
    assert done.meta["agents"] == ["profile", "news", "analysis", "correction", "conversation"]
    assert done.meta["new_session"] is True and done.meta["analysis"] == "model"
    assert [s["name"] for s in store.traces.get(done.turn_id).spans if s["kind"] == "agent"] == done.meta["agents"]

    second = scripted(correction_step(WITH_ERRORS), reply_step("Good. Why?"))
    session.provider = second
    events = session.run("he go to school")
    second.assert_complete()
    assert purposes(second) == ["correction", "conversation"]  # no analysis call
    assert len(news.runs) == 1  # and no news search
    assert [c.card_type for c in cards(events)] == ["correction"]
    assert events[-1].meta["agents"] == ["profile", "correction", "conversation"]
    assert events[-1].meta["new_session"] is False
    # The reply's request carries the analysis from the marker, the correction and the history.
    request = second.calls[-1]
    assert ANALYSIS["summary"] in request.system and "he goes to school" in request.system
    assert [m.content for m in request.messages] == ["Hello, I'm ready!", "Welcome! Would you trust an AI tutor?",
                                                     "he go to school"]
    assert request.options.extra["english"]["analysis"]["questions"] == ANALYSIS["questions"]


def test_the_marker_is_stored_hidden_and_parsed_back(store, clock, news) -> None:
    session = Session("english", user_id="mina", provider=scripted(analysis_step(), correction_step(), reply_step()),
                      store=store, clock=clock)
    events = session.run("Hi!")
    rows = session.history()
    assert [r.role for r in rows] == ["user", "system", "assistant"]
    marker_row = rows[1]
    assert marker_row.content.startswith("SYSTEM_ARTICLE:") and marker_row.turn_id == events[-1].turn_id
    parsed = markers.decode(marker_row.content)
    assert NewsAnalysis.model_validate(parsed.model_dump(exclude={"article"})) == NewsAnalysis.model_validate(ANALYSIS)
    assert parsed.article is not None and parsed.article.title == cards(events, "article")[0].title
    assert parsed.article.fullText == news_module.corpus_article(parsed.article.title)["text"]
    # The card carries the seed's system ChatMessage for a client that holds the session itself.
    assert cards(events, "article")[0].data["system_message"]["text"] == marker_row.content
    # Never a chat bubble: the stored conversation rebuilds without it, with the article card instead.
    view = view_from_history(session.conversation_id, rows, [], store.traces.for_conversation(session.conversation_id))
    assert all("SYSTEM_ARTICLE" not in m.text for m in view.messages)
    assert [m.card.card_type for m in view.messages if m.card] == ["correction", "article"]
    # The model never sees it as a message either: the history sent to it has no system row.
    session.provider = scripted(correction_step(), reply_step())
    session.run("Next")
    assert [m.role for m in session.provider.calls[-1].messages] == ["user", "assistant", "user"]


def test_the_marker_is_found_beyond_the_history_window(store, clock, news) -> None:
    session = Session("english", user_id="mina", store=store, clock=clock)  # the offline model
    session.run("Hi!")
    for i in range(14):  # 28 more messages: the marker is far outside the 20-message window
        session.run(f"I like sentence number {i}.")
    assert len(news.runs) == 1
    last = session.run("One more.")
    assert last[-1].meta["new_session"] is False and "news" not in last[-1].meta["agents"]


def test_a_new_conversation_gets_the_next_article_of_the_rotation(store, clock, news) -> None:
    titles = []
    for _ in range(3):
        session = Session("english", user_id="mina", store=store, clock=clock)
        titles.append(cards(session.run("Hi!"), "article")[0].title)
    assert len(set(titles)) == 3
    assert [position for _, position in news.runs] == [0, 1, 2]
    rotation = news_module.rotation(["technology", "travel", "food"])
    assert titles == [a["title"] for a in rotation[:3]]
    assert [a["interest"] for a in rotation[:3]] == ["technology", "travel", "food"]


def test_new_article_button_turn_opens_the_session_without_a_correction(store, clock, news) -> None:
    provider = scripted(analysis_step(), reply_step("Hi Mina! Today's article is about a library."))
    session = Session("english", user_id="mina", provider=provider, store=store, clock=clock)
    events = session.run("새 기사로 시작", {"start": True})
    provider.assert_complete()
    assert purposes(provider) == ["analysis", "conversation"]
    assert [c.card_type for c in cards(events)] == ["article"]
    assert provider.calls[-1].options.extra["english"]["start"] is True
    assert EnglishStore(store).profile("mina", clock()).recentCorrections == []


def test_corrections_with_errors_go_to_the_profile_last_ten_kept(store, clock, news) -> None:
    session = Session("english", user_id="mina", store=store, clock=clock)
    session.run("Hi!")
    mistakes = [f"My brother play {sport} on weekends" for sport in
                ("soccer", "tennis", "golf", "baseball", "basketball", "volleyball", "badminton", "hockey", "rugby",
                 "cricket", "futsal", "squash")]
    for text in mistakes:
        events = session.run(text)
        assert cards(events, "correction")[0].data["has_errors"] is True
    session.run("I agree with you.")  # a correct sentence is not added
    recent = EnglishStore(store).profile("mina", clock()).recentCorrections
    assert [c.original for c in recent] == mistakes[-10:]
    assert [c.corrected for c in recent] == [t.replace("play", "plays") for t in mistakes[-10:]]
    assert all(c.has_errors and c.explanation for c in recent)
    assert EnglishStore(store).profile("other", clock()).recentCorrections == []  # per user


def test_the_reply_request_follows_the_profile(store, clock, news) -> None:
    EnglishStore(store).save("mina", "Mina", ["요리", "soccer"], "beginner", clock())
    provider = scripted(analysis_step(), correction_step(NO_ERRORS), reply_step())
    session = Session("english", user_id="mina", provider=provider, store=store, clock=clock)
    events = session.run("Hello")
    assert news.runs[0][0] == ["요리", "soccer"]
    assert news_module.corpus_article(cards(events, "article")[0].data["article"]["title"])["interest"] == "food"
    request = provider.calls[-1]
    assert "Learner: Mina, level beginner" in request.system and "short, simple sentences" in request.system
    assert request.options.extra["english"]["level"] == "beginner"


def test_a_broken_stored_marker_is_a_clear_error_not_a_crash(store, clock, news) -> None:
    session = Session("english", user_id="mina", store=store, clock=clock)
    session.run("Hi!")
    store.db.execute("UPDATE messages SET content = 'SYSTEM_ARTICLE:{\"summary\": 3}' WHERE role = 'system'")
    events = session.run("Hello again")
    assert types(events) == ["error"]
    assert events[0].code == "invalid_marker" and "SYSTEM_ARTICLE" in events[0].message
    assert session.history()[-1].role == "user"  # the message itself was kept


def test_offline_events_are_json_and_deterministic(store, clock, news) -> None:
    def run(user: str) -> list[str]:
        session = Session("english", user_id=user, store=store, clock=clock)
        return [reply(session.run(t)) for t in ("Hi!", "I think the library is a good idea.", "yes")]

    assert run("a") == run("b")
    json.dumps(run("c"))


def test_a_new_conversation_is_named_after_its_article(store, clock, news) -> None:
    session = Session("english", user_id="mina", store=store, clock=clock)
    title = cards(session.run("새 기사로 시작", {"start": True}), "article")[0].title
    assert session.conversation().title.startswith("📰 " + title[:20])
    session.run("I like it.")
    assert session.conversation().title.startswith("📰 ")
