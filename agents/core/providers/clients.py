"""SDK clients kept per process, keyed by everything that configures them.

Building an OpenAI or Gemini client loads TLS certificates and sets up a connection pool:
~30 ms, paid on every HTTP request that opens a Session. The clients are thread-safe and
hold no per-conversation state, so one per (key, endpoint, limits) is reused; the key is
part of the cache key, so no caller ever gets a client built with someone else's key.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Hashable
from typing import TypeVar

from cachetools import LRUCache

T = TypeVar("T")

_clients: LRUCache[tuple[Hashable, ...], object] = LRUCache(maxsize=64)
_lock = threading.Lock()


def cached_client(factory: Callable[[], T], kind: str, api_key: str, *settings: Hashable) -> T:
    # A digest, so a key pasted in the UI is not kept as a dict key beyond its client's life.
    key = (kind, hashlib.sha256(api_key.encode()).hexdigest(), *settings)
    with _lock:
        client = _clients.get(key)
        if client is None:
            client = _clients[key] = factory()
    return client  # type: ignore[return-value]
