"""What one `playground chat marketing ... --json` leaves unloaded and unbuilt (issue 27's start-up CPU), in a fresh
process: each module or schema kept off a chat's path is named here, so a change that pulls it back in fails a test
instead of slowly growing the command's CPU (the figures are in tests/bench/bench_startup.py; no time is asserted)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MESSAGE = "이번 주 성과 어때?"
# (module, class) of the models a chat turn seldom makes: their schemas are built on first use (defer_build).
DEFERRED = [
    ("agents.core.events", "ActionConfirmation"), ("agents.core.events", "ActionResult"),
    ("agents.core.events", "UIAction"), ("agents.core.events", "Clarification"), ("agents.core.events", "Alert"),
    ("agents.core.events", "Error"), ("agents.core.store.models", "PendingActionRow"),
    ("agents.core.store.models", "AlertRow"), ("agents.core.store.lab", "TraceFilter"),
    ("agents.core.store.lab", "TracePage"), ("agents.core.store.comparisons", "SideConfig"),
    ("agents.core.store.comparisons", "ComparisonRow"), ("agents.core.store.comparisons", "RoundRow"),
    ("agents.core.store.prompts", "PromptVersion"), ("agents.core.store.prompts", "Activation"),
    ("agents.core.store.tokens", "ApiTokenRow"), ("agents.core.actions", "ActionOutcome"),
    ("agents.core.tools", "Confirmation"), ("agents.core.cards", "AlertCard"),
]
PROBE = f"""
import importlib, json, sys
from agents.cli.main import main
status = main(["chat", "marketing", {MESSAGE!r}, "--json"])
built = {{f"{{m}}.{{c}}": getattr(importlib.import_module(m), c).__pydantic_complete__ for m, c in {DEFERRED!r}}}
events = sys.modules["agents.core.events"]
sys.stderr.write("PROBE " + json.dumps({{"status": status, "modules": sorted(sys.modules), "built": built,
                                        "adapter": events.event_adapter.cache_info().currsize}}) + "\\n")
"""


@pytest.fixture(scope="module")
def chat(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """One chat in a new interpreter, on a database an earlier chat made (a person's second command)."""
    db = tmp_path_factory.mktemp("chat-lazy") / "chat.duckdb"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PLAYGROUND_DB": str(db)}
    first = subprocess.run([sys.executable, "-c", "from agents.cli.main import main; main(['chat', 'marketing', '안녕'])"],
                           capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert first.returncode == 0, first.stderr
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    line = [x for x in done.stderr.splitlines() if x.startswith("PROBE ")]
    assert line, done.stderr
    seen: dict[str, object] = json.loads(line[-1][6:])
    events = [json.loads(x) for x in done.stdout.splitlines()]
    assert seen["status"] == 0 and events[-2]["type"] == "done", events
    assert any(e.get("card_type") == "kpi_summary" for e in events), events  # the turn was the real one
    return seen


def _modules(chat: dict[str, object]) -> list[str]:
    modules = chat["modules"]
    assert isinstance(modules, list)
    return modules


def test_a_chat_loads_no_re2(chat: dict[str, object]) -> None:
    # RE2 reads a stored "Korean (English)" message back in one language (messages.in_lang): a JSON chat never does.
    assert [m for m in _modules(chat) if m == "re2" or m.startswith("re2.")] == []


def test_a_question_about_figures_loads_no_glossary(chat: dict[str, object]) -> None:
    # The marketing glossary (what ROAS means, what a good CTR is) loads when a message may ask what a word means.
    assert "agents.marketing.glossary" not in _modules(chat)


def test_a_chat_builds_no_schema_of_the_models_it_never_makes(chat: dict[str, object]) -> None:
    assert chat["built"] == {f"{m}.{c}": False for m, c in DEFERRED}
    assert chat["adapter"] == 0  # the event union's validator: a chat makes events, it never parses one


def test_the_deferred_models_still_validate_and_refuse_as_before() -> None:
    from datetime import UTC, datetime

    from pydantic import ValidationError

    from agents.core.events import ActionConfirmation, Error, parse_event
    from agents.core.store.lab import TraceFilter

    card = ActionConfirmation(turn_id="t", seq=1, action_id="a", tool_name="x", summary="s",
                              expires_at=datetime(2026, 1, 1, tzinfo=UTC), details=[{"label": "l", "value": "v"}])
    assert parse_event(card.model_dump_json()) == card
    assert Error(turn_id="t", seq=2, code="c", message="m").type == "error"
    with pytest.raises(ValidationError):
        TraceFilter.model_validate({"owner": "u", "nope": 1})  # extra="forbid" still holds once built on first use


def test_a_refusal_is_still_read_in_one_language() -> None:
    """in_lang still finds its RE2 patterns (now imported the first time a message is shown in one language)."""
    from agents.core.messages import in_lang, say

    message = say("unknown_agent", agent_id="nope", known="marketing")
    assert in_lang(message, "en") != message and in_lang(message, "ko") != message
    assert "nope" in in_lang(message, "en") and "nope" in in_lang(message, "ko")
