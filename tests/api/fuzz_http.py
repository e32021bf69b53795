"""The HTTP fuzz pass: every operation of the OpenAPI document, each slot (path parameter, query parameter,
body field at any depth, the body as a whole, its content type, the token) given hostile values one at a
time, on top of a request that is otherwise valid and names real data: alice's conversation, action, alert,
turn, run, matrix, suite, comparison, trip and prompt version, asked for by alice and by bob."""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlencode

from fastapi.testclient import TestClient

from tests.support.fuzz import (
    CONTENT_TYPES,
    FIELD_VALUES,
    NESTED_VALUES,
    PATH_VALUES,
    QUERY_VALUES,
    RAW_BODIES,
    SQLISH,
    Tally,
    short,
)

OPERATOR_TOKEN = "pgop_fuzz-operator-token"  # the local client's operator (tests/api/test_fuzz_http.py)
SUITE = """\
suite: {name}
agent: notes
cases:
  - name: lists
    turns:
      - user: list my notes
        expect:
          - tool: list_notes
"""


@dataclass
class Request:
    method: str
    template: str
    path: dict[str, str] = field(default_factory=dict)
    query: dict[str, Any] = field(default_factory=dict)
    body: Any = None  # a JSON value, or None for no body
    raw: bytes | None = None  # the body's bytes instead of ``body``
    headers: dict[str, Any] = field(default_factory=dict)
    label: str = "base"

    def url(self) -> str:
        path = self.template
        for name, value in self.path.items():
            path = path.replace("{" + name + "}", value)
        if self.query:
            path += "?" + "&".join(f"{quote(str(k), safe='%')}={_query_value(v)}" for k, v in self.query.items())
        return path

    def send(self, client: TestClient) -> Any:
        headers = dict(self.headers)
        content: bytes | None = self.raw
        if content is None and self.body is not None:
            content = json.dumps(self.body).encode()  # keeps a lone surrogate as its \\ud800 escape
        if content is not None:
            headers.setdefault("Content-Type", "application/json")
        headers = {k: v for k, v in headers.items() if v is not None}
        return client.request(self.method, self.url(), content=content, headers=headers)


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if "%" in str(value) else quote(str(value), safe="")


@dataclass
class World:
    """Each user's own data, made through the API itself."""

    ids: dict[str, dict[str, str]]

    def of(self, user: str) -> dict[str, str]:
        return self.ids[user]


def _sse_types(text: str) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for frame in text.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in frame.split("\n") if ": " in line)
        if "data" in lines:
            out.append((lines.get("event", ""), json.loads(lines["data"])))
    return out


def make_world(client: TestClient, users: tuple[str, ...] = ("alice", "bob")) -> World:
    ids: dict[str, dict[str, str]] = {}
    for user in users:
        mine: dict[str, str] = {}
        events = _sse_types(client.post("/api/v1/agents/notes/chat",
                                        json={"message": "add water plants", "user": user}).text)
        data = [d for _, d in events]
        mine["conversation"] = data[-1]["conversation_id"]
        mine["action"] = next(d["action_id"] for d in data if d["type"] == "action_confirmation")
        mine["turn"] = data[-1]["turn_id"]
        shown = client.get(f"/api/v1/conversations/{mine['conversation']}", params={"user": user}).json()
        mine["message"] = next(m["id"] for m in shown["messages"] if m["role"] == "user")
        victim = _sse_types(client.post("/api/v1/agents/notes/chat", json={"message": "list my notes",
                                                                           "user": user}).text)
        mine["victim"] = victim[-1][1]["conversation_id"]  # the DELETE operation's target
        disliked = _sse_types(client.post("/api/v1/agents/notes/chat", json={"message": "list my notes",
                                                                             "user": user}).text)[-1][1]["turn_id"]
        client.post(f"/api/v1/turns/{disliked}/feedback", json={"rating": "down", "comment": "meh", "user": user})
        mine["review"] = f"fb-{disliked}"  # a 👎 waiting in the review queue
        client.post("/api/v1/alerts/check", params={"user": user})
        mine["alert"] = client.get("/api/v1/alerts", params={"user": user}).json()["alerts"][0]["id"]
        mine["suite"] = f"fz-{user}"
        assert client.put(f"/api/v1/evals/suites/{mine['suite']}",
                          json={"yaml": SUITE.format(name=mine["suite"]), "user": user}).status_code == 200
        started = client.post("/api/v1/evals/runs", json={"suite": mine["suite"], "user": user, "configs": [
            {"provider": "offline"}, {"provider": "offline", "model": "rules-v1"}]}).json()
        mine["run"], mine["run2"] = started["run_ids"]
        mine["matrix"] = started["matrix_id"]
        compared = client.post("/api/v1/lab/compare", json={"message": "add buy milk", "agent": "notes", "a": {},
                                                             "b": {"prompt_version": 0}, "user": user})
        mine["comparison"] = compared.headers["x-comparison-id"]
        side = next(d for _, d in _sse_types(compared.text) if d["type"] == "action_confirmation")
        mine["side_action"], mine["side"] = side["action_id"], side["side"]
        mine["trip"] = client.get("/api/v1/travel/trips", params={"user": user}).json()["trips"][0]["id"]
        mine["prompt_version"] = str(client.post("/api/v1/prompts/notes", json={"content": "Be brief.",
                                                                                 "user": user}).json()["version"])
        ids[user] = mine
    for user in users:  # the runs finish in the background
        for run in (ids[user]["run"], ids[user]["run2"]):
            for _ in range(400):
                if client.get(f"/api/v1/evals/runs/{run}", params={"user": user}).json()["run"]["status"] != "running":
                    break
                time.sleep(0.02)
    return World(ids)


PREVIEW = {"title": "Day trip", "days": [{"dayNumber": 1, "date": "2026-11-03", "items": [
    {"order": 1, "placeName": "센소지", "category": "sight", "startTime": "09:00", "duration": "1h", "note": "early"}]}],
    "unmatched": ["nowhere"]}
ARTICLE_HISTORY = [{"sender": "user", "text": "I like soccer.", "timestamp": "2026-11-02T09:00:00"},
                   {"sender": "assistant", "text": "Great!", "timestamp": "2026-11-02T09:00:01", "isError": False}]


def base_requests(me: dict[str, str], user: str) -> list[Request]:
    """One valid request per operation, naming ``me``'s data; ``user`` is who asks (query or body)."""
    q = {"user": user}
    return [
        Request("GET", "/api/v1/agents", query=q),
        Request("GET", "/api/v1/whoami", query=q),
        Request("POST", "/api/v1/agents/{agent_id}/chat", {"agent_id": "notes"},
                body={"message": "list my notes", "user": user, "conversation_id": me["conversation"],
                      "provider": "offline", "model": "rules-v1", "extra": {"anchor_product_id": "p005"}}),
        Request("GET", "/api/v1/conversations", query={**q, "agent": "notes", "archived": "all", "limit": 5,
                                                       "offset": 0}),
        Request("GET", "/api/v1/conversations/{conversation_id}", {"conversation_id": me["conversation"]},
                query={**q, "messageLimit": 5}),
        Request("PATCH", "/api/v1/conversations/{conversation_id}", {"conversation_id": me["conversation"]},
                body={"title": "renamed", "archived": False, "user": user}),
        Request("DELETE", "/api/v1/conversations/{conversation_id}", {"conversation_id": me["victim"]}, query=q),
        Request("POST", "/api/v1/actions/{action_id}/cancel", {"action_id": me["action"]}, body={"user": user}),
        Request("POST", "/api/v1/actions/{action_id}/modify", {"action_id": me["action"]},
                body={"user": user, "args": {"text": "water the plants", "pinned": True}}),
        Request("POST", "/api/v1/actions/{action_id}/confirm", {"action_id": me["action"]}, body={"user": user}),
        Request("GET", "/api/v1/alerts", query={**q, "agent": "marketing", "status": "UNREAD", "limit": 5}),
        Request("PATCH", "/api/v1/alerts/{alert_id}", {"alert_id": me["alert"]}, body={"status": "READ", "user": user}),
        Request("POST", "/api/v1/alerts/check", query={**q, "agent": "marketing"}),
        Request("POST", "/api/v1/turns/{turn_id}/feedback", {"turn_id": me["turn"]},
                body={"rating": "up", "comment": "nice", "message_id": me["message"], "user": user}),
        Request("GET", "/api/v1/traces", query={**q, "limit": 5, "agent": "notes", "provider": "offline",
                                                "model": "rules-v1", "prompt_version": 0, "status": "done",
                                                "feedback": "up", "since": "2020-01-01T00:00:00",
                                                "until": "2100-01-01T00:00:00", "q": "notes",
                                                "before": "2100-01-01T00:00:00|turn_zzz"}),
        Request("GET", "/api/v1/traces/{turn_id}", {"turn_id": me["turn"]}, query=q),
        Request("GET", "/api/v1/prompts/{agent_id}", {"agent_id": "notes"}, query=q),
        Request("POST", "/api/v1/prompts/{agent_id}", {"agent_id": "notes"},
                body={"content": "Be kind.", "label": "kind", "note": "fuzz", "activate": False, "user": user}),
        Request("GET", "/api/v1/prompts/{agent_id}/diff", {"agent_id": "notes"},
                query={**q, "a": 0, "b": me["prompt_version"]}),
        Request("POST", "/api/v1/prompts/{agent_id}/activate", {"agent_id": "notes"},
                body={"version": int(me["prompt_version"]), "user": user}),
        Request("POST", "/api/v1/prompts/{agent_id}/rollback", {"agent_id": "notes"}, body={"user": user}),
        Request("POST", "/api/v1/prompts/{agent_id}/pick", {"agent_id": "notes"},
                body={"conversation_id": me["conversation"], "version": int(me["prompt_version"]), "user": user}),
        Request("GET", "/api/v1/lab/metrics", query={**q, "period": "all", "agent": "notes", "status": "done"}),
        Request("GET", "/api/v1/lab/export", query={**q, "kind": "traces", "format": "jsonl", "full": True,
                                                    "agent": "notes"}),
        Request("POST", "/api/v1/lab/compare", body={"message": "list my notes", "comparison_id": me["comparison"],
                                                     "user": user}),
        Request("POST", "/api/v1/lab/compare", body={"message": "list my notes", "agent": "notes",
                                                     "a": {"provider": "offline", "model": "rules-v1",
                                                           "prompt_version": 0},
                                                     "b": {"provider": "offline"}, "user": user}, label="start"),
        Request("GET", "/api/v1/lab/compare", query={**q, "agent": "notes", "limit": 5}),
        Request("GET", "/api/v1/lab/compare/{comparison_id}", {"comparison_id": me["comparison"]}, query=q),
        Request("POST", "/api/v1/lab/compare/{comparison_id}/vote", {"comparison_id": me["comparison"]},
                body={"round": 1, "vote": "a", "user": user}),
        Request("POST", "/api/v1/lab/compare/{comparison_id}/act", {"comparison_id": me["comparison"]},
                body={"side": me["side"], "action_id": me["side_action"], "decision": "cancel", "user": user}),
        Request("GET", "/api/v1/evals/suites", query=q),
        # issue 32: a CLI command run inside the server, with the runtime file's operator token (local mode)
        Request("POST", "/api/v1/operator/cli", body={"argv": ["conversations", "list", "--user", user, "--json"],
                                                      "cwd": "/tmp", "stdin": "aGk=", "tty": False},
                headers={"Authorization": f"Bearer {OPERATOR_TOKEN}"}),
        Request("GET", "/api/v1/evals/suites/{name}", {"name": me["suite"]}, query={**q, "download": True}),
        Request("PUT", "/api/v1/evals/suites/{name}", {"name": me["suite"]},
                body={"yaml": SUITE.format(name=me["suite"]), "user": user}),
        Request("POST", "/api/v1/evals/suites/{name}/cases", {"name": me["suite"]},
                body={"case": {"name": "more", "tags": ["x"], "turns": [{"user": "list", "expect": [
                    {"tool": "list_notes"}]}]}, "agent": "notes", "user": user}),
        Request("POST", "/api/v1/evals/suites/{name}/import", {"name": "fz-imported"},
                body={"format": "jsonl", "text": '{"input": "list my notes", "ideal": "0 note(s)"}\n', "agent": "notes",
                      "input_field": "input", "ideal_field": "ideal", "match": "contains", "user": user}),
        Request("DELETE", "/api/v1/evals/suites/{name}", {"name": "fz-gone"}, query=q),
        Request("POST", "/api/v1/evals/drafts", body={"conversation_id": me["conversation"], "name": "draft",
                                                      "user": user}),
        Request("POST", "/api/v1/evals/runs", body={"yaml": SUITE.format(name="fz-run"), "user": user,
                                                    "configs": [{"provider": "offline", "model": "rules-v1",
                                                                 "prompt_version": 1}], "concurrency": 1}),
        Request("GET", "/api/v1/evals/runs", query={**q, "suite": me["suite"], "limit": 5}),
        Request("GET", "/api/v1/evals/runs/{run_id}", {"run_id": me["run"]}, query=q),
        Request("GET", "/api/v1/evals/runs/{run_id}/junit", {"run_id": me["run"]}, query=q),
        Request("GET", "/api/v1/evals/runs/{run_id}/export", {"run_id": me["run"]}, query={**q, "format": "jsonl"}),
        Request("GET", "/api/v1/evals/compare", query={**q, "a": me["run"], "b": me["run2"]}),
        Request("GET", "/api/v1/evals/matrices/{matrix_id}", {"matrix_id": me["matrix"]}, query=q),
        Request("GET", "/api/v1/review", query={**q, "status": "all", "source": "feedback", "limit": 5}),
        Request("POST", "/api/v1/review/{item_id}/label", {"item_id": me["review"]},
                body={"label": "incorrect", "wrong_step": 1, "note": "too terse", "user": user}),
        Request("POST", "/api/v1/review/{item_id}/save-case", {"item_id": me["review"]},
                body={"suite": "fz-review", "name": "from review", "user": user}),
        Request("POST", "/api/v1/review/{item_id}/dismiss", {"item_id": me["review"]}, body={"user": user}),
        Request("GET", "/api/v1/travel/trips", query=q),
        Request("POST", "/api/v1/travel/trips/{trip_id}/apply-itinerary", {"trip_id": me["trip"]},
                body={"preview": PREVIEW, "mode": "merge", "conversation_id": me["conversation"], "user": user}),
        Request("POST", "/api/v1/tutor/chat", body={
            "message": "삼성전자 차트 보여줘", "context_text": None, "session_id": None, "use_web_search": False,
            "response_mode": "plain", "structured_extract": True, "provider": "offline", "model": "rules-v1",
            "user": user}),
        Request("POST", "/api/v1/english/chat", body={"history": ARTICLE_HISTORY, "message": "I go to school.",
                                                      "conversation_id": None, "provider": "offline",
                                                      "model": "rules-v1", "user": user}),
        Request("GET", "/api/v1/english/profile", query=q),
        Request("PUT", "/api/v1/english/profile", body={"name": "Al", "interests": ["soccer"],
                                                        "learningLevel": "beginner", "user": user}),
        Request("GET", "/api/v1/notes/pinned", query=q),
        *seed_requests(me, user),
    ]


def seed_requests(me: dict[str, str], user: str) -> list[Request]:
    """The seeds' own routes (issue 30), naming ``me``'s data: the notes agent's ids are not marketing's, so
    those routes answer 404 for them after reading every slot, which is what the pass checks."""
    q = {"user": user}
    action, conversation, alert = ({"action_id": me["action"]}, {"conversation_id": me["conversation"]},
                                   {"alert_id": me["alert"]})
    return [
        Request("POST", "/seeds/000/api/agent/chat", body={"message": "이번 주 성과 어때?", "user": user,
                                                            "conversationId": me["conversation"]}),
        Request("POST", "/seeds/000/api/agent/actions/{action_id}/confirm", action, query=q),
        Request("POST", "/seeds/000/api/agent/actions/{action_id}/cancel", action, query=q),
        Request("POST", "/seeds/000/api/agent/actions/{action_id}/modify", action, query=q,
                body={"args": {"dailyBudget": 50000}}),
        Request("GET", "/seeds/000/api/agent/conversations", query={**q, "archived": "false"}),
        Request("GET", "/seeds/000/api/agent/conversations/{conversation_id}", conversation, query=q),
        Request("DELETE", "/seeds/000/api/agent/conversations/{conversation_id}", conversation, query=q),
        Request("GET", "/seeds/000/api/agent/alerts", query={**q, "status": "UNREAD"}),
        Request("PATCH", "/seeds/000/api/agent/alerts/{alert_id}", alert, query=q, body={"status": "READ"}),
        Request("POST", "/seeds/000/api/agent/alerts/check", query=q),
        Request("POST", "/seeds/001/api/projects/{project_id}/chat", {"project_id": me["trip"]},
                body={"message": "신주쿠 근처 카페", "user": user}),
        Request("POST", "/seeds/001/api/projects/{project_id}/chat/apply-itinerary", {"project_id": me["trip"]},
                body={"preview": PREVIEW, "mode": "merge", "user": user}),
        Request("POST", "/seeds/003/api/agent", body={
            "userInput": "10만원 아래로 다시 보여줘", "sessionId": f"fz-{user}", "user": user,
            "context": {"currentRecommendations": [], "currentSession": {"selectedProsTags": [],
                                                                         "selectedConsTags": []}},
            "anchorProductId": None}),
    ]


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value that a mutation can replace: the value itself and all below it."""
    if path:
        yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, key))
    elif isinstance(value, list) and value:
        yield from _leaves(value[0], (*path, 0))


def _replace(body: Any, path: tuple[Any, ...], value: Any, *, drop: bool = False) -> Any:
    out = copy.deepcopy(body)
    target = out
    for key in path[:-1]:
        target = target[key]
    if drop:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return out


# Which of the world's ids a path parameter or body field holds.
KIND = {"conversation_id": "conversation", "action_id": "action", "alert_id": "alert", "turn_id": "turn",
        "comparison_id": "comparison", "name": "suite", "run_id": "run", "matrix_id": "matrix", "trip_id": "trip",
        "message_id": "message", "session_id": "conversation", "suite": "suite", "a": "run", "b": "run2",
        "item_id": "review"}


# ``user`` (query or body) is read by one shared dependency: every hostile value on a few operations, and on
# the others the two that matter there (junk, and someone else).
SHARED_USER_VALUES: dict[str, list[Any]] = {"query": ["%27%20OR%201%3D1--", "bob"], "body": [SQLISH, "bob", None]}


def mutations(base: Request, mine: dict[str, str], theirs: dict[str, str], *, every_user_value: bool = True,
              ) -> Iterator[Request]:
    """The base request with one slot made hostile at a time: for an id, also the other user's id of the same
    kind and one of ours of another kind."""
    def variant(label: str, **changes: Any) -> Request:
        r = copy.deepcopy(base)
        for key, value in changes.items():
            setattr(r, key, value)
        r.label = label
        return r

    def ids_for(name: str) -> list[str]:
        kind = KIND.get(name)
        if kind is None:
            return []
        wrong = "action" if kind != "action" else "conversation"
        return [theirs[kind], mine[wrong]]

    for name in base.path:
        for value in [*PATH_VALUES, *ids_for(name)]:
            yield variant(f"path {name}={short(value)}", path={**base.path, name: value})
    for name in base.query:
        shared = name == "user" and not every_user_value
        for value in SHARED_USER_VALUES["query"] if shared else [*QUERY_VALUES, *ids_for(name)]:
            yield variant(f"query {name}={short(value)}", query={**base.query, name: value})
        yield variant(f"query without {name}", query={k: v for k, v in base.query.items() if k != name})
    for value in ("a%00b", "x" * 20_000):
        yield variant(f"query unknown={short(value)}", query={**base.query, "zz_unknown": value})
    if base.method in ("POST", "PUT", "PATCH"):
        for raw in RAW_BODIES:
            yield variant(f"raw body {short(raw)}", raw=raw, body=None)
        for ctype in CONTENT_TYPES:
            yield variant(f"content-type {ctype!r}", headers={**base.headers, "Content-Type": ctype},
                          raw=json.dumps(base.body).encode() if base.body is not None else b"{}")
        if isinstance(base.body, dict):
            for path in _leaves(base.body):
                yield variant(f"body without {path}", body=_replace(base.body, path, None, drop=True))
                values = FIELD_VALUES if len(path) == 1 else NESTED_VALUES
                if len(path) == 1:
                    values = [*values, *ids_for(str(path[0]))]
                if path == ("user",) and not every_user_value:
                    values = SHARED_USER_VALUES["body"]
                for value in values:
                    yield variant(f"body {'.'.join(map(str, path))}={short(value)}",
                                  body=_replace(base.body, path, value))
            yield variant("body unknown field", body={**base.body, "zz_unknown": 1})


def follow_up(client: TestClient, response: Any, request: Request) -> Request | None:
    """A proposal the API accepted (apply-itinerary answers with its ``confirm`` link): confirm it too, so a
    hostile value that was stored is also run."""
    if response.status_code != 200 or not response.headers.get("content-type", "").startswith("application/json"):
        return None
    body = response.json()
    if not isinstance(body, dict) or not str(body.get("confirm", "")).startswith("/api/v1/actions/"):
        return None
    user = (request.body or {}).get("user") or request.query.get("user")
    return Request("POST", body["confirm"], body={"user": user} if user else {},
                   headers=request.headers, label=f"confirm after {request.label}")


def check(response: Any, request: Request, tally: Tally, client_name: str) -> None:
    """Count the case; a 5xx, a stream that ended in ``internal_error``, a 422 that names no field or an
    error body of another shape is a failure."""
    tally.cases += 1
    tally.statuses[response.status_code] += 1
    where = f"{client_name} {request.method} {request.template} [{request.label}]"
    if response.status_code >= 500:
        tally.fail("5xx", f"{where} -> {response.status_code} {response.text[:200]}")
        return
    ctype = response.headers.get("content-type", "")
    if ctype.startswith("text/event-stream"):
        frames = _sse_types(response.text)
        ends = [d for _, d in frames if d.get("type") in ("done", "error")]
        crashed = [d for d in ends if d.get("code") in ("internal_error", "store_error")]
        if crashed or not ends:
            tally.fail("5xx", f"{where} -> stream {crashed[0]['code'] + ': ' + crashed[0]['message'][:200] if crashed else 'without an end'}")
        return
    if response.status_code >= 400:
        body = response.json()
        error = body.get("error") if isinstance(body, dict) else None
        if not isinstance(error, dict) or not {"code", "message"} <= set(error):
            tally.fail("unnamed", f"{where} -> {response.status_code} {response.text[:200]}")
        elif response.status_code == 422 and not error.get("field"):
            tally.fail("unnamed", f"{where} -> 422 names no field: {error['message'][:200]}")


def urlencode_query(query: dict[str, Any]) -> str:
    return urlencode(query)


# Authorization headers a visitor can send instead of a token of their own.
BAD_AUTH: list[str | bytes | None] = [None, "", "Bearer", "Bearer ", "Bearer junk", "Basic YWxpY2U6c2VjcmV0",
                                      "Bearer pgt_" + "A" * 43, "Bearer " + "x" * 20_000, "Bearer \x7f\x01",
                                      "Bearer 토큰".encode(), b"Bearer \xff\xfe", "Bearer pgt_a pgt_b", "bearer%00"]


def without_user(request: Request) -> Request:
    """The request as a token holder sends it: who is asking comes from the token."""
    r = copy.deepcopy(request)
    r.query.pop("user", None)
    if isinstance(r.body, dict):
        r.body.pop("user", None)
    return r


def names_alices_data(request: Request) -> bool:
    """Whether the request names one of the world's ids (a suite name is per user: bob may have his own)."""
    in_path = any(KIND.get(name) not in (None, "suite") for name in request.path)
    in_body = isinstance(request.body, dict) and any(
        request.body.get(key) for key in ("conversation_id", "comparison_id", "session_id"))
    return in_path or in_body


def shared_requests(world: World, tokens: dict[str, str]) -> Iterator[tuple[str, Request]]:
    """Shared mode: every operation with bad credentials, with bob's token on alice's data, and with bob's token
    naming alice (403). Yields (expectation, request): ``foreign`` requests must never succeed when they name one
    of alice's ids in the path."""
    alice = world.of("alice")
    for base in base_requests(alice, "alice"):
        plain = without_user(base)
        for header in BAD_AUTH:
            r = copy.deepcopy(plain)
            r.headers = {"Authorization": header} if header is not None else {}
            r.label = f"auth {short(header)}"
            yield "any", r
        r = copy.deepcopy(plain)
        r.headers, r.label = {"Authorization": f"Bearer {tokens['bob']}"}, "bob's token on alice's data"
        yield "foreign" if names_alices_data(base) else "any", r
        r = copy.deepcopy(base)
        r.headers, r.label = {"Authorization": f"Bearer {tokens['bob']}"}, "bob's token naming alice"
        yield "forbidden", r
