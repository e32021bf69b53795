"""The Lab from the terminal: ``playground traces|prompts|compare|metrics|export``.

The CLI runs on the server with the database file, so it acts as the operator: it sees everyone's
turns (``--user`` filters them) and may activate prompts. Exit 2 on a refused command.
"""

from __future__ import annotations

import argparse
import json
import shutil
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from agents.cli.lab_output import console as _console
from agents.cli.lab_output import dump as _dump
from agents.cli.lab_studio import _report, cmd_compare, cmd_prompts
from agents.cli.texts import CLI_MESSAGES  # noqa: F401 -- registers the words said here
from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.inputs import InvalidInput
from agents.core.messages import say

if TYPE_CHECKING:
    from rich.console import Console

    from agents.core.store.lab import TraceFilter
    from agents.services.lab import traces

# Each command imports what it runs, so that building the parser (`playground --help`, or a chat) loads
# neither the store nor the Lab. The parser's choices are kept here for the same reason;
# tests/test_cli_startup.py checks that they are the Lab's (agents/services/lab/metrics.py, export.py).
PERIODS = ("24h", "7d", "30d", "all")
EXPORT_KINDS = ("traces", "feedback", "votes")
EXPORT_FORMATS = ("csv", "jsonl", "parquet")
MAX_TRACE_PAGE = 200  # agents/services/lab/traces.py MAX_PAGE


def parse_since(raw: str | None, now: datetime, field: str = "--since") -> datetime | None:
    from agents.services.lab import traces

    return traces.parse_time(raw, now, field)


# The options that fill each TraceFilter field, to name the one at fault.
_FILTER_OPTIONS = {"owner": "--user", "agent": "--agent", "provider": "--provider", "model": "--model",
                   "prompt_version": "--prompt-version", "status": "--status", "feedback": "--feedback",
                   "since": "--since", "until": "--until", "text": "--search"}


def trace_filter(**values: object) -> TraceFilter:
    """A TraceFilter from command-line values; a value it refuses (e.g. a --search over 200 characters)
    is an InvalidInput naming the option."""
    from pydantic import ValidationError

    from agents.core.store.lab import TraceFilter

    try:
        return TraceFilter.model_validate(values)
    except ValidationError as exc:
        first = exc.errors()[0]
        option = _FILTER_OPTIONS.get(str(first["loc"][0]) if first["loc"] else "", "filter")
        raise InvalidInput(option, say("cli_bad_filter", option=option, error=first["msg"])) from None


def _filters(args: argparse.Namespace, now: datetime) -> TraceFilter:
    return trace_filter(owner=args.owner, agent=args.agent, provider=args.provider, model=args.model,
                        prompt_version=args.prompt_version, status=args.status, feedback=args.feedback,
                        since=parse_since(args.since, now), until=parse_since(args.until, now, "--until"),
                        text=args.search, origins=origins(args.origin))


ORIGINS = ("chat", "api", "compare", "eval")


def origins(text: str | None) -> list[str] | None:
    """``--origin chat,eval`` or ``all``; None: the Lab's default (chat and api)."""
    if text is None:
        return None
    items = [t.strip() for t in text.split(",") if t.strip()]
    if items == ["all"]:
        return list(ORIGINS)
    wrong = [t for t in items if t not in ORIGINS]
    if wrong or not items:
        raise InvalidInput("--origin", say("cli_bad_origin", origins=", ".join(ORIGINS), text=text))
    return items


def cmd_traces(args: argparse.Namespace, out: TextIO) -> int:
    from rich.table import Table

    from agents.core.session import runtime_store
    from agents.services.lab import figures, traces
    from agents.services.lab.access import LabUser
    from agents.view.lab import when as real_time

    store, who, now = runtime_store(), LabUser.cli(), system_clock()
    if args.action == "show":
        if not args.turn_id:
            raise PlaygroundError("`playground traces show` needs a turn id (see `playground traces list`).",
                                  code="missing_id")
        detail = traces.trace_detail(store, args.turn_id, who)
        if args.json:
            _dump(detail.model_dump(mode="json"), out)
        else:
            _print_detail(detail, _console(out))
        return 0
    page = traces.list_traces(store, who, _filters(args, now), limit=args.limit, before=args.before)
    if args.json:
        for row in page.rows:
            _dump(row, out)
        if page.next_cursor:
            _dump({"next_cursor": page.next_cursor}, out)
        return 0
    if not page.rows:
        out.write("No turns match.\n")
        return 0
    table = Table(show_lines=False, expand=False)
    for column in ("started (UTC)", "turn", "user", "agent", "provider/model", "prompt", "status", "latency",
                   "TTFT", "tokens", "cost", "👍/👎", "message"):
        table.add_column(column, overflow="fold")
    for r in page.rows:
        table.add_row(figures.when(real_time(r)), r["turn_id"], r["owner_id"], r["agent_id"],
                      f"{r['provider']}/{r['model']}", figures.version(r["prompt_version"]),
                      r["status"] + (f" ({r['error_code']})" if r["error_code"] else ""),
                      figures.ms(r["latency_ms"]), figures.ms(r["ttft_ms"]),
                      figures.tokens(r["input_tokens"], r["output_tokens"]), figures.cost(r["cost_usd"]),
                      figures.FEEDBACK_MARK.get(r["rating"], ""), (r["message"] or "")[:60])
    console = _console(out)
    console.print(table)
    if page.next_cursor:
        console.print(f"more: --before '{page.next_cursor}'")
    return 0


def _print_detail(d: traces.TraceDetail, c: Console) -> None:
    from rich.table import Table

    from agents.services.lab import figures

    c.print(f"{d.turn_id}  {d.agent_id}  {d.provider}/{d.model}  {d.status}"
            + (f" ({d.error_code})" if d.error_code else "") + f"  {figures.when(d.started_at)} UTC")
    c.print(f"user {d.owner_id}" + (f" (sandbox {d.user_id}, comparison {d.comparison_id} side "
                                    f"{(d.comparison_side or '').upper()})" if d.comparison_id else "")
            + f" · conversation {d.conversation_id or '—'}")
    c.print(f"latency {figures.ms(d.latency_ms)} · TTFT {figures.ms(d.ttft_ms)} · tokens "
            f"{figures.tokens(d.input_tokens, d.output_tokens)} · cost {figures.cost(d.cost_usd)}"
            + (f" · fallbacks {', '.join(d.fallbacks)}" if d.fallbacks else ""))
    c.print(f"prompt {figures.version(d.prompt_version)}" + (f" · {d.prompt_label}" if d.prompt_label else ""))
    c.print(f"message: {d.message or ''}")
    timeline = Table(title="timeline", title_justify="left")
    for column in ("start", "duration", "step", "TTFT"):
        timeline.add_column(column)
    for bar in d.timeline:
        timeline.add_row(f"{bar.start_ms:,.1f} ms", f"{bar.ms:,.1f} ms", bar.label + ("" if bar.ok else " ⚠️"),
                         "" if bar.ttft_ms is None else f"{bar.ttft_ms:,.1f} ms")
    c.print(timeline)
    from agents.view.lab import model_settings_line

    if settings := model_settings_line(d, "en"):
        c.print(f"model settings: {settings}")
    for call in d.tool_calls:
        c.print(f"tool {call.name} {json.dumps(call.args, ensure_ascii=False)} → "
                f"{'ok' if call.ok else call.status if call.ok is None else 'failed'}: {call.summary[:160]}")
    for action in d.actions:
        c.print(f"action {action.action_id} {action.tool_name} {action.status} ← proposed by "
                + (f"{action.proposed_by} message {action.proposed_message_id}" if action.proposed_message_id
                   else "an unrecorded message"))
    for error in d.errors:
        c.print(f"error: {error.get('code') or error.get('name')}: {error.get('message')}")
    for item in d.feedback:
        c.print(f"feedback: {figures.FEEDBACK_MARK.get(item['rating'], '')} {item.get('comment') or ''}")
    c.print(f"reply: {d.reply[:400]}")
    c.print("system prompt:\n" + (d.system_prompt or "(no model call)"))


def _whole(value: object) -> int | None:
    """A metrics record's count (records() made numpy numbers plain ones; None when there is none)."""
    return int(value) if isinstance(value, int | float) else None


def _number(value: object) -> float | None:
    return float(value) if isinstance(value, int | float) else None


def cmd_metrics(args: argparse.Namespace, out: TextIO) -> int:
    from rich.table import Table

    from agents.core.session import runtime_store
    from agents.services.lab import figures, metrics
    from agents.services.lab.access import LabUser

    store, now = runtime_store(), system_clock()
    frame = metrics.metrics(store, LabUser.cli(), metrics.period_filter(
        args.period, now, trace_filter(owner=args.owner, agent=args.agent, origins=origins(args.origin))))
    rows = metrics.records(frame)
    if args.json:
        for row in rows:
            _dump(row, out)
        return 0
    if not rows:
        out.write(f"No turns in the last {args.period}.\n")
        return 0
    table = Table()
    for column in ("agent", "provider/model", "prompt", "turns", "errors", "p50 / p95", "TTFT p50 / p95", "tokens",
                   "cost", "👍 ratio", "votes W/L/T/✗", "fallbacks"):
        table.add_column(column, overflow="fold")
    for r in rows:
        fallbacks = r["fallbacks"]
        table.add_row(str(r["agent_id"]), f"{r['provider']}/{r['model']}", figures.version(_whole(r["prompt_version"])),
                      f"{r['turns']:,}", figures.ratio(_number(r["error_rate"])),
                      f"{figures.ms(_number(r['latency_p50']))} / {figures.ms(_number(r['latency_p95']))}",
                      f"{figures.ms(_number(r['ttft_p50']))} / {figures.ms(_number(r['ttft_p95']))}",
                      figures.tokens(_whole(r["input_tokens"]), _whole(r["output_tokens"])),
                      figures.cost(_number(r["cost_usd"])),
                      figures.ratio(_number(r["thumbs_up_ratio"])) + f" ({r['thumbs_up']}/{r['thumbs_down']})",
                      f"{r['wins']}/{r['losses']}/{r['ties']}/{r['both_bad']}",
                      ", ".join(f"{k} {v}" for k, v in (fallbacks.items() if isinstance(fallbacks, dict) else ()) if v)
                      or "—")
    _console(out).print(table)
    return 0


def _out_path(raw: str) -> Path:
    """Where ``export --out`` writes: a file in a folder that exists, not a folder itself."""
    target = Path(raw)
    if target.is_dir():
        raise InvalidInput("--out", say("cli_out_is_folder", path=raw, example=f"{raw.rstrip('/')}/traces.csv"))
    if not target.parent.is_dir():
        raise InvalidInput("--out", say("cli_out_no_folder", folder=str(target.parent)))
    return target


def cmd_export(args: argparse.Namespace, out: TextIO) -> int:
    from agents.core.session import runtime_store
    from agents.services.lab import export
    from agents.services.lab.access import LabUser

    now = system_clock()
    target = _out_path(args.out) if args.out else None
    # Written in a fresh temporary folder first, then moved: a target the database can't write to (a
    # read-only place, /proc) is a refusal naming --out, and no half-written file is left there.
    path, count = export.export(runtime_store(), LabUser.cli(), args.kind, args.format, _filters(args, now),
                                now=now, full=args.full, limit=args.limit)
    if target is not None:
        folder = path.parent
        try:
            path = Path(shutil.move(path, target))
        except OSError as exc:
            raise InvalidInput("--out", say("cli_cannot_write_out", path=args.out, why=exc.strerror)) from None
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    _report(args, out, {"path": str(path), "rows": count}, f"{count} rows → {path}")
    return 0


def _filter_args(parser: argparse.ArgumentParser, bounded: Callable[[str, int, int], Callable[[str], int]]) -> None:
    parser.add_argument("--agent")
    parser.add_argument("--provider")
    parser.add_argument("--model")
    parser.add_argument("--prompt-version", type=bounded("--prompt-version", 0, 1_000_000), dest="prompt_version",
                        help="0 = the built-in prompt")
    parser.add_argument("--status", choices=["done", "error", "interrupted", "refused"])
    parser.add_argument("--feedback", choices=["up", "down", "none"])
    parser.add_argument("--since", help="24h, 7d, 30m or an ISO date/time (UTC)")
    parser.add_argument("--until", help="same forms as --since")
    parser.add_argument("--search", help="text in the message, the reply, a tool name or the error")
    _origin_arg(parser)


def _origin_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--origin", help="the turns' origins: a comma list of chat, api, compare, eval, or all "
                                         "(default chat,api: eval cases and side-by-side sandboxes left out)")


def add_lab_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser], _common: argparse.ArgumentParser,
                     bounded: Callable[[str, int, int], Callable[[str], int]]) -> None:
    """Called by ``agents/cli/main.py``'s ``build_parser``; ``bounded`` makes a whole-number option type."""
    base = type(_common)(add_help=False)  # the CLI's parser class: its group titles in the CLI's language
    base.add_argument("--json", action="store_true", help="print JSON lines")
    base.add_argument("--user", dest="owner", help="only this user's turns (default: everyone's)")

    tr = sub.add_parser("traces", parents=[base], help="list turns with filters, or show one turn's trace")
    tr.add_argument("action", choices=["list", "show"])
    tr.add_argument("turn_id", nargs="?")
    _filter_args(tr, bounded)
    tr.add_argument("--limit", type=bounded("--limit", 1, MAX_TRACE_PAGE), default=50,
                    help=f"1-{MAX_TRACE_PAGE} (default 50)")
    tr.add_argument("--before", help="the cursor printed after a page, for the next one")
    tr.set_defaults(func=cmd_traces)

    pr = sub.add_parser("prompts", parents=[base], help="system-prompt versions: list, show, create, diff, "
                                                          "activate, rollback, pick")
    pr.add_argument("action", choices=["list", "show", "create", "diff", "activate", "rollback", "pick"])
    pr.add_argument("agent", nargs="?", help="the agent")
    pr.add_argument("version", nargs="?", help="show/activate: the version; create: copy this one; diff: A; "
                                               "pick: a version or 'active'")
    pr.add_argument("other", nargs="?", help="diff: B")
    pr.add_argument("--file", help="create: the new version's text from this UTF-8 file")
    pr.add_argument("--text", help="create: the new version's text")
    pr.add_argument("--append", help="create from a version: add this line at its end")
    pr.add_argument("--label")
    pr.add_argument("--note")
    pr.add_argument("--activate", action="store_true", help="create: activate it at once")
    pr.add_argument("--conversation", help="pick: the conversation that uses the version")
    pr.set_defaults(func=cmd_prompts)

    cp = sub.add_parser("compare", parents=[base], help="side by side: one message, two configurations")
    cp.add_argument("action", choices=["run", "vote", "list"])
    cp.add_argument("target", nargs="?", help="run: the agent; vote: the comparison id")
    cp.add_argument("message", nargs="?", help="run: the message; vote: the round")
    cp.add_argument("choice", nargs="?", help="vote: a, b, tie or both_bad")
    cp.add_argument("--a", default="offline", help="side A: provider[:model][@version][?temperature=T"
                    "&max_output_tokens=N], e.g. offline@0 or openai:gpt-4o-mini?temperature=0.2")
    cp.add_argument("--b", default="offline", help="side B, e.g. openai:gpt-4o-mini@2")
    cp.add_argument("--comparison", help="run: continue this comparison")
    cp.set_defaults(func=cmd_compare)

    me = sub.add_parser("metrics", parents=[base], help="per agent x provider x model x prompt version")
    me.add_argument("--period", default="7d", choices=list(PERIODS))
    me.add_argument("--agent")
    _origin_arg(me)
    me.set_defaults(func=cmd_metrics)

    ex = sub.add_parser("export", parents=[base], help="traces, feedback or votes as CSV, JSON Lines or Parquet")
    ex.add_argument("kind", choices=list(EXPORT_KINDS))
    ex.add_argument("--format", default="csv", choices=list(EXPORT_FORMATS))
    ex.add_argument("--out", help="file to write (default: a temporary folder, printed)")
    ex.add_argument("--full", action="store_true", help="traces: with events, spans, prompts and requests")
    ex.add_argument("--limit", type=int, help="at most this many rows: the newest, written oldest first")
    _filter_args(ex, bounded)
    ex.set_defaults(func=cmd_export)
