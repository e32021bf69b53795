"""A cache file under the cache folder: read it, or build the value again when it is missing or damaged, and write
it back atomically. Shared by the fitted classifiers (agents/nlu/model_cache.py) and the parsed YAML
(agents/nlu/yaml_cache.py).

The folder: ``PLAYGROUND_CACHE_DIR``, else ``$XDG_CACHE_HOME/agent-playground``, else ``~/.cache/agent-playground``
(one folder of its own, not beside the database: one cache serves every database, and the files are rebuilt
whenever they are missing, so nothing is committed). A file that cannot be read is built again and rewritten; a
folder that cannot be written only means building in every process."""

from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")

# What a damaged, cut-short or foreign file raises while it is decoded (marshal, the model's own format).
DAMAGED = (OSError, ValueError, EOFError, KeyError, TypeError)


def cache_root() -> Path:
    env = os.environ.get("PLAYGROUND_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "agent-playground"


def cached(path: Path, decode: Callable[[bytes], T], build: Callable[[], tuple[T, bytes | None]], what: str,
           keep: int) -> T:
    """The value in ``path`` (``decode`` of its bytes), else ``build()``'s value, whose bytes (None: the value
    cannot be stored) are written to ``path``; the folder keeps its ``keep`` newest files of ``path``'s suffix.
    ``what`` names the cache in the log."""
    try:
        return decode(path.read_bytes())
    except FileNotFoundError:
        pass
    except DAMAGED as exc:  # unreadable, cut short, foreign: built again and replaced
        log.warning("ignoring %s cache %s (%s)", what, path, exc)
    value, data = build()
    if data is not None:
        write(path, data, what, keep)
    return value


def write(path: Path, data: bytes, what: str, keep: int) -> None:
    """Atomically (a parallel process reads a whole file or none); a folder we cannot write is not an error."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".part")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(tmp, path)
        finally:
            Path(tmp).unlink(missing_ok=True)
        _prune(path.parent, path.suffix, keep)
    except OSError as exc:
        log.info("%s cache not written to %s (%s); it is built in each process", what, path, exc)


def _prune(folder: Path, suffix: str, keep: int) -> None:
    """Keep the ``keep`` newest files; a file another process removed meanwhile is simply gone."""
    def age(p: Path) -> int:
        try:
            return p.stat().st_mtime_ns
        except FileNotFoundError:
            return -1

    files = sorted(folder.glob(f"*{suffix}"), key=age, reverse=True)
    for old in files[keep:]:
        old.unlink(missing_ok=True)
