"""Issue 28: the HTTP API's own refusals (a suite whose name differs from its path, an import without an agent,
nothing to change, a too-large body) come from the catalogue and answer in the request's Accept-Language, like
every other refusal (before: the evals route's inline "Korean (English)", whatever the request asked for)."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from agents.core.clock import system_clock
from agents.http.api import create_api
from agents.http.operator import PATH, Operator
from agents.services.access import issue_token

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


def test_the_operator_routes_refusals_in_the_request_language(store):
    """Before: agents/http/operator.py's four inline "Korean (English)" refusals, whatever the request asked for."""
    token = "pgop_texts-test"
    local = TestClient(create_api("local", operator=Operator(token, lambda *_: 0)), raise_server_exceptions=False)
    body = {"argv": ["tokens", "list"], "cwd": "relative/dir"}
    cases = [  # (headers beside the language, body, status, field, English, Korean)
        ({"authorization": "Bearer wrong"}, body, 401, None,
         "The operator token is missing or wrong: send the token from the server's runtime file.",
         "운영자 토큰이 맞지 않습니다: 서버의 실행 파일(.server.json)에 있는 토큰을 보내세요."),
        ({"authorization": f"Bearer {token}"}, body, 422, "cwd",
         "cwd 'relative/dir' is not an absolute folder on this machine.",
         "cwd 'relative/dir'은(는) 이 컴퓨터의 절대 경로 폴더가 아닙니다."),
        ({"authorization": f"Bearer {token}"}, {**body, "cwd": "/", "stdin": "not base64!"}, 422, "stdin",
         "stdin is not base64.", "stdin은 base64가 아닙니다."),
    ]
    for headers, sent, status, field, english, korean in cases:
        for lang, expected in ((EN, english), (KO, korean), ({}, f"{korean} ({english})")):
            answer = local.post(PATH, json=sent, headers={**headers, **lang})
            assert answer.status_code == status, answer.text
            error = answer.json()["error"]
            assert error["message"] == expected and error.get("field") == field, error
    shared = TestClient(create_api("shared", operator=Operator(token, lambda *_: 0)), raise_server_exceptions=False)
    alice = issue_token(store, "alice", "mine", system_clock())[1]
    for lang, expected in ((EN, "This server takes no CLI commands: the operator token works only on a server in "
                                "local mode."),
                           (KO, "이 서버는 CLI 명령을 받지 않습니다: 운영자 토큰은 로컬 모드 서버에서만 쓰입니다.")):
        answer = shared.post(PATH, json={**body, "cwd": "/"}, headers={"authorization": f"Bearer {alice}", **lang})
        assert answer.status_code == 403 and answer.json()["error"]["message"] == expected, answer.text
