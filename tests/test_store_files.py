"""A truncated or corrupt database file (issue 26 B): the CLI and the app's start say so in one line that
names the problem and the way out (restore from a backup, or point PLAYGROUND_DB elsewhere), with no
traceback and a non-zero exit, and leave the file exactly as it was. Before, a truncated copy crashed both
with a raw ``IOException`` traceback."""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from agents.core.errors import DatabaseUnusable
from agents.core.session import Session
from agents.core.store import open_store, reset_shared_store

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def real_database(tmp_path_factory) -> Path:
    """A real database file, closed (checkpointed), with a few marketing turns in it."""
    path = tmp_path_factory.mktemp("real") / "playground.duckdb"
    os.environ["PLAYGROUND_DB"] = str(path)  # the autouse fixture has not run yet in a module fixture
    try:
        reset_shared_store()
        session = Session("marketing", user_id="demo")
        for text in ("이번 주 성과 어때?", "캠페인 목록 보여줘", "예산 추천해줘"):
            assert session.run(text)[-1].type == "done"
    finally:
        reset_shared_store()
        os.environ.pop("PLAYGROUND_DB", None)
    assert not path.with_name(path.name + ".wal").exists()
    return path


def _damaged(kind: str, real: Path, folder: Path) -> Path:
    folder = folder / "damaged"  # a folder of its own: the test's database sits in tmp_path itself
    folder.mkdir(exist_ok=True)
    path = folder / f"{kind}.duckdb"
    if kind == "truncated":
        data = real.read_bytes()
        path.write_bytes(data[: len(data) // 2])
    else:
        path.write_bytes(random.Random(26).randbytes(1 << 20))
    return path


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _one_clear_line(stderr: str, path: Path) -> None:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr and "IOException" not in stderr
    line = lines[0]
    assert line.startswith("error (database_unusable): ") and str(path) in line
    assert "damaged, truncated or not a DuckDB database" in line and "손상" in line
    assert "restore it from a backup" in line and "PLAYGROUND_DB" in line


@pytest.mark.parametrize("kind", ["truncated", "random"])
def test_open_store_refuses_a_damaged_file_and_leaves_it_untouched(kind, real_database, tmp_path):
    path = _damaged(kind, real_database, tmp_path)
    before = _digest(path)
    with pytest.raises(DatabaseUnusable) as refused:
        open_store(path)
    assert "restore it from a backup" in refused.value.message and str(path) in refused.value.message
    assert _digest(path) == before and sorted(p.name for p in path.parent.iterdir()) == [path.name]
    shutil.copy(real_database, tmp_path / "intact.duckdb")  # the intact original still opens
    open_store(tmp_path / "intact.duckdb").close()


@pytest.mark.parametrize("kind", ["truncated", "random"])
def test_the_cli_says_what_is_wrong_in_one_line(kind, real_database, tmp_path):
    path = _damaged(kind, real_database, tmp_path)
    done = subprocess.run([sys.executable, "-m", "agents.cli.main", "conversations", "list"], capture_output=True,
                          text=True, timeout=300, cwd=ROOT, env={**os.environ, "PLAYGROUND_DB": str(path)})
    assert done.returncode == 2 and done.stdout == ""
    _one_clear_line(done.stderr, path)


@pytest.mark.parametrize("kind", ["truncated", "random"])
def test_the_app_start_says_what_is_wrong_in_one_line(kind, real_database, tmp_path):
    from tests.browser.conftest import _free_port

    path = _damaged(kind, real_database, tmp_path)
    done = subprocess.run([sys.executable, "app.py"], capture_output=True, text=True, timeout=600, cwd=ROOT,
                          env={**os.environ, "PLAYGROUND_DB": str(path), "PORT": str(_free_port())})
    assert done.returncode == 1 and "Open http" not in done.stdout
    _one_clear_line(done.stderr, path)


def test_a_file_duckdb_shrank_at_a_checkpoint_still_opens(tmp_path, monkeypatch):
    # DuckDB counts free blocks in its header's total but cuts free blocks at the file's end off at a
    # checkpoint: after a few closes the file is shorter than total_blocks x block_size yet intact. Before, the
    # fourth `playground chat` on one file refused it as damaged (4,993,024 bytes against 29 blocks of 256 KiB).
    # Whether a close leaves free blocks at the end depends on where DuckDB put them: after five rounds the file
    # was once whole (30 blocks, not shrunk; a full run, stop 41), so rounds go on until it has shrunk, and each
    # open on the way must succeed.
    path = tmp_path / "shrinks.duckdb"
    monkeypatch.setenv("PLAYGROUND_DB", str(path))
    texts = ("이번 주 성과 어때?", "캠페인 목록 보여줘", "예산 추천해줘")
    sizes = []
    for round_ in range(15):
        store = open_store(path)  # refuses a file whose size is short of what it holds
        store.close()
        reset_shared_store()
        assert Session("marketing", user_id="demo").run(texts[round_ % len(texts)])[-1].type == "done"
        reset_shared_store()
        db = open_store(path)
        block, total, used = db.db.fetchone("SELECT block_size, total_blocks, used_blocks FROM pragma_database_size() "
                                            "WHERE database_name = current_database()") or (0, 0, 0)
        db.close()
        reset_shared_store()
        sizes.append((path.stat().st_size, block * used, block * total))
        if round_ >= 4 and block * used <= path.stat().st_size < block * total:
            break
    size, used_bytes, total_bytes = sizes[-1]
    assert used_bytes <= size < total_bytes, sizes  # the case: shrunk, and whole
    open_store(path).close()  # and that file opens
