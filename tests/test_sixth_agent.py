"""A sixth agent is one folder (issue 27): tests/support/notes_agent/, loaded through the registry with
PLAYGROUND_EXTRA_AGENTS, works in the HTTP API, the CLI and the eval runner with no edit outside its folder.
(The Streamlit page is tests/streamlit/test_notes_agent.py; the Gradio app, tests/browser/test_notes_page.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from agents.http.api import create_api
from agents.services.evals import library
from agents.services.evals.loader import load_suite
from agents.services.evals.runner import run_suite
from agents.view.render import CardView
from agents.view.texts import t
from tests.api.conftest import parse_sse
from tests.support.notes_agent import view
from tests.support.notes_agent.store import NotesStore
from tests.support.registry_env import NOTES, load_notes_through_env

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "tests" / "support" / "notes_agent"


@pytest.fixture
def notes(monkeypatch: pytest.MonkeyPatch, store):
    return load_notes_through_env(monkeypatch)


def test_everything_it_is_and_shows_is_in_its_folder(notes) -> None:
    assert sorted(p.name for p in FOLDER.iterdir() if p.name != "__pycache__") == [
        "__init__.py", "evals.yaml", "gradio.py", "http.py", "notes.css", "store.py", "streamlit.py", "view.py"]
    assert notes.evals == FOLDER / "evals.yaml" and notes.ui.css == (FOLDER / "notes.css",)
    assert [m.name for m in notes.migrations] == ["notes_001", "notes_002_tags"]
    assert notes.ui.gradio == f"{NOTES}.gradio" and notes.ui.streamlit == f"{NOTES}.streamlit"
    assert [s.key for s in notes.ui.slots] == ["board"] and set(notes.ui.cards) == {"notes_board"}
    assert t("notes_pinned", "en") == "Pinned notes" and t("notes_pinned", "ko") == "고정된 메모"


def test_its_board_card_escapes_what_a_user_wrote() -> None:
    card = CardView(card_type="notes_board", title="Board", data={"notes": [
        {"text": "<script>alert(1)</script>", "pinned": True, "tags": ["<b>x</b>"]}]})
    assert view.board_html(card) == ('<ul class="pg-notes-board"><li class="pg-note pg-note-pinned">📌 '
                                     "&lt;script&gt;alert(1)&lt;/script&gt;"
                                     '<span class="pg-note-tag">#&lt;b&gt;x&lt;/b&gt;</span></li></ul>')
    assert view.pinned_text(["<img src=x onerror=1>"], "en") == "📌 **Pinned notes** · 1\n\n- &lt;img src=x onerror=1&gt;"


def test_a_hostile_note_cannot_fan_out_into_tags(store) -> None:
    tags = NotesStore(store).add("demo", " ".join(f"#t{i}" for i in range(60)) + " #t1", pinned=False)
    assert tags == ["t0", "t1", "t2", "t3", "t4"]
    assert store.db.fetchall("SELECT count(*) FROM test_note_tags WHERE user_id = 'demo'") == [(5,)]


def test_the_http_api_serves_its_chat_card_and_own_route(notes, store) -> None:
    client = TestClient(create_api("local", burst_limit=1000))
    assert "notes" in [a["id"] for a in client.get("/api/v1/agents").json()]
    assert client.get("/api/v1/notes/pinned").json() == {"pinned": []}
    NotesStore(store).add("demo", "call mum #family", pinned=True)
    NotesStore(store).add("demo", "buy milk", pinned=False)
    NotesStore(store).add("someone-else", "not yours", pinned=True)
    assert client.get("/api/v1/notes/pinned").json() == {"pinned": ["call mum #family"]}
    events = parse_sse(client.post("/api/v1/agents/notes/chat", json={"message": "show my board"}).text)
    assert [e.type for e in events] == ["data_card", *["text_delta"] * 5, "suggested_questions", "done"]
    assert events[0].card_type == "notes_board" and events[0].data == {"notes": [
        {"text": "call mum #family", "pinned": True, "tags": ["family"]},
        {"text": "buy milk", "pinned": False, "tags": []}]}
    assert "".join(e.content for e in events[1:6]) == "2 note(s) on the board."
    assert events[6].questions == ["list my notes"]
    assert "/api/v1/notes/pinned" in client.get("/api/openapi.json").json()["paths"]


def test_the_cli_chats_with_it_and_runs_its_suite(tmp_path: Path) -> None:
    env = {**os.environ, "PLAYGROUND_DB": str(tmp_path / "cli.duckdb"), "PLAYGROUND_EXTRA_AGENTS": NOTES,
           "PYTHONPATH": str(ROOT)}

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "agents.cli.main", *args], capture_output=True, text=True,
                              env=env, timeout=180, cwd=ROOT)

    listed = cli("agents")
    assert listed.returncode == 0 and listed.stdout.splitlines()[-1].startswith("notes ")
    chat = cli("chat", "notes", "show my board", "--json")
    assert chat.returncode == 0, chat.stderr
    events = [json.loads(line) for line in chat.stdout.splitlines() if line.startswith("{")]
    assert [e["type"] for e in events if "type" in e] == ["data_card", *["text_delta"] * 5, "suggested_questions",
                                                          "done"]
    assert events[0]["card_type"] == "notes_board" and events[0]["data"] == {"notes": []}
    run = cli("eval", "run", str(FOLDER / "evals.yaml"))
    assert run.returncode == 0, run.stdout + run.stderr
    assert "PASSED: 3/3 cases passed · assertions 11 passed, 0 failed, 0 skipped" in run.stdout


def test_the_eval_runner_runs_its_suite_and_the_lab_lists_it(notes, store) -> None:
    [run] = run_suite(load_suite(FOLDER / "evals.yaml"))
    assert run.passed, [(c.case.name, c.error, c.results) for c in run.cases]
    assert [c.case.name for c in run.cases] == ["an empty board", "a pinned note with a tag, confirmed, then on the board",
                                                "a tool that raises is reported, not a crash"]
    assert store.db.fetchall("SELECT t.tag FROM test_note_tags t JOIN test_notes n ON n.id = t.note_id "
                             "WHERE n.pinned") == [("family",)]
    shipped = {s.suite.suite: s.suite.agent for s in library.shipped()}
    assert shipped["notes"] == "notes"  # listed beside the built-ins' suites, from AgentSpec.evals
