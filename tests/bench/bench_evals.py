"""The shipped suites on the offline provider: cases / s and turns / s at concurrency 1 and 4.

    python -m tests.bench.bench_evals
Goal (issue 15): the shipped suites, at least 75 cases, finish in <= 15 s on the 2-core machine. Beside the
figures, the reference measured in the same run: the same user steps sent straight through Session (no
assertions, no storage, one case after another), i.e. the floor the harness adds to. Warm-up (imports,
the offline classifiers' training) is timed apart, as a real `eval run` pays it once.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path


def _reference(suites) -> tuple[float, int]:
    """Every user step of every case through a fresh Session, sequentially: the agents' own cost."""
    from agents.core.session import Session
    from agents.core.store import reset_shared_store
    from agents.services.evals.runner import CaseClock, expand_extra, resolve_refs

    turns = 0
    started = time.perf_counter()
    for loaded in suites:
        for index, case in enumerate(loaded.suite.cases):
            clock = CaseClock()
            session = Session(loaded.suite.agent, user_id=f"ref-{loaded.suite.suite}-{index}", clock=clock)
            for step in case.turns:
                if step.user is None:
                    continue
                try:
                    extra = expand_extra(session.agent.id, resolve_refs(step.extra, []), clock())
                except Exception:  # noqa: BLE001 - references need the harness; send the message alone
                    extra = None
                session.run(step.user, extra)
                turns += 1
    reset_shared_store()
    return time.perf_counter() - started, turns


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="pg-bench-evals-"))
    os.environ["PLAYGROUND_DB"] = str(tmp / "bench.duckdb")
    started = time.perf_counter()
    from agents.core.agent import list_agents
    from agents.services.evals.loader import load_all
    from agents.services.evals.runner import run_suite

    suites = load_all(Path(__file__).resolve().parents[2] / "agents")
    for agent in list_agents():
        if agent.warm is not None:  # AgentSpec.warm since issue 27 (it was agent.extra["warm"])
            agent.warm()
    warm_s = time.perf_counter() - started
    cases = sum(len(s.suite.cases) for s in suites)
    user_turns = sum(1 for s in suites for c in s.suite.cases for t in c.turns if t.user is not None)
    steps = sum(1 for s in suites for c in s.suite.cases for t in c.turns if t.wait_minutes is None)
    print(f"{len(suites)} suites, {cases} cases, {steps} steps ({user_turns} user turns); warm-up (imports, offline "
          f"classifiers) {warm_s:.1f} s")
    ref_s, ref_turns = _reference(suites)
    print(f"reference: the same {ref_turns} user turns straight through Session, one case after another: "
          f"{ref_s:5.2f} s = {ref_turns / ref_s:6.1f} turns/s")
    for concurrency in (1, 4):
        os.environ["PLAYGROUND_DB"] = str(tmp / f"bench-{concurrency}.duckdb")
        from agents.core.store import reset_shared_store

        reset_shared_store()
        t = time.perf_counter()
        passed = 0
        for loaded in suites:
            runs = run_suite(loaded, concurrency=concurrency)
            passed += sum(r.run["cases_passed"] for r in runs)
        elapsed = time.perf_counter() - t
        verdict = "ok" if elapsed <= 15 else "OVER the 15 s goal"
        print(f"eval run agents/ at concurrency {concurrency}: {elapsed:5.2f} s for {cases} cases ({passed} passed) = "
              f"{cases / elapsed:5.1f} cases/s, {steps / elapsed:6.1f} steps/s, {user_turns / elapsed:6.1f} turns/s "
              f"(goal: >= 75 cases in <= 15 s: {verdict}; harness overhead vs reference "
              f"{elapsed / ref_s - 1:+.0%})")
        assert passed == cases, f"{cases - passed} shipped case(s) failed"
    print(f"load average during the run: {', '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
