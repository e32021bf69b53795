"""One helper for a cache file under the cache folder (agents/nlu/cache_file.py): the classifiers' and the parsed
YAML's caches both read, rebuild on damage and write through it (before: each module had its own copy)."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from agents.nlu import cache_file, model_cache, yaml_cache


def _cached(path: Path, built: list[str], data: bytes | None = b"fresh") -> str:
    def build() -> tuple[str, bytes | None]:
        built.append("built")
        return "value", data

    return cache_file.cached(path, lambda raw: raw.decode("ascii"), build, "test", keep=3)


def test_a_missing_file_is_built_and_written_then_read(tmp_path: Path) -> None:
    built: list[str] = []
    path = tmp_path / "a" / "k.bin"
    assert _cached(path, built) == "value" and path.read_bytes() == b"fresh"
    assert _cached(path, built) == "fresh" and built == ["built"]  # the second time from the file
    assert [p.name for p in path.parent.iterdir()] == ["k.bin"]  # no temporary file left


def test_a_damaged_file_is_built_again_and_replaced(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "k.bin"
    path.write_bytes(b"\xff\xfe not ascii")
    built: list[str] = []
    with caplog.at_level(logging.WARNING):
        assert _cached(path, built) == "value"
    assert built == ["built"] and path.read_bytes() == b"fresh" and f"ignoring test cache {path}" in caplog.text


def test_an_unwritable_folder_or_an_unstorable_value_only_means_building(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    built: list[str] = []
    assert _cached(blocker / "k.bin", built) == "value" and _cached(blocker / "k.bin", built) == "value"
    assert built == ["built", "built"]
    assert _cached(tmp_path / "none.bin", built, data=None) == "value" and not (tmp_path / "none.bin").exists()


def test_the_folder_keeps_its_newest_files_of_the_same_kind(tmp_path: Path) -> None:
    tmp_path = tmp_path / "cache"
    tmp_path.mkdir()
    for i in range(5):
        old = tmp_path / f"old{i}.bin"
        old.write_bytes(b"x")
        os.utime(old, ns=(i * 10**9, i * 10**9))
    (tmp_path / "other.marshal").write_bytes(b"y")
    cache_file.write(tmp_path / "new.bin", b"z", "test", keep=3)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.bin", "old3.bin", "old4.bin", "other.marshal"]


def test_both_caches_live_under_the_one_folder_and_share_the_helper(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLAYGROUND_CACHE_DIR", str(tmp_path))
    assert (model_cache.cache_dir(), yaml_cache.cache_dir()) == (tmp_path / "classifiers", tmp_path / "yaml")
    for module in (model_cache, yaml_cache):  # no second copy of the read / rewrite-on-damage / atomic write
        source = Path(str(module.__file__)).read_text()
        assert "tempfile" not in source and "os.replace" not in source and "cached(" in source
