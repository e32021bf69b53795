"""Fitted classifiers kept on disk, so a process loads one in milliseconds instead of importing
scikit-learn and fitting (seconds of CPU) at start. A file is named by a key over everything the fit
depends on: the training examples, the normaliser's code, the Unicode tables, the featurisation and
model settings and scikit-learn's version. Any change makes a new key, so a stale file is never read:
it is fitted again and written beside the old one.

Where: ``classifiers/`` under the cache folder (agents/nlu/cache_file.py, which reads and writes the files). A
folder that cannot be written only means fitting in every process."""

from __future__ import annotations

import hashlib
import json
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib import metadata
from pathlib import Path

from agents.nlu import text as text_module
from agents.nlu.cache_file import cache_root, cached
from agents.nlu.linear import PARAMS, LinearModel, fit

FORMAT = 1  # bump when the file layout or the scoring changes
KEEP = 32  # files kept in the folder, newest first; older ones (other training data) are removed


def cache_dir() -> Path:
    return cache_root() / "classifiers"


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

    def fitted() -> tuple[LinearModel, bytes]:
        model = fit(*training_set())
        return model, model.to_bytes(key)

    return cached(cache_dir() / f"{name}-{key}.bin", lambda data: LinearModel.from_bytes(data, key), fitted,
                  "classifier", KEEP)
