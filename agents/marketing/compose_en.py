"""The offline model's reply from the tool results, in English (the Korean one is ``policy.compose``): the
same figures and the same advice, for a marketer who writes English."""

from __future__ import annotations

from typing import Any

from agents.marketing.format import ctr, roas, signed, signed_pct
from agents.marketing.texts import PERIOD_EN
from agents.nlu.korean_money import format_krw

COULD_NOT = "I couldn't complete that request."


def kpi_reply(data: dict[str, Any]) -> str:
    now, d = data["current"], data["deltas"]
    scope = f"'{data['campaign_name']}', " if data.get("campaign_name") else ""
    revenue_pct = d.get("revenue_pct")
    parts = [f"Over {scope}{PERIOD_EN[data['period']]} ({data['start']} to {data['end']}): total spend "
             f"{format_krw(now['spend'])} ({signed_pct(d.get('spend_pct'))}), total revenue {format_krw(now['revenue'])} "
             f"({signed_pct(revenue_pct)}), ROAS {roas(now['roas'])} ({signed(d['roas'])}), CTR {ctr(now['ctr'])} "
             f"({signed(d['ctr_pp'], suffix='%p')}), conversions {int(now['conversions']):,} ({int(d['conversions']):+,})."]
    if now["roas"] >= 2.5 and (revenue_pct or 0) >= 0:
        parts.append(f"Performance is good overall: revenue rose {abs(revenue_pct or 0):.1f}% and ROAS is a healthy "
                     f"{roas(now['roas'])}.")
    elif now["roas"] < 1.5:
        parts.append(f"ROAS is low at {roas(now['roas'])}: profitability needs a look.")
    else:
        way = "rose" if (revenue_pct or 0) >= 0 else "fell"
        parts.append(f"Revenue {way} {abs(revenue_pct or 0):.1f}% against the period before, and ROAS is "
                     f"{roas(now['roas'])}.")
    if d["ctr_pp"] < 0:
        parts.append("CTR dipped slightly, though: consider refreshing the creatives.")
    if (d.get("cpa_pct") or 0) > 10:
        parts.append(f"CPA rose {signed_pct(d['cpa_pct'])}, so check conversion efficiency too.")
    return "\n\n".join(parts)


def list_reply(data: dict[str, Any], summary: str) -> str:
    rows = data.get("campaigns", [])
    if not rows:
        return "No campaign matches."
    spenders = [r for r in rows if r["spend"] > 0]
    if data.get("sortBy") == "roas" and spenders:
        first = spenders[0]
        most = len(spenders) >= 3  # "highest" compares three or more
        word = ("highest" if most else "higher") if data.get("order") == "desc" else ("lowest" if most else "lower")
        return (f"The campaign with the {word} ROAS is '{first['name']}' (ROAS {roas(first['roas'])}, spend "
                f"{format_krw(first['spend'])}).\n\n" + summary)
    return summary


def clarify_note(data: dict[str, Any]) -> str:
    return (f"Note: campaigns with the same objective now average a CPA of {format_krw(data['average_cpa'])}. "
            f"At least {format_krw(data['recommended_min'])} is recommended.")


APPLY_ADVICE = "\n\nTo apply it, say \"change the (campaign) budget to (amount)\"."


def report_reply(data: dict[str, Any]) -> str:
    k = data.get("kpi", {})
    cur, d = k.get("current", {}), k.get("deltas", {})
    return (f"I made the weekly report. Total revenue {format_krw(cur.get('revenue', 0))} "
            f"({signed_pct(d.get('revenue_pct'))}), ROAS {roas(cur.get('roas', 0))}. The full tables are on the report "
            "card.")


def anomalies_tail(worst: dict[str, Any]) -> str:
    return (f"\n\nThe most urgent is '{worst['campaign']}'. Tell me if you want a closer analysis or a budget "
            "change.")
