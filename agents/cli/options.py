"""Option types of the CLI's parser that check a value by its name (``--port``, ``--host``, ``--limit``), and the
check of every parsed value before a command runs."""

from __future__ import annotations

import argparse
import ipaddress
import re
import socket
from collections.abc import Callable

from agents.cli.texts import CLI_MESSAGES  # noqa: F401 -- registers the words said below
from agents.core import inputs
from agents.core.messages import say


def bounded(name: str, low: int, high: int) -> Callable[[str], int]:
    def parse(raw: str) -> int:
        try:
            value = int(raw)
        except ValueError:
            raise argparse.ArgumentTypeError(say("cli_not_whole", name=name, low=low, high=high, raw=raw)) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(say("cli_out_of_range", name=name, low=low, high=high, value=value))
        return value

    return parse


_HOST_NAME = re.compile(r"(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}"
                        r"[A-Za-z0-9])?)*")


def host_name(raw: str) -> str:
    try:
        address = ipaddress.ip_address(raw)
    except ValueError:
        if not _HOST_NAME.fullmatch(raw):
            raise argparse.ArgumentTypeError(say("cli_bad_host", raw=raw)) from None
        return raw
    scope = getattr(address, "scope_id", None)  # fe80::1%eth0: the zone must be an interface of this machine
    if scope and scope not in {name for _, name in socket.if_nameindex()} and not scope.isdigit():
        raise argparse.ArgumentTypeError(say("cli_bad_zone", raw=raw, scope=scope))
    return raw


def _option_names(parser: argparse.ArgumentParser) -> dict[str, str]:
    """Each parsed value's name as a person typed it (``--conversation``, ``message``), over all subcommands."""
    names: dict[str, str] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                names.update(_option_names(child))
        elif action.option_strings:
            names[action.dest] = max(action.option_strings, key=len)
        else:
            names.setdefault(action.dest, action.dest)
    return names


def check_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """An argument that is not valid UTF-8 reaches Python as lone surrogates, which no store, SDK or
    file can take: refuse it here, by the option's name, before anything runs."""
    names = _option_names(parser)
    for dest, value in vars(args).items():
        for item in value if isinstance(value, list) else [value]:  # nargs="*" gives a list
            if isinstance(item, str):
                inputs.text(item, names.get(dest, dest))
    if hasattr(args, "user") or getattr(args, "owner", None) is not None:
        from agents.core.session import check_user_id
    if hasattr(args, "user"):
        check_user_id(args.user)
    if getattr(args, "owner", None) is not None:  # the Lab's --user filter
        check_user_id(args.owner)
