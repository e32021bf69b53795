"""Evaluation suites and runs over HTTP: start a run (202 with its ids), poll it, fetch JUnit / CSV, compare,
keep suites, draft a case from a conversation; each caller sees only their own runs, suites and chats."""

from __future__ import annotations

import io
import time
import xml.etree.ElementTree as ET

import pandas as pd

from agents.core.session import Session
from tests.api.conftest import parse_sse

SUITE = """\
suite: http-notes
agent: notes
cases:
  - name: lists
    turns:
      - user: list my notes
        expect:
          - tool: list_notes
  - name: expects too much
    turns:
      - user: hello
        expect:
          - tool: list_notes
"""


def wait_done(client, run_id, **kw):
    for _ in range(200):
        detail = client.get(f"/api/v1/evals/runs/{run_id}", **kw).json()
        if detail["run"]["status"] != "running":
            return detail
        time.sleep(0.05)
    raise AssertionError("the run did not finish")


def test_run_poll_junit_export_and_compare_in_local_mode(local) -> None:
    started = local.post("/api/v1/evals/runs", json={"yaml": SUITE, "user": "ann"})
    assert started.status_code == 202
    body = started.json()
    assert body["cases"] == 2 and body["matrix_id"] is None and len(body["run_ids"]) == 1
    run_id = body["run_ids"][0]
    detail = wait_done(local, run_id, params={"user": "ann"})
    assert detail["run"]["status"] == "failed" and detail["progress"] == {"done": 2, "total": 2}
    assert [c["status"] for c in detail["cases"]] == ["passed", "failed"]
    assert detail["cases"][0]["steps"][0]["turn_id"].startswith("turn_")
    junit = local.get(f"/api/v1/evals/runs/{run_id}/junit", params={"user": "ann"})
    assert junit.headers["content-type"].startswith("application/xml")
    assert ET.fromstring(junit.text).get("failures") == "1"
    csv = local.get(f"/api/v1/evals/runs/{run_id}/export", params={"user": "ann", "format": "csv"})
    assert 'filename="' in csv.headers["content-disposition"]
    assert list(pd.read_csv(io.StringIO(csv.text)).status) == ["pass", "fail"]
    assert local.get(f"/api/v1/evals/runs/{run_id}").status_code == 404  # demo's, not ann's
    matrix = local.post("/api/v1/evals/runs", json={"yaml": SUITE, "user": "ann", "configs": [
        {"provider": "offline"}, {"provider": "offline", "model": "rules-v1"}]}).json()
    assert len(matrix["run_ids"]) == 2 and matrix["matrix_id"].startswith("evm_")
    for rid in matrix["run_ids"]:
        wait_done(local, rid, params={"user": "ann"})
    grid = local.get(f"/api/v1/evals/matrices/{matrix['matrix_id']}", params={"user": "ann"}).json()
    assert [r["cells"] for r in grid["rows"]] == [["passed", "passed"], ["failed", "failed"]]
    compared = local.get("/api/v1/evals/compare", params={"a": run_id, "b": matrix["run_ids"][0], "user": "ann"})
    assert compared.status_code == 200 and compared.json()["counts"]["still_failing"] == 1
    listed = local.get("/api/v1/evals/runs", params={"user": "ann"}).json()
    assert {r["id"] for r in listed} == {run_id, *matrix["run_ids"]}


def test_bad_requests_are_named(local) -> None:
    both = local.post("/api/v1/evals/runs", json={"yaml": SUITE, "suite": "travel"})
    assert both.status_code == 422 and "not both" in both.json()["error"]["message"]
    bad = local.post("/api/v1/evals/runs", json={"yaml": SUITE.replace("tool: list_notes", "toool: list_notes", 1)})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "bad_suite"
    assert "suite.yaml:8: cases[0].turns[0].expect[0].toool: unknown assertion 'toool'" in bad.json()["error"]["message"]
    unknown = local.post("/api/v1/evals/runs", json={"suite": "nope"})
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "suite_not_found"
    version = local.post("/api/v1/evals/runs", json={"yaml": SUITE, "configs": [{"prompt_version": 9}]})
    assert version.status_code == 422 and "no system-prompt version 9" in version.json()["error"]["message"]
    assert local.get("/api/v1/evals/runs/evr_nope").status_code == 404


def test_suites_are_kept_per_user_and_shipped_ones_are_read_only(local) -> None:
    put = local.put("/api/v1/evals/suites/http-notes", json={"yaml": SUITE, "user": "ann"})
    assert put.status_code == 200 and put.json() == {"name": "http-notes", "agent": "notes", "cases": 2}
    mismatch = local.put("/api/v1/evals/suites/other", json={"yaml": SUITE, "user": "ann"})
    assert mismatch.status_code == 422 and "must be 'other'" in mismatch.json()["error"]["message"]
    shipped = local.put("/api/v1/evals/suites/travel", json={"yaml": SUITE.replace("http-notes", "travel")})
    assert shipped.status_code == 409
    names = [s["name"] for s in local.get("/api/v1/evals/suites", params={"user": "ann"}).json()]
    assert names[-1] == "http-notes" and "travel" in names
    assert "http-notes" not in [s["name"] for s in local.get("/api/v1/evals/suites").json()]
    download = local.get("/api/v1/evals/suites/http-notes", params={"user": "ann", "download": "true"})
    assert download.text == SUITE and download.headers["content-type"].startswith("application/yaml")
    assert 'filename="http-notes.yaml"' in download.headers["content-disposition"]
    assert local.get("/api/v1/evals/suites/travel").text.startswith("# Seed 001")
    run = local.post("/api/v1/evals/runs", json={"suite": "http-notes", "user": "ann"})
    assert run.status_code == 202
    wait_done(local, run.json()["run_ids"][0], params={"user": "ann"})
    assert local.delete("/api/v1/evals/suites/http-notes", params={"user": "ann"}).json() == {"deleted": "http-notes"}
    assert local.delete("/api/v1/evals/suites/http-notes", params={"user": "ann"}).status_code == 404


def test_draft_a_case_from_a_conversation_and_add_it(local) -> None:
    events = parse_sse(local.post("/api/v1/agents/notes/chat", json={"message": "list my notes", "user": "ann"}).text)
    conversation = events[-1].conversation_id
    draft = local.post("/api/v1/evals/drafts", json={"conversation_id": conversation, "user": "ann", "name": "mine"})
    assert draft.status_code == 200
    body = draft.json()
    assert body["case"]["name"] == "mine" and body["case"]["turns"][0]["user"] == "list my notes"
    assert {"tool": "list_notes", "args": {"limit": 10}} in body["case"]["turns"][0]["expect"]
    added = local.post("/api/v1/evals/suites/saved/cases", json={"case": body["case"], "agent": "notes", "user": "ann"})
    assert added.status_code == 200 and added.json() == {"name": "saved", "agent": "notes", "cases": 1}
    again = local.post("/api/v1/evals/suites/saved/cases", json={"case": body["case"], "agent": "notes", "user": "ann"})
    assert again.status_code == 409 and again.json()["error"]["code"] == "duplicate_case"
    broken = local.post("/api/v1/evals/suites/saved/cases", json={"case": {"name": "x"}, "agent": "notes",
                                                                  "user": "ann"})
    assert broken.status_code == 422 and "case.turns: Field required" in broken.json()["error"]["message"]
    other = local.post("/api/v1/evals/drafts", json={"conversation_id": conversation, "user": "bob"})
    assert other.status_code == 404


def test_shared_mode_isolates_runs_suites_and_conversations(shared, alice, bob) -> None:
    run = shared.post("/api/v1/evals/runs", json={"yaml": SUITE}, headers=alice)
    assert run.status_code == 202
    run_id = run.json()["run_ids"][0]
    wait_done(shared, run_id, headers=alice)
    for path in (f"/api/v1/evals/runs/{run_id}", f"/api/v1/evals/runs/{run_id}/junit",
                 f"/api/v1/evals/runs/{run_id}/export"):
        assert shared.get(path, headers=bob).status_code == 404
    assert shared.get("/api/v1/evals/compare", params={"a": run_id, "b": run_id}, headers=bob).status_code == 404
    assert shared.get("/api/v1/evals/runs", headers=bob).json() == []
    assert shared.get("/api/v1/evals/runs", params={"user": "alice"}, headers=bob).status_code == 403
    assert shared.put("/api/v1/evals/suites/http-notes", json={"yaml": SUITE}, headers=alice).status_code == 200
    assert shared.get("/api/v1/evals/suites/http-notes", headers=bob).status_code == 404
    conversation = Session("notes", user_id="alice")
    conversation.run("list my notes")
    assert shared.post("/api/v1/evals/drafts", json={"conversation_id": conversation.conversation_id},
                       headers=bob).status_code == 404
    assert shared.post("/api/v1/evals/drafts", json={"conversation_id": conversation.conversation_id},
                       headers=alice).status_code == 200
