"""Shared mode through ``gradio_client``: every Lab handler, called by another visitor with alice's
turn, comparison, conversation and action ids in every text argument, shows nothing of hers and
changes nothing of hers; no visitor activates a prompt for everyone."""

from __future__ import annotations

import threading
import time

import pytest

from agents.core.clock import system_clock
from agents.core.providers.offline import OfflineProvider, call
from agents.core.session import Session
from agents.core.store.comparisons import SideConfig
from agents.lab import compare, prompts
from agents.lab.access import LabUser
from tests.browser.conftest import _free_port
from tests.support.helpers import one


@pytest.fixture
def shared_lab(store, monkeypatch):
    uvicorn = pytest.importorskip("uvicorn")
    from pages.identity import AppConfig
    from pages.shell import build_server

    monkeypatch.setenv("SPACE_ID", "team/agent-playground")
    app = build_server(AppConfig.detect("127.0.0.1"))
    blocks = next(r.app.get_blocks() for r in app.routes if getattr(r, "path", "") == "" and hasattr(r, "app")
                  and hasattr(r.app, "get_blocks"))
    lab_api = {f.api_name for f in blocks.fns.values()
               if getattr(f.fn, "__module__", "").startswith("pages.lab") and f.api_name}
    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 60
    while not srv.started and time.time() < deadline:
        time.sleep(0.1)
    yield f"http://127.0.0.1:{port}/", lab_api
    srv.should_exit = True
    thread.join(timeout=10)


def test_lab_handlers_cannot_reach_another_visitors_lab(shared_lab, store, clock):
    gradio_client = pytest.importorskip("gradio_client")
    url, lab_api = shared_lab
    assert len(lab_api) >= 15, lab_api  # the Lab's handlers are all there to be tried
    alice = LabUser("anon-alice0000000001", "shared")
    session = Session("notes", user_id=alice.user_id,
                      provider=OfflineProvider.scripted(call("add_note", {"text": "alice secret plan"})))
    turn = one(session.run("add alice secret plan"), "action_confirmation")
    draft = prompts.create(store, "notes", "alice secret prompt", alice, system_clock(), label="alice secret")
    cmp = compare.start(store, alice, "notes", SideConfig(), SideConfig(prompt_version=draft.version), system_clock())
    ids = [turn.turn_id, cmp.id, session.conversation_id, turn.action_id, str(draft.version), alice.user_id]

    client = gradio_client.Client(url, verbose=False)
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
    for secret in ("alice secret plan", "alice secret prompt", "alice secret", turn.turn_id):
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
