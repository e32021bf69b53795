"""Seed 000's SSE client appends every text chunk: the reply's opening and its summary (two blocks of one
turn, a tool call between them) reach it apart, not glued ("...봤습니다.최근 7일")."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.seeds.hooks import use_agent_chat


def test_the_seed_sse_client_gets_the_two_blocks_apart(local: TestClient) -> None:
    with local.stream("POST", "/seeds/000/api/agent/chat", json={"message": "이번 주 성과 어때?"},
                      params={"user": "alice"}) as response:
        assert response.status_code == 200
        got: dict[str, Any] = use_agent_chat(response.iter_text())
    content = got["message"]["content"]
    assert content.startswith("이번 주(최근 7일) 성과를 분석해봤습니다.\n\n최근 7일(")
    assert "봤습니다.최근" not in content
