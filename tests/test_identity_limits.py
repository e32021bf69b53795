"""Minting anonymous identities is limited per client address (issue 26): a fresh identity is a
fresh daily limit, so without this one visitor could open sessions until the server's keys ran dry.

The client address is read in one place (``identity.client_address``), behind the proxies the
operator trusts (``PLAYGROUND_PROXY_HOPS``; one on a Space)."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta
from types import SimpleNamespace

import pytest
from starlette.datastructures import Headers

from agents.core import identity
from agents.core.errors import PlaygroundError
from agents.core.identity import TooManyIdentities, client_address
from agents.http.errors import refusal
from pages.gradio.identity import _anonymous, request_address

NOW = datetime(2026, 11, 2, 9, 40)


# --- which address ------------------------------------------------------------------------------


def test_without_proxies_the_peer_is_the_client_and_forwarded_headers_are_ignored(monkeypatch):
    monkeypatch.delenv("SPACE_ID", raising=False)
    monkeypatch.delenv("PLAYGROUND_PROXY_HOPS", raising=False)
    assert client_address("203.0.113.9", {"X-Forwarded-For": "198.51.100.1"}) == "203.0.113.9"


def test_on_a_space_the_entry_its_proxy_wrote_counts_never_the_forged_ones(monkeypatch):
    monkeypatch.setenv("SPACE_ID", "team/playground")
    monkeypatch.delenv("PLAYGROUND_PROXY_HOPS", raising=False)
    # The client forged two entries; the Space's proxy appended the address it saw.
    headers = Headers(raw=[(b"x-forwarded-for", b"1.1.1.1, 2.2.2.2"), (b"x-forwarded-for", b"203.0.113.9")])
    assert client_address("10.16.3.80", headers) == "203.0.113.9"
    assert client_address("10.16.3.80", {"X-Forwarded-For": "9.9.9.9, 203.0.113.9"}) == "203.0.113.9"
    # A request that did not come through the proxy (no header): the peer.
    assert client_address("10.16.3.80", {}) == "10.16.3.80"


def test_two_trusted_proxies_and_ipv6_networks(monkeypatch):
    monkeypatch.setenv("PLAYGROUND_PROXY_HOPS", "2")
    assert client_address("10.0.0.2", {"x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.1"}) == "203.0.113.9"
    monkeypatch.setenv("PLAYGROUND_PROXY_HOPS", "0")
    # One subscriber holds a whole /64: its addresses are one client.
    assert client_address("2001:db8:1:2::1", {}) == client_address("2001:db8:1:2:ffff::9", {}) == "2001:db8:1:2::/64"
    assert client_address("::ffff:203.0.113.9", {}) == "203.0.113.9"
    assert client_address("203.0.113.9:51234", {}) == "203.0.113.9"
    assert client_address("not an address", {}) == client_address(None, {}) == "unknown"
    monkeypatch.setenv("PLAYGROUND_PROXY_HOPS", "lots")
    with pytest.raises(PlaygroundError, match="PLAYGROUND_PROXY_HOPS must be the number of trusted proxies"):
        client_address("203.0.113.9", {})


# --- how many per hour ----------------------------------------------------------------------------


def test_an_address_gets_its_limit_of_new_identities_an_hour_and_keeps_the_ones_it_has(store, monkeypatch):
    monkeypatch.setenv("PLAYGROUND_IDENTITY_LIMIT", "3")
    made = [identity.anonymous_viewer(store, None, "203.0.113.9", NOW) for _ in range(3)]
    assert len({viewer.user_id for viewer, _ in made}) == 3
    with pytest.raises(TooManyIdentities) as refused:
        identity.anonymous_viewer(store, None, "203.0.113.9", NOW)
    exc = refused.value
    assert exc.code == "too_many_identities" and exc.retry_after == 20 * 60
    assert exc.message.startswith("이 주소에서 지난 한 시간 동안 새 익명 사용자를 이미 3명 만들어")
    assert "(This address already made 3 new anonymous identities this hour (PLAYGROUND_IDENTITY_LIMIT)" in exc.message
    assert "try again in 20 min" in exc.message
    # Over HTTP it is a 429 with Retry-After and the named error.
    response = refusal(exc)
    assert response.status_code == 429 and response.headers["Retry-After"] == "1200"
    assert b'"code":"too_many_identities"' in response.body
    # A browser that already has its identity keeps it, from the same address.
    viewer, token = made[0]
    assert identity.anonymous_viewer(store, token, "203.0.113.9", NOW) == (viewer, token)
    # Another address is not affected; the next hour starts afresh; a tampered token is a new mint.
    identity.anonymous_viewer(store, None, "198.51.100.7", NOW)
    with pytest.raises(TooManyIdentities):
        identity.anonymous_viewer(store, token + "x", "203.0.113.9", NOW)
    identity.anonymous_viewer(store, None, "203.0.113.9", NOW + timedelta(minutes=20))


def test_concurrent_mints_from_one_address_stop_exactly_at_the_limit(store, monkeypatch):
    monkeypatch.setenv("PLAYGROUND_IDENTITY_LIMIT", "5")
    barrier = threading.Barrier(20)
    outcomes: list[str] = []

    def mint() -> None:
        barrier.wait()
        try:
            identity.anonymous_viewer(store, None, "203.0.113.9", NOW)
            outcomes.append("minted")
        except TooManyIdentities:
            outcomes.append("refused")

    threads = [threading.Thread(target=mint) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["minted"] * 5 + ["refused"] * 15


@pytest.mark.parametrize("value", ["0", "-1", "many"])
def test_a_bad_identity_limit_is_named(store, monkeypatch, value):
    monkeypatch.setenv("PLAYGROUND_IDENTITY_LIMIT", value)
    with pytest.raises(PlaygroundError, match=f"PLAYGROUND_IDENTITY_LIMIT must be a whole number .*not '{value}'"):
        identity.anonymous_viewer(store, None, "203.0.113.9", NOW)


# --- the Gradio page ------------------------------------------------------------------------------


def _request(peer: str, forwarded: str | None = None) -> SimpleNamespace:
    raw = [(b"x-forwarded-for", forwarded.encode())] if forwarded else []
    return SimpleNamespace(client=SimpleNamespace(host=peer), headers=Headers(raw=raw))


def test_the_gradio_page_says_why_no_identity_was_made(store, monkeypatch):
    monkeypatch.setenv("PLAYGROUND_IDENTITY_LIMIT", "2")
    monkeypatch.setenv("SPACE_ID", "team/playground")
    monkeypatch.setattr("gradio.Warning", lambda message: None)
    request = _request("10.16.3.80", "203.0.113.9")
    assert request_address(request) == "203.0.113.9"
    first = _anonymous(None, request)
    _anonymous(None, _request("10.16.3.81", "7.7.7.7, 203.0.113.9"))  # a forged entry changes nothing
    viewer, _, shown = _anonymous(None, request)
    assert viewer is None and shown.startswith("⚠️ 이 주소에서 지난 한 시간 동안 새 익명 사용자를 이미 2명")
    # The browser that has its identity still loads as itself.
    assert _anonymous(first[1], request)[:2] == first[:2]
    # Another visitor behind the same proxy, from another address, is not affected.
    assert _anonymous(None, _request("10.16.3.80", "198.51.100.7"))[0] is not None
