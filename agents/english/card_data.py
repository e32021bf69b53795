"""The english cards' data: one model per card kind, registered with agents/core/cards.py. The analysis
and the correction carry their own keys beside these (``extra="allow"``)."""

from __future__ import annotations

from pydantic import BaseModel

from agents.core import cards
from agents.core.cards import CardData
from agents.english.models import ChatMessage


class ArticleRef(BaseModel):
    title: str
    source: str
    url: str
    interest: str | None = None
    published: str | None = None


class Article(CardData):
    article: ArticleRef
    analysis_source: str
    system_message: ChatMessage  # the marker line a client keeps in its history
    markdown: str


class Correction(CardData):
    original: str
    markdown: str


cards.register("article", Article)
cards.register("correction", Correction)
