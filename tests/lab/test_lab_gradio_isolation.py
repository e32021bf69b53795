"""Shared mode through ``gradio_client``: every Lab handler, called by another visitor with alice's
turn, comparison, conversation and action ids in every text argument, shows nothing of hers and
changes nothing of hers; no visitor activates a prompt for everyone.

The visitor is signed in as the page signs a browser in, so each call reaches its handler as that visitor
(without it every handler sees no viewer and does nothing: the sweep would pass for the wrong reason). The
handlers that take one of alice's ids are called by bob and by alice with the same arguments: bob's call is
refused because the id is not his (the handler's not-found, or Gradio's per-session choices), alice's serves
her (issue 26)."""

from __future__ import annotations

import threading
import time

import pytest

from agents.core.clock import system_clock
from agents.core.providers.offline import OfflineProvider, call
from agents.core.session import Session
from agents.core.store.comparisons import SideConfig
from agents.services.lab import compare, prompts
from agents.services.lab.access import LabUser
from tests.browser.conftest import _free_port
from tests.support.gradio_visitors import api_of, signed_token, visitor
from tests.support.gradio_visitors import call as call_handler
from tests.support.helpers import one

ALICE = "anon-alice0000000001"


@pytest.fixture
def shared_lab(store, monkeypatch):
    uvicorn = pytest.importorskip("uvicorn")
    from pages.gradio.identity import AppConfig
    from pages.gradio.shell import build_server

    monkeypatch.setenv("SPACE_ID", "team/agent-playground")
    app = build_server(AppConfig.detect("127.0.0.1"))
    blocks = next(r.app.get_blocks() for r in app.routes if getattr(r, "path", "") == "" and hasattr(r, "app")
                  and hasattr(r.app, "get_blocks"))
    lab_api = {f.api_name for f in blocks.fns.values()
               if getattr(f.fn, "__module__", "").startswith("pages.gradio.lab") and f.api_name}
    port = _free_port()
    # a client left connected (gradio_client keeps its stream open) must not hold the shutdown: join waited 10 s
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=1))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 60
    while not srv.started and time.time() < deadline:
        time.sleep(0.1)
    yield f"http://127.0.0.1:{port}/", lab_api, blocks
    srv.should_exit = True
    thread.join(timeout=10)


def _alices_lab(store):
    alice = LabUser(ALICE, "shared")
    session = Session("notes", user_id=alice.user_id,
                      provider=OfflineProvider.scripted(call("add_note", {"text": "alice secret plan"})))
    turn = one(session.run("add alice secret plan"), "action_confirmation")
    draft = prompts.create(store, "notes", "alice secret prompt", alice, system_clock(), label="alice secret")
    cmp = compare.start(store, alice, "notes", SideConfig(), SideConfig(prompt_version=draft.version), system_clock())
    return alice, session, turn, draft, cmp


@pytest.mark.slow  # a sweep of every Lab endpoint through gradio_client (minutes of one core): CI runs it, --quick not
def test_lab_handlers_cannot_reach_another_visitors_lab(shared_lab, store, clock):
    pytest.importorskip("gradio_client")
    url, lab_api, _ = shared_lab
    assert len(lab_api) >= 15, lab_api  # the Lab's handlers are all there to be tried
    alice, session, turn, draft, cmp = _alices_lab(store)
    ids = [turn.turn_id, cmp.id, session.conversation_id, turn.action_id, str(draft.version), alice.user_id]

    client, caller = visitor(url)  # signed in as a visitor of its own: the handlers run as that visitor
    assert caller.startswith("anon-") and caller != ALICE
    endpoints = client.view_api(return_format="dict", print_info=False)["named_endpoints"]
    tried, outputs = 0, []
    for name, info in endpoints.items():
        if name.lstrip("/") not in {a.lstrip("/") for a in lab_api}:
            continue
        for value in ids:
            args = []
            for param in info["parameters"]:
                kind = (param.get("python_type") or {}).get("type", "")
                args.append(value if "str" in kind else int(draft.version) if "int" in kind or "float" in kind
                            else True if "bool" in kind else param.get("parameter_default"))
            try:
                outputs.append(repr(client.predict(*args, api_name=name)))
            except Exception as exc:  # noqa: BLE001 - a refusal is fine; only what leaks or changes matters
                outputs.append(repr(exc))
            tried += 1
    seen = "\n".join(outputs)
    assert tried >= 60
    # (the turn id itself may come back in a refusal that repeats the value sent; its detail view may not)
    for secret in ("alice secret plan", "alice secret prompt", "alice secret", f"### `{turn.turn_id}`"):
        assert secret not in seen, secret
    # nothing of alice's changed: her action, her comparison, her prompt draft, the app-wide prompt
    assert store.actions.get(turn.action_id).status == "PENDING"
    assert store.comparisons.rounds(cmp.id) == []
    assert store.prompts.active_version("notes") == 0
    assert store.prompts.get("notes", draft.version).shared is False
    assert store.prompts.picked(session.conversation_id) is None
    assert store.db.fetchall("SELECT count(*) FROM test_notes") == [(0,)]
    owners = {r[0] for r in store.db.fetchall("SELECT owner_id FROM comparisons")}
    assert owners == {alice.user_id} | {o for o in owners if o != alice.user_id and o.startswith("anon-")}


def test_each_lab_handler_given_alices_id_refuses_bob_and_serves_alice(shared_lab, store):
    """The same call by bob and by alice; bob's is refused because the id is not his, alice's (the positive
    control) shows or does what she asked."""
    pytest.importorskip("gradio_client")
    url, _, blocks = shared_lab
    _, session, turn, draft, cmp = _alices_lab(store)
    bob, bob_id = visitor(url)
    alice, alice_id = visitor(url, signed_token(store, ALICE))
    assert alice_id == ALICE and bob_id != ALICE

    # A turn by its id, in each view that opens one (traces, and the evals view's copies).
    details = sorted({f"/{f.api_name}" for f in blocks.fns.values() if getattr(f.fn, "__name__", "") == "detail"
                      and getattr(f.fn, "__module__", "").startswith("pages.gradio.lab") and f.api_name})
    assert len(details) >= 2, details
    for api in details:
        refused, served = call_handler(bob, api, turn.turn_id), call_handler(alice, api, turn.turn_id)
        assert refused.error is None and refused.all_skipped(), (api, refused)
        # in the UI's language only (a client with no Accept-Language: Korean); before, "Korean (No turn ...)"
        assert any(f"턴 {turn.turn_id!r}를 찾을 수 없습니다." in w for w in refused.warnings), (api, refused.warnings)
        assert served.error is None and not served.warnings and "alice secret plan" in repr(served.outputs), api

    # A comparison to continue: listed for alice only (the list is loaded for each session).
    listing = api_of(blocks, "versions_for", output_elem="pg-lab-c-resume")
    reopen = api_of(blocks, "reopen", module="pages.gradio.lab.compare")
    listed = {who: call_handler(client, listing, "notes") for who, client in (("bob", bob), ("alice", alice))}
    assert cmp.id not in repr(listed["bob"].outputs) and cmp.id in repr(listed["alice"].outputs)
    refused, served = call_handler(bob, reopen, cmp.id), call_handler(alice, reopen, cmp.id)
    assert refused.error is not None and cmp.id in refused.error and "is not in the list of choices" \
        in refused.error, refused
    assert served.error is None and not served.warnings and not served.all_skipped(), served

    # A private prompt draft to diff, and to use in a conversation.
    studio = api_of(blocks, "refresh", output_elem="pg-lab-versions", module="pages.gradio.lab.prompts")
    diff, use = api_of(blocks, "show_diff"), api_of(blocks, "use", module="pages.gradio.lab.prompts")
    for client in (bob, alice):
        assert call_handler(client, studio, "notes").error is None
    refused, served = call_handler(bob, diff, "notes", draft.version, 0), call_handler(alice, diff, "notes",
                                                                                      draft.version, 0)
    assert refused.error is not None and "is not in the list of choices" in refused.error, refused
    assert served.error is None and f"v{draft.version} → v0" in served.outputs and "<mark>secret</mark>" in \
        served.outputs, served  # her draft's words, marked in the diff
    refused = call_handler(bob, use, "notes", session.conversation_id, draft.version)
    assert refused.error is not None and session.conversation_id in refused.error and "is not in the list" \
        in refused.error, refused
    assert store.prompts.picked(session.conversation_id) is None
    served = call_handler(alice, use, "notes", session.conversation_id, draft.version)
    assert served.error is None and not served.warnings, served
    assert store.prompts.picked(session.conversation_id) == draft.version
