"""Parsed YAML kept on disk: the lexicons, training sets and guard patterns a process's first turn reads (~20 ms of
parsing, plus ~20 ms to import PyYAML) come back from a ``marshal`` file in a millisecond.

A file is named by a key over the YAML text itself, this module's format, marshal's version and the installed
PyYAML (its file's size and time: an upgrade makes a new key), so a stale file is never read. Data marshal cannot
hold (a YAML date) is simply not cached. A cache file that cannot be read is parsed again and rewritten; a folder
that cannot be written only means parsing in every process. The folder is ``yaml/`` beside the classifiers'
(agents/nlu/model_cache.py: ``PLAYGROUND_CACHE_DIR`` or the user's cache folder)."""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import marshal
import os
import tempfile
from functools import cache
from pathlib import Path

log = logging.getLogger(__name__)
FORMAT = 1  # bump when what is stored changes
KEEP = 64  # files kept, newest first (every shipped YAML file the offline model reads is about 20)


def cache_dir() -> Path:
    from agents.nlu.model_cache import cache_dir as classifiers

    return classifiers().parent / "yaml"


@cache
def _environment() -> str:
    spec = importlib.util.find_spec("yaml")  # finds the package without importing it
    origin = spec.origin if spec is not None and spec.origin else ""
    try:
        stat = os.stat(origin)
        installed = f"{origin}:{stat.st_size}:{stat.st_mtime_ns}"
    except OSError:
        installed = origin
    return f"{FORMAT}:{marshal.version}:{installed}"


def _parse(text: str) -> object:
    import yaml  # only on a miss: a warm process never imports PyYAML for its lexicons

    # libyaml's safe loader when PyYAML has it: the same data in a tenth of the time.
    loaded: object = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # a safe loader
    return loaded


def parsed(text: str) -> object:
    """``yaml.safe_load(text)``, from the cache when this text was parsed before."""
    key = hashlib.sha256(f"{_environment()}\n{text}".encode()).hexdigest()[:32]
    path = cache_dir() / f"{key}.marshal"
    try:
        return marshal.loads(path.read_bytes())
    except FileNotFoundError:
        pass
    except (OSError, ValueError, EOFError, TypeError) as exc:  # unreadable or cut short: parse again
        log.warning("ignoring YAML cache %s (%s)", path, exc)
    data = _parse(text)
    try:
        blob = marshal.dumps(data)  # type: ignore[arg-type]  # YAML's plain data; a date raises ValueError
    except ValueError:  # a type marshal does not hold (a date): parsed each time
        return data
    _write(path, blob)
    return data


def _write(path: Path, data: bytes) -> None:
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
        files = sorted(path.parent.glob("*.marshal"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in files[KEEP:]:
            old.unlink(missing_ok=True)
    except OSError as exc:
        log.info("YAML cache not written to %s (%s); the file is parsed in each process", path, exc)
