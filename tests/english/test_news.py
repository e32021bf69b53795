"""The NewsAgent (seed §4.1): the offline corpus with its per-user rotation and interest matching, and
Tavily through the real ``tavily-python`` client against a loopback fake (query from the interests,
``content`` as fullText, the default article when nothing is found, the corpus when the search fails)."""

from __future__ import annotations

import pytest

from agents.core.session import Session
from agents.english.news import CorpusNews, TavilyNews, corpus, interest_ids, news_agent, rotation
from tests.english.conftest import cards
from tests.support.fake_tavily import FakeTavily, SearchReply, result

CONTENT = ("Seoul opened three new riverside parks this spring. City officials said the parks would cool the "
           "neighborhoods nearby during summer heat waves. Residents can borrow bicycles for free.")


@pytest.fixture
def fake():
    server = FakeTavily()
    yield server
    server.close()


@pytest.mark.parametrize(("typed", "ids"), [
    (["soccer"], ["sports"]), (["요리", "AI"], ["food", "technology"]), (["K-pop music"], ["culture"]),
    (["tecnology"], ["technology"]), (["travel", "Travel"], ["travel"]), (["knitting"], []),
    (["우주", "재활용", "운동"], ["science", "environment", "health"]),
])
def test_free_text_interests_map_to_the_corpus(typed, ids) -> None:
    assert interest_ids(typed) == ids


def test_the_rotation_alternates_interests_and_covers_every_article_once() -> None:
    order = rotation(["sports", "food"])
    assert [a["interest"] for a in order] == ["sports", "food"] * 4
    assert len({a["id"] for a in order}) == 8
    assert [CorpusNews().run(["sports", "food"], p).article.id for p in range(10)] == [
        a["id"] for a in order + order[:2]]
    assert len(rotation(["knitting"])) == len(corpus())  # nothing matched: every interest


def test_corpus_articles_are_the_seed_newsarticle() -> None:
    found = CorpusNews().run(["science"], 0)
    assert found.article.fullText == next(a["text"] for a in corpus() if a["id"] == found.article.id)
    assert found.meta == {"source": "corpus", "article_id": found.article.id, "interest": "science", "position": 0,
                          "of": 4}


def test_tavily_query_from_the_interests_and_content_as_full_text(fake) -> None:
    fake.queue(SearchReply(results=[result("Seoul opens riverside parks", "https://news.example.org/parks", CONTENT,
                                           published="2026-05-02")]))
    found = TavilyNews("tvly-test-key", base_url=fake.base_url).run(["environment", "travel"], 2)
    request = fake.requests[0]
    assert request["path"] == "/search" and request["authorization"] == "Bearer tvly-test-key"
    assert request["body"]["query"] == "latest news about environment"  # position 2 of 2 interests
    assert request["body"]["topic"] == "news" and request["body"]["max_results"] == 5
    article = found.article
    assert (article.title, article.url, article.fullText) == ("Seoul opens riverside parks",
                                                              "https://news.example.org/parks", CONTENT)
    assert article.source == "news.example.org" and found.meta["results"] == 1


def test_tavily_without_results_gives_the_default_article(fake) -> None:
    fake.queue(SearchReply(results=[]))
    found = TavilyNews("tvly-test-key", base_url=fake.base_url).run(["sports"], 0)
    assert found.meta["default"] is True and found.article.id == rotation(["sports"])[0]["id"]


def test_a_failing_tavily_falls_back_to_the_corpus_and_says_why(fake) -> None:
    fake.queue(SearchReply(status=401, detail="Unauthorized: missing or invalid API key."))
    found = TavilyNews("tvly-bad", base_url=fake.base_url).run(["food"], 0)
    assert found.meta["fallback"] == "corpus" and "invalid API key" in found.meta["error"]
    assert found.article.interest == "food"


def test_a_whole_turn_with_a_tavily_key_reads_the_search(fake, monkeypatch, store, clock) -> None:
    monkeypatch.setenv("TAVILY_API_KEY", "tvly-test-key")
    monkeypatch.setenv("TAVILY_BASE_URL", fake.base_url)
    assert isinstance(news_agent(), TavilyNews)
    fake.queue(SearchReply(results=[result("Seoul opens riverside parks", "https://news.example.org/parks", CONTENT)]))
    events = Session("english", user_id="mina", store=store, clock=clock).run("Hello!")
    card = cards(events, "article")[0]
    assert card.title == "Seoul opens riverside parks" and card.data["article"]["url"] == "https://news.example.org/parks"
    assert "riverside parks" in card.data["summary"] or "parks" in card.data["summary"]
    assert events[-1].meta["news"]["source"] == "tavily" and events[-1].meta["news"]["query"] == (
        "latest news about technology")
    assert len(fake.requests) == 1


def test_no_key_means_the_corpus(monkeypatch) -> None:
    monkeypatch.delenv("TAVILY_API_KEY", raising=False)
    assert isinstance(news_agent(), CorpusNews)
