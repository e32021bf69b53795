"""The prompt studio and the side-by-side from the terminal: ``playground prompts|compare`` (the rest of the Lab's
commands are in agents/cli/lab.py, which registers these too)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from agents.cli.lab_output import console as _console
from agents.cli.lab_output import dump as _dump
from agents.cli.texts import needs_agent, needs_id  # importing texts registers the words said here
from agents.core import inputs
from agents.core.clock import system_clock
from agents.core.inputs import InvalidInput
from agents.core.messages import say

if TYPE_CHECKING:
    from agents.core.store import Store
    from agents.core.store.comparisons import SideConfig
    from agents.services.lab.access import LabUser


def cmd_prompts(args: argparse.Namespace, out: TextIO) -> int:
    from rich.table import Table

    from agents.core.session import runtime_store
    from agents.services.lab import figures, prompts
    from agents.services.lab.access import LabUser

    if args.agent is None and args.action != "pick":  # pick finds the agent from the conversation
        raise needs_agent("prompts", args.action)
    store, now = runtime_store(), system_clock()
    who = LabUser.cli(args.owner or "system")
    console = _console(out)
    match args.action:
        case "list":
            rows = prompts.versions(store, args.agent, who)
            if args.json:
                for row in rows:
                    _dump(row.model_dump(mode="json"), out)
                return 0
            table = Table()
            for column in ("version", "label", "active", "by", "created (UTC)", "note", "chars"):
                table.add_column(column, overflow="fold")
            for row in rows:
                table.add_row(figures.version(row.version), row.label or "", "✅" if row.active else "",
                              row.created_by or "", figures.when(row.created_at), row.note or "",
                              f"{len(row.content):,}")
            console.print(table)
        case "show":
            row = prompts.version(store, args.agent, _number(args.version, "version"), who)
            if args.json:
                _dump(row.model_dump(mode="json"), out)
            else:
                out.write(row.content + ("\n" if not row.content.endswith("\n") else ""))
        case "create":
            content = _prompt_text(args, store, who)
            row = prompts.create(store, args.agent, content, who, now, label=args.label, note=args.note)
            if args.activate:
                prompts.activate(store, args.agent, row.version, who, now)
            _report(args, out, row.model_dump(mode="json"),
                    f"created {args.agent} v{row.version}" + (" and activated it" if args.activate else ""))
        case "diff":
            diff = prompts.diff(store, args.agent, _number(args.version, "A"), _number(args.other, "B"), who)
            if args.json:
                _dump(diff.model_dump(mode="json"), out)
            else:
                out.write((diff.unified or "(the two versions are the same)") + "\n")
        case "activate":
            done = prompts.activate(store, args.agent, _number(args.version, "version"), who, now)
            _report(args, out, done.model_dump(mode="json"), f"{args.agent}: v{done.version} is active")
        case "rollback":
            done = prompts.rollback(store, args.agent, who, now)
            _report(args, out, done.model_dump(mode="json"), f"{args.agent}: rolled back to v{done.version}")
        case "pick":
            if not args.conversation:
                raise needs_id("prompts", "pick", "conversation")
            number = None if args.version in (None, "active") else _number(args.version, "version")
            owner = LabUser(args.owner or "demo", "local")
            prompts.pick(store, args.conversation, number, owner, now, agent_id=args.agent)
            _report(args, out, {"conversation_id": args.conversation, "version": number},
                    f"{args.conversation} uses " + ("the active version" if number is None else f"v{number}"))
    return 0


def _number(raw: str | None, name: str) -> int:
    try:
        value = int(str(raw).removeprefix("v"))
    except ValueError:
        raise InvalidInput(name, say("cli_bad_version", name=name, raw=raw)) from None
    if value < 0:
        raise InvalidInput(name, say("cli_version_negative", name=name, value=value))
    return value


def _prompt_text(args: argparse.Namespace, store: Store, who: LabUser) -> str:
    from agents.services.lab import prompts

    if args.file:
        try:
            with Path(args.file).open("rb") as handle:
                return inputs.read_bounded(handle, f"--file {args.file}", "--file").decode("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidInput("--file", say("cli_file_not_utf8_read", path=args.file, error=exc)) from None
    if args.text is not None:
        text: str = args.text
        return text
    if args.version is not None:  # "create AGENT FROM_VERSION": a copy to edit later, or with --append
        base = prompts.version(store, args.agent, _number(args.version, "version"), who).content
        return base + (("\n" + args.append) if args.append else "")
    if not args.stdin.isatty():
        raw = inputs.read_bounded(args.stdin.buffer, "stdin", "stdin")
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidInput("stdin", say("cli_stdin_not_utf8", at=exc.start)) from None
    raise InvalidInput("content", say("cli_no_version_text"))


def _report(args: argparse.Namespace, out: TextIO, data: dict[str, object], text: str) -> None:
    if args.json:
        _dump(data, out)
    else:
        out.write(text + "\n")


_SETTINGS = {"temperature": float, "max_output_tokens": int}


def _side(raw: str, name: str) -> SideConfig:
    """``offline``, ``openai:gpt-4o-mini``, ``gemini@2``, ``openai:gpt-4o@0``, and model settings after a
    ``?``: ``openai:gpt-4o-mini?temperature=0.2&max_output_tokens=1024``."""
    from urllib.parse import parse_qsl

    from pydantic import ValidationError

    from agents.core.store.comparisons import SideConfig

    raw, _, query = raw.partition("?")
    head, _, version = raw.partition("@")
    provider, _, model = head.partition(":")
    settings: dict[str, float | int] = {}
    for key, value in parse_qsl(query, keep_blank_values=True):
        kind = _SETTINGS.get(key)
        if kind is None:
            raise InvalidInput(name, say("cli_unknown_setting", name=name, setting=key))
        try:
            settings[key] = kind(value)
        except ValueError:
            raise InvalidInput(name, say("cli_setting_not_number", name=name, setting=key, value=value)) from None
    try:
        return SideConfig(provider=provider or "offline", model=model or None,
                          prompt_version=None if not version else _number(version, name), **settings)
    except ValidationError as exc:
        problem = exc.errors()[0]
        field = ".".join(str(p) for p in problem["loc"])
        raise InvalidInput(name, say("cli_setting_out_of_range", name=name, field=field, error=problem["msg"])) from None


def cmd_compare(args: argparse.Namespace, out: TextIO) -> int:
    from agents.core.events import Error, TextDelta
    from agents.core.reply_text import Joiner
    from agents.core.session import runtime_store
    from agents.services.lab import compare, figures
    from agents.services.lab.access import LabUser

    store, now = runtime_store(), system_clock()
    who = LabUser(args.owner or "demo", "local")
    if args.action == "vote":
        voted = compare.vote(store, who, args.target or "", _number(args.message, "round"), args.choice or "", now)
        _report(args, out, voted.model_dump(mode="json"), f"round {voted.round}: {voted.vote}")
        return 0
    if args.action == "list":
        for row in compare.list_comparisons(store, who):
            _report(args, out, row.model_dump(mode="json"), f"{row.id}  {row.agent_id}  {row.title or ''}")
        return 0
    if args.comparison:
        comparison = compare.get(store, who, args.comparison)
    else:
        comparison = compare.start(store, who, args.target, _side(args.a, "--a"), _side(args.b, "--b"), now)
    texts: dict[str, list[str]] = {"a": [], "b": []}
    joiners = {"a": Joiner(), "b": Joiner()}  # each side's blocks of text stay apart
    status = 0
    for item in compare.run_round(store, who, comparison.id, args.message or ""):
        if args.json:
            _dump(item.wire(), out)
        elif isinstance(item, compare.SideEvent):
            shown = joiners[item.side].feed(item.event)
            if isinstance(item.event, TextDelta):
                texts[item.side].append(shown)
            elif isinstance(item.event, Error):
                texts[item.side].append(f"\n[error {item.event.code}] {item.event.message}")
        if isinstance(item, compare.SideEvent) and item.type == "error":
            status = 1
    if not args.json:
        for view in compare.rounds(store, who, comparison.id)[-1:]:
            for side, summary in (("a", view.a), ("b", view.b)):
                config = comparison.config_a if side == "a" else comparison.config_b
                out.write(f"── {side.upper()}: {config.provider}/{summary.model or config.model or ''} "
                          f"{figures.version(summary.prompt_version)} · {figures.ms(summary.latency_ms)} · "
                          f"TTFT {figures.ms(summary.ttft_ms)} · "
                          f"{figures.tokens(summary.input_tokens, summary.output_tokens)} tokens · "
                          f"{figures.cost(summary.cost_usd)}\n{''.join(texts[side]).strip()}\n")
            out.write(f"comparison {comparison.id} round {view.round}: vote with `playground compare vote "
                      f"{comparison.id} {view.round} a|b|tie|both_bad`\n")
    return status
