"""The Lab from the terminal: traces list/show, prompts list/show/create/diff/activate/rollback/pick,
compare run/vote/list, metrics and export, with JSON lines, readable text and exit codes."""

from __future__ import annotations

import io
import json

import duckdb
import pytest

from agents.cli.lab import parse_since
from agents.cli.main import main
from agents.core.providers.offline import call, say


def run_cli(*argv):
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def lines(text):
    return [json.loads(line) for line in text.strip().splitlines()]


def test_traces_from_the_cli(store, clock, run):
    _, first = run("list my notes", call("list_notes", {"limit": 3}), say("none"), user="ann")
    _, second = run("boom", call("explode", {}), say("it broke"), user="bob")
    code, out = run_cli("traces", "list", "--json")
    assert code == 0 and [r["turn_id"] for r in lines(out)] == [second[-1].turn_id, first[-1].turn_id]
    code, out = run_cli("traces", "list", "--json", "--user", "ann", "--agent", "notes", "--status", "done")
    assert [r["turn_id"] for r in lines(out)] == [first[-1].turn_id]
    code, out = run_cli("traces", "list", "--json", "--search", "explode", "--provider", "offline", "--limit", "1")
    assert [r["turn_id"] for r in lines(out)] == [second[-1].turn_id]
    code, out = run_cli("traces", "list")
    assert code == 0 and "notes" in out and "ann" in out and "$0" in out
    code, out = run_cli("traces", "show", first[-1].turn_id, "--json")
    detail = json.loads(out)
    assert [b["label"] for b in detail["timeline"]][2:4] == ["model · turn", "tool · list_notes"]
    assert detail["system_prompt"] == "You manage the user's notes." and detail["tool_calls"][0]["args"] == {"limit": 3}
    code, out = run_cli("traces", "show", first[-1].turn_id)
    assert code == 0 and "tool · list_notes" in out and "system prompt:" in out and "cost $0" in out
    code, _ = run_cli("traces", "show", "turn_nope")
    assert code == 2
    code, _ = run_cli("traces", "list", "--since", "yesterday-ish")
    assert code == 2


def test_prompts_from_the_cli(store, clock, run, tmp_path):
    path = tmp_path / "v1.txt"
    path.write_text("You manage notes.\nBe brief.", encoding="utf-8")
    code, out = run_cli("prompts", "create", "notes", "--file", str(path), "--label", "brief", "--json")
    assert code == 0 and json.loads(out)["version"] == 1 and json.loads(out)["active"] is False
    code, out = run_cli("prompts", "create", "notes", "1", "--append", "Use bullet points.")
    assert code == 0 and out.strip() == "created notes v2"
    code, out = run_cli("prompts", "list", "notes", "--json")
    assert [(r["version"], r["active"]) for r in lines(out)] == [(2, False), (1, False), (0, True)]
    code, out = run_cli("prompts", "diff", "notes", "1", "v2")
    assert "+Use bullet points." in out
    code, out = run_cli("prompts", "activate", "notes", "2")
    assert code == 0 and out.strip() == "notes: v2 is active"
    session, events = run("hello", say("hi"))
    assert store.traces.get(events[-1].turn_id).prompt_version == 2
    code, out = run_cli("prompts", "show", "notes", "2")
    assert out == "You manage notes.\nBe brief.\nUse bullet points.\n"
    code, out = run_cli("prompts", "pick", "notes", "0", "--conversation", session.conversation_id,
                        "--user", "demo")
    assert code == 0 and store.prompts.picked(session.conversation_id) == 0
    code, out = run_cli("prompts", "rollback", "notes")
    assert out.strip() == "notes: rolled back to v0"
    code, out = run_cli("prompts", "create", "notes", "--text", "   ")
    assert code == 2
    code, out = run_cli("prompts", "activate", "notes", "seven")
    assert code == 2


def test_compare_metrics_and_export_from_the_cli(store, clock, tmp_path):
    code, out = run_cli("compare", "run", "notes", "list my notes", "--a", "offline@0", "--b", "offline", "--json")
    items = lines(out)
    assert code == 0 and items[-1]["type"] == "comparison_round"
    assert {i["side"] for i in items[:-1]} == {"a", "b"} and sum(i["type"] == "done" for i in items) == 2
    comparison = items[-1]["comparison_id"]
    code, out = run_cli("compare", "run", "notes", "add milk", "--comparison", comparison)
    assert code == 0 and "── A:" in out and "── B:" in out and "round 2" in out
    code, out = run_cli("compare", "vote", comparison, "2", "b")
    assert code == 0 and out.strip() == "round 2: b"
    code, _ = run_cli("compare", "vote", comparison, "2", "c")
    assert code == 2
    code, out = run_cli("metrics", "--period", "all", "--json", "--origin", "all")
    [row] = lines(out)
    assert (row["turns"], row["wins"] + row["losses"]) == (4, 2)
    # By default (issue 31) the side-by-side sandbox turns stay out of the turn figures; their votes stay in.
    [row] = lines(run_cli("metrics", "--period", "all", "--json")[1])
    assert (row["turns"], row["latency_p50"], row["wins"] + row["losses"]) == (0, None, 2)
    code, out = run_cli("metrics", "--period", "24h")
    assert "notes" in out and "1/1/0/0" in out
    target = tmp_path / "votes.parquet"
    code, out = run_cli("export", "votes", "--format", "parquet", "--out", str(target))
    assert code == 0 and target.exists()
    assert duckdb.sql(f"SELECT vote FROM '{target}'").fetchall() == [("b",)]
    newest = tmp_path / "newest.csv"
    code, out = run_cli("export", "traces", "--limit", "1", "--out", str(newest), "--json")
    assert code == 0 and lines(out) == [{"path": str(newest), "rows": 1}]
    assert duckdb.sql(f"SELECT count(*) FROM '{newest}'").fetchall() == [(1,)]
    assert run_cli("export", "traces", "--limit", "0")[0] == 2  # refused, naming limit


def test_parse_since(clock):
    now = clock()
    assert parse_since("24h", now) == now.replace(day=1)
    assert parse_since("30m", now).minute == 30 and parse_since("2026-10-01", now).day == 1
    with pytest.raises(Exception, match="Cannot read --since"):
        parse_since("soon", now)
