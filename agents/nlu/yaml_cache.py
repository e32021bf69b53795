"""Parsed YAML kept on disk: the lexicons, training sets and guard patterns a process's first turn reads (~20 ms of
parsing, plus ~20 ms to import PyYAML) come back from a ``marshal`` file in a millisecond.

A file is named by a key over the YAML text itself, this module's format, marshal's version and the installed
PyYAML (its file's size and time: an upgrade makes a new key), so a stale file is never read. Data marshal cannot
hold (a YAML date) is simply not cached. A cache file that cannot be read is parsed again and rewritten; a folder
that cannot be written only means parsing in every process. The folder is ``yaml/`` under the cache folder
(agents/nlu/cache_file.py, which reads and writes the files, as it does the classifiers')."""

from __future__ import annotations

import hashlib
import importlib.util
import marshal
import os
from functools import cache
from pathlib import Path

from agents.nlu.cache_file import cache_root, cached

FORMAT = 1  # bump when what is stored changes
KEEP = 64  # files kept, newest first (every shipped YAML file the offline model reads is about 20)


def cache_dir() -> Path:
    return cache_root() / "yaml"


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

    def parse() -> tuple[object, bytes | None]:
        data = _parse(text)
        try:
            return data, marshal.dumps(data)  # type: ignore[arg-type]  # YAML's plain data
        except ValueError:  # a type marshal does not hold (a date): parsed each time
            return data, None

    return cached(cache_dir() / f"{key}.marshal", marshal.loads, parse, "YAML", KEEP)
