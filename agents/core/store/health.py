"""Is the database file still the one we opened, and can the disk take the write?

DuckDB goes on writing through its open file handle after the file is deleted or replaced: each
commit then lands in a file nobody will open again, and a restart silently loses it. So the store
remembers the file's identity (st_dev, st_ino) at open, checks it before and after each write
transaction (one ``os.stat``, a few µs) and once a second on a watcher thread, and on a mismatch
stops for good: every later call raises ``StorageUnavailable`` until the app is restarted.

DuckDB's own I/O errors are sorted here too: a full disk is ``StorageFull`` (this write was not
made, earlier commits are intact); an error about the file itself (a truncated block, a failed
write, an engine invalidated by a fatal error) is ``StorageUnavailable``. Their messages never name
the server's path: people see them. The operator's log line (critical) does.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import threading
import time
import weakref

import duckdb

from agents.core.errors import PlaygroundError, StorageFull, StorageUnavailable
from agents.core.messages import one, say

log = logging.getLogger(__name__)

WATCH_SECONDS = 1.0  # how often the watcher thread looks at every open file
FULL_LOG_SECONDS = 60.0  # a full disk is logged (critical) at most this often, not once per refused write
_FULL_MARKERS = ("no space left on device", "disk quota exceeded", "not enough space on the disk")
_FULL_ERRNOS = (errno.ENOSPC, errno.EDQUOT)

_REASONS = ("deleted", "replaced", "unreadable", "invalidated")  # each a catalogue entry db_gone_<reason>


def unavailable_message(reason: str) -> str:
    what = f"db_gone_{reason if reason in _REASONS else 'unreadable'}"
    return say("db_unavailable", what_ko=one(what, "ko"), what_en=one(what, "en"))


def full_message(restart: bool = False) -> str:
    return say("disk_full_stopped" if restart else "disk_full")


def is_disk_full(exc: BaseException) -> bool:
    if isinstance(exc, OSError) and exc.errno in _FULL_ERRNOS:
        return True
    text = str(exc).lower()
    return any(marker in text for marker in _FULL_MARKERS)


class FileWatch:
    """One open database file: its identity at open, and whether it is still usable."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.enabled = path != ":memory:" and not path.startswith(":memory:")
        # Absolute: a later chdir must not read as a deleted file.
        self.absolute = os.path.abspath(path) if self.enabled else path
        self.identity = _identity(self.absolute) if self.enabled else None
        self.wal = self.absolute + ".wal"
        self.wal_identity: tuple[int, int] | None = None  # our WAL as last seen after a commit
        self.problem: str | None = None  # set once, never cleared: a restart is the way back
        self.detail = ""
        self.loud = False  # log.critical once the store is in service (not while it is still being opened)
        self.closed = False
        self._full_logged = -FULL_LOG_SECONDS  # monotonic time of the last disk-full log line
        self._lock = threading.Lock()

    # --- the file ----------------------------------------------------------------------------------------

    def check(self, *, committed: bool = False) -> None:
        """Raise StorageUnavailable unless the path still holds the file that was opened. After a commit
        (``committed``) the WAL it went to is remembered too, so closing never removes another file's."""
        if self.problem is not None:
            raise self.error()
        if self.identity is None:
            return
        try:
            st = os.stat(self.absolute)
        except FileNotFoundError:
            raise self.fail("deleted", "the file is gone") from None
        except OSError as exc:
            raise self.fail("unreadable", f"stat failed: {exc.strerror}") from None
        if (st.st_dev, st.st_ino) != self.identity:
            raise self.fail("replaced", f"inode {self.identity} became {(st.st_dev, st.st_ino)}")
        if committed:
            self.wal_identity = _identity(self.wal) or self.wal_identity

    def may_checkpoint(self) -> bool:
        """Whether closing may checkpoint: DuckDB then writes the file it holds open and removes the WAL
        *by path*. Fine while all is well; after a delete or a replace only if that WAL is still ours (a
        stale one would stop the restored file from opening: "WAL does not match database file"); never
        into a file that became unreadable."""
        if self.problem is None:
            return True
        if self.problem not in ("deleted", "replaced"):
            return False
        current = _identity(self.wal)
        return current is None or current == self.wal_identity

    def error(self) -> PlaygroundError:
        if self.problem == "full":
            return StorageFull(full_message(restart=True), retryable=False)
        return StorageUnavailable(unavailable_message(self.problem or "unreadable"))

    def fail(self, reason: str, detail: str) -> PlaygroundError:
        """Stop the store for good (first reason wins) and say so loudly."""
        with self._lock:
            if self.problem is None and not self.closed:
                self.problem, self.detail = reason, detail
                if self.loud:
                    log.critical("DATABASE FILE %s: %s (%s). The store refuses every read and write from now on; "
                                 "restore the file (or point PLAYGROUND_DB elsewhere) and restart the app.",
                                 self.path, reason.upper(), detail)
        return self.error() if self.problem is not None else StorageUnavailable(unavailable_message(reason))

    # --- DuckDB's errors ---------------------------------------------------------------------------------

    def classify(self, exc: BaseException) -> PlaygroundError | None:
        """The storage error ``exc`` means, or None when it is not about the storage (a constraint, a
        write-write conflict, a bug): those go on as they are."""
        if not isinstance(exc, duckdb.Error | OSError):
            return None
        text = str(exc)
        invalidated = isinstance(exc, duckdb.FatalException) or "has been invalidated" in text
        if is_disk_full(exc):
            if invalidated:  # a checkpoint failed for lack of space: DuckDB serves nothing until a restart
                return self.fail("full", text[:300])
            self._note_full(text)
            return StorageFull(full_message())
        if invalidated:
            return self.fail("invalidated", text[:300])
        if self.enabled and (self.path in text or self.absolute in text):  # about our own file (or its .wal)
            return self.fail("unreadable", text[:300])
        return None

    def _note_full(self, text: str) -> None:
        now = time.monotonic()
        with self._lock:
            due = now - self._full_logged >= FULL_LOG_SECONDS
            if due:
                self._full_logged = now
        if due and self.loud:
            log.critical("DISK FULL under the database file %s: writes are refused with storage_full until space is "
                         "freed (%s)", self.path, text[:200])


def _identity(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def truncated(db_path: str, block_size: int | None, used_blocks: int | None) -> bool:
    """DuckDB's header counts the blocks in use; a file shorter than those blocks was cut off (a copy
    that stopped half-way, a disk that filled up during a copy). Free blocks are not counted: a
    checkpoint cuts those at the file's end off, and the file is whole."""
    if not block_size or not used_blocks:
        return False
    try:
        return os.path.getsize(db_path) < block_size * used_blocks
    except OSError:
        return False


# --- the watcher thread: one for the process, over every open file -----------------------------------------

_watched: weakref.WeakSet[FileWatch] = weakref.WeakSet()
_watcher: threading.Thread | None = None
_watcher_lock = threading.Lock()


def watch(file: FileWatch) -> None:
    """Check ``file`` every WATCH_SECONDS until it is closed, so a deleted file is noticed (and logged)
    even while nobody writes."""
    global _watcher
    if not file.enabled:
        return
    file.loud = True
    with _watcher_lock:
        _watched.add(file)
        if _watcher is None:
            _watcher = threading.Thread(target=_watch_loop, name="db-file-watch", daemon=True)
            _watcher.start()


def scrub(text: str) -> str:
    """``text`` without the path of any open database file: answers go to people, not to the operator. The
    storage errors above never hold it; this catches any other message that quotes an exception."""
    with _watcher_lock:
        # (a bare relative name such as "db" would also match ordinary words: only paths with a folder)
        paths = sorted({p for file in _watched for p in (file.absolute, file.path) if os.sep in p}, key=len,
                       reverse=True)
    for path in paths:
        if path in text:
            text = text.replace(path, "(the server's database file)")
    return text


def unwatch(file: FileWatch) -> None:
    with file._lock:
        file.closed = True
    with _watcher_lock:
        _watched.discard(file)


def _watch_loop() -> None:
    while True:
        time.sleep(WATCH_SECONDS)
        with _watcher_lock:
            files = list(_watched)
        for file in files:
            if file.problem is None and not file.closed:
                with contextlib.suppress(PlaygroundError):  # logged by fail(); every caller now gets the error
                    file.check()
