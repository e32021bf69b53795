"""Bad HTTP input: 422 (or 400 for a body that is not JSON) naming the field, one error shape, never a
500, never a cut stream, nothing stored."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from agents.http.api import create_api
from tests.api.conftest import parse_sse

CHAT = "/api/v1/agents/notes/chat"


def _assert_refused(response, status: int, field: str | None, store=None) -> dict:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    body = response.json()
    assert set(body) == {"error"} and {"code", "message"} <= set(body["error"])
    assert body["error"].get("field") == field
    if field:
        assert repr(field.split(".")[0])[1:-1] in body["error"]["message"]
    if store is not None:
        assert store.db.fetchall("SELECT count(*) FROM messages") == [(0,)]
    return body["error"]


RAW_CHAT_BODIES = [
    ('{"message": NaN}', "message"),
    ('{"message": Infinity}', "message"),
    ('{"message": 5}', "message"),
    ('{"message": ["hi"]}', "message"),
    ('{"message": null}', "message"),
    ('{"message": true}', "message"),
    ('{"message": "\\ud800"}', "message"),
    ('{"message": "hi \\udfff there"}', "message"),
    ('{"message": "hi", "conversation_id": "\\ud800"}', "conversation_id"),
    ('{"message": "hi", "model": "\\ud83d"}', "model"),
    ('{"message": "hi", "extra": {"anchor_product_id": "\\ud800"}}', "extra.anchor_product_id"),
    ('{"message": "hi", "extra": {"a": {"b": ["ok", "\\udc00"]}}}', "extra.a.b[1]"),
    ('{"message": "hi", "extra": {"\\ud800": 1}}', "extra"),
    ('{"message": "hi", "extra": {"n": NaN}}', "extra.n"),
    ('{"message": "hi", "extra": [1]}', "extra"),
    ('{"message": "hi", "user_id": "alice"}', "user_id"),
    ('{"message": "hi", "Message": "x"}', "Message"),
    ('{"message": "hi", "user": "alice\\n"}', "user"),
    ('{"message": "hi", "user": "a b"}', "user"),
    ('{"message": "hi", "user": ""}', "user"),
    ('{"message": "hi", "provider": "claude"}', "provider"),
    ('{"message": "hi", "conversation_id": "../../etc"}', "conversation_id"),
    ('{}', "message"),
    ('[]', "body"),
    ('"hi"', "body"),
]


@pytest.fixture(scope="module")
def local_api(_template_db) -> TestClient:
    """One local-mode app for the parametrized refusals below (each app costs ~0.25 s of CPU to build): it keeps
    nothing of its own, every request reads the running test's database (runtime_store, PLAYGROUND_DB)."""
    return TestClient(create_api("local", burst_limit=1000))


@pytest.mark.parametrize(("raw", "field"), RAW_CHAT_BODIES)
def test_bad_chat_bodies_are_422_naming_the_field(local_api, store, raw, field):
    response = local_api.post(CHAT, content=raw.encode(), headers={"Content-Type": "application/json"})
    error = _assert_refused(response, 422, field, store)
    assert error["code"] == "invalid_input"


def test_unknown_field_message_says_what_to_do(local):
    error = _assert_refused(local.post(CHAT, json={"message": "hi", "user_id": "alice"}), 422, "user_id")
    assert error["message"] == ("Unknown field 'user_id': remove it (the fields each endpoint takes are listed "
                                "at /api/docs).")


def test_surrogate_message_names_the_problem(local):
    error = _assert_refused(local.post(CHAT, content=b'{"message": "\\ud800"}',
                                       headers={"Content-Type": "application/json"}), 422, "message")
    assert "lone surrogate" in error["message"]


def test_trailing_newline_user_is_refused_with_the_rule(local):
    error = _assert_refused(local.get("/api/v1/conversations", params={"user": "alice\n"}), 422, "user")
    assert "trailing newline" in error["message"]


@pytest.mark.parametrize("raw", [b'{"message": "hi"', b"not json", b'{"message": "\xff\xfe"}'])
def test_a_body_that_is_not_json_is_400(local_api, store, raw):
    response = local_api.post(CHAT, content=raw, headers={"Content-Type": "application/json"})
    assert _assert_refused(response, 400, "body", store)["code"] == "invalid_json"


@pytest.mark.parametrize(("path", "params", "field"), [
    ("/api/v1/conversations", {"offset": "99999999999999999999"}, "offset"),
    ("/api/v1/conversations", {"offset": "-1"}, "offset"),
    ("/api/v1/conversations", {"offset": "1e3"}, "offset"),
    ("/api/v1/conversations", {"limit": "0"}, "limit"),
    ("/api/v1/conversations", {"limit": "-5"}, "limit"),
    ("/api/v1/conversations", {"limit": "99999999999999999999999"}, "limit"),
    ("/api/v1/conversations", {"limit": "NaN"}, "limit"),
    ("/api/v1/conversations", {"archived": "maybe"}, "archived"),
    ("/api/v1/conversations", {"agent": "no such agent!"}, "agent"),
    ("/api/v1/conversations", {"user": "alice\n"}, "user"),
    ("/api/v1/conversations", {"user": "x" * 65}, "user"),
    ("/api/v1/conversations/conv_1", {"messageLimit": "100000"}, "messageLimit"),
    ("/api/v1/conversations/conv_1", {"messageLimit": "0"}, "messageLimit"),
    ("/api/v1/alerts", {"limit": "99999999999999999999"}, "limit"),
    ("/api/v1/alerts", {"status": "unread"}, "status"),
])
def test_bad_query_parameters_are_422(local_api, path, params, field):
    error = _assert_refused(local_api.get(path, params=params), 422, field)
    assert error["code"] == "invalid_input"


@pytest.mark.parametrize(("method", "path", "body", "field"), [
    ("POST", "/api/v1/actions/act_1/confirm", {"user_id": "alice"}, "user_id"),
    ("POST", "/api/v1/actions/act_1/cancel", {"user": "alice\n"}, "user"),
    ("POST", "/api/v1/actions/act_1/modify", {"args": {"text": "\ud800"}}, "args.text"),
    ("POST", "/api/v1/actions/act_1/modify", {"args": [1]}, "args"),
    ("POST", "/api/v1/actions/act_1/modify", {"arguments": {}}, "arguments"),
    ("PATCH", "/api/v1/alerts/alert_1", {"status": "GONE"}, "status"),
    ("PATCH", "/api/v1/alerts/alert_1", {}, "status"),
    ("PATCH", "/api/v1/alerts/alert_1", {"status": "READ", "why": "x"}, "why"),
])
def test_bad_bodies_on_other_endpoints(local_api, method, path, body, field):
    raw = json.dumps(body).encode()  # json.dumps keeps a lone surrogate as an \\ud800 escape
    response = local_api.request(method, path, content=raw, headers={"Content-Type": "application/json"})
    _assert_refused(response, 422, field)


def test_a_refused_input_never_cuts_a_stream_and_the_next_turn_works(local, store):
    _assert_refused(local.post(CHAT, content=b'{"message": "\\ud800"}', headers={"Content-Type": "application/json"}),
                    422, "message")
    ok = local.post(CHAT, json={"message": "list my notes"})
    assert ok.status_code == 200 and [e.type for e in parse_sse(ok.text)][-1] == "done"


def test_unknown_agent_and_conversation_are_404_in_the_same_shape(local):
    assert _assert_refused(local.post("/api/v1/agents/nope/chat", json={"message": "hi"}), 404, None)["code"] == \
        "unknown_agent"
    error = _assert_refused(local.post(CHAT, json={"message": "hi", "conversation_id": "conv_missing"}), 404, None)
    assert error["code"] == "conversation_not_found"
