"""Repeats: a case run N times (``eval run --repeat N``, a suite's ``repeat``) is one stored case with its
pass rate over the repetitions that checked something, passing when that rate reaches the case's
``min_pass_rate`` (default 1: every repetition). Real models vary: a single run says little.

The stored steps and assertions are one repetition's, the one that shows the verdict (the first failing
one of a failing case, the first passing one of a passing case); every repetition is listed with its own
status, conversation and turns, and the case's tokens, cost and judge calls are summed over all of them.
"""

from __future__ import annotations

from agents.services.evals.cases import CaseOutcome
from agents.services.evals.rows import Repetition


def combine(outcomes: list[CaseOutcome], repeats: int) -> CaseOutcome:
    """One case's repetitions (in any order; fewer than ``repeats`` when the run was stopped) as one outcome."""
    ran = sorted(outcomes, key=lambda o: o.repeat_index)
    if repeats == 1 and len(ran) == 1:
        return ran[0]
    checked = [o for o in ran if o.status != "skipped"]
    passes = sum(1 for o in checked if o.status == "passed")
    needed = ran[0].case.min_pass_rate if ran[0].case.min_pass_rate is not None else 1.0
    if not checked:
        status, rate = "skipped", None
    else:
        rate = passes / len(checked)
        status = "passed" if rate >= needed else "error" if all(o.status == "error" for o in checked) else "failed"
    shown = next((o for o in ran if o.status == "passed"), ran[0]) if status == "passed" else next(
        (o for o in ran if o.status in ("failed", "error")), ran[0])
    shown.status = status
    shown.repeats, shown.passes, shown.pass_rate, shown.min_pass_rate = len(ran), passes, rate, needed
    shown.repetitions = [_summary(o) for o in ran]
    shown.spans = [{**span, "repeat_index": o.repeat_index} for o in ran for span in o.spans]
    shown.duration_ms = sum(o.duration_ms for o in ran)
    shown.totals = {"tokens": _sum([o.tokens() for o in ran]), "cost": _sum([o.cost() for o in ran], strict=True)}
    return shown


def _summary(o: CaseOutcome) -> Repetition:
    return {"repeat_index": o.repeat_index, "status": o.status, "user_id": o.user_id,
            "conversation_id": o.conversation_id, "turn_ids": [s.turn_id for s in o.steps if s.turn_id],
            "error": o.error, "duration_ms": round(o.duration_ms, 3), "tokens": o.tokens(), "cost": o.cost(),
            "cached": o.cached()}


def _sum(values: list[float | int | None], strict: bool = False) -> float | int | None:
    if strict and any(v is None for v in values):
        return None  # one unknown price makes the total unknown
    present = [v for v in values if v is not None]
    return sum(present) if present else None
