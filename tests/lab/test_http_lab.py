"""The Lab over HTTP: traces, prompts, metrics, exports and side-by-side, in local mode and in shared
mode with two tokens (each person sees and changes only their own; prompt activation needs an admin)."""

from __future__ import annotations

import io
import json

import duckdb
import pandas as pd
import pytest

from agents.core.providers.offline import call, say
from agents.services.lab.access import ADMINS_ENV
from tests.api.conftest import bearer


def sse_frames(body: str) -> list[dict]:
    frames = []
    for frame in body.strip().split("\n\n"):
        name, data = frame.split("\n")
        payload = json.loads(data.removeprefix("data: "))
        assert name == f"event: {payload['type']}"
        frames.append(payload)
    return frames


def test_traces_prompts_metrics_and_export_in_local_mode(local, store, run, clock, tmp_path):
    _, first = run("list my notes", call("list_notes", {}), say("none"), user="ann")
    _, second = run("hello", say("hi"), user="bob")
    body = local.get("/api/v1/traces").json()
    assert [t["turn_id"] for t in body["traces"]] == [second[-1].turn_id, first[-1].turn_id]
    assert body["next_cursor"] is None
    only_ann = local.get("/api/v1/traces", params={"user": "ann", "status": "done", "q": "LIST"}).json()["traces"]
    assert [t["turn_id"] for t in only_ann] == [first[-1].turn_id]
    page = local.get("/api/v1/traces", params={"limit": 1}).json()
    nxt = local.get("/api/v1/traces", params={"limit": 1, "before": page["next_cursor"]}).json()
    assert [t["turn_id"] for t in nxt["traces"]] == [first[-1].turn_id]
    detail = local.get(f"/api/v1/traces/{first[-1].turn_id}").json()
    assert detail["tool_calls"][0]["name"] == "list_notes" and detail["timeline"][0]["kind"] == "guards"
    assert detail["system_prompt"] == "You manage the user's notes." and detail["cost_usd"] == 0.0
    assert local.get("/api/v1/traces/turn_nope").status_code == 404
    bad = local.get("/api/v1/traces", params={"status": "odd"})
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "status"
    bad = local.get("/api/v1/traces", params={"before": "0000000000|turn_x"})
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "before"
    assert "not a next_cursor" in bad.json()["error"]["message"]

    made = local.post("/api/v1/prompts/notes", json={"content": "Be brief.", "label": "brief"})
    assert made.status_code == 200 and made.json()["version"] == 1 and made.json()["created_by"] == "demo"
    refused = local.post("/api/v1/prompts/notes", json={"content": "  "})
    assert refused.status_code == 422 and refused.json()["error"]["field"] == "content"
    assert "empty" in refused.json()["error"]["message"]
    listed = local.get("/api/v1/prompts/notes").json()
    assert (listed["active"], listed["can_activate"], [v["version"] for v in listed["versions"]]) == (0, True, [1, 0])
    diff = local.get("/api/v1/prompts/notes/diff", params={"a": 0, "b": 1}).json()
    assert diff["unified"].startswith("--- notes v0\n+++ notes v1")
    assert local.post("/api/v1/prompts/notes/activate", json={"version": 1}).json()["version"] == 1
    assert local.post("/api/v1/prompts/notes/activate", json={"version": 5}).status_code == 404
    assert local.post("/api/v1/prompts/notes/rollback").json()["version"] == 0
    assert local.post("/api/v1/prompts/notes/rollback").json()["version"] == 1
    conv = local.get("/api/v1/conversations", params={"user": "bob"}).json()["conversations"][0]["id"]
    picked = local.post("/api/v1/prompts/notes/pick", json={"conversation_id": conv, "version": 0, "user": "bob"})
    assert picked.json() == {"conversation_id": conv, "version": 0} and store.prompts.picked(conv) == 0
    assert local.post("/api/v1/prompts/notes/pick", json={"conversation_id": conv, "version": 0}).status_code == 404
    assert local.get("/api/v1/prompts/nope").status_code == 404

    rows = local.get("/api/v1/lab/metrics", params={"period": "all"}).json()
    assert [r["turns"] for r in rows["rows"]] == [2] and rows["over_time"][0]["turns"] == 2
    assert local.get("/api/v1/lab/metrics", params={"period": "1y"}).status_code == 422
    csv = local.get("/api/v1/lab/export", params={"kind": "traces", "format": "csv", "user": "ann"})
    assert csv.status_code == 200 and csv.headers["content-type"].startswith("text/csv")
    assert 'filename="traces-' in csv.headers["content-disposition"]
    assert pd.read_csv(io.StringIO(csv.text))["turn_id"].tolist() == [first[-1].turn_id]
    parquet = local.get("/api/v1/lab/export", params={"format": "parquet"})
    path = tmp_path / "back.parquet"
    path.write_bytes(parquet.content)
    frame = duckdb.sql(f"SELECT turn_id FROM '{path}'").df()
    assert sorted(frame["turn_id"]) == sorted([first[-1].turn_id, second[-1].turn_id])


def test_compare_streams_both_sides_then_votes_and_acts(local, store):
    response = local.post("/api/v1/lab/compare", json={
        "message": "add buy milk", "agent": "notes", "a": {"provider": "offline"},
        "b": {"provider": "offline", "prompt_version": 0}})
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/event-stream")
    frames = sse_frames(response.text)
    end = frames[-1]
    assert end["type"] == "comparison_round" and end["round"] == 1
    comparison = response.headers["x-comparison-id"]
    assert end["comparison_id"] == comparison
    for side in "ab":
        mine = [f for f in frames[:-1] if f["side"] == side]
        assert mine[-1]["type"] == "done" and mine[-1]["turn_id"] == end[f"turn_{side}"]
    confirmation = next(f for f in frames if f["type"] == "action_confirmation" and f["side"] == "b")
    act = local.post(f"/api/v1/lab/compare/{comparison}/act",
                     json={"side": "b", "action_id": confirmation["action_id"], "decision": "confirm"})
    assert act.status_code == 200 and act.json()["status"] == "COMPLETED"
    again = local.post(f"/api/v1/lab/compare/{comparison}/act",
                       json={"side": "b", "action_id": confirmation["action_id"], "decision": "confirm"})
    assert again.status_code == 409
    more = sse_frames(local.post("/api/v1/lab/compare", json={"message": "list my notes",
                                                               "comparison_id": comparison}).text)
    assert more[-1]["round"] == 2
    assert local.post(f"/api/v1/lab/compare/{comparison}/vote", json={"round": 2, "vote": "a"}).json()["vote"] == "a"
    bad = local.post(f"/api/v1/lab/compare/{comparison}/vote", json={"round": 2, "vote": "c"})
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "vote"
    assert local.post(f"/api/v1/lab/compare/{comparison}/vote", json={"round": 9, "vote": "a"}).status_code == 404
    got = local.get(f"/api/v1/lab/compare/{comparison}").json()
    assert [(r["round"], r["vote"]) for r in got["rounds"]] == [(1, None), (2, "a")]
    assert "user_a" not in got["comparison"]
    assert [c["id"] for c in local.get("/api/v1/lab/compare").json()["comparisons"]] == [comparison]
    start = local.post("/api/v1/lab/compare", json={"message": "hi", "agent": "notes"})
    assert start.status_code == 422 and "give agent, a and b" in start.json()["error"]["message"]
    unknown = local.post("/api/v1/lab/compare", json={"message": "hi", "comparison_id": "cmp_nope"})
    assert unknown.status_code == 404


def test_shared_mode_two_tokens_see_only_their_own(shared, store, tokens, run, clock, monkeypatch):
    alice, bob = bearer(tokens["alice"]), bearer(tokens["bob"])
    _, mine = run("alice secret plan", say("ok"), user="alice")
    _, theirs = run("bob plan", say("ok"), user="bob")
    assert [t["turn_id"] for t in shared.get("/api/v1/traces", headers=bob).json()["traces"]] == [theirs[-1].turn_id]
    assert shared.get("/api/v1/traces", headers=bob, params={"q": "secret"}).json()["traces"] == []
    assert shared.get(f"/api/v1/traces/{mine[-1].turn_id}", headers=bob).status_code == 404
    assert shared.get(f"/api/v1/traces/{mine[-1].turn_id}", headers=alice).status_code == 200
    assert shared.get("/api/v1/traces", headers=bob, params={"user": "alice"}).status_code == 403
    metrics = shared.get("/api/v1/lab/metrics", headers=bob, params={"period": "all"}).json()
    assert sum(r["turns"] for r in metrics["rows"]) == 1
    export = shared.get("/api/v1/lab/export", headers=bob, params={"format": "jsonl"})
    assert [json.loads(line)["owner_id"] for line in export.text.splitlines()] == ["bob"]
    assert "alice secret plan" not in export.text

    # prompts: a visitor's version is a private draft, and nobody but an admin activates
    draft = shared.post("/api/v1/prompts/notes", headers=alice, json={"content": "Alice's private idea"}).json()
    assert draft["shared"] is False
    assert [v["version"] for v in shared.get("/api/v1/prompts/notes", headers=bob).json()["versions"]] == [0]
    assert shared.get("/api/v1/prompts/notes/diff", headers=bob, params={"a": 0, "b": draft["version"]}).status_code == 404
    for attempt in (shared.post("/api/v1/prompts/notes/activate", headers=alice, json={"version": draft["version"]}),
                    shared.post("/api/v1/prompts/notes/rollback", headers=alice),
                    shared.post("/api/v1/prompts/notes", headers=alice, json={"content": "x", "activate": True})):
        assert attempt.status_code == 403 and "Only prompt admins" in attempt.json()["error"]["message"]
    assert shared.get("/api/v1/prompts/notes", headers=alice).json()["can_activate"] is False
    assert store.prompts.active_version("notes") == 0
    monkeypatch.setenv(ADMINS_ENV, "alice")
    assert shared.post("/api/v1/prompts/notes/activate", headers=alice,
                       json={"version": draft["version"]}).status_code == 200
    assert [v["version"] for v in shared.get("/api/v1/prompts/notes", headers=bob).json()["versions"]] == [1, 0]

    # comparisons: alice's is out of bob's reach
    response = shared.post("/api/v1/lab/compare", headers=alice, json={
        "message": "add alice note", "agent": "notes", "a": {}, "b": {}})
    comparison = response.headers["x-comparison-id"]
    action = next(f for f in sse_frames(response.text) if f["type"] == "action_confirmation")["action_id"]
    for attempt in (shared.get(f"/api/v1/lab/compare/{comparison}", headers=bob),
                    shared.post(f"/api/v1/lab/compare/{comparison}/vote", headers=bob, json={"round": 1, "vote": "a"}),
                    shared.post(f"/api/v1/lab/compare/{comparison}/act", headers=bob,
                                json={"side": "a", "action_id": action, "decision": "confirm"}),
                    shared.post("/api/v1/lab/compare", headers=bob, json={"message": "x", "comparison_id": comparison})):
        assert attempt.status_code == 404, attempt.text
    assert shared.get("/api/v1/lab/compare", headers=bob).json()["comparisons"] == []
    assert store.db.fetchall("SELECT count(*) FROM test_notes") == [(0,)]
    assert [t["comparison_id"] for t in shared.get("/api/v1/traces?origin=all", headers=alice).json()["traces"]][
        :2] == [comparison, comparison]


@pytest.mark.parametrize("path", ["/api/v1/traces", "/api/v1/lab/metrics", "/api/v1/prompts/notes"])
def test_local_mode_user_parameter_must_be_valid(local, path):
    response = local.get(path, params={"user": "not valid!"})
    assert response.status_code == 422 and response.json()["error"]["field"] == "user"


def test_export_honours_limit_and_names_a_bad_one(local, shared, tokens, run, clock):
    ids = [run(f"note {i}", say(f"ok {i}"), user="ann")[1][-1].turn_id for i in range(4)]
    three = local.get("/api/v1/lab/export", params={"kind": "traces", "format": "csv", "limit": 3})
    assert three.status_code == 200
    assert pd.read_csv(io.StringIO(three.text))["turn_id"].tolist() == ids[1:]  # the newest three, oldest first
    lines = local.get("/api/v1/lab/export", params={"format": "jsonl", "limit": 1}).text.splitlines()
    assert [json.loads(line)["turn_id"] for line in lines] == ids[-1:]
    whole = local.get("/api/v1/lab/export", params={"format": "csv"})
    assert pd.read_csv(io.StringIO(whole.text))["turn_id"].tolist() == ids
    for bad in ("0", "-2", "many", "10000001"):
        refused = local.get("/api/v1/lab/export", params={"limit": bad})
        assert refused.status_code == 422, bad
        assert refused.json()["error"]["field"] == "limit" and "limit" in refused.json()["error"]["message"]
    mine = shared.get("/api/v1/lab/export", params={"limit": 2}, headers=bearer(tokens["alice"]))
    assert mine.status_code == 200 and pd.read_csv(io.StringIO(mine.text)).empty  # alice has no turns of her own
