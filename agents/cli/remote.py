"""A command sent through the running app's HTTP API (issue 32): the app holds the DuckDB file, so instead of
failing with ``database_locked`` the CLI finds the app's runtime file next to the database and posts the
command as typed to ``/api/v1/operator/cli``, then writes what the app streams back. Only the standard library
(http.client): the CLI's start-up stays light (tests/test_cli_startup.py)."""

from __future__ import annotations

import argparse
import base64
import http.client
import json
import os
from typing import TextIO
from urllib.parse import urlsplit

from agents.cli.relay import needs_stdin
from agents.cli.texts import lang_from, shown
from agents.core import inputs, server_file
from agents.core.errors import DatabaseLocked, PlaygroundError
from agents.core.messages import Lang, say
from agents.core.store import default_target

PATH = "/api/v1/operator/cli"  # agents/http/operator.py, not imported: it loads FastAPI
CONNECT_SECONDS = 5.0  # loopback: a server that does not answer in this long is not one


def notice(url: str, lang: Lang | None = None) -> str:
    return shown(say("cli_relay_notice", url=url), lang) + "\n"


def send(argv: list[str], args: argparse.Namespace, locked: DatabaseLocked, out: TextIO, err: TextIO) -> int:
    """The command's exit status as the app ran it; ``locked`` again when no live app of ours holds the file."""
    info = server_file.read(default_target())
    if info is None:  # no runtime file, or a dead server's: the lock is another process's
        raise locked
    if info.mode != "local":
        raise PlaygroundError(say("cli_relay_shared", locked_ko=locked.text("ko"), locked_en=locked.text("en"),
                                  url=info.url), code=locked.code)
    if getattr(args, "lang", None) and lang_from(argv, {}) is None:  # the app runs it in this terminal's language
        argv = ["--lang", args.lang, *argv]
    body = {"argv": argv, "cwd": os.getcwd(), "tty": _isatty(out)}
    data = args.stdin.taken()
    if data is None and needs_stdin(args) and not args.stdin.isatty():
        data = inputs.read_bounded(args.stdin.buffer, "stdin", "stdin")
    if data is not None:
        body["stdin"] = base64.b64encode(data).decode("ascii")
    parts = urlsplit(info.url)
    connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port or 80, timeout=CONNECT_SECONDS)
    try:
        try:
            connection.request("POST", PATH, body=json.dumps(body, ensure_ascii=False).encode("utf-8"),
                               headers={"Authorization": f"Bearer {info.token}", "Content-Type": "application/json"})
            response = connection.getresponse()
        except (OSError, http.client.HTTPException):
            raise locked from None  # the URL does not answer: a stale file, the lock is someone else's
        if response.status != 200:
            raise _refusal(info.url, response.status, response.read(64 * 1024))
        err.write(notice(info.url, getattr(args, "lang", None)))
        err.flush()
        if connection.sock is not None:
            connection.sock.settimeout(None)  # an eval run may be quiet for long; the app ends every stream
        return _relay(response, out, err)
    finally:
        connection.close()


def _relay(response: http.client.HTTPResponse, out: TextIO, err: TextIO) -> int:
    for line in response:
        frame = json.loads(line)
        if "out" in frame:
            out.write(frame["out"])
            out.flush()
        elif "err" in frame:
            err.write(frame["err"])
            err.flush()
        elif "exit" in frame:
            return int(frame["exit"])
    raise PlaygroundError(say("cli_relay_gone"), code="server_gone")


def _refusal(url: str, status: int, raw: bytes) -> PlaygroundError:
    try:
        error = json.loads(raw)["error"]
        code, message = str(error["code"]), str(error["message"])
    except (ValueError, KeyError, TypeError):
        code, message = "server_error", f"HTTP {status}"
    return PlaygroundError(say("cli_relay_refused", url=url, message=message), code=code)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
