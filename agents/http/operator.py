"""``POST /api/v1/operator/cli``: a ``playground`` command run inside this server (issue 32).

DuckDB lets one process hold the file, so while the app runs the CLI cannot open it; it sends its command
here instead, with the operator token the server wrote to its runtime file (``agents/core/server_file.py``,
mode 0600). The command runs through the CLI's own code, so its output is the direct path's, byte for byte,
streamed back as JSON lines: ``{"out": text}``, ``{"err": text}``, then one ``{"exit": status}``.

Local mode only: the token is the operator of a loopback server for one person. In shared mode the route
refuses every caller (403), a valid user token included: no token there acts as another user.
"""

# No `from __future__ import annotations`: FastAPI must resolve the local `Who` alias at runtime.

import base64
import binascii
import io
import json
import logging
import os
import queue
import secrets
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Annotated, TextIO, cast

from fastapi import APIRouter, Depends, Request
from fastapi.responses import StreamingResponse
from pydantic import Field, StrictBool

from agents.core.errors import AuthError, Forbidden
from agents.core.inputs import MAX_READ_BYTES, InvalidInput
from agents.core.messages import say
from agents.http.auth import Caller
from agents.http.body_limit import document_route
from agents.http.errors import COMMON, documented
from agents.http.models import Text, _Body
from agents.http.texts import HTTP_MESSAGES  # noqa: F401 -- registers the words said here

log = logging.getLogger(__name__)
PATH = "/api/v1/operator/cli"
MAX_ARGS = 200
MAX_ARG_CHARS = 100_000


@dataclass(frozen=True)
class Operator:
    """The server's operator token, and the CLI's runner: (argv, out, err, stdin, cwd) -> exit status."""

    token: str
    run: Callable[[list[str], TextIO, TextIO, TextIO, str], int]


class CliBody(_Body):
    argv: list[Annotated[Text, Field(max_length=MAX_ARG_CHARS)]] = Field(..., min_length=1, max_length=MAX_ARGS)
    cwd: Annotated[Text, Field(min_length=1, max_length=4096)] = Field(
        ..., description="the caller's working directory, which relative paths in argv are read against")
    stdin: Annotated[Text, Field(max_length=(MAX_READ_BYTES + 2) // 3 * 4)] | None = Field(
        None, description="standard input the command reads, base64")
    tty: StrictBool = Field(False, description="whether the caller's standard output is a terminal")


class _Pipe(io.TextIOBase):
    """A text stream whose writes go to the response as they are made (a chat's events one by one)."""

    def __init__(self, sink: "queue.Queue[tuple[str, str | int]]", kind: str, tty: bool) -> None:
        self._sink, self._kind, self._tty = sink, kind, tty

    def write(self, text: str) -> int:
        if text:
            self._sink.put((self._kind, text))
        return len(text)

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self._tty


class _Stdin(io.TextIOWrapper):
    """The caller's standard input as the command reads it: what the caller sent; none sent is a terminal's
    (the caller sends its stdin whenever the command reads it and it is not a terminal)."""

    def __init__(self, data: bytes | None) -> None:
        super().__init__(io.BytesIO(data or b""), encoding="utf-8")
        self._tty = data is None

    def isatty(self) -> bool:
        return self._tty


def _lines(operator: Operator, body: CliBody, data: bytes | None) -> Iterator[bytes]:
    sink: queue.Queue[tuple[str, str | int]] = queue.Queue()  # ("out" | "err", text) or ("exit", status)

    def work() -> None:
        status = 1
        try:
            # The pipes do what a command does with its streams (write, flush, isatty), not the rest of TextIO.
            out, err = cast(TextIO, _Pipe(sink, "out", body.tty)), cast(TextIO, _Pipe(sink, "err", body.tty))
            status = operator.run(list(body.argv), out, err, _Stdin(data), body.cwd)
        except Exception:  # a bug in a command: said in one line, logged (redacted) for the operator
            log.exception("operator command failed")
            sink.put(("err", f"error (internal_error): {say('http_operator_failed')}\n"))
        finally:
            sink.put(("exit", status))

    threading.Thread(target=work, name="operator-cli", daemon=True).start()
    while True:
        kind, value = sink.get()
        yield json.dumps({kind: value}, ensure_ascii=False).encode("utf-8") + b"\n"
        if kind == "exit":
            return


_200 = {"description": "The command's output as JSON lines: `{\"out\": text}` and `{\"err\": text}` as it writes "
                       "them, then one `{\"exit\": status}` (0 done, 1 failed, 2 refused).",
        "content": {"application/x-ndjson": {"schema": {"type": "string"},
                                             "example": '{"out": "No API tokens for user demo.\\n"}\n{"exit": 0}\n'}}}


def operator_routes(caller: Callable[..., Caller], operator: Operator | None) -> APIRouter:
    router = APIRouter(tags=["operator"])
    Who = Annotated[Caller, Depends(caller)]

    @router.post(PATH, summary="Run a playground CLI command in this server (local mode, operator token)",
                 response_class=StreamingResponse, responses={200: _200, **documented(*COMMON, stream=True)},
                 openapi_extra=document_route(PATH))
    def run_cli(who: Who, request: Request, body: CliBody) -> StreamingResponse:
        if who.mode != "local" or operator is None:
            raise Forbidden(say("http_operator_local_only"))
        scheme, _, given = (request.headers.get("authorization") or "").partition(" ")
        if scheme.lower() != "bearer" or not secrets.compare_digest(given.strip().encode(), operator.token.encode()):
            raise AuthError(say("http_operator_bad_token"))
        if not os.path.isabs(body.cwd) or not os.path.isdir(body.cwd):
            raise InvalidInput("cwd", say("http_operator_bad_cwd", cwd=body.cwd[:200]))
        data = None
        if body.stdin is not None:
            try:
                data = base64.b64decode(body.stdin, validate=True)
            except (binascii.Error, ValueError):
                raise InvalidInput("stdin", say("http_operator_bad_stdin")) from None
        return StreamingResponse(_lines(operator, body, data), media_type="application/x-ndjson")

    return router
