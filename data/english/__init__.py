"""Offline data for the english tutor: a news corpus written for the project and its interests."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
ARTICLES_PATH = HERE / "articles.json"
INTERESTS_PATH = HERE / "interests.json"
