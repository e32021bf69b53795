"""``playground review list|label|save-case|dismiss``: the review queue (issue 31) from the terminal, one user's
👎 turns and failed eval cases (``agents/services/review.py``)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import TextIO

from agents.cli.texts import CLI_MESSAGES  # noqa: F401 -- registers the words said here
from agents.core.errors import PlaygroundError
from agents.core.messages import say


def cmd_review(args: argparse.Namespace, out: TextIO) -> int:
    from agents.core.clock import system_clock
    from agents.core.session import runtime_store
    from agents.services import review

    store = runtime_store()
    if args.action == "list":
        items = review.list_items(store, args.user, status=args.status, source=args.source, limit=args.limit)
        for item in items:
            if args.json:
                out.write(item.model_dump_json() + "\n")
                continue
            label = f" {item.label}" + (f"@{item.wrong_step}" if item.wrong_step else "") if item.label else ""
            out.write(f"{item.id}  {item.status:<9} {item.source:<8} {item.agent:<10} {item.title[:60]}"
                      f"{label}\n    {item.detail[:100]}\n")
        if not items and not args.json:
            out.write(f"No {'open ' if args.status == 'open' else ''}review items for user {args.user}.\n")
        return 0
    if not args.id:
        raise PlaygroundError(say("cli_review_needs_id", action=args.action), code="missing_id")
    now = system_clock()
    if args.action == "label":
        if args.label is None:
            raise PlaygroundError(say("cli_review_needs_label"), code="missing_label")
        item = review.label(store, args.user, args.id, args.label, now, wrong_step=args.step, note=args.note)
        return _done(out, args.json, item.model_dump(mode="json"), f"{item.id}: {item.status} ({item.label})")
    if args.action == "save-case":
        item, suite, cases = review.save_case(store, args.user, args.id, now, suite=args.suite, name=args.name)
        return _done(out, args.json, {"item": item.model_dump(mode="json"), "suite": suite, "cases": cases},
                     f"{item.id}: saved as {item.saved_case!r} in suite {suite} ({cases} cases)")
    item = review.dismiss(store, args.user, args.id, now)
    return _done(out, args.json, item.model_dump(mode="json"), f"{item.id}: dismissed")


def _done(out: TextIO, as_json: bool, data: dict[str, object], line: str) -> int:
    out.write((json.dumps(data, ensure_ascii=False) if as_json else line) + "\n")
    return 0


def add_review_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser,
                        bounded: Callable[[str, int, int], Callable[[str], int]]) -> None:
    parser = sub.add_parser("review", parents=[common],
                            help="the review queue: your 👎 turns and failed eval cases to label, save or dismiss")
    parser.add_argument("action", choices=["list", "label", "save-case", "dismiss"])
    parser.add_argument("id", nargs="?", help="the item id from `review list` (fb-… or ev-…)")
    parser.add_argument("--status", choices=["open", "all"], default="open", help="list: open (default) or all")
    parser.add_argument("--source", choices=["feedback", "eval"], help="list: only 👎 turns or only failed cases")
    parser.add_argument("--limit", type=bounded("--limit", 1, 500), default=100, help="list: 1-500 (default 100)")
    parser.add_argument("--label", help="label: correct or incorrect")
    parser.add_argument("--step", type=bounded("--step", 1, 10_000), help="label: which step went wrong, from 1")
    parser.add_argument("--note", help="label: a note")
    parser.add_argument("--suite", help="save-case: one of your suites, created when new (default <agent>-review)")
    parser.add_argument("--name", help="save-case: the case's name")
    parser.set_defaults(func=cmd_review)
