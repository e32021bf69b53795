"""The terminal front end: ``playground agents|chat|actions|conversations|alerts|tokens|serve``, the
Lab's ``traces|prompts|compare|metrics|export`` (``agents/cli/lab.py``) and ``review`` (``agents/cli/review.py``).

Exit status: 0 on success, 1 when a turn ended in an ``error`` event, 2 when a
command was refused (bad input, unknown id, a second confirm...).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from agents.cli.lab import add_lab_commands
from agents.cli.options import bounded, check_arguments, host_name
from agents.cli.review import add_review_commands
from agents.cli.texts import label, lang_from, needs_id, shown, speaking, without_lang
from agents.core import inputs
from agents.core.errors import PlaygroundError
from agents.core.inputs import InvalidInput
from agents.core.messages import say

if TYPE_CHECKING:
    from agents.core.actions import ActionService

# Each command imports what it runs: `playground --help` then loads no store, no agent, no pydantic, and
# a chat no Lab, pandas, plotly or scikit-learn (tests/test_cli_startup.py, tests/bench/bench_startup.py).


def cmd_nlu_report(args: argparse.Namespace, out: TextIO) -> int:
    """Accuracy per intent and the confusions of an agent's offline model on its test phrasings."""
    from agents.core.agent import get_agent, list_agents

    spec = get_agent(args.agent)
    if args.file and not Path(args.file).exists():
        raise InvalidInput("--file", say("cli_file_missing", path=args.file))
    run = spec.nlu_report
    if run is None:
        known = ", ".join(a.id for a in list_agents() if a.nlu_report is not None) or "none"
        out.write(f"{spec.id} has no labelled phrasings to report on (agents with a report: {known}).\n")
        return 1
    result = run(Path(args.file)) if args.file else run()
    for one in result if isinstance(result, list) else [result]:  # an agent may keep several labelled sets
        _print_report(spec.id, one, args.json, out)
    return 0


def _print_report(agent: str, result: object, as_json: bool, out: TextIO) -> None:
    from rich.console import Console

    from agents.nlu import Report

    if isinstance(result, Report):
        if as_json:
            figures = result.json_figures() if hasattr(result, "json_figures") else {}  # e.g. precision, recall
            out.write(json.dumps({"agent": agent, "set": result.name, "right": result.right, "total": result.total,
                                  "accuracy": round(result.accuracy, 4), "per_intent": result.per_intent(),
                                  "per_kind": result.per_kind(), "confusions": result.confusions(), **figures},
                                 ensure_ascii=False) + "\n")
        else:
            result.print(Console(file=out, width=120, force_terminal=False, color_system=None))
    else:
        out.write(str(result) + "\n")


def cmd_agents(args: argparse.Namespace, out: TextIO) -> int:
    from agents.core.agent import list_agents

    agents, lang = list_agents(), args.lang or "ko"  # no language named: the titles stay Korean, as before
    if args.json:  # data, the same whatever the language: both languages' words, as fields
        for spec in agents:
            out.write(json.dumps({"id": spec.id, "title": spec.title, "description": spec.description,
                                  "title_en": spec.title_in("en"), "description_en": spec.description_in("en"),
                                  "tools": spec.tools.names()}, ensure_ascii=False) + "\n")
    else:
        if not agents:
            out.write(label(args.lang, "cli_no_agents") + "\n")
        for spec in agents:
            out.write(f"{spec.id:<12} {spec.title_in(lang)} — {spec.description_in(lang)}\n")
    return 0


def _message(args: argparse.Namespace) -> str:
    """The message from the argument, ``-`` (stdin) or ``--file``: a 300 KB argument can't pass exec()."""
    if args.file is not None and args.message is not None:
        raise InvalidInput("message", say("cli_message_twice"))
    if args.file is not None:
        source = f"--file {args.file}"
        try:
            with Path(args.file).open("rb") as handle:
                raw = inputs.read_bounded(handle, source, "--file")
        except OSError as exc:
            raise InvalidInput("--file", say("cli_file_unreadable", path=args.file, why=exc.strerror)) from exc
    elif args.message == "-":
        raw, source = inputs.read_bounded(args.stdin.buffer, "stdin", "message"), "stdin"
    elif args.message is None:
        raise InvalidInput("message", say("cli_no_message"))
    else:
        message: str = args.message
        return message
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInput("message", say("cli_not_utf8", source=source, at=exc.start)) from exc


def cmd_chat(args: argparse.Namespace, out: TextIO) -> int:
    message = inputs.text(_message(args))  # before the store is opened: nothing to clean up
    from agents.core.session import Session

    session = Session(args.agent, user_id=args.user, provider=args.provider, conversation_id=args.conversation,
                      provider_settings={"model": args.model} if args.model is not None else None)
    status = 0
    extra = {"anchor_product_id": args.anchor} if args.anchor else None
    readable = None
    if not args.json:
        from agents.cli.render import ReadableRenderer  # rich's markdown: only for people reading

        readable = ReadableRenderer(out)
    for event in session.send(message, extra):
        if readable is None:
            out.write(event.model_dump_json() + "\n")
        else:
            readable(event)
        if event.type == "error":
            status = 1
        out.flush()
    if readable is not None:
        readable.close()
    conversation = session.conversation_id or "(none)"
    if args.json:
        out.write(json.dumps({"conversation_id": conversation}) + "\n")
    else:
        out.write(label(args.lang, "cli_conversation", id=conversation) + "\n")
    return status


def _dump(value: object, out: TextIO) -> None:
    out.write(json.dumps(value, ensure_ascii=False, default=str, indent=2) + "\n")


def cmd_actions(args: argparse.Namespace, out: TextIO) -> int:
    from agents.core.actions import ActionService
    from agents.core.session import runtime_store

    store = runtime_store()
    service = ActionService(store)
    if args.action == "list":
        rows = store.actions.list_for_user(args.user)
        if args.json:
            for row in rows:
                out.write(row.model_dump_json() + "\n")
        elif not rows:
            out.write(label(args.lang, "cli_no_actions", user=args.user) + "\n")
        for row in rows if not args.json else []:
            out.write(f"{row.id}  {row.status.value:<10} {row.tool_name:<22} {row.summary}\n")
        return 0
    if not args.id:
        raise needs_id("actions", args.action, "action")
    if args.action == "modify":
        return _modify(service, args, out)
    outcome = (service.confirm if args.action == "confirm" else service.cancel)(args.id, args.user)
    if args.json:
        out.write(outcome.model_dump_json() + "\n")
    else:
        out.write(f"{outcome.status.value}: {outcome.message}\n")
    return 0 if outcome.ok else 1


def _modify(service: ActionService, args: argparse.Namespace, out: TextIO) -> int:
    """``actions modify ID --args '{"changePercent": 30}'``: only the fields given change (merged over the
    stored arguments, then validated as a whole), through the Session like every other front end."""
    from agents.core.session import Session

    if args.args is None:
        raise PlaygroundError(say("cli_modify_needs_args"), code="missing_args")
    try:
        patch = json.loads(args.args)
    except json.JSONDecodeError as exc:
        raise PlaygroundError(say("cli_args_not_json", line=exc.lineno, column=exc.colno, error=exc.msg),
                              code="invalid_input") from None
    if not isinstance(patch, dict):
        raise PlaygroundError(say("cli_args_not_object"), code="invalid_input")
    row = service.get(args.id, args.user)
    updated = Session(row.agent_id, user_id=args.user).modify_action(args.id, patch)
    if args.json:
        out.write(updated.model_dump_json() + "\n")
    else:
        out.write(f"{updated.status.value}: {updated.summary}\n{json.dumps(updated.tool_args, ensure_ascii=False)}\n")
    return 0


def cmd_conversations(args: argparse.Namespace, out: TextIO) -> int:
    from agents.core.session import runtime_store
    from agents.services import conversations

    store = runtime_store()
    if args.action == "list":
        rows = conversations.list_conversations(store, args.user, agent_id=args.agent,
                                                archived=None if args.all else False, limit=args.limit)
        if args.json:
            for row in rows:
                out.write(row.model_dump_json() + "\n")
        elif not rows:
            out.write(label(args.lang, "cli_no_conversations", user=args.user) + "\n")
        for row in rows if not args.json else []:
            flag = label(args.lang, "cli_archived_flag") if row.archived else ""
            out.write(f"{row.id}  {row.agent_id:<10} {row.updated_at:%Y-%m-%d %H:%M}  {row.title}{flag}\n    "
                      f"{label(args.lang, 'cli_message_count', n=row.message_count)} · {row.last_preview or ''}\n")
        return 0
    if not args.id:
        raise needs_id("conversations", args.action, "conversation")
    if args.action == "show":
        detail = conversations.detail(store, args.user, args.id, 1000)
        conversation, messages = detail.conversation, detail.messages
        if args.json:
            _dump({"conversation": conversation.model_dump(mode="json"),
                   "messages": [m.model_dump(mode="json") for m in messages]}, out)
        else:
            out.write(f"{conversation.title}  [{conversation.agent_id}]\n")
            for m in messages:
                who = m.role if m.status == "complete" else f"{m.role}, {m.status}"
                text = m.content or ""
                if m.role == "tool":
                    text = f"{m.tool_name} → {m.meta.get('summary') or m.content}"
                elif m.tool_calls:
                    text = (text + " " if text else "") + "→ " + ", ".join(f"{c['name']}({c['arguments']})"
                                                                         for c in m.tool_calls)
                out.write(f"{m.seq:>4} {who:<12} {text}\n")
        return 0
    from agents.core.clock import system_clock

    if args.action == "rename":
        row = conversations.rename(store, args.user, args.id, args.title or "")
        out.write(row.model_dump_json() + "\n" if args.json
                  else label(args.lang, "cli_renamed", id=args.id, title=row.title) + "\n")
    elif args.action in ("archive", "unarchive"):
        conversations.set_archived(store, args.user, args.id, args.action == "archive", system_clock())
        out.write(label(args.lang, f"cli_{args.action}d", id=args.id) + "\n")
    elif args.action == "delete":
        conversations.delete(store, args.user, args.id)
        out.write(label(args.lang, "cli_deleted", id=args.id) + "\n")
    return 0


def cmd_alerts(args: argparse.Namespace, out: TextIO) -> int:
    from agents.core.clock import system_clock
    from agents.core.session import Session
    from agents.services import alerts

    # Without --agent: the first agent that has alerts (an error naming the flag when none has).
    spec = alerts.alert_agents(args.agent)[0] if args.agent else next(iter(alerts.alert_agents(None)), None)
    if spec is None:
        raise PlaygroundError(say("cli_no_alert_agent"), code="no_alerts")
    session = Session(spec.id, user_id=args.user)
    if args.action == "check":
        created = alerts.check(spec, session.user_id, system_clock())
        out.write(label(args.lang, "cli_alerts_created", n=len(created)) + "\n" if not args.json else "")
        for row in created:
            out.write(row.model_dump_json() + "\n" if args.json else f"  [{row.severity}] {row.title}\n")
        return 0
    if args.action in ("read", "dismiss", "acted"):
        if not args.id:
            raise needs_id("alerts", args.action, "alert")
        status = {"read": "READ", "dismiss": "DISMISSED", "acted": "ACTED_ON"}[args.action]
        alerts.set_status(session.store, session.user_id, args.id, status, system_clock())
        out.write(f"{args.id}: {status}\n")
        return 0
    rows = alerts.list_alerts(session.store, session.user_id, agent_id=spec.id)
    for row in rows:
        out.write(row.model_dump_json() + "\n" if args.json else f"{row.id}  {row.status:<9} [{row.severity}] {row.title}\n")
    if not rows and not args.json:
        out.write(label(args.lang, "cli_no_alerts", user=args.user) + "\n")
    return 0


def cmd_tokens(args: argparse.Namespace, out: TextIO) -> int:
    from agents.core.clock import system_clock
    from agents.core.session import runtime_store
    from agents.services import access

    store = runtime_store()
    if args.action == "create":
        row, plain = access.issue_token(store, args.user, args.label, system_clock())
        if args.json:
            out.write(json.dumps({**row.model_dump(mode="json"), "token": plain}, ensure_ascii=False) + "\n")
        else:
            out.write(label(args.lang, "cli_token_made", plain=plain, id=row.id, user=row.user_id, label=row.label)
                      + "\n")
        return 0
    if args.action == "revoke":
        if not args.id:
            raise PlaygroundError(say("cli_token_revoke_needs_id"), code="missing_id")
        row = access.revoke_token(store, args.user, args.id, system_clock())
        out.write(row.model_dump_json() + "\n" if args.json
                  else label(args.lang, "cli_revoked", id=row.id, label=row.label) + "\n")
        return 0
    rows = access.list_tokens(store, args.user)
    for row in rows:
        if args.json:
            out.write(row.model_dump_json() + "\n")
        else:
            used = f"{row.last_used_at:%Y-%m-%d %H:%M}" if row.last_used_at else label(args.lang, "cli_never_used")
            state = label(args.lang, "cli_active") if row.active else label(args.lang, "cli_revoked_on",
                                                                            day=f"{row.revoked_at:%Y-%m-%d}")
            out.write(f"{row.id}  {row.prefix}…  {state:<18} {used:<16} {row.label}\n")
    if not rows and not args.json:
        out.write(label(args.lang, "cli_no_tokens", user=args.user) + "\n")
    return 0


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    from pages.gradio.shell import main as serve

    serve(host=args.host, port=args.port, cli=run_relayed)
    return 0


def build_parser(parser_class: type[argparse.ArgumentParser] = argparse.ArgumentParser) -> argparse.ArgumentParser:
    parser = parser_class(prog="playground", description="Agent Playground from the terminal.")
    parser.add_argument("--lang", choices=("ko", "en"), help="the language of messages and labels, anywhere on the "
                        "line (default: PLAYGROUND_LANG, else the locale: ko_* Korean, any other in en, C both)")
    common = parser_class(add_help=False)  # built in the CLI's language too: its group titles are copied
    common.add_argument("--user", default="demo", help="user id (default: demo)")
    common.add_argument("--json", action="store_true", help="print JSON lines")
    sub = parser.add_subparsers(dest="command", required=True)

    sub.add_parser("agents", parents=[common], help="list the registered agents").set_defaults(func=cmd_agents)

    chat = sub.add_parser("chat", parents=[common], help="send one message and stream the events")
    chat.add_argument("agent")
    chat.add_argument("message", nargs="?",
                      help="the message; '-' reads stdin; after '--' it may start with '-'")
    chat.add_argument("--file", help="read the message from this UTF-8 file")
    chat.add_argument("--conversation", help="continue this conversation id")
    chat.add_argument("--provider", default="offline", choices=("offline", "openai", "gemini"),
                      help="offline (default), openai or gemini")  # providers.PROVIDER_NAMES, unimported for speed
    chat.add_argument("--model", help="model name for the provider")
    chat.add_argument("--anchor", help="a product id to re-recommend around (sent as extra.anchor_product_id)")
    chat.set_defaults(func=cmd_chat)

    actions = sub.add_parser("actions", parents=[common], help="list, confirm, cancel or modify pending actions")
    actions.add_argument("action", choices=["list", "confirm", "cancel", "modify"])
    actions.add_argument("id", nargs="?")
    actions.add_argument("--args", help="modify: a JSON object of only the fields to change")
    actions.set_defaults(func=cmd_actions)

    conversations = sub.add_parser("conversations", parents=[common], help="list, show, rename, archive or delete")
    conversations.add_argument("action", choices=["list", "show", "rename", "archive", "unarchive", "delete"])
    conversations.add_argument("id", nargs="?")
    conversations.add_argument("--agent", help="only this agent's conversations")
    conversations.add_argument("--all", action="store_true", help="include archived conversations")
    conversations.add_argument("--title", help="rename: the new title")
    conversations.add_argument("--limit", type=bounded("--limit", 1, 1000), default=20, help="1-1000 (default 20)")
    conversations.set_defaults(func=cmd_conversations)

    alerts = sub.add_parser("alerts", parents=[common], help="check, list or update proactive alerts")
    alerts.add_argument("action", choices=["check", "list", "read", "dismiss", "acted"])
    alerts.add_argument("id", nargs="?")
    alerts.add_argument("--agent", help="the agent (default: the first one with proactive alerts)")
    alerts.set_defaults(func=cmd_alerts)

    tokens = sub.add_parser("tokens", parents=[common], help="create, list or revoke HTTP API tokens of a user")
    tokens.add_argument("action", choices=["create", "list", "revoke"])
    tokens.add_argument("id", nargs="?", help="revoke: the token id")
    tokens.add_argument("--label", help="create: what the token is for, e.g. 'nightly eval'")
    tokens.set_defaults(func=cmd_tokens)

    report = sub.add_parser("nlu-report", parents=[common],
                            help="offline model accuracy per intent and confusions on an agent's test phrasings")
    report.add_argument("agent")
    report.add_argument("--file", help="another labelled phrasings file in the same format")
    report.set_defaults(func=cmd_nlu_report)

    from agents.cli.eval import add_parser as add_eval_parser

    add_eval_parser(sub, common, bounded)

    serve = sub.add_parser("serve", help="start the web app")
    serve.add_argument("--host", type=host_name, default="127.0.0.1", help="an IP address or a host name")
    serve.add_argument("--port", type=bounded("--port", 1, 65535), default=7860, help="1-65535 (default 7860)")
    serve.set_defaults(func=cmd_serve)
    add_lab_commands(sub, common, bounded)  # traces, prompts, compare, metrics, export
    add_review_commands(sub, common, bounded)  # the review queue (issue 31)
    from agents.cli.db import add_parser as add_db_parser

    add_db_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    from agents.core.redact import install_log_redaction

    install_log_redaction()
    typed = list(sys.argv[1:] if argv is None else argv)
    try:
        lang = lang_from(typed)
    except PlaygroundError as exc:
        sys.stderr.write(f"error ({exc.code}): {exc.message}\n")
        return 2
    parser = build_parser(speaking(argparse.ArgumentParser, lang))
    args = parser.parse_args(without_lang(typed))
    args.lang = lang
    # A storage error reaches the user as the one `error (storage_full): ...` line below; the store's log
    # line for the operator (naming the file) is for a server's log, so `serve` keeps it.
    health = logging.getLogger("agents.core.store.health")
    was_disabled, health.disabled = health.disabled, health.disabled or args.command != "serve"
    try:
        return run_command(parser, args, out, sys.stderr, sys.stdin, typed)
    finally:
        health.disabled = was_disabled


def run_command(parser: argparse.ArgumentParser, args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO,
                argv: list[str] | None = None) -> int:
    """Run a parsed command. ``argv``: the command as typed, sent through the running app's HTTP API when
    the app holds the DuckDB file (None inside that app: a command is sent on at most once)."""
    from agents.cli.relay import RELAYED, RecordingStdin
    from agents.core.errors import DatabaseLocked

    args.err, args.stdin, lang = err, RecordingStdin(stdin), args.lang
    try:
        check_arguments(parser, args)
        return int(args.func(args, out))
    except DatabaseLocked as exc:
        if argv is None or args.command not in RELAYED:
            err.write(f"error ({exc.code}): {shown(exc.message, lang)}\n")
            return 2
        from agents.cli.remote import send

        try:
            return send(argv, args, exc, out, err)
        except PlaygroundError as refused:
            err.write(f"error ({refused.code}): {shown(refused.message, lang)}\n")
            return 2
        except BrokenPipeError:  # the relayed answer's reader left: raised inside this handler, so caught here too
            return _reader_left(out)
    except PlaygroundError as exc:
        err.write(f"error ({exc.code}): {shown(exc.message, lang)}\n")
        return 2
    except BrokenPipeError:
        return _reader_left(out)


def _reader_left(out: TextIO) -> int:
    """`playground chat … | head`: the reader left. Point stdout at devnull so the interpreter's final flush
    doesn't raise again, and exit quietly."""
    if out is sys.stdout:  # never inside a server running a relayed command
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def run_relayed(argv: list[str], out: TextIO, err: TextIO, stdin: TextIO, cwd: str) -> int:
    """A command sent by a CLI that found the file locked, run inside this server (agents/http/operator.py):
    the same parser and commands, but nothing exits the process and paths are read against ``cwd``."""
    from agents.cli.relay import RELAYED, ParserStop, RelayParser, absolute_paths

    try:  # only the line's own --lang (the sending CLI adds the one its environment chose): not this server's
        lang = lang_from(argv, {})
        parser = build_parser(speaking(RelayParser, lang))
        args = parser.parse_args(without_lang(argv))
    except PlaygroundError as exc:
        err.write(f"error ({exc.code}): {exc.message}\n")
        return 2
    except ParserStop as stop:
        (out if stop.stream == "out" else err).write(stop.text)
        return stop.status
    if args.command not in RELAYED:
        err.write(f"error (not_relayed): {shown(say('cli_not_relayed', command=args.command), lang)}\n")
        return 2
    absolute_paths(args, cwd)
    args.lang = lang
    return run_command(parser, args, out, err, stdin)


if __name__ == "__main__":
    raise SystemExit(main())
