"""The agent registry (issue 27): the built-in five come from the ``playground.agents`` entry points, a third
party's package registers the same way without editing this repository, ``PLAYGROUND_EXTRA_AGENTS`` adds
modules, and a bad entry is one line naming it, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from agents.core import agent as registry
from agents.core.agent import AgentEntryError, AgentSpec

ROOT = Path(__file__).resolve().parents[1]
BUILTIN = ["marketing", "travel", "shopping", "tutor", "english"]
THIRD_PARTY = '''
from agents.core.agent import AgentSpec
from agents.core.agent_ui import AgentUI

AGENT = AgentSpec(id="pingbot", title="Ping", description="answers pong", system_prompt="say pong",
                  offline_policy=None, ui=AgentUI(icon="🏓"))
'''


def _installed(tmp_path: Path, entry: str, module: str = THIRD_PARTY) -> Path:
    """A third party's installed package: its module and a dist-info declaring the entry point."""
    (tmp_path / "pingbot_pkg.py").write_text(module, encoding="utf-8")
    info = tmp_path / "pingbot_pkg-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pingbot-pkg\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[playground.agents]\n{entry}\n", encoding="utf-8")
    return tmp_path


def _cli(tmp_path: Path, *args: str, extra: str = "", path: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PLAYGROUND_DB": str(tmp_path / "cli.duckdb"), "PLAYGROUND_EXTRA_AGENTS": extra,
           "PYTHONPATH": os.pathsep.join(str(p) for p in (path, ROOT) if p is not None)}
    return subprocess.run([sys.executable, "-m", "agents.cli.main", *args], capture_output=True, text=True,
                          env=env, timeout=120, cwd=ROOT)


def _ids(stdout: str) -> list[str]:
    return [line.split()[0] for line in stdout.splitlines() if line.strip()]


def test_the_builtins_are_entry_points_in_their_seed_order() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    declared = pyproject.split('[project.entry-points."playground.agents"]\n', 1)[1].split("\n\n", 1)[0]
    assert [line.split(" = ")[0] for line in declared.splitlines() if not line.startswith("#")] == BUILTIN
    # The installer writes entry points in its own order (setuptools sorts them by name): the tabs' order
    # comes from each spec's ``order``, whatever order the entries are read in.
    assert sorted(e[2] for e in registry._entries()[:5]) == sorted(f"agents.{i}:AGENT" for i in BUILTIN)
    assert [spec.id for spec in registry.list_agents()][:5] == BUILTIN


def test_the_tab_order_does_not_depend_on_the_entry_points_order(monkeypatch: pytest.MonkeyPatch) -> None:
    entries = registry._entries()
    for shuffled in (sorted(entries), sorted(entries, reverse=True)):
        monkeypatch.setattr(registry, "_entries", lambda shuffled=shuffled: shuffled)
        monkeypatch.setattr(registry, "_registry", {})
        monkeypatch.setattr(registry, "_order", [])
        monkeypatch.setattr(registry, "_loaded", False)
        assert [spec.id for spec in registry.list_agents()][:5] == BUILTIN


def test_a_third_party_entry_point_adds_an_agent_without_editing_the_repo(tmp_path: Path) -> None:
    site = _installed(tmp_path, "pingbot = pingbot_pkg:AGENT")
    result = _cli(tmp_path, "agents", path=site)
    assert result.returncode == 0, result.stderr
    assert _ids(result.stdout) == [*BUILTIN, "pingbot"]


def test_the_env_adds_modules_after_the_entry_points(tmp_path: Path) -> None:
    result = _cli(tmp_path, "agents", extra=" tests.support.notes_agent , ")
    assert result.returncode == 0, result.stderr
    assert _ids(result.stdout) == [*BUILTIN, "notes"]


@pytest.mark.parametrize(("extra", "named", "why"), [
    ("no.such.module", "PLAYGROUND_EXTRA_AGENTS 'no.such.module'", "ModuleNotFoundError: No module named 'no'"),
    ("tests.support.notes_agent:NOPE", "PLAYGROUND_EXTRA_AGENTS 'tests.support.notes_agent:NOPE'",
     "AttributeError"),
    ("tests.support.notes_agent:TOOLS", "PLAYGROUND_EXTRA_AGENTS 'tests.support.notes_agent:TOOLS'",
     "is a ToolRegistry, not an AgentSpec"),
])
def test_a_bad_env_entry_is_one_line_naming_it(tmp_path: Path, extra: str, named: str, why: str) -> None:
    result = _cli(tmp_path, "agents", extra=extra)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert lines[0].startswith(f"error (agent_entry): {named}: ") and why in lines[0]


def test_a_broken_third_party_package_is_one_line_naming_its_entry_point(tmp_path: Path) -> None:
    site = _installed(tmp_path, "pingbot = pingbot_pkg:AGENT", module="raise RuntimeError('half installed\\nsee log')\n")
    result = _cli(tmp_path, "--lang", "en", "chat", "marketing", "hi", path=site)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    # before: "...: 불러올 수 없습니다 (cannot be loaded): RuntimeError: ...", whatever the terminal's language
    assert result.stderr == ("error (agent_entry): entry point 'pingbot' (playground.agents) 'pingbot_pkg:AGENT' "
                             "cannot be loaded: RuntimeError: half installed see log\n")
    korean = _cli(tmp_path, "chat", "marketing", "hi", "--lang", "ko", path=site)
    assert korean.stderr == ("error (agent_entry): entry point 'pingbot' (playground.agents) 'pingbot_pkg:AGENT': "
                             "불러올 수 없습니다: RuntimeError: half installed see log\n")


def test_the_web_app_refuses_a_bad_entry_in_one_line(tmp_path: Path) -> None:
    env = {**os.environ, "PLAYGROUND_DB": str(tmp_path / "app.duckdb"), "PLAYGROUND_EXTRA_AGENTS": "no_such_agent",
           "PYTHONPATH": str(ROOT), "LC_ALL": "ko_KR.UTF-8"}  # the operator's terminal is Korean
    result = subprocess.run([sys.executable, "app.py"], capture_output=True, text=True, env=env, timeout=120, cwd=ROOT)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1] == (
        "playground: PLAYGROUND_EXTRA_AGENTS 'no_such_agent': 불러올 수 없습니다: ModuleNotFoundError: No module named "
        "'no_such_agent'")


def test_a_spec_object_is_checked_in_process() -> None:
    with pytest.raises(AgentEntryError, match=r"^entry 'agents.core.agent:ENTRY_POINT_GROUP': AgentSpec가 아닙니다 "
                                              r"\(str\) \(entry 'agents.core.agent:ENTRY_POINT_GROUP' is a str, not an "
                                              r"AgentSpec\)$"):
        registry._spec_of("entry", "agents.core.agent:ENTRY_POINT_GROUP")
    assert isinstance(registry._spec_of("entry", "tests.support.notes_agent"), AgentSpec)
