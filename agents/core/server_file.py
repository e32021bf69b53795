"""The running server's runtime file, next to its DuckDB file (issue 32): its URL, pid, mode and a fresh
operator token, so a CLI that finds the file locked can send its command through the server's HTTP API.

Mode 0600 and owned by the server's user: only that user (who could open the database file anyway) reads
the token. A file left by a dead server, or one another user could have planted or read, is never used."""

from __future__ import annotations

import json
import os
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path

SUFFIX = ".server.json"
MAX_BYTES = 4096  # a runtime file is a few hundred bytes; anything bigger was not written by a server


@dataclass(frozen=True)
class ServerInfo:
    url: str
    token: str
    pid: int
    mode: str


def path_for(db_path: str | Path) -> Path:
    db = Path(db_path)
    return db.with_name(db.name + SUFFIX)


def new_token() -> str:
    return "pgop_" + secrets.token_urlsafe(32)


def write(db_path: str | Path, url: str, token: str, mode: str) -> Path:
    """Written whole under a temporary name (created 0600, never readable by others), then renamed over any
    stale file: the server holds the database's lock, so a file already there belongs to a dead server."""
    target = path_for(db_path)
    temp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    temp.unlink(missing_ok=True)
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump({"url": url, "token": token, "pid": os.getpid(), "mode": mode}, handle)
    os.replace(temp, target)
    return target


def remove(db_path: str | Path, token: str) -> None:
    """Removed on a clean stop, only while it is still this server's (same token)."""
    found = _load(path_for(db_path))
    if found is not None and secrets.compare_digest(found.token, token):
        path_for(db_path).unlink(missing_ok=True)


def read(db_path: str | Path) -> ServerInfo | None:
    """The live server's info, or None: no file, not ours or readable by others, unreadable, or its pid dead."""
    found = _load(path_for(db_path))
    if found is None or not pid_alive(found.pid):
        return None
    return found


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, but another user's: not a server of ours
        return False
    return True


def _load(path: Path) -> ServerInfo | None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
            return None  # planted by another user, or its token was readable by others
        raw = os.read(fd, MAX_BYTES + 1)
    finally:
        os.close(fd)
    try:
        data = json.loads(raw.decode("utf-8")) if len(raw) <= MAX_BYTES else None
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    if not isinstance(data, dict):
        return None
    url, token, pid, mode = data.get("url"), data.get("token"), data.get("pid"), data.get("mode")
    if not (isinstance(url, str) and url.startswith("http://") and isinstance(token, str) and token
            and isinstance(pid, int) and pid > 0 and isinstance(mode, str)):
        return None
    return ServerInfo(url, token, pid, mode)
