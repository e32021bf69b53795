"""As one anonymous visitor on a shared server, through the HTTP API: a backtracking regex in an eval suite
must not hold up another person's requests, and a YAML alias bomb is refused at once, naming the problem,
without the server's memory growing."""

from __future__ import annotations

import threading
import time
import tracemalloc

from fastapi.testclient import TestClient

from agents.core.safe_yaml import MAX_NODES
from agents.core.user_regex import MATCH_TIMEOUT_S

ATTACK = "a" * 26  # `(a+)+#` on 26 a's held Python's `re` (and so every thread) for 3.6 s; each a doubles it
BENIGN, RE2_ATTACK, REGEX_ATTACK = "a+#", "(a+)+#", "(a|a)+(?=#)"  # the last needs lookahead: the `regex` module


def _suite(pattern: str) -> str:
    # The note's text comes back in the confirm step's outcome message: "Added note 'aaaa…'".
    return f"""\
suite: regex-attack
agent: notes
cases:
  - name: a long note
    turns:
      - user: add {ATTACK}
      - confirm: last
        expect:
          - text_matches: "{pattern}"
"""


def _worst_wait_during_a_run(shared: TestClient, alice: dict, bob: dict, pattern: str) -> tuple[float, dict]:
    """Alice runs a suite; meanwhile bob's GETs go one after another from another client. The longest gap
    between two of bob's answers is the longest he waited (a block anywhere in his loop shows in it)."""
    bob_client = TestClient(shared.app)
    started = shared.post("/api/v1/evals/runs", json={"yaml": _suite(pattern)}, headers=alice)
    assert started.status_code == 202, started.text
    run_id = started.json()["run_ids"][0]
    gaps: list[float] = []
    stop = threading.Event()

    def bob_reads() -> None:
        last = time.perf_counter()
        while not stop.is_set():
            assert bob_client.get("/api/v1/evals/suites", headers=bob).status_code == 200
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    reader = threading.Thread(target=bob_reads, daemon=True)
    reader.start()
    deadline = time.monotonic() + 600
    while (detail := shared.get(f"/api/v1/evals/runs/{run_id}", headers=alice).json())["run"]["status"] == "running":
        assert time.monotonic() < deadline, "the run did not finish"
        time.sleep(0.02)
    stop.set()
    reader.join(timeout=600)
    return max(gaps), detail


def test_a_backtracking_regex_does_not_hold_up_another_users_requests(shared, alice, bob) -> None:
    shared.get("/api/v1/evals/suites", headers=bob)  # warm: first-use costs are not the attack's
    _worst_wait_during_a_run(shared, alice, bob, BENIGN)
    waits: dict[str, list[float]] = {BENIGN: [], RE2_ATTACK: [], REGEX_ATTACK: []}
    details: dict[str, dict] = {}
    for _ in range(5):  # interleaved, so a busy moment of a loaded machine hits all three alike
        for pattern in waits:
            worst, details[pattern] = _worst_wait_during_a_run(shared, alice, bob, pattern)
            waits[pattern].append(worst)
            # Seconds of blocking twice: no need for more tries (with `re`, the lookahead one runs for minutes).
            # Once may be the machine: a benign run was seen waiting 6.8 s while other test runs loaded it.
            slow = [w for w in waits[pattern] if w >= min(waits[BENIGN]) + 3.0]
            assert len(slow) < 2, (pattern, waits)
    print({p: [round(w * 1000) for w in ws] for p, ws in waits.items()})  # ms, for the record (pytest -s)
    # The best of five: a block the attack causes is in every run, while the machine's own hiccups (other
    # processes on a loaded 2-core box) only ever add to a run's worst gap. Medians of five such maxima were seen
    # 100+ ms apart with no attack at all when the whole suite ran beside them.
    baseline = min(waits[BENIGN])
    for pattern in (RE2_ATTACK, REGEX_ATTACK):
        attacked = min(waits[pattern])
        assert attacked - baseline < 0.100, (pattern, waits)

    # The attack is reported, not passed: RE2 answers at once; the `regex` engine stops at its time limit
    # and the assertion fails naming the pattern (never flipped to a pass).
    (re2_case,) = details[RE2_ATTACK]["cases"]
    assert re2_case["status"] == "failed" and re2_case["steps"][1]["reply"] == f"Added note '{ATTACK}'"
    assert [(a["status"], a["message"]) for a in re2_case["assertions"]] == [("fail", "no match for /(a+)+#/")]
    (regex_case,) = details[REGEX_ATTACK]["cases"]
    (timed_out,) = regex_case["assertions"]
    assert regex_case["status"] == "failed" and timed_out["status"] == "fail"
    assert timed_out["message"].startswith(f"정규식 /{REGEX_ATTACK}/")
    assert f"(The regular expression /{REGEX_ATTACK}/ did not finish within {MATCH_TIMEOUT_S:g} s" in \
        timed_out["message"]


def billion_laughs() -> str:
    """The classic "billion laughs" as a suite: nine levels of nine aliases each, 562 bytes."""
    lines = ["suite: bomb", "agent: notes", 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    lines.append("cases: [{name: lol, turns: *i}]")
    text = "\n".join(lines) + "\n"
    return text + "description: " + "x" * (562 - len(text) - len("description: \n")) + "\n"


def test_a_yaml_alias_bomb_is_refused_at_once_without_memory_growth(shared, alice) -> None:
    bomb = billion_laughs()
    assert len(bomb.encode()) == 562
    shared.get("/api/v1/evals/suites", headers=alice)  # warm
    tracemalloc.start()
    try:
        before, _ = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        started = time.perf_counter()
        saved = shared.put("/api/v1/evals/suites/bomb", json={"yaml": bomb}, headers=alice)
        took = time.perf_counter() - started
        ran = shared.post("/api/v1/evals/runs", json={"yaml": bomb}, headers=alice)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert took < 1.0, took
    assert peak - before < 50_000_000, peak - before
    for answer in (saved, ran):
        assert answer.status_code == 422, answer.text
        error = answer.json()["error"]
        assert error["code"] == "bad_suite"
        assert f"expand to more than {MAX_NODES:,} values, like a 'billion laughs' bomb" in error["message"]
        assert ":8: YAML 별칭을 펼치면" in error["message"]  # the line where the expansion passed the bound
    assert shared.get("/api/v1/evals/suites/bomb", headers=alice).status_code == 404


def test_a_refused_pattern_is_a_422_naming_it(shared, alice) -> None:
    for pattern, reason in (("x" * 1001, "(The regular expression is 1,001 characters long; at most 1,000.)"),
                            ("notes(", "(not a valid regular expression: missing ), unterminated subpattern at "
                                       "position 5.)")):
        answer = shared.put("/api/v1/evals/suites/regex-attack", json={"yaml": _suite(pattern)}, headers=alice)
        assert answer.status_code == 422
        error = answer.json()["error"]
        assert error["code"] == "bad_suite" and reason in error["message"]
        assert "regex-attack.yaml:9: cases[0].turns[1].expect[0].text_matches: " in error["message"]
