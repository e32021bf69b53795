"""Issue 28: the agent list follows the caller's language, like every other text of the API and the CLI
(before: each agent's title, description and examples in Korean whatever was asked for)."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from agents.cli.main import main
from agents.core.agent import list_agents
from agents.http.api import create_api


def _expected(lang: str) -> list[dict[str, object]]:
    return [{"id": a.id, "title": a.title_in(lang), "description": a.description_in(lang),
             "examples": list(a.examples_in(lang)), "tools": a.tools.names()} for a in list_agents()]


def test_the_http_agent_list_in_the_request_language(store):
    api = TestClient(create_api("local", burst_limit=1000))
    english = api.get("/api/v1/agents", headers={"accept-language": "en-US,en;q=0.9"}).json()
    korean = api.get("/api/v1/agents", headers={"accept-language": "ko-KR"}).json()
    plain = api.get("/api/v1/agents").json()  # no language named: Korean, as it always was
    assert english == _expected("en") and korean == plain == _expected("ko")
    marketing = next(a for a in english if a["id"] == "marketing")
    # before: "마케팅 에이전트"-style Korean titles in an English request
    assert marketing["title"] == next(a for a in list_agents() if a.id == "marketing").title_en != marketing["id"]
    assert english != korean


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_cli_agent_list_in_the_language_asked_for(lang, store, capsys):
    assert main(["--lang", lang, "agents", "--json"]) == 0  # data: the same in every language, both languages' words
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert rows == [{"id": a.id, "title": a.title, "description": a.description, "title_en": a.title_in("en"),
                     "description_en": a.description_in("en"), "tools": a.tools.names()} for a in list_agents()]
    assert main(["--lang", lang, "agents"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [f"{a.id:<12} {a.title_in(lang)} — {a.description_in(lang)}" for a in list_agents()]


def test_the_cli_agent_list_without_a_language_stays_korean(store, capsys, monkeypatch):
    for name in ("PLAYGROUND_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["agents", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["title"] for r in rows] == [a.title for a in list_agents()]


def test_an_unknown_agent_is_refused_in_the_callers_language(store, capsys):
    """Found running the README's `playground chat notes hi --lang ko`: the refusal was English only."""
    assert main(["chat", "nope", "hi", "--lang", "ko"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error (unknown_agent): 에이전트 'nope'은(는) 없습니다. 쓸 수 있는 에이전트: ") and "Unknown" not in err
    assert main(["chat", "nope", "hi", "--lang", "en"]) == 2
    assert capsys.readouterr().err.startswith("error (unknown_agent): Unknown agent 'nope'. Available agents: ")
    api = TestClient(create_api("local", burst_limit=1000))
    answer = api.post("/api/v1/agents/nope/chat", json={"message": "hi"}, headers={"accept-language": "ko-KR"})
    assert answer.status_code == 404 and answer.json()["error"]["message"].startswith("에이전트 'nope'은(는) 없습니다.")
