"""The offline model's YAML files parsed once and kept (agents/nlu/yaml_cache.py, issue 27 start-up): the same
data as PyYAML's safe loader, a damaged or unwritable cache only costs a parse, and a warm process's chat turn
never imports PyYAML."""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from agents.nlu import yaml_cache

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PLAYGROUND_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "yaml"


def test_every_shipped_file_reads_as_the_safe_loader_reads_it_cold_and_warm(cache: Path) -> None:
    files = sorted(ROOT.glob("agents/**/*.yaml"))
    assert len(files) > 15
    for path in files:
        text = path.read_text(encoding="utf-8")
        expected = yaml.safe_load(text)
        assert yaml_cache.parsed(text) == expected, path  # parsed, then written
        assert yaml_cache.parsed(text) == expected, path  # read back
    assert len(list(cache.glob("*.marshal"))) == len({p.read_text(encoding="utf-8") for p in files})


def test_a_damaged_file_is_parsed_again_and_rewritten(cache: Path) -> None:
    text = "intents: {greet: [hello, 안녕]}\n"
    assert yaml_cache.parsed(text) == {"intents": {"greet": ["hello", "안녕"]}}
    [stored] = cache.glob("*.marshal")
    stored.write_bytes(stored.read_bytes()[:5])  # cut short, as a crash mid-write outside os.replace would
    assert yaml_cache.parsed(text) == {"intents": {"greet": ["hello", "안녕"]}}
    assert yaml_cache.parsed(text) == {"intents": {"greet": ["hello", "안녕"]}}  # the rewritten file reads
    stored.write_bytes(b"\x00garbage")
    assert yaml_cache.parsed(text) == {"intents": {"greet": ["hello", "안녕"]}}


def test_a_folder_that_cannot_be_written_only_means_parsing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("PLAYGROUND_CACHE_DIR", str(blocker))
    assert yaml_cache.parsed("a: [1, 2.5, true, null]\n") == {"a": [1, 2.5, True, None]}


def test_data_marshal_cannot_hold_is_parsed_each_time(cache: Path) -> None:
    assert yaml_cache.parsed("when: 2026-11-27\n") == {"when": datetime.date(2026, 11, 27)}
    assert not cache.exists() or not list(cache.glob("*.marshal"))


def test_a_new_text_is_a_new_key(cache: Path) -> None:
    assert yaml_cache.parsed("a: 1\n") == {"a": 1}
    assert yaml_cache.parsed("a: 2\n") == {"a": 2}
    assert len(list(cache.glob("*.marshal"))) == 2


def test_a_warm_process_chat_turn_never_imports_pyyaml() -> None:
    code = """
import json, sys
from agents.core.session import Session
events = list(Session("marketing", user_id="yaml-cache").send("이번 주 성과 어때?"))
print(json.dumps({"last": events[-1].type, "yaml": sorted(m for m in sys.modules if m.split(".")[0] == "yaml")}))
"""
    # The user's cache folder, as a person's second command finds it (a new folder would fit the classifiers too).
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    runs = [  # the first one fills whatever the cache misses
subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                           timeout=300) for _ in range(2)]
    first, second = (json.loads(run.stdout.strip().splitlines()[-1]) for run in runs)
    assert first["last"] == second["last"] == "done"
    assert second["yaml"] == []
