"""Fitted classifiers kept on disk, so a process loads one in milliseconds instead of importing
scikit-learn and fitting (seconds of CPU) at start. A file is named by a key over everything the fit
depends on: the training examples, the normaliser's code, the Unicode tables, the featurisation and
model settings and scikit-learn's version. Any change makes a new key, so a stale file is never read:
it is fitted again and written beside the old one.

Where: ``PLAYGROUND_CACHE_DIR``, else ``$XDG_CACHE_HOME/agent-playground``, else ``~/.cache/agent-playground``
(a folder of its own, not beside the database: one cache serves every database, and the files are rebuilt
whenever they are missing, so nothing is committed). A folder that cannot be written only means fitting
in every process."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib import metadata
from pathlib import Path

from agents.nlu import text as text_module
from agents.nlu.linear import PARAMS, LinearModel, fit

log = logging.getLogger(__name__)
FORMAT = 1  # bump when the file layout or the scoring changes
KEEP = 32  # files kept in the folder, newest first; older ones (other training data) are removed


def cache_dir() -> Path:
    env = os.environ.get("PLAYGROUND_CACHE_DIR")
    if env:
        return Path(env).expanduser() / "classifiers"
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "agent-playground" / "classifiers"


@cache
def _environment() -> str:
    try:
        sklearn = metadata.version("scikit-learn")
    except metadata.PackageNotFoundError:
        sklearn = "absent"
    normaliser = hashlib.sha256(Path(text_module.__file__).read_bytes()).hexdigest()
    return json.dumps([FORMAT, PARAMS, sklearn, unicodedata.unidata_version, normaliser])


def cache_key(examples: Mapping[str, Sequence[str]]) -> str:
    data = json.dumps([_environment(), sorted((k, list(v)) for k, v in examples.items())], ensure_ascii=False)
    return hashlib.sha256(data.encode()).hexdigest()[:32]


def load_or_fit(examples: Mapping[str, Sequence[str]], training_set: Callable[[], tuple[list[str], list[str]]],
                name: str = "classifier") -> LinearModel:
    """The model for ``examples`` from the cache, or fitted on ``training_set()`` (their normalised texts and
    labels: only computed on a miss) and written to the cache."""
    key = cache_key(examples)
    path = cache_dir() / f"{name}-{key}.bin"
    try:
        return LinearModel.from_bytes(path.read_bytes(), key)
    except FileNotFoundError:
        pass
    except (OSError, ValueError, KeyError, TypeError) as exc:  # unreadable, cut short, foreign: fit again
        log.warning("ignoring classifier cache %s (%s)", path, exc)
    model = fit(*training_set())
    _write(path, model.to_bytes(key))
    return model


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
        _prune(path.parent)
    except OSError as exc:
        log.info("classifier cache not written to %s (%s); the model is fitted in each process", path, exc)


def _prune(folder: Path) -> None:
    files = sorted(folder.glob("*.bin"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in files[KEEP:]:
        old.unlink(missing_ok=True)
