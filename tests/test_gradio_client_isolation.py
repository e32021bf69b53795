"""Shared mode through ``gradio_client``: a script that calls the page's own handlers, with
another user's ids in every argument, reaches nothing of that user's (issue 8)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from agents.core.providers.offline import OfflineProvider, call
from agents.core.session import Session
from tests.browser.conftest import _free_port
from tests.support.helpers import one


@pytest.fixture
def shared_server(store, monkeypatch):
    uvicorn = pytest.importorskip("uvicorn")
    from pages.identity import AppConfig
    from pages.shell import build_server

    monkeypatch.setenv("SPACE_ID", "team/agent-playground")
    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(build_server(AppConfig.detect("127.0.0.1")), host="127.0.0.1", port=port,
                                        log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 60
    while not srv.started and time.time() < deadline:
        time.sleep(0.1)
    yield f"http://127.0.0.1:{port}/"
    srv.should_exit = True
    thread.join(timeout=10)


def _guess(param: dict[str, Any], alice: dict[str, str]) -> Any:
    """A hostile value for each parameter: alice's ids wherever a string fits."""
    kind = (param.get("python_type") or {}).get("type", "")
    label = str(param.get("label") or param.get("parameter_name") or "").lower()  # labels may be gr.I18n keys
    if "str" in kind:
        if "conversation" in label or "대화" in label:
            return alice["conversation"]
        if "action" in label:
            return alice["action"]
        return "alice"
    if "bool" in kind:
        return True
    if "float" in kind or "int" in kind:
        return 0
    if "list" in kind.lower():
        return [alice["conversation"]]
    if "dict" in kind.lower():
        return {"user": "alice", "user_id": "alice", "conversation_id": alice["conversation"]}
    return param.get("parameter_default")


def test_handlers_called_directly_cannot_reach_another_users_data(shared_server, store, clock) -> None:
    gradio_client = pytest.importorskip("gradio_client")
    alice_session = Session("notes", user_id="alice",
                            provider=OfflineProvider.scripted(call("add_note", {"text": "alice secret plan"})))
    action_id = one(alice_session.run("add alice secret plan"), "action_confirmation").action_id
    alice = {"conversation": alice_session.conversation_id, "action": action_id}

    client = gradio_client.Client(shared_server, verbose=False)
    endpoints = client.view_api(return_format="dict", print_info=False)["named_endpoints"]
    assert endpoints, "the page exposes no handlers: the test would prove nothing"
    called, outputs = [], []
    for name, info in endpoints.items():
        args = [_guess(p, alice) for p in info["parameters"]]
        try:
            outputs.append(repr(client.predict(*args, api_name=name)))
            called.append(name)
        except Exception as exc:  # noqa: BLE001 - a refusal is fine; only what leaks or changes matters
            outputs.append(repr(exc))
    seen = "\n".join(outputs)
    assert "alice secret plan" not in seen and "add alice secret plan" not in seen
    # alice's conversation and her pending action are exactly as she left them.
    row = store.conversations.get(alice["conversation"], "alice")
    assert row is not None and not row.archived
    assert [m.content for m in store.messages.recent(alice["conversation"]) if m.role == "user"] == [
        "add alice secret plan"]
    assert store.actions.get(action_id).status == "PENDING"
    assert store.db.fetchall("SELECT text FROM test_notes") == []
    # Whatever the calls created belongs to the caller's own anonymous identity, never to alice.
    owners = {r[0] for r in store.db.fetchall("SELECT DISTINCT user_id FROM conversations")}
    # A side-by-side comparison the calls started runs as its two sandbox users, on behalf of the caller.
    comparison_owners = {r[0] for r in store.db.fetchall("SELECT owner_id FROM comparisons")}
    assert all(o.startswith("anon-") for o in comparison_owners)
    sandboxes = {u for row in store.db.fetchall("SELECT user_a, user_b FROM comparisons") for u in row}
    assert owners <= {"alice"} | {o for o in owners if o.startswith("anon-")} | sandboxes
    trace_owners = {r[0] for r in store.db.fetchall("SELECT DISTINCT owner_id FROM traces")}
    assert trace_owners <= {"alice"} | {o for o in trace_owners if o.startswith("anon-")}
    assert store.prompts.active_version("notes") == 0  # no visitor changed the app-wide prompt
    print(f"\n{len(endpoints)} handlers exposed, {len(called)} accepted the call; none reached alice")
