"""The Lab's metrics statement (issue 14), one per backend beside each other, and the dialect helpers the Lab's
other analytic reads share: a percentile, a float ratio, GROUP BY the first columns.

Per agent x provider x model x prompt version: turns, error rate, latency and TTFT p50/p95, tokens, cost,
👍/👎, fallbacks and side-by-side votes. Refused turns are not turns. Both statements answer alike
(tests/test_lab_metrics_pg.py); they differ in how they read ``traces`` (tests/bench/bench_lab.py):

- DuckDB: four small aggregates over one ``scope`` of the filtered turns, joined on the configuration. One GROUP BY
  that also joined feedback and tested four list filters per row ran three times slower.
- PostgreSQL: a CTE used three times is materialised (written out, then read back three times), and a scan of
  the table's heap read 170 MB at 100,000 turns (the events and prompts sit beside the figures). Each aggregate
  reads ``traces`` itself instead, through the covering indexes of core_057: the turns in configuration order
  (no sort before the GROUP BY) and the few turns with fallbacks from a partial index. The 👍/👎 count in the
  same pass, as hashed lookups in the ratings (a join with feedback needed a scan of its own and a sort); a turn
  rated alike by several people adds its extra ratings from ``x``, so the counts stay those of the rows.
"""

from __future__ import annotations

from typing import Any

from agents.core.fallbacks import FALLBACKS

KEYS = ("agent_id", "provider", "model", "prompt_version")


def quantile(dialect: str, column: str, q: float) -> str:
    if dialect == "duckdb":
        return f"quantile_cont({column}, {q})"
    return f"percentile_cont({q}) WITHIN GROUP (ORDER BY {column})"


def ratio(dialect: str, a: str, b: str) -> str:
    return f"{a} / {b}" if dialect == "duckdb" else f"CAST({a} AS DOUBLE PRECISION) / {b}"


def group_all(dialect: str, count: int) -> str:
    """DuckDB's GROUP BY ALL; PostgreSQL names the first ``count`` output columns."""
    return "GROUP BY ALL" if dialect == "duckdb" else "GROUP BY " + ", ".join(str(i + 1) for i in range(count))


def _on(left: str, right: str) -> str:
    return " AND ".join(f"{left}.{k} IS NOT DISTINCT FROM {right}.{k}" for k in KEYS)


def _figures(d: str, alias: str) -> str:
    """The per-turn figures of ``m``, over the rows named ``alias``."""
    col = (alias + ".") if alias else ""
    return f"""count(*) AS turns, count(*) FILTER (WHERE {col}status = 'error') AS errors,
               count(*) FILTER (WHERE {col}status = 'interrupted') AS interrupted,
               {quantile(d, col + "latency_ms", 0.5)} AS latency_p50, {quantile(d, col + "latency_ms", 0.95)} AS latency_p95,
               {quantile(d, col + "ttft_ms", 0.5)} AS ttft_p50, {quantile(d, col + "ttft_ms", 0.95)} AS ttft_p95,
               coalesce(sum({col}input_tokens), 0)::BIGINT AS input_tokens,
               coalesce(sum({col}output_tokens), 0)::BIGINT AS output_tokens,
               CASE WHEN count({col}cost_usd) = count(*) THEN sum({col}cost_usd) END AS cost_usd"""


def _fallback_counts(d: str, source: str) -> str:
    """``fb``: how often each fallback path was taken, from ``source`` (rows with a non-empty ``fallbacks``)."""
    keys = ", ".join(KEYS)
    cols = ", ".join(f"count(*) FILTER (WHERE name = '{name}') AS fb_{name}" for name in FALLBACKS)
    return f"fb AS (SELECT {keys}, {cols} FROM ({source}) u {group_all(d, 4)})"


def _votes(d: str, vote_where: str) -> str:
    return f"""sides AS (SELECT turn_a AS turn_id, 'a' AS side, vote FROM comparison_rounds WHERE vote IS NOT NULL
                         UNION ALL SELECT turn_b, 'b', vote FROM comparison_rounds WHERE vote IS NOT NULL),
               v AS (SELECT s.agent_id, s.provider, s.model, s.prompt_version,
                            count(*) FILTER (WHERE v.vote = v.side) AS wins,
                            count(*) FILTER (WHERE v.vote IN ('a', 'b') AND v.vote <> v.side) AS losses,
                            count(*) FILTER (WHERE v.vote = 'tie') AS ties,
                            count(*) FILTER (WHERE v.vote = 'both_bad') AS both_bad
                     FROM sides v JOIN (SELECT t.turn_id, t.agent_id, t.provider, t.model, t.prompt_version
                                        FROM traces t WHERE {vote_where}) s ON s.turn_id = v.turn_id
                     {group_all(d, 4)})"""


def _final(d: str) -> str:
    keys = ", ".join(KEYS)
    fallback_out = ", ".join(f"coalesce(fb.fb_{name}, 0) AS fb_{name}" for name in FALLBACKS)
    return f"""k AS (SELECT {keys} FROM m UNION SELECT {keys} FROM v)
               SELECT k.*, coalesce(m.turns, 0) AS turns, m.errors, m.interrupted, m.latency_p50, m.latency_p95,
                      m.ttft_p50, m.ttft_p95, m.input_tokens, m.output_tokens, m.cost_usd,
                      {ratio(d, "m.errors", "m.turns")} AS error_rate,
                      coalesce(th.up, 0) AS thumbs_up, coalesce(th.down, 0) AS thumbs_down,
                      CASE WHEN coalesce(th.up, 0) + coalesce(th.down, 0) > 0
                           THEN {ratio(d, "th.up", "(th.up + th.down)")} END AS thumbs_up_ratio,
                      {fallback_out},
                      coalesce(v.wins, 0) AS wins, coalesce(v.losses, 0) AS losses, coalesce(v.ties, 0) AS ties,
                      coalesce(v.both_bad, 0) AS both_bad
               FROM k LEFT JOIN m ON {_on("k", "m")} LEFT JOIN th ON {_on("k", "th")}
                    LEFT JOIN fb ON {_on("k", "fb")} LEFT JOIN v ON {_on("k", "v")}
               ORDER BY turns DESC, k.agent_id, k.provider, k.model, k.prompt_version"""


def metrics_statement(d: str, where: str, params: list[Any], vote_where: str,
                      vote_params: list[Any]) -> tuple[str, list[Any]]:
    """The statement and its parameters; ``where`` filters the turns (refused ones already left out),
    ``vote_where`` the turns whose side-by-side votes count."""
    keys = ", ".join(KEYS)
    if d == "duckdb":
        return f"""WITH scope AS (SELECT t.turn_id, t.agent_id, t.provider, t.model, t.prompt_version, t.status,
                                         t.latency_ms, t.ttft_ms, t.input_tokens, t.output_tokens, t.cost_usd,
                                         t.fallbacks
                                  FROM traces t WHERE {where}),
                   m AS (SELECT {keys}, {_figures(d, "")} FROM scope {group_all(d, 4)}),
                   th AS (SELECT s.agent_id, s.provider, s.model, s.prompt_version,
                                 count(*) FILTER (WHERE f.rating = 'up') AS up,
                                 count(*) FILTER (WHERE f.rating = 'down') AS down
                          FROM feedback f JOIN scope s ON s.turn_id = f.turn_id {group_all(d, 4)}),
                   {_fallback_counts(d, f"SELECT {keys}, unnest(fallbacks) AS name FROM scope WHERE len(fallbacks) > 0")},
                   {_votes(d, vote_where)},
                   {_final(d)}""", [*params, *vote_params]
    tkeys = ", ".join(f"t.{k}" for k in KEYS)
    rated = "count(*) FILTER (WHERE t.turn_id IN (SELECT turn_id FROM feedback WHERE rating = '{0}')) AS {0}"
    # x reads the few turns rated alike by several people by their key (ANY of an array: a join was planned as a
    # scan of every turn).
    return f"""WITH m AS (SELECT {tkeys}, {_figures(d, "t")}, {rated.format("up")}, {rated.format("down")}
                          FROM traces t WHERE {where} {group_all(d, 4)}),
               e AS (SELECT turn_id, rating, count(*) AS n FROM feedback GROUP BY 1, 2 HAVING count(*) > 1),
               x AS (SELECT {tkeys}, sum(e.n - 1) FILTER (WHERE e.rating = 'up') AS up,
                            sum(e.n - 1) FILTER (WHERE e.rating = 'down') AS down
                     FROM e JOIN traces t ON t.turn_id = e.turn_id
                     WHERE t.turn_id = ANY (ARRAY(SELECT turn_id FROM e)) AND {where} {group_all(d, 4)}),
               th AS (SELECT m.agent_id, m.provider, m.model, m.prompt_version, m.up + coalesce(x.up, 0) AS up,
                             m.down + coalesce(x.down, 0) AS down FROM m LEFT JOIN x ON {_on("m", "x")}),
               {_fallback_counts(d, f"SELECT {tkeys}, unnest(t.fallbacks) AS name FROM traces t "
                                    f"WHERE {where} AND cardinality(t.fallbacks) > 0")},
               {_votes(d, vote_where)},
               {_final(d)}""", [*params, *params, *params, *vote_params]
