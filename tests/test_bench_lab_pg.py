"""tests/bench/bench_lab.py at a tiny size on both backends, so the script cannot rot: PostgreSQL's seeding
(COPY of the same rows DuckDB reads in place), every Lab query and its bare-driver floor, and the check that
both backends answer alike. Nothing here is timed."""

from __future__ import annotations

import re

import pytest

from tests.bench import bench_lab
from tests.support.postgres import TempPostgres

FIGURES = ["traces page of 50: no filter", "traces page of 50: agent + status",
           "traces page of 50: one user (shared mode)", "traces page of 50: model + prompt version + 7 days",
           "traces page of 50: feedback 👎", "traces page of 50: text, a common word",
           "traces page of 50: text, a word in no turn", "traces page of 50: text + agent, rare pair",
           "traces page of 50: the next page (cursor)", "one turn's detail",
           "one turn's detail, shared mode (owner checked)", "metrics, all 200 turns", "metrics, last 7 days",
           "metrics over time (charts), 30 days"]
FIGURE = re.compile(r"^(.+?)\s+p50\s+(\d+\.\d\d) ms   raw (DuckDB|PostgreSQL)\s+(\d+\.\d\d) ms   \(goal (.+)\)$")


def _figures(block: list[str], backend: str) -> list[str]:
    labels = []
    for text in block:
        match = FIGURE.match(text)
        assert match, text
        assert match.group(3) == backend
        labels.append(match.group(1))
    return labels


def test_bench_lab_seeds_and_measures_both_backends_at_200_turns(postgres: TempPostgres,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    url = postgres.create_database("bench_lab_tiny")
    assert bench_lab.main(["--turns", "200", "--samples", "2", "--backend", "both", "--pg-url", url]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("200 turns, 2 samples a figure; load average ")
    duck, pg = out.index(next(t for t in out if t.startswith("== DuckDB: "))), \
        out.index(next(t for t in out if t.startswith("== PostgreSQL: ")))
    assert out[duck].startswith("== DuckDB: loaded 200 turns (events ")
    assert out[pg].startswith("== PostgreSQL: loaded 200 turns (events ")
    assert _figures(out[duck + 1:pg], "DuckDB") == FIGURES
    assert _figures(out[pg + 1:-1], "PostgreSQL") == FIGURES
    assert out[-1] == "same answers on both backends"
    # The rows PostgreSQL holds are the ones the bench seeded, with their ratings and votes.
    import psycopg

    with psycopg.connect(url) as conn:
        counts = [conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                  for t in ("traces", "feedback", "comparison_rounds")]
    assert counts[0] == 200 and counts[2] == 500 and 15 <= counts[1] <= 20


def test_bench_lab_postgres_alone(postgres: TempPostgres, capsys: pytest.CaptureFixture[str]) -> None:
    url = postgres.create_database("bench_lab_alone")
    assert bench_lab.main(["--turns", "200", "--samples", "1", "--backend", "postgres", "--pg-url", url]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("== PostgreSQL: loaded 200 turns")
    assert _figures(out[2:], "PostgreSQL") == FIGURES
