"""compareCampaigns: two to four named campaigns side by side for one period (issue 9: "A랑 B
비교해줘" is a comparison of those campaigns, not account-wide trends)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from agents.core.cards import Chart
from agents.core.tools import Card, ToolContext, ToolOutput
from agents.marketing import analytics
from agents.marketing import summaries_en as en_text
from agents.marketing import texts as tx
from agents.marketing.card_data import Table
from agents.marketing.format import count, ctr, roas
from agents.marketing.lang import conversation_english
from agents.marketing.queries import CampaignNotResolved, Period, _not_resolved, resolve
from agents.marketing.store import MarketingStore
from agents.marketing.texts import english_sentence
from agents.nlu import josa
from agents.nlu.korean_money import format_krw

# metric, label, formatter, higher is better
_METRICS: list[tuple[str, str, Any, bool]] = [
    ("spend", "지출", format_krw, True), ("revenue", "매출", format_krw, True), ("roas", "ROAS", roas, True),
    ("ctr", "CTR", ctr, True), ("cpa", "CPA", format_krw, False), ("conversions", "전환", count, True),
]
_METRICS_EN: list[tuple[str, str, Any, bool]] = [
    ("spend", "Spend", format_krw, True), ("revenue", "Revenue", format_krw, True), ("roas", "ROAS", roas, True),
    ("ctr", "CTR", ctr, True), ("cpa", "CPA", format_krw, False), ("conversions", "Conversions", lambda v: f"{v:,.0f}", True),
]


class CompareArgs(BaseModel):
    campaignIds: list[str] = Field(min_length=2, max_length=4, description="two to four campaign ids or names")
    period: Period = Field("14d", description="today, 7d, 14d or 30d")


def compare_campaigns(args: CompareArgs, ctx: ToolContext) -> ToolOutput:
    ms = MarketingStore(ctx.store)
    campaigns: list[dict[str, Any]] = []
    for ref in args.campaignIds:
        try:
            campaign = resolve(ctx, ref)
        except CampaignNotResolved as exc:
            return _not_resolved(exc)
        if campaign["id"] not in {c["id"] for c in campaigns}:
            campaigns.append(campaign)
    en = conversation_english(ctx)
    pick = english_sentence if en else (lambda text: text)
    if len(campaigns) < 2:
        return ToolOutput(ok=False, summary=pick("비교하려면 서로 다른 캠페인 두 개가 필요합니다. 다른 캠페인 이름을 알려주세요."),
                          clarification={"question": pick("어떤 캠페인과 비교할까요?"), "options": [
                              c["name"] for c in ms.campaigns(ctx.user_id) if c["id"] != campaigns[0]["id"]][:6],
                              "context": {"slot": "campaign", "intent": "compareCampaigns"}})
    results = [analytics.kpi(ms, ctx.user_id, args.period, c["id"]) for c in campaigns]
    names = [c["name"] for c in campaigns]
    rows = [[tx.label("status", en)] + [tx.status(c["status"], en) for c in campaigns],
            [tx.label("objective", en)] + [tx.objective(c["objective"], en) for c in campaigns],
            [tx.label("daily_budget", en)] + [format_krw(c["daily_budget"]) for c in campaigns]]
    metrics = _METRICS_EN if en else _METRICS
    for key, label, fmt, _ in metrics:
        rows.append([label] + [fmt(r["current"][key]) for r in results])
    lines = [en_text.compared(results[0]) if en else
             f"{results[0]['label']}({results[0]['start']}~{results[0]['end']}) 기준 비교:"]
    lines += [(en_text.verdict if en else _verdict)(label, names, [r["current"][key] for r in results], fmt, higher)
              for key, label, fmt, higher in metrics if key in ("roas", "cpa", "revenue")]
    card = Card(card_type="campaign_compare", title=" vs ".join(names), data=Table(
        columns=[tx.label("metric", en), *names], rows=rows,
        chart=Chart(kind="bar", x=["ROAS", "CTR(%)"],
                    series={n: [round(r["current"]["roas"], 2), round(r["current"]["ctr"], 2)]
                            for n, r in zip(names, results, strict=True)}, y_title=tx.label("graph_value", en))))
    data = {"period": args.period, "campaigns": [
        {"id": c["id"], "name": c["name"], **{k: r["current"][k] for k, *_ in _METRICS}}
        for c, r in zip(campaigns, results, strict=True)]}
    return ToolOutput(summary="\n".join(lines), data=data, cards=[card])


def _verdict(label: str, names: list[str], values: list[float], fmt: Any, higher_is_better: bool) -> str:
    """One line per metric; "더" for two campaigns, "가장" only for three or more."""
    pairs = sorted(zip(values, names, strict=True), reverse=higher_is_better)
    best_value, best_name = pairs[0]
    shown = ", ".join(f"{n} {fmt(v)}" for n, v in zip(names, values, strict=True))
    if all(v == best_value for v, _ in pairs):
        return f"- {label}: {shown} (같아요)"
    degree = "더" if len(names) == 2 else "가장"
    quoted = f"'{best_name}'"
    word = "높아요" if higher_is_better else "낮아 효율이 좋아요"
    return f"- {label}: {shown} → {quoted}{josa(quoted, '이')} {degree} {word}"
