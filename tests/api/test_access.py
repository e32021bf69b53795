"""HTTP API access: tokens in shared mode, the user parameter in local mode, one caller dependency,
CORS and the burst limit."""

from __future__ import annotations

import hashlib

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError, RateLimited
from agents.http.api import create_api
from agents.http.auth import Caller
from agents.services.access import BurstLimiter, cors_origins, issue_token, revoke_token
from tests.api.conftest import bearer, parse_sse

EVERY_ENDPOINT = [
    ("GET", "/api/v1/agents", None),
    ("GET", "/api/v1/whoami", None),  # issue 28: the API access tab's "test this token"
    ("POST", "/api/v1/agents/notes/chat", {"message": "list my notes"}),
    ("GET", "/api/v1/conversations", None),
    ("GET", "/api/v1/conversations/conv_x", None),
    ("PATCH", "/api/v1/conversations/conv_x", {"title": "renamed"}),
    ("DELETE", "/api/v1/conversations/conv_x", None),
    ("POST", "/api/v1/actions/act_x/confirm", {}),
    ("POST", "/api/v1/actions/act_x/cancel", {}),
    ("POST", "/api/v1/actions/act_x/modify", {"args": {}}),
    ("GET", "/api/v1/alerts", None),
    ("PATCH", "/api/v1/alerts/alert_x", {"status": "READ"}),
    ("POST", "/api/v1/alerts/check", None),
    ("POST", "/api/v1/turns/turn_x/feedback", {"rating": "up"}),
    ("GET", "/api/v1/travel/trips", None),
    ("POST", "/api/v1/travel/trips/trip_x/apply-itinerary", {"preview": {"title": "x", "days": []}, "mode": "merge"}),
    ("POST", "/api/v1/tutor/chat", {"message": "홈으로"}),
    ("POST", "/api/v1/english/chat", {"history": [], "message": "Hello!"}),
    ("GET", "/api/v1/english/profile", None),
    ("PUT", "/api/v1/english/profile", {"name": "Mina", "interests": ["travel"], "learningLevel": "beginner"}),
    ("GET", "/api/v1/notes/pinned", None),  # the notes test agent's own route (tests/support/notes_agent)
    # the Lab (issue 14)
    ("GET", "/api/v1/traces", None),
    ("GET", "/api/v1/traces/turn_x", None),
    ("GET", "/api/v1/prompts/notes", None),
    ("POST", "/api/v1/prompts/notes", {"content": "Be brief."}),
    ("GET", "/api/v1/prompts/notes/diff?a=0&b=0", None),
    ("POST", "/api/v1/prompts/notes/activate", {"version": 0}),
    ("POST", "/api/v1/prompts/notes/rollback", None),
    ("POST", "/api/v1/prompts/notes/pick", {"conversation_id": "conv_x", "version": 0}),
    ("GET", "/api/v1/lab/metrics", None),
    ("GET", "/api/v1/lab/export", None),
    ("POST", "/api/v1/lab/compare", {"message": "hi", "agent": "notes", "a": {}, "b": {}}),
    ("GET", "/api/v1/lab/compare", None),
    ("GET", "/api/v1/lab/compare/cmp_x", None),
    ("POST", "/api/v1/lab/compare/cmp_x/vote", {"round": 1, "vote": "a"}),
    ("POST", "/api/v1/lab/compare/cmp_x/act", {"side": "a", "action_id": "act_x", "decision": "confirm"}),
    ("GET", "/api/v1/evals/suites", None),
    ("GET", "/api/v1/evals/suites/suite_x", None),
    ("PUT", "/api/v1/evals/suites/suite_x", {"yaml": "suite: suite_x"}),
    ("DELETE", "/api/v1/evals/suites/suite_x", None),
    ("POST", "/api/v1/evals/suites/suite_x/cases", {"case": {}, "agent": "notes"}),
    ("POST", "/api/v1/evals/drafts", {"conversation_id": "conv_x"}),
    ("POST", "/api/v1/evals/runs", {"suite": "travel"}),
    ("GET", "/api/v1/evals/runs", None),
    ("GET", "/api/v1/evals/runs/run_x", None),
    ("GET", "/api/v1/evals/runs/run_x/junit", None),
    ("GET", "/api/v1/evals/runs/run_x/export", None),
    ("GET", "/api/v1/evals/compare?a=run_x&b=run_x", None),
    ("GET", "/api/v1/evals/matrices/matrix_x", None),
    ("POST", "/api/v1/evals/suites/suite_x/import", {"format": "jsonl", "text": "{}", "agent": "notes"}),
    ("GET", "/api/v1/review", None),  # issue 31: the review queue
    ("POST", "/api/v1/review/item_x/label", {"label": "correct"}),
    ("POST", "/api/v1/review/item_x/save-case", {}),
    ("POST", "/api/v1/review/item_x/dismiss", {}),
    ("POST", "/api/v1/operator/cli", {"argv": ["agents"], "cwd": "/"}),  # issue 32: a CLI beside the app
]


@pytest.fixture(scope="module")
def shared_api(_template_db) -> TestClient:
    """One shared-mode app for the refusals below (each app costs ~0.25 s of CPU to build, 275 cases): it keeps
    nothing of its own, every request reads the running test's database (runtime_store, PLAYGROUND_DB)."""
    return TestClient(create_api("shared", burst_limit=1000))


@pytest.mark.parametrize(("method", "path", "body"), EVERY_ENDPOINT)
@pytest.mark.parametrize("header", [None, "Bearer pgt_not-a-token", "Basic YWxpY2U6cHc=", "Bearer", "pgt_x"])
def test_shared_mode_needs_a_valid_token_everywhere(shared_api, tokens, store, method, path, body, header):
    headers = {"Authorization": header} if header else {}
    response = shared_api.request(method, path, json=body, headers=headers)
    assert response.status_code == 401, response.text
    error = response.json()["error"]
    assert error["code"] == "unauthorized"
    assert "API 접근 (API access)" in error["message"] and "playground tokens create" in error["message"]
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert store.db.fetchall("SELECT count(*) FROM conversations") == [(0,)]  # nothing ran


def test_a_token_acts_as_its_owner_and_a_disagreeing_user_is_403(shared, alice, store):
    response = shared.post("/api/v1/agents/notes/chat", json={"message": "list my notes"}, headers=alice)
    assert response.status_code == 200
    done = parse_sse(response.text)[-1]
    assert done.type == "done"
    assert store.conversations.get(done.conversation_id, "alice") is not None
    same = shared.post("/api/v1/agents/notes/chat", json={"message": "list", "user": "alice"}, headers=alice)
    assert same.status_code == 200
    for response in (
        shared.post("/api/v1/agents/notes/chat", json={"message": "list", "user": "bob"}, headers=alice),
        shared.get("/api/v1/conversations", params={"user": "bob"}, headers=alice),
        shared.post("/api/v1/actions/act_x/confirm", json={"user": "bob"}, headers=alice),
    ):
        assert response.status_code == 403
        assert response.json()["error"]["code"] == "forbidden" and "belongs to 'alice'" in response.json()["error"]["message"]
    assert store.conversations.count("bob", archived=None) == 0


def test_tokens_are_stored_hashed_listed_and_revoked(shared, store, tokens):
    plain = tokens["alice"]
    assert plain.startswith("pgt_") and len(plain) > 40
    [(stored_hash, prefix)] = store.db.fetchall("SELECT token_hash, prefix FROM api_tokens WHERE user_id = 'alice'")
    assert stored_hash == hashlib.sha256(plain.encode()).hexdigest() and plain.startswith(prefix)
    dump = str(store.db.fetchall("SELECT * FROM api_tokens"))
    assert plain not in dump and tokens["bob"] not in dump
    [row] = store.tokens.list("alice")
    assert shared.get("/api/v1/agents", headers=bearer(plain)).status_code == 200
    assert store.tokens.list("alice")[0].last_used_at is not None
    with pytest.raises(PlaygroundError, match="No token"):
        revoke_token(store, "bob", row.id, system_clock())  # bob cannot revoke alice's token
    assert shared.get("/api/v1/agents", headers=bearer(plain)).status_code == 200
    revoke_token(store, "alice", row.id, system_clock())
    refused = shared.get("/api/v1/agents", headers=bearer(plain))
    assert refused.status_code == 401 and "unknown or revoked" in refused.json()["error"]["message"]
    with pytest.raises(PlaygroundError, match="already revoked"):
        revoke_token(store, "alice", row.id, system_clock())


@pytest.mark.parametrize(("label", "message"), [("x" * 61, "keep it to 60"), ("a\u200bb", "invisible"),
                                                ("a\nb", "control"), (7, "must be text")])
def test_bad_token_labels_are_refused(store, label, message):
    with pytest.raises(PlaygroundError, match=message):
        issue_token(store, "alice", label, system_clock())


def test_too_many_tokens_is_refused(store):
    for _ in range(20):
        issue_token(store, "alice", None, system_clock())
    with pytest.raises(PlaygroundError, match="already has 20 active tokens") as exc:
        issue_token(store, "alice", None, system_clock())
    assert exc.value.code == "too_many_tokens"


def test_local_mode_keeps_the_user_parameter(local, store):
    assert local.get("/api/v1/agents").status_code == 200  # no token needed
    events = parse_sse(local.post("/api/v1/agents/notes/chat", json={"message": "list", "user": "ann"}).text)
    conversation = events[-1].conversation_id
    assert local.get("/api/v1/conversations", params={"user": "ann"}).json()["total"] == 1
    assert local.get("/api/v1/conversations").json()["total"] == 0  # demo
    assert local.get(f"/api/v1/conversations/{conversation}", params={"user": "ann"}).status_code == 200
    clash = local.post("/api/v1/agents/notes/chat", params={"user": "ann"}, json={"message": "list", "user": "bob"})
    assert clash.status_code == 422 and "give it once" in clash.json()["error"]["message"]


@pytest.mark.parametrize("mode", ["local", "shared"])
def test_every_endpoint_resolves_the_user_through_the_one_dependency(store, mode):
    api = create_api(mode)

    def flat(routes):  # FastAPI keeps included routers as lazy branches
        for route in routes:
            inner = getattr(route, "original_router", None)
            yield from flat(inner.routes) if inner is not None else [route]

    routes = [r for r in flat(api.routes) if isinstance(r, APIRoute) and r.path.startswith("/api/v1")]
    assert {(m, r.path) for r in routes for m in r.methods} == {
        (m, (p if p.endswith("/pinned") else p.replace("notes", "{agent_id}")).replace("conv_x", "{conversation_id}")
         .replace("act_x", "{action_id}").replace("alert_x", "{alert_id}").replace("turn_x", "{turn_id}")
         .replace("trip_x", "{trip_id}")
         .replace("cmp_x", "{comparison_id}").replace("suite_x", "{name}").replace("run_x", "{run_id}")
         .replace("matrix_x", "{matrix_id}").replace("item_x", "{item_id}").split("?")[0])
        for m, p, _ in EVERY_ENDPOINT}
    for route in routes:
        callers = [d.call for d in route.dependant.dependencies if d.call is not None
                   and getattr(d.call, "__annotations__", {}).get("return") in (Caller, "Caller")]
        assert len(callers) == 1, route.path
        assert callers[0].__name__ == f"{mode}_caller"


def test_the_mode_must_be_given_and_valid(store):
    with pytest.raises(TypeError):
        create_api()  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="mode must be one of"):
        create_api("public")  # type: ignore[arg-type]


def test_cors_allows_only_the_configured_origins_and_never_credentials(store, monkeypatch):
    monkeypatch.setenv("SPACE_HOST", "team-playground.hf.space")
    monkeypatch.setenv("PLAYGROUND_CORS_ORIGINS", "https://tools.example.com, http://localhost:3000")
    assert cors_origins() == ["https://team-playground.hf.space", "https://tools.example.com", "http://localhost:3000"]
    client = TestClient(create_api("shared"))
    preflight = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization,content-type"}
    for origin in ("https://team-playground.hf.space", "https://tools.example.com"):
        ok = client.options("/api/v1/agents/notes/chat", headers={"Origin": origin, **preflight})
        assert ok.status_code == 200 and ok.headers["access-control-allow-origin"] == origin
        assert "access-control-allow-credentials" not in ok.headers
        assert "authorization" in ok.headers["access-control-allow-headers"].lower()
    evil = client.options("/api/v1/agents/notes/chat", headers={"Origin": "https://evil.example", **preflight})
    assert evil.status_code == 400 and "access-control-allow-origin" not in evil.headers
    simple = client.get("/api/v1/agents", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in simple.headers


@pytest.mark.parametrize("value", ["*", "example.com", "https://a.example/path", "ftp://x.example"])
def test_cors_origins_refuse_wildcards_and_non_origins(monkeypatch, value):
    monkeypatch.delenv("SPACE_HOST", raising=False)
    monkeypatch.setenv("PLAYGROUND_CORS_ORIGINS", value)
    with pytest.raises(PlaygroundError, match="PLAYGROUND_CORS_ORIGINS"):
        cors_origins()


def test_burst_limit_answers_429_with_retry_after_per_identity(store, tokens, monkeypatch):
    monkeypatch.setenv("PLAYGROUND_BURST_LIMIT", "3")
    client = TestClient(create_api("shared"))
    alice, bob = bearer(tokens["alice"]), bearer(tokens["bob"])
    for _ in range(3):
        assert client.post("/api/v1/agents/notes/chat", json={"message": "list"}, headers=alice).status_code == 200
    limited = client.post("/api/v1/agents/notes/chat", json={"message": "list"}, headers=alice)
    assert limited.status_code == 429
    assert limited.json()["error"]["code"] == "rate_limited" and "3 a minute" in limited.json()["error"]["message"]
    assert 1 <= int(limited.headers["Retry-After"]) <= 60
    assert client.post("/api/v1/agents/notes/chat", json={"message": "list"}, headers=bob).status_code == 200
    assert store.conversations.count("alice", archived=None) == 3  # the refused turn never started


def test_burst_limiter_slides():
    now = [0.0]
    limiter = BurstLimiter(2, window=60, clock=lambda: now[0])
    limiter.hit("a")
    now[0] = 30
    limiter.hit("a")
    with pytest.raises(RateLimited) as exc:
        limiter.hit("a")
    assert exc.value.retry_after == 30
    now[0] = 60.5  # the first hit left the window
    limiter.hit("a")
    limiter.hit("b")


@pytest.mark.parametrize("value", ["0", "-3", "lots"])
def test_bad_burst_limit_setting_is_named(store, monkeypatch, value):
    monkeypatch.setenv("PLAYGROUND_BURST_LIMIT", value)
    with pytest.raises(PlaygroundError, match="PLAYGROUND_BURST_LIMIT"):
        create_api("local")
