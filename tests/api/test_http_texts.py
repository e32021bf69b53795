"""Issue 28: the HTTP API's own refusals (a suite whose name differs from its path, an import without an agent,
nothing to change, a too-large body) come from the catalogue and answer in the request's Accept-Language, like
every other refusal (before: the evals route's inline "Korean (English)", whatever the request asked for)."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from agents.http.api import create_api

HANGUL = re.compile("[가-힣]")
EN, KO = {"accept-language": "en-US,en;q=0.9"}, {"accept-language": "ko-KR"}
SUITE = ("suite: other\nagent: notes\ncases:\n  - name: a\n    turns:\n      - user: list\n        expect:\n"
         "          - text_matches: note\n")


def _said(client: TestClient, method: str, path: str, body: object, headers: dict[str, str]) -> dict:
    answer = client.request(method, path, json=body, headers=headers)
    assert answer.status_code in (413, 422), answer.text
    return answer.json()["error"]


def test_the_apis_own_refusals_in_the_request_language(store):
    api = TestClient(create_api("local", burst_limit=1000))
    cases = [
        ("PUT", "/api/v1/evals/suites/mine", {"yaml": SUITE}, "yaml",
         "The YAML's 'suite:' must be 'mine', the name in the path.",
         "YAML의 'suite:'는 경로의 이름 'mine'와(과) 같아야 합니다."),
        ("POST", "/api/v1/evals/suites/mine/import", {"format": "csv", "text": "input\nhi\n"}, "agent",
         "Name the agent the cases run against in 'agent'.", "케이스를 실행할 에이전트를 'agent'로 정하세요."),
    ]
    for method, path, body, field, english, korean in cases:
        en = _said(api, method, path, body, EN)
        assert (en["field"], en["message"]) == (field, english)  # before: Korean, then the English in brackets
        ko = _said(api, method, path, body, KO)
        assert ko["message"] == korean
        assert _said(api, method, path, body, {})["message"] == f"{korean} ({english})"  # no language: both


def test_a_too_large_body_in_the_request_language(store, monkeypatch):
    monkeypatch.setenv("PLAYGROUND_MAX_BODY_BYTES", "20000")
    api = TestClient(create_api("local", burst_limit=1000))
    big = {"message": "x" * 30_000}
    en = _said(api, "POST", "/api/v1/agents/notes/chat", big, EN)
    assert en["code"] == "body_too_large" and not HANGUL.search(en["message"])
    assert re.fullmatch(r"The request body is [\d,]+ bytes; the limit is 20,000 bytes, so it was not read\. Send a "
                        r"shorter message or split it; nothing was saved\.", en["message"])
    ko = _said(api, "POST", "/api/v1/agents/notes/chat", big, KO)
    assert ko["message"].startswith("요청 본문이") and "request body" not in ko["message"]
