"""core_030_lab on a database written before it: old turns get owner, message, search text, cost and
fallbacks; the highest stored prompt version stays the active one."""

from __future__ import annotations

import json

import pytest
from genai_prices import Usage, calc_price

from agents.core.store import Database, open_store
from agents.core.store.migrations import CORE_MIGRATIONS, migrate


def test_old_traces_and_prompts_are_backfilled(tmp_path, clock):
    path = tmp_path / "old.duckdb"
    db = Database(path)
    migrate(db, [m for m in CORE_MIGRATIONS if m.name < "core_030"])  # a store from before the Lab
    now = clock()
    done = [{"type": "done", "meta": {"parse_fallback": {"used": True}, "responses_api_fallback": True}}]
    for turn_id, provider, model, tokens, events in (
            ("turn_old1", "openai", "gpt-4o-mini", (1200, 300), done),
            ("turn_old2", "openai", "llama3.1", (50, 5), []),
            ("turn_old3", "offline", "rules-v1", (10, 2), [{"type": "done", "meta": {"summary_fallback": True}}])):
        db.execute("INSERT INTO traces (turn_id, conversation_id, user_id, agent_id, provider, model, status, started_at, "
                   "latency_ms, input_tokens, output_tokens, events, spans) VALUES (?, 'conv_1', 'ann', 'travel', ?, ?, "
                   "'done', ?, 12.5, ?, ?, ?, '[]')", [turn_id, provider, model, now, *tokens, json.dumps(events)])
        db.execute("INSERT INTO messages (id, conversation_id, seq, turn_id, role, content, created_at) VALUES "
                   "(?, 'conv_1', 1, ?, 'user', ?, ?)", [f"msg_{turn_id}", turn_id, f"Ramen near {turn_id}", now])
    db.execute("INSERT INTO prompts (agent_id, version, content, created_at) VALUES ('travel', 1, 'one', ?), "
               "('travel', 2, 'two', ?)", [now, now])
    db.close()

    store = open_store(path)
    rows = {r["turn_id"]: r for r in store.db.fetch_dicts(
        "SELECT turn_id, owner_id, message, search_text, cost_usd, fallbacks FROM traces")}
    assert rows["turn_old1"]["owner_id"] == "ann" and rows["turn_old1"]["message"] == "Ramen near turn_old1"
    assert rows["turn_old1"]["search_text"].startswith("ramen near turn_old1")
    price = calc_price(Usage(input_tokens=1200, output_tokens=300), "gpt-4o-mini", provider_id="openai")
    assert rows["turn_old1"]["cost_usd"] == pytest.approx(float(price.total_price))
    assert rows["turn_old2"]["cost_usd"] is None and rows["turn_old3"]["cost_usd"] == 0.0
    assert rows["turn_old1"]["fallbacks"] == ["responses_to_chat", "travel_parse"]
    assert rows["turn_old3"]["fallbacks"] == ["shopping_summary"] and rows["turn_old2"]["fallbacks"] == []
    assert store.prompts.active("travel") == (2, "two")
    assert store.usage.turns_since("ann", now.replace(hour=0)) == 3
    store.close()
