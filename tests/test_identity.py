"""Identity: mode resolution, signed anonymous ids, and the per-session viewer in the pages."""

from __future__ import annotations

import gradio as gr
import pytest

from agents.core import identity
from agents.core.errors import PlaygroundError
from agents.core.identity import Signer, Viewer
from pages.gradio.identity import AppConfig, establish_local, establish_shared


@pytest.mark.parametrize(("env", "host", "mode"), [
    ({}, "127.0.0.1", "local"),
    ({}, "localhost", "local"),
    ({}, "::1", "local"),
    ({}, "0.0.0.0", "shared"),
    ({}, "10.1.2.3", "shared"),
    ({"SPACE_ID": "team/playground"}, "127.0.0.1", "shared"),
    ({"PLAYGROUND_MODE": "local"}, "0.0.0.0", "local"),
    ({"PLAYGROUND_MODE": "SHARED"}, "127.0.0.1", "shared"),
])
def test_mode_is_chosen_from_the_bind_address_and_the_environment(monkeypatch, env, host, mode):
    monkeypatch.delenv("SPACE_ID", raising=False)
    monkeypatch.delenv("PLAYGROUND_MODE", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert identity.resolve_mode(host) == mode


def test_a_bad_mode_names_the_variable(monkeypatch):
    monkeypatch.setenv("PLAYGROUND_MODE", "public")
    with pytest.raises(PlaygroundError, match="PLAYGROUND_MODE must be 'local' or 'shared'"):
        identity.resolve_mode("127.0.0.1")


def test_signatures_refuse_tampering_and_other_secrets():
    signer = Signer("s" * 32)
    token = signer.sign("anon-0011223344556677")
    assert signer.verify(token) == "anon-0011223344556677"
    user, _, mac = token.rpartition(".")
    assert signer.verify(f"anon-alice.{mac}") is None  # another id with this id's signature
    assert signer.verify(token[:-1] + ("A" if token[-1] != "A" else "B")) is None
    assert Signer("t" * 32).verify(token) is None  # signed by another server
    assert signer.verify(signer.sign(user, purpose="token")) is None  # signatures are bound to their purpose
    for junk in (None, 7, "", "no-dot", "." * 300, ["x"]):
        assert signer.verify(junk) is None
    with pytest.raises(PlaygroundError, match="at least 16"):
        Signer("short")


def test_the_generated_secret_is_kept_in_the_database(store, monkeypatch):
    monkeypatch.delenv("PLAYGROUND_SECRET", raising=False)
    viewer, token = identity.anonymous_viewer(store, None)
    assert viewer.source == "anonymous" and viewer.user_id.startswith("anon-")
    secret = store.settings.get(identity.SECRET_SETTING)
    assert secret and len(secret) >= 32
    store.memo.clear()  # a restarted process reads the same secret back
    assert identity.anonymous_viewer(store, token) == (viewer, token)


def test_a_tampered_or_foreign_token_gets_a_new_identity(store, monkeypatch):
    monkeypatch.setenv("PLAYGROUND_SECRET", "x" * 40)
    alice, alice_token = identity.anonymous_viewer(store, None)
    bob, bob_token = identity.anonymous_viewer(store, None)
    assert alice.user_id != bob.user_id
    forged = alice_token.rpartition(".")[0] + "." + bob_token.rpartition(".")[2]
    viewer, fresh = identity.anonymous_viewer(store, forged)
    assert viewer.user_id not in (alice.user_id, bob.user_id) and fresh != forged
    # A validly signed value that is not an anonymous id (say, a local user name) is refused too.
    named = Signer("x" * 40).sign("alice")
    assert identity.anonymous_viewer(store, named)[0].user_id.startswith("anon-")


def test_establish_in_each_mode(store, monkeypatch):
    monkeypatch.setenv("PLAYGROUND_SECRET", "y" * 40)
    assert establish_local("ann") == Viewer("ann", "local")
    assert establish_local("bad id\n") == Viewer("demo", "local")  # full match: a newline is not let through
    assert establish_local(None) == Viewer("demo", "local")
    viewer, token = establish_shared(None)
    assert establish_shared(token) == (viewer, token)
    assert identity.oauth_user_id("Some-User") == "hf-Some-User"
    with pytest.raises(PlaygroundError):
        identity.require(None)


def test_shared_mode_page_has_no_user_field(store):
    from pages.gradio.shell import build_app

    demo = build_app(AppConfig(mode="shared"))
    ids = {getattr(c, "elem_id", None) for c in demo.blocks.values()}
    assert "pg-user" not in ids and "pg-identity" in ids
    # Every handler reads the viewer from server-side state; no textbox can carry a user id.
    textboxes = [c for c in demo.blocks.values() if isinstance(c, gr.Textbox)]
    assert not any((c.label or "").lower() == "user" for c in textboxes)


@pytest.mark.parametrize("bad", ["demo\n", "al ice", "", "x" * 65, "\ud800", "ann\x00"])
def test_user_ids_are_checked_with_a_full_match(bad):
    from agents.core.session import check_user_id

    with pytest.raises(PlaygroundError, match="Invalid user id"):
        check_user_id(bad)
