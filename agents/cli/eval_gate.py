"""``playground eval baseline update`` and the release gate's option types (``--min-pass-rate``, ``--judge``):
kept apart from ``eval.py`` so that stays small; imported by it, light (nothing heavy at import)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TextIO

from agents.cli.texts import CLI_MESSAGES  # noqa: F401 -- registers the words said here
from agents.core.inputs import InvalidInput
from agents.core.messages import say

if TYPE_CHECKING:
    from agents.services.evals import spec


def pass_rate_option(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:  # NaN fails both comparisons
        raise argparse.ArgumentTypeError(say("cli_bad_pass_rate", text=text))
    return value


def judge_option(text: str | None) -> spec.JudgeModel | None:
    from pydantic import ValidationError

    from agents.core.providers import PROVIDER_NAMES
    from agents.services.evals.judge import judge_model_of

    if text is None:
        return None
    try:
        model = judge_model_of(text)
    except ValidationError as exc:
        raise InvalidInput("--judge", say("cli_bad_judge", text=text, error=" ".join(str(exc).split()))) from exc
    if model.provider not in PROVIDER_NAMES:
        raise InvalidInput("--judge", say("cli_judge_provider", provider=model.provider, known=", ".join(PROVIDER_NAMES)))
    return model


def cmd_baseline_update(args: argparse.Namespace, out: TextIO) -> int:
    """Each named run (a matrix: each of its runs), or the newest finished run of each suite and configuration,
    written into the baseline file under its suite and configuration."""
    from agents.core.session import runtime_store
    from agents.services.evals import baseline
    from agents.services.evals.report import run_detail
    from agents.services.evals.store import EvalRepo

    repo = EvalRepo(runtime_store().db)
    ids: list[str] = []
    for given in args.ids:
        if given.startswith("evm_"):
            found = [r["id"] for r in repo.runs(args.user, matrix_id=given, limit=100)]
            if not found:
                raise InvalidInput("ids", say("cli_no_matrix_run", id=given))
            ids += found
        else:
            ids.append(given)
    if not args.ids:
        newest: dict[str, str] = {}
        for run in repo.runs(args.user, limit=1000):  # newest first
            if run["status"] in ("passed", "failed"):
                newest.setdefault(baseline.run_key(run), run["id"])
        ids = list(newest.values())
        if not ids:
            raise InvalidInput("ids", say("cli_no_finished_run", user=args.user))
    details = [run_detail(repo, run_id, args.user) for run_id in ids]
    written = baseline.update(args.file, details)
    for detail in details:
        run = detail["run"]
        failing = sum(1 for c in detail["cases"] if c["status"] in ("failed", "error"))
        out.write(f"  {baseline.run_key(run)}: {run['cases_passed']:,}/{run['cases_total']:,} passed"
                  + (f", {failing:,} kept as known failures" if failing else "") + f" (run {run['id']})\n")
    out.write(f"wrote {args.file}: {len(written['runs']):,} suite configuration(s)\n")
    return 0
