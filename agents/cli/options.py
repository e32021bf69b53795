"""Option types of the CLI's parser that check a value by its name (``--port``, ``--host``, ``--limit``)."""

from __future__ import annotations

import argparse
import ipaddress
import re
import socket
from collections.abc import Callable


def bounded(name: str, low: int, high: int) -> Callable[[str], int]:
    def parse(raw: str) -> int:
        try:
            value = int(raw)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number from {low} to {high}, not {raw!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{name} must be from {low} to {high}, not {value}")
        return value

    return parse


_HOST_NAME = re.compile(r"(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}"
                        r"[A-Za-z0-9])?)*")


def host_name(raw: str) -> str:
    try:
        address = ipaddress.ip_address(raw)
    except ValueError:
        if not _HOST_NAME.fullmatch(raw):
            raise argparse.ArgumentTypeError(f"--host must be an IP address or a host name, not {raw!r}") from None
        return raw
    scope = getattr(address, "scope_id", None)  # fe80::1%eth0: the zone must be an interface of this machine
    if scope and scope not in {name for _, name in socket.if_nameindex()} and not scope.isdigit():
        raise argparse.ArgumentTypeError(f"--host {raw!r} names no network interface of this machine ({scope!r})")
    return raw
