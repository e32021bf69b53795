"""The query tools' summaries in English, for a marketer who writes English: the same figures as the Korean
summaries in ``queries.py`` and ``compare.py`` (which a model reads and the offline reply repeats), in words
from ``texts.py``. Campaign names stay as they are."""

from __future__ import annotations

from typing import Any

from agents.marketing.format import ctr, roas, signed, signed_pct
from agents.marketing.texts import ANOMALY_EN, METRIC_EN, PERIOD_EN, SORT_EN, WEEKDAY_LONG_EN, objective, status
from agents.nlu.korean_money import format_krw


def kpi(result: dict[str, Any], name: str | None) -> str:
    now, d = result["current"], result["deltas"]
    scope = f"'{name}', " if name else ""
    return "\n".join([
        f"Performance of {scope}{PERIOD_EN[result['period']]} ({result['start']} to {result['end']}), against the "
        "period before:",
        f"- Total spend: {format_krw(now['spend'])} ({signed_pct(d['spend_pct'])})",
        f"- Total revenue: {format_krw(now['revenue'])} ({signed_pct(d['revenue_pct'])})",
        f"- ROAS: {roas(now['roas'])} ({signed(d['roas'])})",
        f"- CTR: {ctr(now['ctr'])} ({signed(d['ctr_pp'], suffix='%p')})",
        f"- Conversions: {round(now['conversions']):,} ({int(d['conversions']):+,})",
        f"- CPA: {format_krw(now['cpa'])} ({signed_pct(d['cpa_pct'])})",
    ])


def campaign_list(rows: list[dict[str, Any]], period: str, sort_by: str, order: str) -> str:
    way = "highest" if order == "desc" else "lowest"
    lines = [f"{len(rows)} campaign{'s' if len(rows) != 1 else ''} ({PERIOD_EN[period]}, {way} "
             f"{SORT_EN.get(sort_by, sort_by)} first):"]
    lines += [f"- {r['name']} [{status(r['status'], True)}] budget {format_krw(r['daily_budget'])}/day, "
              f"spend {format_krw(r['spend'])}, ROAS {roas(r['roas'])}" for r in rows]
    return "\n".join(lines)


def detail(campaign: dict[str, Any], result: dict[str, Any]) -> str:
    now = result["current"]
    return (f"'{campaign['name']}': {status(campaign['status'], True)}, daily budget "
            f"{format_krw(campaign['daily_budget'])}. Last 14 days: spend {format_krw(now['spend'])}, revenue "
            f"{format_krw(now['revenue'])}, ROAS {roas(now['roas'])} ({signed(result['deltas']['roas'])} against the 14 "
            f"days before), CTR {ctr(now['ctr'])}, CPA {format_krw(now['cpa'])}.")


def audience(target: dict[str, Any]) -> str:
    return ", ".join(f"{k}: {v if not isinstance(v, list) else '/'.join(map(str, v))}" for k, v in target.items())


def anomalies(found: list[dict[str, Any]]) -> str:
    if not found:
        return ("No anomalies on the latest day (the checks: ROAS down 30% or more, spend up 1.5 times or more, CTR "
                "halved or worse).")
    return f"{len(found)} anomal{'ies' if len(found) != 1 else 'y'}:\n" + "\n".join(
        f"- [{f['severity']}] {f['campaign']}: {ANOMALY_EN[f['type']]} ({f['metric']} {f['previous']} → {f['value']}, "
        f"{f['change_pct']:+.1f}%)" for f in found)


def trends(k: dict[str, Any], result: dict[str, Any]) -> str:
    best = ", ".join(f"{r['name']} ({roas(r['roas'])})" for r in result["best"])
    worst = ", ".join(f"{r['name']} ({roas(r['roas'])})" for r in result["worst"])
    bd, wd = result["best_day"], result["worst_day"]
    days = (f"Weekdays (last 4 weeks): ROAS is highest on {WEEKDAY_LONG_EN[bd['day']]} at {roas(bd['roas'])} and lowest "
            f"on {WEEKDAY_LONG_EN[wd['day']]} at {roas(wd['roas'])}." if bd and wd else "")
    return (f"{PERIOD_EN[k['period']].capitalize()} against the period before: revenue "
            f"{signed_pct(k['deltas']['revenue_pct'])}, spend {signed_pct(k['deltas']['spend_pct'])}, ROAS "
            f"{roas(k['current']['roas'])} ({signed(k['deltas']['roas'])}).\nTop ROAS: {best}\nBottom ROAS: {worst}\n"
            + days)


def metric_lead(metric: str, k: dict[str, Any], show: Any, falling: list[dict[str, Any]]) -> str:
    label = METRIC_EN[metric]
    now, before = k["current"][metric], k["previous"][metric]
    by = signed(now - before, 3, "%p") if metric == "ctr" else signed_pct((now - before) / before * 100 if before else None)
    when = PERIOD_EN[k["period"]]
    if now == before:
        head = f"{label} was {show(now)} over {when}, the same as the period before."
    else:
        way = "fell" if now < before else "rose"
        head = f"{label} {way} to {show(now)} over {when}, from {show(before)} in the period before ({by})."
    if falling:
        head += " The campaigns where it fell most: " + ", ".join(
            f"{m['name']} ({show(m['before'])} → {show(m['now'])})" for m in falling) + "."
    if metric == "ctr" and falling:
        head += " A falling click-through rate usually means the creative has worn out: consider new creatives there first."
    return head


def advice(result: dict[str, Any]) -> str:
    moves = result["moves"]
    if not moves:
        return (f"There is no case for moving budget (account average ROAS {roas(result['average_roas'])}; no campaign is "
                "above 1.2 times the average).")
    lines = [f"Reallocation against the account's 14-day average ROAS of {roas(result['average_roas'])} (moving "
             f"{format_krw(result['pool'])} a day):"]
    for m in moves:
        verb = "down" if m["change"] < 0 else "up"
        lines.append(f"- {m['campaign']} (ROAS {roas(m['roas'])}): {format_krw(m['from_budget'])} → "
                     f"{format_krw(m['to_budget'])} ({verb} {format_krw(abs(m['change']))})")
    lines.append(f"Expected change in daily revenue: {format_krw(result['expected_daily_revenue_change'])} (if recent "
                 "ROAS holds)")
    return "\n".join(lines)


def split(plan: dict[str, Any]) -> str:
    if not plan["shares"]:
        return "No active campaign spent anything in the last 14 days, so there is nothing to split the budget by."
    lines = [f"The total budget of {format_krw(plan['total'])} ({plan['days']} days) split by each campaign's share of "
             "14-day ROAS:"]
    lines += [f"- {s['campaign']} (ROAS {roas(s['roas'])}): {format_krw(s['amount'])} · about {format_krw(s['daily'])} "
              f"a day (now {format_krw(s['current_daily'])} a day)" for s in plan["shares"]]
    lines.append("Campaigns with a higher ROAS get more; the weaker ones keep a minimum so their learning does not stop.")
    return "\n".join(lines)


def report(k: dict[str, Any], rows: list[dict[str, Any]], found: list[dict[str, Any]]) -> str:
    now, d = k["current"], k["deltas"]
    md = [f"## Weekly performance report ({k['start']} to {k['end']})", "",
          "| Metric | Value | Against the period before |", "|---|---|---|",
          f"| Total spend | {format_krw(now['spend'])} | {signed_pct(d['spend_pct'])} |",
          f"| Total revenue | {format_krw(now['revenue'])} | {signed_pct(d['revenue_pct'])} |",
          f"| ROAS | {roas(now['roas'])} | {signed(d['roas'])} |",
          f"| CTR | {ctr(now['ctr'])} | {signed(d['ctr_pp'], suffix='%p')} |",
          f"| Conversions | {round(now['conversions']):,} | {int(d['conversions']):+,} |",
          f"| CPA | {format_krw(now['cpa'])} | {signed_pct(d['cpa_pct'])} |", "",
          "### By campaign", "", "| Campaign | Spend | Revenue | ROAS |", "|---|---|---|---|",
          *[f"| {r['name']} | {format_krw(r['spend'])} | {format_krw(r['revenue'])} | {roas(r['roas'])} |" for r in rows],
          "", "### Watch out for", ""]
    md += [f"- {f['campaign']}: {ANOMALY_EN[f['type']]} ({f['change_pct']:+.1f}%)" for f in found] or ["- No anomalies"]
    return "\n".join(md)


def compared(result: dict[str, Any]) -> str:
    return f"Compared over {PERIOD_EN[result['period']]} ({result['start']} to {result['end']}):"


def verdict(label: str, names: list[str], values: list[float], fmt: Any, higher_is_better: bool) -> str:
    pairs = sorted(zip(values, names, strict=True), reverse=higher_is_better)
    best_value, best_name = pairs[0]
    shown = ", ".join(f"{n} {fmt(v)}" for n, v in zip(names, values, strict=True))
    if all(v == best_value for v, _ in pairs):
        return f"- {label}: {shown} (the same)"
    degree = "" if len(names) == 2 else "the "
    word = ("higher" if len(names) == 2 else "highest") if higher_is_better else \
        ("lower, so more efficient" if len(names) == 2 else "lowest, so most efficient")
    return f"- {label}: {shown} → '{best_name}' is {degree}{word}"


def objective_text(value: str) -> str:
    return f"{objective(value, True)} ({value})"
