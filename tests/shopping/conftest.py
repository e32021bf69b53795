"""A shopping conversation that has shown its Top 3 (the follow-up tests start from one)."""

from __future__ import annotations

from typing import Any

import pytest

from agents.core.session import Session


@pytest.fixture
def shop(store: Any) -> Session:
    session = Session("shopping")
    session.run("분유포트 15만원 아래로 추천해줘")
    return session


def top3(shop: Session) -> list[dict[str, Any]]:
    return shop.conversation().state["top3"]
