"""What a CLI command needs to run inside a running server (issue 32), kept light: the commands that may be
sent, the parser that reports instead of exiting the server, the paths read against the caller's folder, and
a standard input that remembers what the command already read of it."""

from __future__ import annotations

import argparse
import io
import os
from typing import BinaryIO, NoReturn, TextIO

from agents.cli.argparse_texts import translated

# The commands that open the store; `agents`, `nlu-report` and `schema` never do, and `serve` is the server.
RELAYED = frozenset({"chat", "actions", "conversations", "alerts", "tokens", "eval", "traces", "prompts", "compare", "review",
                     "metrics", "export"})

# The options that name a file or folder, per command (and eval's subcommand): read against the caller's folder.
PATH_OPTIONS: dict[tuple[str, ...], tuple[str, ...]] = {
    ("chat",): ("file",), ("prompts",): ("file",), ("export",): ("out",),
    ("eval", "run"): ("target", "junit", "baseline"), ("eval", "export"): ("output",),
    ("eval", "save-case"): ("suite",), ("eval", "baseline"): ("file",),
}


class ParserStop(Exception):
    """What argparse would have printed before exiting: the server must not exit."""

    def __init__(self, status: int, text: str, stream: str = "err") -> None:
        super().__init__(text)
        self.status, self.text, self.stream = status, text, stream


class RelayParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # raised instead of exiting
        line = translated("%(prog)s: error: %(message)s\n") % {"prog": self.prog, "message": message}
        raise ParserStop(2, self.format_usage() + line)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        raise ParserStop(status, message or "")

    def print_help(self, file: object = None) -> None:  # the text goes back to the caller, never to a file
        raise ParserStop(0, self.format_help(), "out")

    def print_usage(self, file: object = None) -> None:
        raise ParserStop(0, self.format_usage(), "out")


def command_key(args: argparse.Namespace) -> tuple[str, ...]:
    sub = getattr(args, "eval_command", None)
    return (args.command, sub) if args.command == "eval" and sub else (args.command,)


def absolute_paths(args: argparse.Namespace, cwd: str) -> None:
    """Each path option the command was given, read against the folder the caller ran it in."""
    for dest in PATH_OPTIONS.get(command_key(args), ()):
        value = getattr(args, dest, None)
        if isinstance(value, str) and value and value != "-":
            setattr(args, dest, os.path.join(cwd, os.path.expanduser(value)))


def needs_stdin(args: argparse.Namespace) -> bool:
    """Whether the command reads its standard input: a chat's ``-``, a prompt version given by a pipe."""
    if args.command == "chat":
        return bool(args.message == "-")
    if args.command == "prompts" and args.action == "create":
        return not args.file and args.text is None and args.version is None
    return False


class _Recorded(io.RawIOBase):
    def __init__(self, inner: BinaryIO) -> None:
        self.inner, self.taken = inner, bytearray()

    def read(self, size: int = -1) -> bytes:
        data = self.inner.read(size)
        self.taken += data
        return data

    def readable(self) -> bool:
        return True


class RecordingStdin:
    """Standard input for a command: what it read is kept, so a command sent on to a running server sends the
    same bytes (a chat reads its ``-`` message before it finds the database locked)."""

    def __init__(self, inner: TextIO) -> None:
        self._inner = inner
        self._buffer: _Recorded | None = None

    @property
    def buffer(self) -> _Recorded:
        if self._buffer is None:
            self._buffer = _Recorded(self._inner.buffer)
        return self._buffer

    def isatty(self) -> bool:
        return self._inner.isatty()

    def taken(self) -> bytes | None:
        return bytes(self._buffer.taken) if self._buffer is not None else None
