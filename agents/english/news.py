"""The NewsAgent (seed §4.1): an article for the learner's interests.

With ``TAVILY_API_KEY`` it searches through the official ``tavily-python`` client (``TAVILY_BASE_URL``
points it elsewhere, e.g. a test's loopback fake); the result's ``content`` is the ``fullText``, and no
result gives the default article. Offline it picks from the shipped corpus (``data/english``). Either
way the choice follows a per-user rotation, so a new session gets a different article."""

from __future__ import annotations

import json
import logging
import os
import re
from dataclasses import dataclass, field
from functools import cache
from typing import Protocol, TypedDict
from urllib.parse import urlparse

from rapidfuzz import fuzz, process

from agents.core.redact import remember_secret
from agents.english.models import NewsArticle
from agents.nlu.patterns import compiled
from data.english import ARTICLES_PATH, INTERESTS_PATH

log = logging.getLogger(__name__)


@dataclass
class NewsResult:
    article: NewsArticle
    meta: dict[str, object] = field(default_factory=dict)  # done.meta's news: its source, query, error


class NewsAgent(Protocol):
    name: str

    def run(self, interests: list[str], position: int) -> NewsResult: ...


class CorpusArticle(TypedDict):
    """One article of the shipped corpus (data/english/articles.json)."""

    id: str
    interest: str
    title: str
    source: str
    url: str
    published: str
    level_hint: str
    text: str


class Interest(TypedDict):
    """One interest of data/english/interests.json."""

    id: str
    label_en: str
    label_ko: str
    keywords: list[str]


@cache
def corpus() -> list[CorpusArticle]:
    articles: list[CorpusArticle] = json.loads(ARTICLES_PATH.read_text(encoding="utf-8"))["articles"]  # shipped
    return articles


@cache
def interest_table() -> list[Interest]:
    interests: list[Interest] = json.loads(INTERESTS_PATH.read_text(encoding="utf-8"))["interests"]  # shipped
    return interests


@cache
def _keywords() -> dict[str, str]:
    return {k.casefold(): i["id"] for i in interest_table() for k in [i["id"], i["label_en"], i["label_ko"],
                                                                       *i["keywords"]]}


def interest_ids(interests: list[str]) -> list[str]:
    """The corpus interests a learner's free text names, in their order: exact keywords, keywords inside
    a phrase ("K-pop music"), then close spellings ("tecnology")."""
    keywords = _keywords()
    found: list[str] = []
    for raw in interests:
        text = raw.casefold().strip()
        match = keywords.get(text)
        if match is None:
            inside = [k for k in keywords if len(k) >= 2 and compiled(rf"(?<!\w){re.escape(k)}(?!\w)").search(text)]
            match = keywords[max(inside, key=len)] if inside else None
        if match is None and len(text) >= 4:
            best = process.extractOne(text, list(keywords), scorer=fuzz.ratio, score_cutoff=85)
            match = keywords[best[0]] if best else None
        if match is not None and match not in found:
            found.append(match)
    return found


def rotation(interests: list[str]) -> list[CorpusArticle]:
    """Articles for these interests, one interest after another (newest first within each)."""
    ids = interest_ids(interests) or [i["id"] for i in interest_table()]
    per = {i: sorted((a for a in corpus() if a["interest"] == i), key=lambda a: (a["published"], a["id"]),
                     reverse=True) for i in ids}
    out: list[CorpusArticle] = []
    for round_ in range(max(len(v) for v in per.values())):
        out += [per[i][round_] for i in ids if round_ < len(per[i])]
    return out


def corpus_article(title: str) -> CorpusArticle:
    return next(a for a in corpus() if a["title"] == title)


def _article(raw: CorpusArticle) -> NewsArticle:
    return NewsArticle(title=raw["title"], source=raw["source"], url=raw["url"], fullText=raw["text"], id=raw["id"],
                       interest=raw["interest"], published=raw["published"])


class CorpusNews:
    """The offline corpus: 36 articles written for the project over 9 interests."""

    name = "corpus"

    def run(self, interests: list[str], position: int) -> NewsResult:
        articles = rotation(interests)
        raw = articles[position % len(articles)]
        return NewsResult(_article(raw), {"source": "corpus", "article_id": raw["id"], "interest": raw["interest"],
                                          "position": position % len(articles), "of": len(articles)})


class TavilyNews:
    """Tavily search through the official client; the corpus answers when the search fails."""

    name = "tavily"

    def __init__(self, api_key: str, *, base_url: str | None = None, timeout: float = 15.0) -> None:
        from tavily import TavilyClient  # imported only when a key is configured

        remember_secret(api_key)
        self.client = TavilyClient(api_key=api_key, api_base_url=base_url or None)
        self.timeout = timeout

    @staticmethod
    def query(interests: list[str], position: int) -> str:
        """One interest per session, in turn: "latest news about <interest>"."""
        topic = interests[position % len(interests)] if interests else "world"
        return f"latest news about {topic}"

    def run(self, interests: list[str], position: int) -> NewsResult:
        query = self.query(interests, position)
        meta: dict[str, object] = {"source": "tavily", "query": query}
        try:
            response = self.client.search(query, topic="news", max_results=5, search_depth="basic",
                                          timeout=self.timeout)
        except Exception as exc:  # noqa: BLE001 - any SDK or network failure: the learner still gets an article
            log.warning("Tavily search failed (%s); using the offline corpus", exc)
            fallback = CorpusNews().run(interests, position)
            return NewsResult(fallback.article, {**meta, "error": f"{type(exc).__name__}: {exc}"[:300],
                                                 "fallback": "corpus", "article_id": fallback.meta["article_id"]})
        results = [r for r in response.get("results") or [] if isinstance(r, dict) and (r.get("content") or "").strip()]
        meta["results"] = len(results)
        if not results:  # seed §4.1: no result gives the default article
            default = CorpusNews().run(interests, position)
            return NewsResult(default.article, {**meta, "default": True, "article_id": default.meta["article_id"]})
        raw = results[(position // max(1, len(interests))) % len(results)]
        url = str(raw.get("url") or "")
        source = urlparse(url).netloc.removeprefix("www.") or "Tavily"
        article = NewsArticle(title=str(raw.get("title") or query), source=source, url=url,
                              fullText=str(raw["content"]).strip(), published=raw.get("published_date"))
        return NewsResult(article, {**meta, "url": url})


def news_agent() -> NewsAgent:
    key = os.environ.get("TAVILY_API_KEY", "").strip()
    if key:
        try:
            return TavilyNews(key, base_url=os.environ.get("TAVILY_BASE_URL"))
        except Exception as exc:  # noqa: BLE001 - an unusable client must not stop the tutor
            log.warning("TAVILY_API_KEY is set but the client cannot start (%s); using the offline corpus", exc)
    return CorpusNews()
