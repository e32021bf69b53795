"""Shared mode through ``gradio_client``: a script that calls the page's own handlers, with
another user's ids in every argument, reaches nothing of that user's (issue 8).

Each visitor signs in as the page signs a browser in (its load handler with the browser's signed id), so a
call reaches its handler as that visitor: without it every handler would see no viewer and do nothing, and
the test would pass for the wrong reason (issue 26). The handlers that take a conversation id are called by
bob and by alice with the same arguments: bob's call is refused because the id is not his, alice's serves her."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from agents.core.providers.offline import OfflineProvider, call
from agents.core.session import Session
from tests.browser.conftest import _free_port
from tests.support.gradio_visitors import api_of, blocks_of, signed_token, visitor
from tests.support.gradio_visitors import call as call_handler
from tests.support.helpers import one

ALICE = "anon-a11ce00000000001"  # an anonymous id, so her own browser (a signed token) can sign her in


@pytest.fixture
def shared_server(store, monkeypatch):
    uvicorn = pytest.importorskip("uvicorn")
    from pages.gradio.identity import AppConfig
    from pages.gradio.shell import build_server

    monkeypatch.setenv("SPACE_ID", "team/agent-playground")
    port = _free_port()
    app = build_server(AppConfig.detect("127.0.0.1"))
    # a client left connected (gradio_client keeps its stream open) must not hold the shutdown: join waited 10 s
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=1))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 60
    while not srv.started and time.time() < deadline:
        time.sleep(0.1)
    yield f"http://127.0.0.1:{port}/", blocks_of(app)
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
        return ALICE
    if "bool" in kind:
        return True
    if "float" in kind or "int" in kind:
        return 0
    if "list" in kind.lower():
        return [alice["conversation"]]
    if "dict" in kind.lower():
        return {"user": ALICE, "user_id": ALICE, "conversation_id": alice["conversation"]}
    return param.get("parameter_default")


def _alice() -> tuple[dict[str, str], str]:
    session = Session("notes", user_id=ALICE,
                      provider=OfflineProvider.scripted(call("add_note", {"text": "alice secret plan"})))
    action_id = one(session.run("add alice secret plan"), "action_confirmation").action_id
    return {"conversation": session.conversation_id, "action": action_id}, action_id


@pytest.mark.slow  # every handler of the page through gradio_client (about a minute of one core): CI runs it, --quick not
def test_handlers_called_directly_cannot_reach_another_users_data(shared_server, store, clock) -> None:
    pytest.importorskip("gradio_client")
    url, _ = shared_server
    alice, action_id = _alice()

    client, caller = visitor(url)  # signed in as a visitor of its own: the handlers run as that visitor
    assert caller.startswith("anon-") and caller != ALICE
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
    row = store.conversations.get(alice["conversation"], ALICE)
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
    assert owners <= {ALICE} | {o for o in owners if o.startswith("anon-")} | sandboxes
    trace_owners = {r[0] for r in store.db.fetchall("SELECT DISTINCT owner_id FROM traces")}
    assert trace_owners <= {ALICE} | {o for o in trace_owners if o.startswith("anon-")}
    assert store.prompts.active_version("notes") == 0  # no visitor changed the app-wide prompt
    assert len(called) >= 40  # signed in, most handlers run (a visitor without a viewer gets nothing done)
    print(f"\n{len(endpoints)} handlers exposed, {len(called)} accepted the call; none reached alice")


def test_each_conversation_handler_refuses_another_visitors_id_and_serves_its_owner(shared_server, store) -> None:
    """The same call by bob and by alice: bob's is refused because the conversation is not his (the
    handler reached, or Gradio's per-session choices), alice's (the positive control) shows her messages."""
    pytest.importorskip("gradio_client")
    import gradio_client

    url, blocks = shared_server
    alice_ids, _ = _alice()
    conversation = alice_ids["conversation"]
    restore = api_of(blocks, "restore_if_empty", output_elem="pg-notes-chat")
    opener = api_of(blocks, "open_conversation", output_elem="pg-notes-chat", module="pages.gradio.agent_tab")
    bob, bob_id = visitor(url)
    alice, alice_id = visitor(url, signed_token(store, ALICE))
    assert alice_id == ALICE and bob_id.startswith("anon-") and bob_id != ALICE

    # Without a viewer a handler does nothing at all: that is not the refusal under test.
    nobody = gradio_client.Client(url, verbose=False, httpx_kwargs={"timeout": 300})
    assert call_handler(nobody, restore, conversation).all_skipped()

    # Reopening a remembered conversation (the browser's stored id): bob gets an empty chat and his own
    # (empty) list, as for an id that is not his; alice gets her conversation.
    refused, served = call_handler(bob, restore, conversation), call_handler(alice, restore, conversation)
    assert refused.error is None and not refused.all_skipped(), refused  # it ran, as bob
    chat, listed = refused.outputs[0], refused.outputs[3]
    assert chat == [] and listed["choices"] == [] and listed["value"] is None, refused
    assert "alice secret plan" not in repr(refused.outputs)
    assert served.error is None and "alice secret plan" in repr(served.outputs[0])
    assert served.outputs[3]["value"] == conversation

    # Opening from the list: her id is not among bob's conversations; alice opens it.
    refused, served = call_handler(bob, opener, conversation), call_handler(alice, opener, conversation)
    assert refused.error is not None and conversation in refused.error and "is not in the list of choices" \
        in refused.error, refused
    assert served.error is None and "alice secret plan" in repr(served.outputs[0])
