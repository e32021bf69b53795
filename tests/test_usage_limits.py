"""What one visitor can spend (issue 26): the daily turn limit holds under concurrency, and all
visitors together cannot spend more than the shared daily budget on the server's model keys.

The races use real threads through the Session API and the HTTP API; the real OpenAI SDK talks to
the fake model server on 127.0.0.1 (priced as gpt-4o-mini: 12 input + 7 output tokens = $0.000006).
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from agents.core import identity
from agents.core.clock import system_clock
from agents.core.pricing import call_cost
from agents.core.providers.offline import OfflineProvider, say
from agents.core.session import Session
from agents.http.api import create_api
from agents.services.access import issue_token
from tests.api.conftest import bearer, parse_sse
from tests.support.fake_openai import FakeOpenAI, Reply, responses_stream
from tests.support.helpers import types

R = "/v1/responses"
MODEL = "gpt-4o-mini"
TURN_COST = call_cost("openai", MODEL, 12, 7)  # what one scripted reply costs


def _race(calls: list[Callable[[], Any]]) -> list[Any]:
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        results[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def _outcome(events: list) -> str:
    last = events[-1]
    return "done" if last.type == "done" else last.code


@pytest.fixture
def fake():
    server = FakeOpenAI()
    yield server
    server.close()


@pytest.fixture
def server_key(monkeypatch, fake) -> FakeOpenAI:
    """The operator's key in the environment, pointed at the fake model server."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-server-key")
    monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
    monkeypatch.setenv("OPENAI_MODEL", MODEL)
    return fake


def _replies(fake: FakeOpenAI, n: int) -> None:
    fake.queue(*[Reply(R, frames=responses_stream(text=f"billed reply {i}")) for i in range(n)])


# --- the daily limit is claimed atomically -------------------------------------------------------


def test_twenty_concurrent_turns_at_a_limit_of_five_run_exactly_five(store, clock, monkeypatch):
    monkeypatch.setenv("PLAYGROUND_DAILY_LIMIT", "5")
    monkeypatch.setenv("PLAYGROUND_MODE", "shared")
    providers = [OfflineProvider.scripted(say(f"reply {i}")) for i in range(20)]
    sessions = [Session("notes", user_id="anon-racer", provider=p, clock=clock) for p in providers]
    results = _race([lambda s=s, i=i: s.run(f"message {i}") for i, s in enumerate(sessions)])
    assert Counter(_outcome(r) for r in results) == {"done": 5, "usage_limit": 15}
    assert sum(len(p.calls) for p in providers) == 5  # exactly five model calls were made
    for events in results:
        assert types(events) in (["text", "done"], ["error"])
    assert store.usage.turns_since("anon-racer", clock().replace(hour=0)) == 5
    # Every refused message was kept, marked refused.
    refused = store.db.fetchone("SELECT count(*) FROM messages WHERE status = 'refused'")[0]
    assert refused == 15
    # And the next turn, alone, is refused too.
    late = Session("notes", user_id="anon-racer", provider=OfflineProvider.scripted(), clock=clock).run("late")
    assert _outcome(late) == "usage_limit"


def test_twenty_concurrent_http_turns_at_a_limit_of_five_run_exactly_five(store, monkeypatch):
    monkeypatch.setenv("PLAYGROUND_DAILY_LIMIT", "5")
    client = TestClient(create_api("shared", burst_limit=1000))
    token = issue_token(store, "anon-http", "racer", system_clock())[1]

    def chat(i: int) -> str:
        response = client.post("/api/v1/agents/notes/chat", json={"message": f"add note {i}"}, headers=bearer(token))
        assert response.status_code == 200, response.text
        return _outcome(parse_sse(response.text))

    results = _race([lambda i=i: chat(i) for i in range(20)])
    assert Counter(results) == {"done": 5, "usage_limit": 15}


def test_the_burst_limit_lets_exactly_its_number_through_at_once(store, monkeypatch):
    client = TestClient(create_api("shared", burst_limit=5))
    token = issue_token(store, "anon-burst", "racer", system_clock())[1]

    def chat(i: int) -> int:
        response = client.post("/api/v1/agents/notes/chat", json={"message": f"note {i}"}, headers=bearer(token))
        if response.status_code == 429:
            assert response.json()["error"]["code"] == "rate_limited" and int(response.headers["Retry-After"]) >= 1
        return response.status_code

    assert Counter(_race([lambda i=i: chat(i) for i in range(20)])) == {200: 5, 429: 15}


def test_the_burst_count_is_shared_by_every_server_on_the_database(store):
    """Two API instances stand for two processes on one database: the burst limit is one count, not two."""
    first, second = (TestClient(create_api("shared", burst_limit=3)) for _ in range(2))
    token = bearer(issue_token(store, "anon-two-servers", "racer", system_clock())[1])
    codes = [client.post("/api/v1/agents/notes/chat", json={"message": f"note {i}"}, headers=token).status_code
             for i, client in enumerate([first, second, first, second])]
    assert codes == [200, 200, 200, 429]


# --- the shared daily budget on the server's keys ------------------------------------------------


def test_turns_on_the_server_key_run_until_the_stored_cost_crosses_the_budget(store, clock, monkeypatch, server_key):
    monkeypatch.setenv("PLAYGROUND_PROVIDER_DAILY_BUDGET_USD", f"{TURN_COST * 2.5:.10f}")
    _replies(server_key, 3)
    session = Session("notes", user_id="anon-spender", provider="openai", clock=clock)
    outcomes = [_outcome(session.run(f"message {i}")) for i in range(5)]
    # 0 < budget, 1x < budget, 2x < budget: three turns; then 3x >= budget.
    assert outcomes == ["done", "done", "done", "budget_exhausted", "budget_exhausted"]
    assert len(server_key.requests) == 3  # the refused turns never reached the model
    spent = store.db.fetchone("SELECT sum(cost_usd) FROM traces WHERE provider = 'openai' AND status = 'done'")[0]
    assert spent == pytest.approx(3 * TURN_COST)
    refusal = session.run("one more")[-1]
    assert refusal.type == "error" and refusal.code == "budget_exhausted" and refusal.retryable
    assert refusal.message.startswith("이 서버의 모델 키로 쓸 수 있는 오늘의 공용 예산")
    assert "00:00 UTC" in refusal.message and "(The shared daily budget" in refusal.message
    assert "offline" in refusal.message and "your own API key" in refusal.message
    # The message was kept before the refusal, marked refused.
    assert session.history()[-1].content == "one more" and session.history()[-1].status == "refused"
    # The offline model still works, for the same visitor.
    offline = Session("notes", user_id="anon-spender", clock=clock).run("list my notes")
    assert offline[-1].type == "done"


def test_three_fresh_identities_share_one_budget(store, clock, monkeypatch, server_key):
    """Measured: with PLAYGROUND_DAILY_LIMIT=2, three fresh identities ran 6 billed turns."""
    monkeypatch.setenv("PLAYGROUND_DAILY_LIMIT", "2")
    monkeypatch.setenv("PLAYGROUND_PROVIDER_DAILY_BUDGET_USD", f"{TURN_COST * 1.5:.10f}")
    _replies(server_key, 6)
    viewers = [identity.anonymous_viewer(store, None)[0] for _ in range(3)]
    outcomes = []
    for viewer in viewers:
        session = Session("notes", user_id=viewer.user_id, provider="openai", clock=clock)
        outcomes += [_outcome(session.run(f"message {i}")) for i in range(2)]
    assert outcomes.count("done") == 2 and len(server_key.requests) == 2
    assert outcomes == ["done", "done", "budget_exhausted", "budget_exhausted", "budget_exhausted",
                        "budget_exhausted"]


def test_concurrent_turns_of_fresh_identities_cannot_pass_the_budget(store, clock, monkeypatch, server_key):
    monkeypatch.setenv("PLAYGROUND_PROVIDER_DAILY_BUDGET_USD", f"{TURN_COST * 3.5:.10f}")
    _replies(server_key, 21)
    first = Session("notes", user_id="anon-first", provider="openai", clock=clock).run("warm up")
    assert _outcome(first) == "done"  # the day's first billed turn tells what a turn costs
    users = [identity.anonymous_viewer(store, None)[0].user_id for _ in range(3)]
    sessions = [Session("notes", user_id=users[i % 3], provider="openai", clock=clock) for i in range(20)]
    results = _race([lambda s=s, i=i: s.run(f"message {i}") for i, s in enumerate(sessions)])
    # Spent 1x, then each turn reserves what a turn costs: 1x, 2x and 3x < 3.5x pass, the fourth does not.
    assert Counter(_outcome(r) for r in results) == {"done": 3, "budget_exhausted": 17}
    assert len(server_key.requests) == 4


def test_a_visitors_own_key_is_not_capped_by_the_server_budget(store, clock, monkeypatch, server_key):
    monkeypatch.setenv("PLAYGROUND_PROVIDER_DAILY_BUDGET_USD", f"{TURN_COST * 0.5:.10f}")
    _replies(server_key, 4)
    server = Session("notes", user_id="anon-own", provider="openai", clock=clock)
    assert [_outcome(server.run(f"m{i}")) for i in range(2)] == ["done", "budget_exhausted"]
    own = Session("notes", user_id="anon-own", provider="openai", clock=clock,
                  provider_settings={"api_key": "sk-visitor-own-key"})
    assert [_outcome(own.run(f"own {i}")) for i in range(3)] == ["done", "done", "done"]
    assert [r["auth"] for r in server_key.requests] == ["Bearer sk-server-key"] + ["Bearer sk-visitor-own-key"] * 3


def test_the_budget_resets_at_midnight_utc(store, clock, monkeypatch, server_key):
    monkeypatch.setenv("PLAYGROUND_PROVIDER_DAILY_BUDGET_USD", f"{TURN_COST * 0.5:.10f}")
    _replies(server_key, 2)
    session = Session("notes", user_id="anon-tomorrow", provider="openai", clock=clock)
    assert [_outcome(session.run(f"m{i}")) for i in range(2)] == ["done", "budget_exhausted"]
    clock.advance(days=1)
    assert _outcome(session.run("next day")) == "done"


def test_no_budget_locally_and_five_dollars_on_a_space(monkeypatch):
    from agents.core.guards import GuardSettings

    monkeypatch.delenv("PLAYGROUND_PROVIDER_DAILY_BUDGET_USD", raising=False)
    monkeypatch.delenv("SPACE_ID", raising=False)
    assert GuardSettings.from_env().provider_daily_budget_usd is None
    monkeypatch.setenv("SPACE_ID", "team/playground")
    assert GuardSettings.from_env().provider_daily_budget_usd == 5.0
    monkeypatch.setenv("PLAYGROUND_PROVIDER_DAILY_BUDGET_USD", "none")
    assert GuardSettings.from_env().provider_daily_budget_usd is None
    monkeypatch.setenv("PLAYGROUND_PROVIDER_DAILY_BUDGET_USD", "0.25")
    assert GuardSettings.from_env().provider_daily_budget_usd == 0.25
    for bad in ("lots", "-1", "nan", "inf"):
        monkeypatch.setenv("PLAYGROUND_PROVIDER_DAILY_BUDGET_USD", bad)
        with pytest.raises(ValueError, match=f"PLAYGROUND_PROVIDER_DAILY_BUDGET_USD must be .*not '{bad}'"):
            GuardSettings.from_env()


def test_a_model_the_price_table_does_not_know_is_refused_on_the_server_key_under_a_budget(store, clock, monkeypatch,
                                                                                           server_key):
    monkeypatch.setenv("PLAYGROUND_PROVIDER_DAILY_BUDGET_USD", "5")
    _replies(server_key, 1)
    session = Session("notes", user_id="anon-unpriced", provider="openai", clock=clock,
                      provider_settings={"model": "llama3.1"})
    refused = session.run("hello")
    assert types(refused) == ["error"] and refused[0].code == "budget_unpriced_model"
    assert "'llama3.1'" in refused[0].message and "PLAYGROUND_PROVIDER_DAILY_BUDGET_USD=none" in refused[0].message
    assert not server_key.requests and session.history()[-1].status == "refused"
    # The refusal used none of the visitor's daily turns.
    assert store.limits.get("turns", "anon-unpriced", clock().replace(hour=0)).used == 0
    monkeypatch.setenv("PLAYGROUND_PROVIDER_DAILY_BUDGET_USD", "none")
    assert _outcome(Session("notes", user_id="anon-unpriced", provider="openai", clock=clock,
                            provider_settings={"model": "llama3.1"}).run("hello")) == "done"


def test_which_keys_bill_the_server_in_each_front_end(monkeypatch):
    from agents.core.limits import bills_server
    from agents.core.providers import make_provider
    from pages.gradio.header import provider_from
    from pages.streamlit import runtime

    monkeypatch.setenv("OPENAI_API_KEY", "sk-server-key")
    monkeypatch.setenv("GEMINI_API_KEY", "server-gemini-key")
    for name in ("openai", "gemini"):
        assert bills_server(provider_from(name, "", ""))  # Gradio: nothing typed, the environment's key
        assert not bills_server(provider_from(name, "", "sk-typed-by-the-visitor"))
        assert bills_server(runtime.provider(name))  # Streamlit: its secrets or the environment
        assert not bills_server(runtime.provider(name, api_key="sk-typed-by-the-visitor"))
        assert bills_server(make_provider(name))  # HTTP, CLI, Session API
    assert not bills_server(provider_from("offline", "", ""))
    monkeypatch.delenv("OPENAI_API_KEY")
    assert not bills_server(make_provider("openai"))  # no key at all: nothing is billed (missing_key)


def test_the_http_api_answers_budget_exhausted_in_the_stream(store, monkeypatch, server_key):
    monkeypatch.setenv("PLAYGROUND_PROVIDER_DAILY_BUDGET_USD", f"{TURN_COST * 0.5:.10f}")
    _replies(server_key, 1)
    client = TestClient(create_api("shared", burst_limit=1000))
    token = bearer(issue_token(store, "anon-http-budget", "script", system_clock())[1])
    sent = [client.post("/api/v1/agents/notes/chat", json={"message": f"m{i}", "provider": "openai"}, headers=token)
            for i in range(2)]
    assert [r.status_code for r in sent] == [200, 200]
    assert [_outcome(parse_sse(r.text)) for r in sent] == ["done", "budget_exhausted"]
    offline = client.post("/api/v1/agents/notes/chat", json={"message": "list notes"}, headers=token)
    assert _outcome(parse_sse(offline.text)) == "done"


@pytest.mark.parametrize("round_", range(3))
def test_the_first_hits_of_a_new_identity_at_once_are_never_refused(store, round_):
    """Before: a hit whose claim ran before a concurrent first hit created the counter row read that row as full
    and was refused (`rate_limited` at 1 of 1000; seen as one turn in twenty under load)."""
    now = 1_800_000_000.0 + round_
    results = _race([lambda: store.limits.burst_hit(f"fresh-{round_}", now, 60.0, 1000) for _ in range(40)])
    assert results == [None] * 40
    assert store.db.fetchone(*(("SELECT len(hits) FROM usage_bursts WHERE subject = ?", [f"fresh-{round_}"])
                               if store.db.dialect == "duckdb" else
                               ("SELECT cardinality(hits) FROM usage_bursts WHERE subject = ?", [f"fresh-{round_}"]))) \
        == (40,)
