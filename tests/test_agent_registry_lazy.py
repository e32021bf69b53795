"""One agent loads without the others (issue 27's start-up goal): ``get_agent`` builds only the agent asked for,
``all_migrations`` reads each built-in package's light ``MIGRATIONS`` instead of building its agent, and a card of
an agent not loaded yet still parses into its kind's model (the registry loads the rest first)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from agents.core import agent as registry

ROOT = Path(__file__).resolve().parents[1]
BUILTIN = ["marketing", "travel", "shopping", "tutor", "english"]


def _fresh(code: str) -> dict[str, object]:
    """Run ``code`` in a new interpreter (this one has every agent loaded); it prints one JSON object."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(ROOT)})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_one_agent_is_built_alone_and_the_migrations_need_none_of_the_others() -> None:
    seen = _fresh("""
import json, sys
from agents.core.agent import all_migrations, get_agent
spec = get_agent("marketing")
names = [m.name for m in all_migrations()]
built = sorted(m.split(".")[1] for m in sys.modules if m.startswith("agents.") and m.endswith(".spec"))
print(json.dumps({"id": spec.id, "built": built, "migrations": names}))
""")
    assert seen["id"] == "marketing" and seen["built"] == ["marketing"]
    # every built-in agent's migrations, as their specs list them (this process has test agents registered too)
    assert sorted(seen["migrations"]) == sorted(m.name for a in BUILTIN for m in registry.get_agent(a).migrations)
    assert {"marketing_001", "travel_001", "shopping_002", "tutor_001", "english_001"} <= set(seen["migrations"])


def test_a_packages_light_migrations_are_its_agents() -> None:
    for agent_id in BUILTIN:
        light = importlib.import_module(f"agents.{agent_id}").MIGRATIONS
        assert light is registry.get_agent(agent_id).migrations, agent_id


def test_a_card_of_an_agent_not_loaded_yet_parses_into_its_kinds_model() -> None:
    seen = _fresh("""
import json
from agents.core import cards
from agents.core.agent import get_agent
get_agent("marketing")
model = cards.model_of("recommendations")
data = cards.parse("compare", {"columns": ["제품"], "rows": [["A"]]})
print(json.dumps({"model": model.__module__ + "." + model.__qualname__, "parsed": type(data).__module__}))
""")
    assert seen == {"model": "agents.shopping.card_data.Recommendations", "parsed": "agents.shopping.card_data"}


def test_migrating_for_one_agent_loads_only_the_others_migrations_modules() -> None:
    """A chat with one agent migrates the database for all five: each other package gives its tables from its
    migrations.py, and none of its store, models or data modules load (~40 ms of a command's start-up)."""
    seen = _fresh("""
import json, sys
from agents.core.agent import all_migrations, get_agent
get_agent("marketing")
all_migrations()
print(json.dumps(sorted(m for m in sys.modules if m.startswith("agents.") and m.split(".")[1] != "core")))
""")
    others = [m for m in seen if isinstance(m, str) and m.split(".")[1] in BUILTIN and m.split(".")[1] != "marketing"]
    assert others == sorted(f"agents.{a}{part}" for a in BUILTIN if a != "marketing" for part in ("", ".migrations"))
    assert "agents.marketing.store" in seen  # the agent asked for is built whole


def test_the_entry_points_are_read_once_per_path(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = registry.entry_points

    def counting(*, group: str) -> object:
        calls.append(group)
        return real(group=group)

    monkeypatch.setattr(registry, "entry_points", counting)
    registry._entry_points.cache_clear()
    try:
        first = registry._entries()
        assert registry._entries() == first and calls == [registry.ENTRY_POINT_GROUP]
        monkeypatch.syspath_prepend(str(ROOT / "tests"))  # another path may hold other distributions: read again
        assert registry._entries() == first and len(calls) == 2
    finally:
        registry._entry_points.cache_clear()
