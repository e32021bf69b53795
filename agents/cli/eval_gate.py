"""``playground eval baseline update`` and the release gate's option types (``--min-pass-rate``, ``--judge``):
kept apart from ``eval.py`` so that stays small; imported by it, light (nothing heavy at import)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TextIO

from agents.core.inputs import InvalidInput

if TYPE_CHECKING:
    from agents.services.evals import spec


def pass_rate_option(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:  # NaN fails both comparisons
        raise argparse.ArgumentTypeError(f"--min-pass-rate는 0에서 1 사이의 비율입니다 (예: 0.95), {text!r}가 아니라. "
                                         f"(--min-pass-rate is a share from 0 to 1, e.g. 0.95, not {text!r}.)")
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
        raise InvalidInput("--judge", f"--judge {text!r}을(를) 읽을 수 없습니다: PROVIDER/MODEL로 주세요. "
                                      f"(--judge {text!r} cannot be read: give PROVIDER/MODEL.) {exc}") from exc
    if model.provider not in PROVIDER_NAMES:
        raise InvalidInput("--judge", f"--judge의 제공자 {model.provider!r}을(를) 모릅니다 ({', '.join(PROVIDER_NAMES)}). "
                                      f"(--judge names an unknown provider {model.provider!r}; known: "
                                      f"{', '.join(PROVIDER_NAMES)}.)")
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
                raise InvalidInput("ids", f"행렬 실행 {given!r}이(가) 없습니다. (No matrix run {given!r}.)")
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
            raise InvalidInput("ids", f"{args.user}의 끝난 평가 실행이 없습니다: 먼저 `playground eval run`을 하세요. "
                                      f"(No finished evaluation run of {args.user}: run `playground eval run` first.)")
    details = [run_detail(repo, run_id, args.user) for run_id in ids]
    written = baseline.update(args.file, details)
    for detail in details:
        run = detail["run"]
        failing = sum(1 for c in detail["cases"] if c["status"] in ("failed", "error"))
        out.write(f"  {baseline.run_key(run)}: {run['cases_passed']:,}/{run['cases_total']:,} passed"
                  + (f", {failing:,} kept as known failures" if failing else "") + f" (run {run['id']})\n")
    out.write(f"wrote {args.file}: {len(written['runs']):,} suite configuration(s)\n")
    return 0
