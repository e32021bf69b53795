"""`playground db copy --from SRC --to DST`: move a store between DuckDB and PostgreSQL (issue 32)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TextIO

from agents.cli.texts import CLI_MESSAGES  # noqa: F401 -- registers the words said here
from agents.core.errors import PlaygroundError
from agents.core.messages import say


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    db = sub.add_parser("db", help="copy the whole store between a DuckDB file and PostgreSQL")
    db.add_argument("action", choices=["copy"])
    db.add_argument("--from", dest="source", required=True, help="duckdb:PATH, a .duckdb path or postgresql://…")
    db.add_argument("--to", dest="target", required=True, help="duckdb:PATH, a .duckdb path or postgresql://…")
    db.add_argument("--replace", action="store_true", help="overwrite a target that already holds conversations")
    db.add_argument("--json", action="store_true", help="print one JSON object")
    db.set_defaults(func=cmd_db)


def _target(raw: str, name: str) -> str:
    value = raw.strip().removeprefix("duckdb:")
    if not value:
        raise PlaygroundError(say("cli_db_empty", name=name), code="bad_argument")
    return value


def cmd_db(args: argparse.Namespace, out: TextIO) -> int:
    from agents.core.agent import all_migrations
    from agents.core.store import open_store
    from agents.core.store.copy import copy_store
    from agents.core.store.db import display_target, is_url

    source_name, target_name = _target(args.source, "--from"), _target(args.target, "--to")
    if source_name == target_name or (not is_url(source_name) and Path(source_name).resolve() == Path(target_name).resolve()):
        raise PlaygroundError(say("copy_same"), code="copy_refused")
    source = open_store(source_name, all_migrations())
    try:
        target = open_store(target_name, all_migrations())
        try:
            copied = copy_store(source, target, replace=args.replace)
        finally:
            target.close()
    finally:
        source.close()
    if args.json:
        out.write(json.dumps({"from": display_target(source_name), "to": display_target(target_name),
                              "rows": copied, "total": sum(copied.values())}) + "\n")
        return 0
    width = max(len(t) for t in copied) if copied else 0
    for table, rows in copied.items():
        out.write(f"{table:<{width}}  {rows:>10,}\n")
    out.write(f"copied {sum(copied.values()):,} rows in {len(copied)} tables from {display_target(source_name)} "
              f"to {display_target(target_name)}\n")
    return 0
