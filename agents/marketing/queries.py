"""The seven query tools and two meta tools of seed 000 §9 (run at once)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, Literal

from pydantic import BaseModel, Field

from agents.core.cards import Chart
from agents.core.tools import Card, ToolContext, ToolOutput
from agents.marketing import analytics
from agents.marketing import summaries_en as en_text
from agents.marketing import texts as tx
from agents.marketing.card_data import Anomalies, BudgetRecommendation, KpiSummary, KpiTrend, Report, Table
from agents.marketing.format import (
    STATUS_LABELS,
    count,
    ctr,
    kpi_tiles,
    roas,
    signed,
    signed_pct,
)
from agents.marketing.lang import conversation_english
from agents.marketing.matching import match_campaigns
from agents.marketing.store import MarketingStore
from agents.marketing.texts import PERIOD_TITLE_EN, WEEKDAY_EN, objective, status
from agents.nlu.korean_money import format_krw

Period = Literal["today", "7d", "14d", "30d"]


class CampaignNotResolved(LookupError):
    """The name matched no campaign, or several; the message lists what to choose from."""

    def __init__(self, message: str, candidates: list[str]) -> None:
        super().__init__(message)
        self.candidates = candidates


def resolve(ctx: ToolContext, ref: str) -> dict[str, Any]:
    ms = MarketingStore(ctx.store)
    campaigns = ms.campaigns(ctx.user_id)
    matches = match_campaigns(ref, [(c["id"], c["name"]) for c in campaigns])
    if len(matches) == 1:
        return next(c for c in campaigns if c["id"] == matches[0][0])
    en = conversation_english(ctx)
    if matches:
        names = [name for _, name in matches]
        raise CampaignNotResolved(f"'{ref}' matches several campaigns: {', '.join(names)}. Which one do you mean?" if en
                                  else f"'{ref}'에 해당하는 캠페인이 여러 개입니다: {', '.join(names)}. 어느 캠페인인가요?", names)
    names = [c["name"] for c in campaigns]
    raise CampaignNotResolved(f"No campaign is called '{ref}'. The campaigns: {', '.join(names)}" if en
                              else f"'{ref}' 캠페인을 찾지 못했습니다. 캠페인 목록: {', '.join(names)}", names)


def _not_resolved(exc: CampaignNotResolved) -> ToolOutput:
    return ToolOutput(ok=False, summary=str(exc), data={"candidates": exc.candidates},
                      clarification={"question": str(exc), "options": exc.candidates[:6],
                                     "context": {"slot": "campaign"}})


# --- getPerformanceKPI ---------------------------------------------------------------


class KPIArgs(BaseModel):
    period: Period = Field("7d", description="today, 7d, 14d or 30d; compared with the previous period")
    campaignId: str | None = Field(None, description="campaign id or name; all campaigns when empty")


def get_performance_kpi(args: KPIArgs, ctx: ToolContext) -> ToolOutput:
    campaign = None
    if args.campaignId:
        try:
            campaign = resolve(ctx, args.campaignId)
        except CampaignNotResolved as exc:
            return _not_resolved(exc)
    result = analytics.kpi(MarketingStore(ctx.store), ctx.user_id, args.period, campaign and campaign["id"])
    now, d = result["current"], result["deltas"]
    scope = f"'{campaign['name']}' " if campaign else ""
    summary = "\n".join([
        f"{scope}{result['label']}({result['start']}~{result['end']}) 성과 요약 (직전 같은 기간 대비):",
        f"- 총 지출: {format_krw(now['spend'])} ({signed_pct(d['spend_pct'])})",
        f"- 총 매출: {format_krw(now['revenue'])} ({signed_pct(d['revenue_pct'])})",
        f"- ROAS: {roas(now['roas'])} ({signed(d['roas'])})",
        f"- CTR: {ctr(now['ctr'])} ({signed(d['ctr_pp'], suffix='%p')})",
        f"- 전환수: {count(now['conversions'])} ({int(d['conversions']):+,}건)",
        f"- CPA: {format_krw(now['cpa'])} ({signed_pct(d['cpa_pct'])})",
    ])
    en = conversation_english(ctx)
    if en:
        summary = en_text.kpi(result, campaign and campaign["name"])
    result["campaign_name"] = campaign["name"] if campaign else None
    title = f"{scope}{PERIOD_TITLE_EN[args.period]} KPI" if en else f"{scope}{result['label']} KPI"
    daily = result["daily"]
    cards = [
        Card(card_type="kpi_summary", title=title, data=KpiSummary(tiles=kpi_tiles(result, en), period=args.period,
                                                               start=result["start"], end=result["end"])),
        Card(card_type="kpi_trend", title=f"{scope}daily spend, revenue and ROAS" if en else f"{scope}일별 지출·매출·ROAS",
             data=KpiTrend(chart=Chart(
            kind="line", x=[p["date"] for p in daily],
            series={tx.label("spend_won", en): [p["spend"] for p in daily], tx.label("revenue_won", en): [p["revenue"] for p in daily],
                    "ROAS": [round(p["roas"], 2) for p in daily]},
            secondary=["ROAS"], y_title="₩"))),
    ]
    return ToolOutput(summary=summary, data=result, cards=cards)


# --- listCampaigns -------------------------------------------------------------------


SORT_LABELS = {"roas": "ROAS", "spend": "지출", "revenue": "매출", "ctr": "CTR", "cpa": "CPA", "budget": "일예산",
               "name": "이름", "created": "생성일"}


class ListArgs(BaseModel):
    status: Literal["ALL", "ACTIVE", "PAUSED", "DELETED"] = "ALL"
    sortBy: Literal["roas", "spend", "revenue", "ctr", "cpa", "budget", "name", "created"] = "spend"
    order: Literal["desc", "asc"] = "desc"
    period: Period = "7d"
    limit: int = Field(20, ge=1, le=200)


def list_campaigns(args: ListArgs, ctx: ToolContext) -> ToolOutput:
    ms = MarketingStore(ctx.store)
    rows = analytics.campaign_rows(ms, ctx.user_id, args.period)
    if args.status == "DELETED":
        rows = [{**c, "spend": 0, "revenue": 0, "roas": 0.0, "ctr": 0.0, "cpa": 0.0, "conversions": 0}
                for c in ms.campaigns(ctx.user_id, include_deleted=True) if c["status"] == "DELETED"]
    elif args.status != "ALL":
        rows = [r for r in rows if r["status"] == args.status]
    key = {"budget": "daily_budget", "created": "id"}.get(args.sortBy, args.sortBy)
    rows = sorted(rows, key=lambda r: r[key], reverse=args.order == "desc")[: args.limit]
    label = analytics.PERIOD_LABELS[args.period]
    metric = SORT_LABELS.get(args.sortBy, args.sortBy)
    lines = [f"캠페인 {len(rows)}개 ({label} 기준, {metric} {'높은' if args.order == 'desc' else '낮은'} 순):"]
    for r in rows:
        lines.append(f"- {r['name']} [{STATUS_LABELS.get(r['status'], r['status'])}] 예산 {format_krw(r['daily_budget'])}/일, "
                     f"지출 {format_krw(r['spend'])}, ROAS {roas(r['roas'])}")
    en = conversation_english(ctx)
    if en:
        lines = [en_text.campaign_list(rows, args.period, args.sortBy, args.order)]
    table = Table(columns=[tx.label(k, en) for k in ("campaign", "status", "objective", "daily_budget_short", "spend",
                                                   "revenue")] + ["ROAS", "CTR", "CPA"],
                  rows=[[r["name"], status(r["status"], en), objective(r["objective"], en),
                         format_krw(r["daily_budget"]), format_krw(r["spend"]), format_krw(r["revenue"]), roas(r["roas"]),
                         ctr(r["ctr"]), format_krw(r["cpa"])] for r in rows],
                  chart=Chart(kind="bar", x=[r["name"] for r in rows], series={"ROAS": [round(r["roas"], 2) for r in rows]},
                              y_title="ROAS"))
    data = [{k: r[k] for k in ("id", "name", "status", "objective", "daily_budget", "spend", "revenue", "roas", "ctr",
                               "cpa", "conversions")} for r in rows]
    return ToolOutput(summary="\n".join(lines), data={"campaigns": data, "period": args.period, "sortBy": args.sortBy,
                                                      "order": args.order, "status": args.status},
                      cards=[Card(card_type="campaign_list", title=f"Campaigns · {PERIOD_TITLE_EN[args.period]}" if en
                                  else f"캠페인 목록 · {label}", data=table)])


# --- getCampaignDetail ---------------------------------------------------------------


class DetailArgs(BaseModel):
    campaignId: str = Field(min_length=1, description="campaign id or (part of) its name")


def get_campaign_detail(args: DetailArgs, ctx: ToolContext) -> ToolOutput:
    try:
        campaign = resolve(ctx, args.campaignId)
    except CampaignNotResolved as exc:
        return _not_resolved(exc)
    ms = MarketingStore(ctx.store)
    result = analytics.kpi(ms, ctx.user_id, "14d", campaign["id"])
    now = result["current"]
    audience = campaign["target_audience"]
    en = conversation_english(ctx)
    audience_text = tx.label("auto_audience", en) if not audience else en_text.audience(audience)
    rows = [[tx.label("status", en), status(campaign["status"], en)],
            [tx.label("objective", en), f"{objective(campaign['objective'], en)} ({campaign['objective']})"],
            [tx.label("daily_budget", en), format_krw(campaign["daily_budget"])],
            [tx.label("period", en), f"{campaign['start_date']} ~ {campaign['end_date'] or tx.label('no_end', en)}"],
            [tx.label("audience", en), audience_text],
            ["Spend, last 14 days" if en else "최근 14일 지출", format_krw(now["spend"])],
            ["Revenue, last 14 days" if en else "최근 14일 매출", format_krw(now["revenue"])],
            ["ROAS", roas(now["roas"])], ["CTR", ctr(now["ctr"])], ["CPA", format_krw(now["cpa"])],
            [tx.label("conversions", en), f"{round(now['conversions']):,}" if en else count(now["conversions"])]]
    summary = (f"'{campaign['name']}' 캠페인: {STATUS_LABELS.get(campaign['status'])}, 일일 예산 "
               f"{format_krw(campaign['daily_budget'])}. 최근 14일 지출 {format_krw(now['spend'])}, 매출 "
               f"{format_krw(now['revenue'])}, ROAS {roas(now['roas'])} (직전 14일 대비 {signed(result['deltas']['roas'])}), "
               f"CTR {ctr(now['ctr'])}, CPA {format_krw(now['cpa'])}.")
    if en:
        summary = en_text.detail(campaign, result)
    daily = result["daily"]
    card = Card(card_type="campaign_detail", title=f"{campaign['name']} details" if en else f"{campaign['name']} 상세",
                data=Table(
        columns=[tx.label("item", en), tx.label("value", en)], rows=rows,
        chart=Chart(kind="line", x=[p["date"] for p in daily],
                    series={tx.label("spend_won", en): [p["spend"] for p in daily],
                            tx.label("revenue_won", en): [p["revenue"] for p in daily],
                            "ROAS": [round(p["roas"], 2) for p in daily]}, secondary=["ROAS"])))
    data = {"campaign": {**campaign, "start_date": str(campaign["start_date"]), "end_date": campaign["end_date"] and str(campaign["end_date"]),
                         "created_at": str(campaign["created_at"]), "updated_at": str(campaign["updated_at"])},
            "kpi": {k: result[k] for k in ("current", "previous", "deltas", "start", "end")}}
    return ToolOutput(summary=summary, data=data, cards=[card])


# --- checkAnomalies / analyzeTrends / getBudgetRecommendation / generateReport ---------


class AnomalyArgs(BaseModel):
    campaignId: str | None = Field(None, description="limit to one campaign (id or name)")


_ANOMALY_LABELS = {"roas_drop": "ROAS 급락", "spend_spike": "지출 급증", "ctr_collapse": "CTR 급락"}


def check_anomalies(args: AnomalyArgs, ctx: ToolContext) -> ToolOutput:
    found = analytics.anomalies(MarketingStore(ctx.store), ctx.user_id)
    if args.campaignId:
        try:
            campaign = resolve(ctx, args.campaignId)
        except CampaignNotResolved as exc:
            return _not_resolved(exc)
        found = [f for f in found if f["campaign_id"] == campaign["id"]]
    if not found:
        summary = "최근 집계일 기준으로 이상 징후가 없습니다 (ROAS 30% 이상 급락, 지출 1.5배 급증, CTR 절반 이하 급락 기준)."
    else:
        summary = f"이상 징후 {len(found)}건:\n" + "\n".join(
            f"- [{f['severity']}] {f['campaign']}: {_ANOMALY_LABELS[f['type']]} ({f['metric']} {f['previous']} → {f['value']}, "
            f"{f['change_pct']:+.1f}%)" for f in found)
    en = conversation_english(ctx)
    if en:
        summary = en_text.anomalies(found)
    kinds = tx.ANOMALY_EN if en else _ANOMALY_LABELS
    card = Card(card_type="anomalies", title=tx.label("anomalies", en), data=Anomalies(
        columns=[tx.label(k, en) for k in ("severity", "campaign", "kind", "before", "latest", "change")],
        rows=[[f["severity"], f["campaign"], kinds[f["type"]], f["previous"], f["value"],
               f"{f['change_pct']:+.1f}%"] for f in found],
        message="" if found else tx.label("no_anomalies", en)))
    return ToolOutput(summary=summary, data={"anomalies": found}, cards=[card])


class TrendArgs(BaseModel):
    period: Literal["7d", "14d", "30d"] = "14d"
    metric: Literal["roas", "ctr", "cpa", "spend", "revenue", "conversions"] | None = Field(
        None, description="the metric the question is about (\"CTR이 왜 떨어졌어?\" -> ctr): the answer leads with it")


def analyze_trends(args: TrendArgs, ctx: ToolContext) -> ToolOutput:
    result = analytics.trends(MarketingStore(ctx.store), ctx.user_id, args.period)
    k = result["kpi"]
    best = ", ".join(f"{r['name']}({roas(r['roas'])})" for r in result["best"])
    worst = ", ".join(f"{r['name']}({roas(r['roas'])})" for r in result["worst"])
    bd, wd = result["best_day"], result["worst_day"]
    summary = (f"{k['label']} 대비 직전 기간: 매출 {signed_pct(k['deltas']['revenue_pct'])}, 지출 {signed_pct(k['deltas']['spend_pct'])}, "
               f"ROAS {roas(k['current']['roas'])} ({signed(k['deltas']['roas'])}).\n"
               f"ROAS 상위: {best}\nROAS 하위: {worst}\n"
               + (f"요일 패턴(최근 4주): {bd['day']}요일 ROAS {roas(bd['roas'])}로 가장 높고, {wd['day']}요일 {roas(wd['roas'])}로 가장 낮습니다."
                  if bd and wd else ""))
    en = conversation_english(ctx)
    if en:
        summary = en_text.trends(k, result)
    day = (lambda d: WEEKDAY_EN[d]) if en else (lambda d: d)
    card = Card(card_type="trend", title=f"Trends · {PERIOD_TITLE_EN[args.period]}" if en else f"트렌드 · {k['label']}",
                data=Table(
        columns=[tx.label("weekday", en), "ROAS", tx.label("avg_revenue", en), tx.label("avg_spend", en)],
        rows=[[day(w["day"]), roas(w["roas"]), format_krw(w["avg_revenue"]), format_krw(w["avg_spend"])]
              for w in result["weekdays"]],
        chart=Chart(kind="bar", x=[day(w["day"]) for w in result["weekdays"]],
                    series={"ROAS": [round(w["roas"], 2) for w in result["weekdays"]]}, y_title="ROAS")))
    data = {"deltas": k["deltas"], "current": k["current"], "best": [{"name": r["name"], "roas": r["roas"]} for r in result["best"]],
            "worst": [{"name": r["name"], "roas": r["roas"]} for r in result["worst"]], "weekdays": result["weekdays"]}
    if args.metric:  # the asked metric first: its change and the campaigns that moved it most
        lead, data["movers"] = _metric_lead(ctx, args, k, en)
        summary = lead + "\n\n" + summary
    return ToolOutput(summary=summary, data=data, cards=[card])


_METRIC = {"roas": ("ROAS", roas), "ctr": ("CTR", ctr), "cpa": ("CPA", format_krw), "spend": ("지출", format_krw),
           "revenue": ("매출", format_krw), "conversions": ("전환", lambda v: f"{v:,.0f}건")}


def _metric_lead(ctx: ToolContext, args: TrendArgs, k: dict[str, Any], en: bool) -> tuple[str, list[dict[str, Any]]]:
    metric = args.metric or "roas"
    label, show = _METRIC[metric]
    now, before = k["current"][metric], k["previous"][metric]
    way = "떨어졌" if now < before else "올랐" if now > before else "그대로"
    by = signed(now - before, 3, "%p") if metric == "ctr" else signed_pct((now - before) / before * 100 if before else None)
    head = (f"{label}은(는) {k['label']} {show(now)}로 직전 같은 기간 {show(before)}보다 {way}습니다({by})."
            if way != "그대로" else f"{label}은(는) {k['label']} {show(now)}로 직전 기간과 같습니다.")
    movers = analytics.metric_movers(MarketingStore(ctx.store), ctx.user_id, args.period, metric)
    falling = [m for m in movers if m["change"] < 0][:3]
    if en:
        return en_text.metric_lead(metric, k, (lambda v: f"{v:,.0f}") if metric == "conversions" else show, falling), falling
    if falling:
        head += (" 가장 많이 떨어진 캠페인은 " + ", ".join(f"{m['name']}({show(m['before'])} → {show(m['now'])})"
                                                   for m in falling) + "입니다.")
    if metric == "ctr" and falling:
        head += " 클릭률 하락은 대개 소재 피로도 때문이라, 해당 캠페인의 크리에이티브 교체를 먼저 검토해보세요."
    return head, falling


class BudgetAdviceArgs(BaseModel):
    shiftShare: float = Field(0.2, gt=0, le=0.5, description="share of a weak campaign's budget to move")
    totalBudget: int | None = Field(None, gt=0, le=10**12, description="a total budget (KRW) to split across campaigns")
    days: int = Field(30, ge=1, le=366, description="the days the total budget covers (a month: 30)")


def get_budget_recommendation(args: BudgetAdviceArgs, ctx: ToolContext) -> ToolOutput:
    if args.totalBudget:
        return _split_total(args, ctx)
    advice = analytics.budget_advice(MarketingStore(ctx.store), ctx.user_id, args.shiftShare)
    moves = advice["moves"]
    if not moves:
        summary = f"예산을 옮길 근거가 부족합니다 (계정 평균 ROAS {roas(advice['average_roas'])}, 평균의 1.2배를 넘는 캠페인이 없음)."
    else:
        lines = [f"최근 14일 계정 평균 ROAS {roas(advice['average_roas'])} 기준 재배분 제안 (하루 {format_krw(advice['pool'])} 이동):"]
        for m in moves:
            verb = "감액" if m["change"] < 0 else "증액"
            lines.append(f"- {m['campaign']} (ROAS {roas(m['roas'])}): {format_krw(m['from_budget'])} → "
                         f"{format_krw(m['to_budget'])} ({verb} {format_krw(abs(m['change']))})")
        lines.append(f"예상 일 매출 변화: {format_krw(advice['expected_daily_revenue_change'])} (최근 ROAS가 유지된다는 가정)")
        summary = "\n".join(lines)
    en = conversation_english(ctx)
    if en:
        summary = en_text.advice(advice)
    card = Card(card_type="budget_recommendation", title=tx.label("advice_title", en), data=BudgetRecommendation(
        columns=[tx.label("campaign", en), "ROAS", tx.label("current_budget", en), tx.label("proposed_budget", en),
                 tx.label("change", en)],
        rows=[[m["campaign"], roas(m["roas"]), format_krw(m["from_budget"]), format_krw(m["to_budget"]),
               f"{m['change']:+,}"] for m in moves],
        chart=Chart(kind="bar", x=[m["campaign"] for m in moves],
                    series={tx.label("budget_change_won", en): [m["change"] for m in moves]}),
        message="" if moves else summary))
    return ToolOutput(summary=summary, data=advice, cards=[card])


class ReportArgs(BaseModel):
    period: Literal["7d", "14d", "30d"] = "7d"


def generate_report(args: ReportArgs, ctx: ToolContext) -> ToolOutput:
    ms = MarketingStore(ctx.store)
    k = analytics.kpi(ms, ctx.user_id, args.period)
    rows = sorted((r for r in analytics.campaign_rows(ms, ctx.user_id, args.period) if r["spend"] > 0),
                  key=lambda r: r["revenue"], reverse=True)
    found = analytics.anomalies(ms, ctx.user_id)
    now, d = k["current"], k["deltas"]
    md = [f"## 주간 성과 보고서 ({k['start']} ~ {k['end']})", "",
          "| 지표 | 값 | 직전 기간 대비 |", "|---|---|---|",
          f"| 총 지출 | {format_krw(now['spend'])} | {signed_pct(d['spend_pct'])} |",
          f"| 총 매출 | {format_krw(now['revenue'])} | {signed_pct(d['revenue_pct'])} |",
          f"| ROAS | {roas(now['roas'])} | {signed(d['roas'])} |",
          f"| CTR | {ctr(now['ctr'])} | {signed(d['ctr_pp'], suffix='%p')} |",
          f"| 전환 | {count(now['conversions'])} | {int(d['conversions']):+,}건 |",
          f"| CPA | {format_krw(now['cpa'])} | {signed_pct(d['cpa_pct'])} |", "",
          "### 캠페인별", "", "| 캠페인 | 지출 | 매출 | ROAS |", "|---|---|---|---|",
          *[f"| {r['name']} | {format_krw(r['spend'])} | {format_krw(r['revenue'])} | {roas(r['roas'])} |" for r in rows],
          "", "### 주의할 점", ""]
    md += [f"- {f['campaign']}: {_ANOMALY_LABELS[f['type']]} ({f['change_pct']:+.1f}%)" for f in found] or ["- 이상 징후 없음"]
    en = conversation_english(ctx)
    markdown = en_text.report(k, rows, found) if en else "\n".join(md)
    return ToolOutput(summary=markdown, data={"markdown": markdown, "kpi": {"current": now, "deltas": d}},
                      cards=[Card(card_type="report", title=tx.label("report_title", en), data=Report(markdown=markdown))])


# --- meta ------------------------------------------------------------------------------


class ClarifyArgs(BaseModel):
    question: str = Field(min_length=1)
    options: list[str] = Field(default_factory=list)
    slot: str | None = Field(None, description="which argument is missing: objective, dailyBudget, campaign...")
    intent: str | None = Field(None, description="the tool the answer is for, e.g. createCampaign")
    known: dict[str, Any] = Field(default_factory=dict, description="arguments collected so far")


def ask_clarification(args: ClarifyArgs, ctx: ToolContext) -> ToolOutput:
    data: dict[str, Any] = {"question": args.question, "slot": args.slot, "intent": args.intent, "known": args.known}
    options = list(args.options)
    ms = MarketingStore(ctx.store)
    if args.slot == "campaign" and not options:
        options = [c["name"] for c in ms.campaigns(ctx.user_id) if c["status"] != "DELETED"][:6]
    if args.slot == "dailyBudget" and args.known.get("objective"):
        end = ms.data_end(ctx.user_id) or ctx.now.date()
        cpa = ms.objective_cpa(ctx.user_id, args.known["objective"], end - timedelta(days=29), end)
        if cpa:
            data["average_cpa"] = round(cpa)
            data["recommended_min"] = max(5_000, -(-int(cpa * 4) // 10_000) * 10_000)
    data["options"] = options
    return ToolOutput(summary=args.question, data=data, clarification={
        "question": args.question, "options": options, "context": {"slot": args.slot, "intent": args.intent}})


class FreeformArgs(BaseModel):
    message: str = Field(min_length=1)


def freeform_response(args: FreeformArgs, ctx: ToolContext) -> ToolOutput:
    return ToolOutput(summary=args.message, data={"message": args.message})


def _split_total(args: BudgetAdviceArgs, ctx: ToolContext) -> ToolOutput:
    """"다음달 총예산 300만원을 캠페인별로 어떻게 나눠?": the total split by recent ROAS."""
    plan = analytics.split_total(MarketingStore(ctx.store), ctx.user_id, args.totalBudget or 0, args.days)
    en = conversation_english(ctx)
    if not plan["shares"]:
        return ToolOutput(summary=en_text.split(plan) if en else
                          "최근 14일 지출이 있는 진행 중 캠페인이 없어 배분안을 만들 수 없습니다.", data=plan)
    lines = [f"총예산 {format_krw(plan['total'])}({plan['days']}일)을 최근 14일 ROAS 비중으로 나눈 캠페인별 배분안입니다:"]
    lines += [f"- {s['campaign']} (ROAS {roas(s['roas'])}): {format_krw(s['amount'])} · 하루 약 {format_krw(s['daily'])} "
              f"(현재 하루 {format_krw(s['current_daily'])})" for s in plan["shares"]]
    lines.append("ROAS가 높은 캠페인에 더 많이 배정했고, 낮은 캠페인도 학습이 끊기지 않게 최소한은 남겼습니다.")
    if en:
        lines = [en_text.split(plan)]
    card = Card(card_type="budget_recommendation", title=f"Split of a {format_krw(plan['total'])} total budget" if en
                else f"총예산 {format_krw(plan['total'])} 배분안", data=BudgetRecommendation(
        columns=[tx.label("campaign", en), "ROAS", tx.label("allotted", en), tx.label("daily", en),
                 tx.label("current_daily", en)],
        rows=[[s["campaign"], roas(s["roas"]), format_krw(s["amount"]), format_krw(s["daily"]),
               format_krw(s["current_daily"])] for s in plan["shares"]],
        chart=Chart(kind="bar", x=[s["campaign"] for s in plan["shares"]],
                    series={tx.label("allotted_won", en): [s["amount"] for s in plan["shares"]]}), message=""))
    return ToolOutput(summary="\n".join(lines), data=plan, cards=[card])

