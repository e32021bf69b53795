"""``playground eval run|list|show|compare|export|save-case|schema``: what a CI pipeline calls.

``eval run`` exits 0 when no assertion failed (skips are reported: a case whose every assertion was skipped is
``skipped``, never passed), 1 when any failed or a case could not run, or with ``--fail-on-skip`` when any was
skipped, 2 when the command was refused (a bad suite file names its file, line and reason; nothing runs).
"""

from __future__ import annotations

import argparse
import itertools
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from agents.cli.eval_gate import cmd_baseline_update, judge_option, pass_rate_option
from agents.cli.eval_import import add_import_parser
from agents.cli.texts import CLI_MESSAGES  # noqa: F401 -- registers the words said here
from agents.core.errors import PlaygroundError
from agents.core.inputs import InvalidInput
from agents.core.messages import say

if TYPE_CHECKING:
    from agents.services.evals import spec
    from agents.services.evals.loader import LoadedSuite
    from agents.services.evals.rows import RunDetail
    from agents.services.evals.runner import CaseOutcome

# Each command imports what it runs, so that building the parser (`playground --help`, or any other
# command) loads neither the store nor the evals machinery. The parser's limits are kept here for the
# same reason; tests/test_cli_startup.py checks that they are the runner's and the report's.
MAX_CONCURRENCY = 16
MAX_REPEAT = 100
CACHE_MODES = ("read", "write", "off")
EXPORT_FORMATS = ("csv", "jsonl")
MARK = {"passed": "✓", "failed": "✗", "error": "!", "skipped": "↷"}


def _split(value: str | None) -> list[str] | None:
    if value is None:
        return None
    items = [v.strip() for v in value.split(",") if v.strip()]
    if not items:
        raise PlaygroundError(f"An empty list was given ({value!r}).", code="invalid_input")
    return items


def _active(version: int | None) -> str:
    return "active" if version is None else str(version)


def _versions(value: str | None) -> list[int | None] | None:
    items = _split(value)
    if items is None:
        return None
    out: list[int | None] = []
    for item in items:
        if item in ("active", "-"):
            out.append(None)
        elif item.isdigit():  # 0 is the built-in prompt
            out.append(int(item))
        else:
            raise PlaygroundError(f"--prompt-version takes version numbers (0 for the built-in prompt, 1, 2, ...) or 'active', not {item!r}.",
                                  code="invalid_input")
    return out


def configs_for(loaded: LoadedSuite, args: argparse.Namespace) -> list[spec.Config]:
    """The suite's own configuration(s), or the flags' (comma lists make a matrix: their product)."""
    from agents.services.evals import spec

    providers, models, versions = _split(args.provider), _split(args.model), _versions(args.prompt_version)
    if providers is None and models is None and versions is None:
        return loaded.suite.configs()
    base = loaded.suite.defaults
    out = []
    for provider in providers or [base.provider]:
        # the suite's model belongs to the suite's provider: another provider without --model runs its own default
        # (`--provider offline` on a gpt-4o-mini suite was labelled offline/gpt-4o-mini)
        own: list[str | None] = [base.model] if provider == base.provider else [None]
        for model, version in itertools.product([*models] if models else own, versions or [base.prompt_version]):
            out.append(spec.Config(provider=provider, model=model, prompt_version=version, user=base.user))
    return out


def cmd_run(args: argparse.Namespace, out: TextIO) -> int:
    from agents.core.session import runtime_store
    from agents.services.evals import baseline
    from agents.services.evals.loader import load_all, select
    from agents.services.evals.report import case_json, junit_xml, run_detail, run_summary
    from agents.services.evals.runner import run_suite
    from agents.services.evals.store import EvalRepo

    # All checked before anything runs; the CLI runs where its user does, so python: assertions may import.
    suites = select(load_all(args.target, allow_code=True), tags=args.tag, names=args.case)
    judge_model = judge_option(args.judge)
    known = baseline.read(args.baseline) if args.baseline else None  # refused before anything runs
    plans = [(loaded, configs_for(loaded, args)) for loaded in suites]
    store = runtime_store()
    repo = EvalRepo(store.db)
    details: list[RunDetail] = []

    def progress(outcome: CaseOutcome, done: int, total: int) -> None:
        if args.json:
            return
        line = f"  {MARK[outcome.status]} [{done}/{total}] {outcome.case.name}"
        if len(plans[0][1]) > 1 or len(plans) > 1:
            line += f"  ({outcome.config.label()})"
        failed = [r for r in outcome.results if r["status"] == "fail"]
        skipped = [r for r in outcome.results if r["status"] == "skip"]
        if outcome.repeats > 1:
            rate = "—" if outcome.pass_rate is None else f"{outcome.pass_rate:.0%}"
            line += (f"  (passed {outcome.passes or 0:,}/{outcome.repeats:,} repetitions, pass rate {rate}, needs "
                     f"{outcome.min_pass_rate or 1:.0%})")
        if all(r["cached"] for r in outcome.repetitions) if outcome.repetitions else outcome.cached():
            line += "  [cached: $0]"
        if outcome.error:
            line += f" — {outcome.error}"
        elif failed:  # every failure: the first on the case's line, each other one on its own line under it
            line += "".join((" — " if i == 0 else "\n      ✗ ") + f"step {r['step_index'] + 1} {r['kind']}: {r['message']}"
                            for i, r in enumerate(failed))
        elif outcome.status == "skipped":
            first = skipped[0]
            line += f" — skipped: step {first['step_index'] + 1} {first['kind']}: {first['message']}"
        elif skipped:
            line += f" ({len(skipped)} skipped)"
        out.write(line + "\n")
        out.flush()

    for loaded, configs in plans:
        if not args.json:
            labels = ", ".join(c.label() for c in configs)
            out.write(f"{loaded.suite.suite} ({loaded.suite.agent}, {len(loaded.suite.cases)} cases) on {labels}\n")
        runs = run_suite(loaded, configs=configs, concurrency=args.concurrency, owner=args.user, store=store,
                         on_progress=progress, judge_model=judge_model, repeat=args.repeat, cache=args.cache)
        for run in runs:
            detail = run_detail(repo, run.id)
            details.append(detail)
            if args.json:
                for case in detail["cases"]:
                    out.write(json.dumps(case_json(case), ensure_ascii=False, default=str) + "\n")
                out.write(json.dumps(run_summary(detail["run"]), ensure_ascii=False, default=str) + "\n")
            else:
                r = detail["run"]
                config = f"[{loaded.suite.suite} · {_config(r)}] " if len(runs) > 1 or len(plans) > 1 else ""
                out.write(f"{r['status'].upper()}: {config}{_cases(r)} · assertions {r['assertions_passed']:,} passed, "
                          f"{r['assertions_failed']:,} failed, {r['assertions_skipped']:,} skipped · "
                          f"{(r['duration_ms'] or 0) / 1000:.1f} s{_judge_cost(r['judge'])} · run {r['id']}\n")
                if r["matrix_id"]:
                    out.write(f"  matrix {r['matrix_id']}\n")
    if args.junit:
        try:
            Path(args.junit).parent.mkdir(parents=True, exist_ok=True)
            Path(args.junit).write_text(junit_xml(details), encoding="utf-8")
        except OSError as exc:
            raise PlaygroundError(f"Cannot write the JUnit file {args.junit}: {exc.strerror}.", code="bad_path") from exc
    if args.min_pass_rate is None and known is None:
        if not all(d["run"]["status"] == "passed" for d in details):
            return 1
    else:
        result = baseline.gate(details, min_pass_rate=args.min_pass_rate, baseline=known)
        if args.json:
            out.write(json.dumps({"type": "gate", "passed": result.passed, "failures": result.failures,
                                  "known_failures": result.known}, ensure_ascii=False) + "\n")
        else:
            for line in result.known:
                out.write(f"  known failure: {line}\n")
            for line in result.failures:
                out.write(f"GATE FAILED: {line}\n")
            if result.passed:
                out.write("GATE PASSED" + (f" (--min-pass-rate {args.min_pass_rate:.1%})" if args.min_pass_rate
                                           is not None else "") + (f" (--baseline {args.baseline})" if known else "")
                          + "\n")
        if not result.passed:
            return 1
    if args.fail_on_skip:
        skipped = [(c["name"], a) for d in details for c in d["cases"] for a in c["assertions"] if a["status"] == "skip"]
        if skipped:
            names = list(dict.fromkeys(name for name, _ in skipped))
            (args.err if args.json else out).write(
                f"--fail-on-skip: {len(skipped)} assertion(s) skipped in {len(names)} case(s): {', '.join(names)}\n")
            return 1
    return 0


def _judge_cost(judge: Mapping[str, object]) -> str:
    """The judge's calls, apart from the agent's cost."""
    if not judge["calls"]:
        return ""
    cost = "unknown cost" if judge["cost"] is None else f"${judge['cost']:,.6f}"
    return f" · judge {judge['calls']:,} call(s), {judge['tokens']:,} tokens, {cost}"


def _cases(run: Mapping[str, object]) -> str:
    """"2/3 cases passed, 1 skipped": a skipped case is not a passed one."""
    skipped = run.get("cases_skipped") or 0
    return f"{run['cases_passed']:,}/{run['cases_total']:,} cases passed" + (
        f", {skipped:,} skipped" if skipped else "")


def _config(run: Mapping[str, object]) -> str:
    """A run's configuration as the matrix names it: provider/model and prompt version."""
    return (f"{run['provider']}/{run['model'] or '-'}"
            + (f" v{run['prompt_version']}" if run.get("prompt_version") is not None else " v(active)"))


def _width(text: str) -> int:
    """Columns a terminal gives ``text``: wide (Korean, CJK) characters take two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 0 if unicodedata.combining(ch) else 1
               for ch in text)


def _fit(text: str, width: int) -> str:
    """``text`` cut (with "…") and padded to exactly ``width`` columns."""
    if _width(text) <= width:
        return text + " " * (width - _width(text))
    out, used = "", 0
    for ch in text:
        if used + _width(ch) > width - 1:
            break
        out, used = out + ch, used + _width(ch)
    return out + "…" + " " * (width - used - 1)


def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    from agents.core.session import runtime_store
    from agents.services.evals.report import run_summary
    from agents.services.evals.store import EvalRepo

    repo = EvalRepo(runtime_store().db)
    runs = repo.runs(args.user, suite=args.suite, agent_id=args.agent, limit=args.limit)
    for run in runs:
        if args.json:
            out.write(json.dumps(run_summary(run) | {"started_at": run["started_at"]}, default=str,
                                 ensure_ascii=False) + "\n")
        else:
            config = run["provider"] + (f"/{run['model']}" if run["model"] else "") + (
                f" v{run['prompt_version']}" if run["prompt_version"] is not None else "")
            out.write(f"{run['id']}  {run['started_at']:%Y-%m-%d %H:%M}  {run['status']:<8} "
                      f"{run['cases_passed']}/{run['cases_total']}  {run['suite']} [{run['agent_id']}] {config}\n")
    if not runs and not args.json:
        out.write(f"No evaluation runs for user {args.user}. Start one with `playground eval run agents/`.\n")
    return 0


def cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    from agents.core.session import runtime_store
    from agents.services.evals.compare import matrix_grid
    from agents.services.evals.report import run_detail
    from agents.services.evals.store import EvalRepo

    repo = EvalRepo(runtime_store().db)
    if args.id.startswith("evm_"):
        grid = matrix_grid(repo, args.id, args.user)
        if args.json:
            out.write(json.dumps(grid, ensure_ascii=False, default=str) + "\n")
            return 0
        heads = [_config(c) for c in grid["columns"]]
        out.write(f"matrix {grid['matrix_id']} · {grid['suite']} · {len(heads):,} configuration(s)\n")
        for number, (head, column) in enumerate(zip(heads, grid["columns"], strict=True), start=1):
            rate = "—" if column["pass_rate"] is None else f"{column['pass_rate']:.0%}"
            out.write(f"  [{number}] {head}: {rate} passed (run {column['run_id']})\n")
        width = min(40, max([_width("case"), *(_width(r["name"]) for r in grid["rows"])]))
        cols = [max(_width(f"[{n}]"), 3) for n in range(1, len(heads) + 1)]
        out.write(f"  {_fit('case', width)} " + " | ".join(_fit(f"[{n}]", w) for n, w in enumerate(cols, 1)) + "\n")
        for row in grid["rows"]:
            cells = " | ".join(_fit(MARK.get(c or "", "-"), w) for c, w in zip(row["cells"], cols, strict=True))
            out.write(f"  {_fit(row['name'], width)} {cells}\n")
        return 0
    detail = run_detail(repo, args.id, args.user)
    if args.json:
        out.write(json.dumps(detail, ensure_ascii=False, default=str) + "\n")
        return 0
    r = detail["run"]
    out.write(f"run {r['id']} · {r['suite']} [{r['agent_id']}] · {r['provider']}/{r['model']}"
              f"{' prompt v' + str(r['prompt_version']) if r['prompt_version'] is not None else ''} · {r['status']}\n"
              f"{_cases(r)} · {r['started_at']:%Y-%m-%d %H:%M:%S} UTC\n")
    for case in detail["cases"]:
        out.write(f"  {MARK[case['status']]} {case['name']}  (conversation {case['conversation_id']})\n")
        if case["error"]:
            out.write(f"      error: {case['error']}\n")
        steps = {s["step_index"]: s for s in case["steps"]}
        for a in case["assertions"]:
            if a["status"] == "pass" and not args.all:
                continue
            step = steps.get(a["step_index"])
            trace = f" [trace {step['turn_id']}]" if step is not None and step.get("turn_id") else ""
            out.write(f"      {a['status']:<4} step {a['step_index'] + 1} {a['kind']}: {a['message']}{trace}\n")
    return 0


def cmd_compare(args: argparse.Namespace, out: TextIO) -> int:
    from agents.core.session import runtime_store
    from agents.services.evals.compare import compare_runs
    from agents.services.evals.store import EvalRepo

    result = compare_runs(EvalRepo(runtime_store().db), args.run_a, args.run_b, args.user)
    failed = 1 if args.fail_on_regression and result["counts"]["regression"] else 0
    if args.json:
        out.write(json.dumps(result, ensure_ascii=False, default=str) + "\n")
        return failed
    pr = result["pass_rate"]
    out.write(f"A {result['a']['id']} ({result['a']['provider']}/{result['a']['model']})  vs  "
              f"B {result['b']['id']} ({result['b']['provider']}/{result['b']['model']})\n")
    out.write(f"pass rate  {_pct(pr['a'])} → {_pct(pr['b'])}\n")
    for key, m in result["metrics"].items():
        out.write(f"{key:<15} {_num(m['a'])} → {_num(m['b'])}  (Δ {_num(m['delta'])})\n")
    counts = result["counts"]
    out.write(f"{counts['regression']} newly failing · {counts['fixed']} newly passing · "
              f"{counts['still_failing']} still failing · {counts['still_passing']} still passing"
              + (f" · {counts['skipped']} skipped in B" if counts["skipped"] else "") + "\n")
    for row in result["cases"]:
        if row["change"] == "still_passing":
            continue
        out.write(f"  [{row['change']}] {row['name']}\n")
        for diff in row["differences"]:
            sa = diff["a"]["status"] if diff["a"] else "—"
            sb = diff["b"]["status"] if diff["b"] else "—"
            side = diff["b"] or diff["a"]
            why = side["message"] if side else ""
            out.write(f"      step {diff['step_index'] + 1} {diff['kind']}: {sa} → {sb}  {why}\n")
    if failed:
        out.write(f"--fail-on-regression: {counts['regression']:,} case(s) passed in A and fail in B\n")
    return failed


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def _num(value: float | None) -> str:
    """Thousands separators, never an exponent: 14,860 tokens, 1,234.5 ms, $0.000123."""
    if value is None:
        return "—"
    if float(value).is_integer() and abs(value) < 1e15:
        return f"{int(value):,}"
    if abs(value) >= 100:
        return f"{value:,.1f}"
    text = f"{value:,.6f}".rstrip("0")
    return text + "0" if text.endswith(".") else text


def cmd_export(args: argparse.Namespace, out: TextIO) -> int:
    from agents.core.session import runtime_store
    from agents.services.evals.report import export_text
    from agents.services.evals.store import EvalRepo

    text = export_text(EvalRepo(runtime_store().db), args.id, args.format, args.user)
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise PlaygroundError(f"Cannot write {args.output}: {exc.strerror}.", code="bad_path") from exc
        out.write(f"wrote {args.output}\n")
    else:
        out.write(text)
    return 0


def cmd_save_case(args: argparse.Namespace, out: TextIO) -> int:
    """A stored conversation as a case with the suggested assertions, appended to a suite file (created when
    missing). Review the printed case; ``--print`` only shows it."""
    from agents.core.session import runtime_store
    from agents.services.evals.from_chat import add_case, case_yaml, suggest_case

    draft = suggest_case(runtime_store(), args.conversation, args.user, name=args.name)
    case = draft.to_case()
    if args.print or not args.suite:
        out.write(case_yaml(case))
        return 0
    path = Path(args.suite)
    if path.exists() and not path.is_file():  # a folder, /dev/zero, a FIFO: nothing to append to
        raise InvalidInput("--suite", say("cli_suite_not_file", path=args.suite))
    try:
        current = path.read_text(encoding="utf-8") if path.exists() else None
    except (OSError, UnicodeDecodeError) as exc:
        raise PlaygroundError(f"Cannot read the suite {path}: {exc}.", code="bad_path") from exc
    text = add_case(current, case, agent=draft.agent, suite_name=path.stem, file=str(path))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise PlaygroundError(f"Cannot write {path}: {exc.strerror}.", code="bad_path") from exc
    out.write(case_yaml(case) + f"\nsaved case {case.name!r} to {path} ({'added to' if current else 'new'} suite)\n")
    return 0


def cmd_schema(args: argparse.Namespace, out: TextIO) -> int:
    from agents.services.evals import spec

    out.write(json.dumps(spec.suite_json_schema(), ensure_ascii=False, indent=2) + "\n")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser,
               bounded: Callable[[str, int, int], Callable[[str], int]]) -> None:
    """Called from agents/cli/main.py: ``playground eval ...``."""
    evals = sub.add_parser("eval", help="run evaluation suites, list, show, compare and export runs")
    actions = evals.add_subparsers(dest="eval_command", required=True)

    run = actions.add_parser("run", parents=[common], help="run a suite file, or every suite in a folder")
    run.add_argument("target", help="a suite .yaml file or a folder of them (agents/: every agents/<id>/evals.yaml)")
    run.add_argument("--provider", help="offline, openai or gemini; a comma list runs a matrix")
    run.add_argument("--model", help="model name(s), comma-separated for a matrix")
    run.add_argument("--prompt-version", help="system-prompt version(s) (numbers or 'active'), comma-separated")
    run.add_argument("--concurrency", type=bounded("--concurrency", 1, MAX_CONCURRENCY), default=4,
                     help=f"cases run at once, 1-{MAX_CONCURRENCY} (default 4)")
    run.add_argument("--junit", help="also write JUnit XML to this path")
    run.add_argument("--judge", metavar="PROVIDER/MODEL",
                     help="the model that grades judge rubrics (replaces the suite's judge_model; never the model "
                          "under test unless named here)")
    run.add_argument("--tag", action="append", metavar="TAG",
                     help="only the cases with this tag (repeat the option for any of several)")
    run.add_argument("--case", action="append", metavar="NAME",
                     help="only this case: its exact name or a shell pattern such as '§9.*' (repeatable)")
    run.add_argument("--repeat", type=bounded("--repeat", 1, MAX_REPEAT), default=None,
                     help=f"run every case this many times (1-{MAX_REPEAT}; replaces the suite's repeat): each case "
                          "gets a pass rate, and passes when it reaches its min_pass_rate (default 1)")
    run.add_argument("--cache", choices=CACHE_MODES, default="off",
                     help="the response cache of real models: read (replay a stored answer for $0, call on a miss), "
                          "write (always call, store the answer) or off (default)")
    run.add_argument("--min-pass-rate", type=pass_rate_option, metavar="RATE",
                     help="pass the gate when at least this share of each run's cases passed (0-1, e.g. 0.95; a "
                          "skipped case is not a passed one) instead of requiring every case")
    run.add_argument("--baseline", metavar="FILE",
                     help="a baseline file (eval baseline update): fail on any case that passed there and fails now, "
                          "tolerate its known failures")
    run.add_argument("--fail-on-skip", action="store_true",
                     help="exit 1 when any assertion was skipped (a judge on the offline model, an unknown price)")
    run.set_defaults(func=cmd_run)

    lister = actions.add_parser("list", parents=[common], help="your runs, newest first")
    lister.add_argument("--suite")
    lister.add_argument("--agent")
    lister.add_argument("--limit", type=bounded("--limit", 1, 1000), default=20)
    lister.set_defaults(func=cmd_list)

    show = actions.add_parser("show", parents=[common], help="a run's cases and assertions (or a matrix id's grid)")
    show.add_argument("id", help="a run id (evr_...) or a matrix id (evm_...)")
    show.add_argument("--all", action="store_true", help="list passing assertions too")
    show.set_defaults(func=cmd_show)

    compare = actions.add_parser("compare", parents=[common], help="two runs side by side, regressions first")
    compare.add_argument("run_a")
    compare.add_argument("run_b")
    compare.add_argument("--fail-on-regression", action="store_true",
                         help="exit 1 when a case that passed in A fails in B (a release gate)")
    compare.set_defaults(func=cmd_compare)

    base = actions.add_parser("baseline", help="the baseline file a release gate compares runs with")
    base_actions = base.add_subparsers(dest="baseline_command", required=True)
    update = base_actions.add_parser("update", parents=[common],
                                     help="write runs' results into the baseline file (default: your newest run "
                                          "of each suite and configuration)")
    update.add_argument("ids", nargs="*", help="run ids (evr_...) or matrix ids (evm_...)")
    update.add_argument("--file", default="evals/baseline.json", help="the baseline file (default evals/baseline.json)")
    update.set_defaults(func=cmd_baseline_update)

    export = actions.add_parser("export", parents=[common], help="a run's assertions as CSV or JSON Lines")
    export.add_argument("id")
    export.add_argument("--format", choices=EXPORT_FORMATS, default="csv")
    export.add_argument("--output", help="write to this file instead of standard output")
    export.set_defaults(func=cmd_export)

    save = actions.add_parser("save-case", parents=[common],
                              help="turn a stored conversation into a case with suggested assertions")
    save.add_argument("conversation", help="a conversation id (conv_...)")
    save.add_argument("--suite", help="the suite file to append it to (created when missing)")
    save.add_argument("--name", help="the case's name (default: the conversation's title)")
    save.add_argument("--print", action="store_true", help="only print the case")
    save.set_defaults(func=cmd_save_case)

    add_import_parser(actions, common)

    schema = actions.add_parser("schema", help="print the suite file's JSON Schema")
    schema.set_defaults(func=cmd_schema)
