"""Proactive alerts (seed 000 §7.4): anomaly, budget (90%+ spent), milestone (ROAS >= 3.0) and
recommendation (the week's budget reallocation, when the explainable rule finds one)."""

from __future__ import annotations

from datetime import datetime

from agents.core.store import AlertRow, Store
from agents.marketing import analytics
from agents.marketing.store import MarketingStore
from agents.nlu.korean_money import format_krw
from agents.nlu.language import reply_english

AGENT_ID = "marketing"


def check(store: Store, user_id: str, now: datetime) -> list[AlertRow]:
    """Create the alerts the data calls for; an alert that is still open is never duplicated."""
    ms = MarketingStore(store)
    ms.ensure_account(user_id, now)
    created: list[AlertRow] = []

    def add(kind: str, severity: str, title: str, message: str, data: dict, key: str) -> None:
        row = store.alerts.create_if_new(user_id=user_id, agent_id=AGENT_ID, type=kind, severity=severity, title=title,
                                         message=message, data=data, dedupe_key=key, now=now)
        if row is not None:
            created.append(row)

    for a in analytics.anomalies(ms, user_id):
        label = {"roas_drop": "ROAS", "spend_spike": "지출", "ctr_collapse": "CTR"}[a["type"]]
        direction = "상승" if a["change_pct"] > 0 else "하락"
        add("anomaly", a["severity"], f"'{a['campaign']}' {label} {abs(a['change_pct']):.0f}% {direction}",
            f"'{a['campaign']}' {label}가 전일 대비 {abs(a['change_pct']):.0f}% {direction}했습니다 "
            f"({a['previous']} → {a['value']}, {a['date']}).", a, f"anomaly:{a['type']}:{a['campaign_id']}:{a['date']}")
    for b in analytics.budget_pressure(ms, user_id):
        severity = "CRITICAL" if b["share"] >= 100 else "WARNING"
        add("budget", severity, f"'{b['campaign']}' 예산 {b['share']:.0f}% 소진",
            f"'{b['campaign']}'가 {b['date']} 일일 예산 {format_krw(b['daily_budget'])} 중 {format_krw(b['spend'])}"
            f"({b['share']:.0f}%)를 사용했습니다. 예산 증액을 검토해보세요.", b, f"budget:{b['campaign_id']}:{b['date']}")
    for m in analytics.milestones(ms, user_id):
        add("milestone", "INFO", f"'{m['campaign']}' ROAS {m['roas']:.2f}x 달성",
            f"'{m['campaign']}'의 최근 7일 ROAS가 {m['previous_roas']:.2f}x에서 {m['roas']:.2f}x로 3.0x를 넘었습니다.",
            m, f"milestone:roas3:{m['campaign_id']}")
    advice = analytics.budget_advice(ms, user_id)
    moves = advice["moves"]
    if moves and advice["expected_daily_revenue_change"] > 0:
        donor = min(moves, key=lambda m: m["change"])
        taker = max(moves, key=lambda m: m["change"])
        # the key is the advice itself: a dismissed recommendation stays quiet until the advice changes
        key = ",".join(f"{m['campaign_id']}:{m['to_budget']}" for m in sorted(moves, key=lambda m: m["campaign_id"]))
        add("recommendation", "INFO", f"예산 재배분 추천: '{donor['campaign']}' → '{taker['campaign']}'",
            f"ROAS {donor['roas']:.2f}x인 '{donor['campaign']}'의 일일 예산 일부({format_krw(advice['pool'])})를 "
            f"ROAS {taker['roas']:.2f}x인 '{taker['campaign']}' 등으로 옮기면 일 매출이 약 "
            f"{format_krw(advice['expected_daily_revenue_change'])} 늘 것으로 추정됩니다.",
            {"campaign": taker["campaign"], "campaign_id": taker["campaign_id"], "moves": moves,
             "pool": advice["pool"], "expected_daily_revenue_change": advice["expected_daily_revenue_change"]},
            f"recommendation:budget:{key}")
    return created


def check_all(store: Store, now: datetime) -> dict[str, int]:
    """The 15-minute job: every user with a sandbox account."""
    counts = {"anomaly": 0, "budget": 0, "milestone": 0, "recommendation": 0}
    for user_id in MarketingStore(store).users_with_accounts():
        for alert in check(store, user_id, now):
            counts[alert.type] = counts.get(alert.type, 0) + 1
    return counts


def analysis_prompt(alert: AlertRow) -> str:
    """The message "자세히 분석하기" sends to the chat."""
    campaign = alert.data.get("campaign", "")
    match alert.type:
        case "anomaly":
            return f"{campaign} 이상 징후 자세히 분석해줘"
        case "budget":
            return f"{campaign} 상세 보여줘"
        case "recommendation":
            return "예산 재배분 추천해줘"
        case _:
            return f"{campaign} 성과 어때?"


def text_for(alert: AlertRow, user_text: str) -> tuple[str, str]:
    """(title, message) of a stored alert for the chat it is pushed into: the stored Korean text, or English built
    from the alert's own data when the person wrote English (the stored row is shared by both languages)."""
    if not reply_english(user_text):
        return alert.title, alert.message
    d = alert.data
    match alert.type:
        case "anomaly":
            label = {"roas_drop": "ROAS", "spend_spike": "spend", "ctr_collapse": "CTR"}.get(d.get("type"), "metric")
            direction = "up" if d["change_pct"] > 0 else "down"
            return (f"'{d['campaign']}' {label} {direction} {abs(d['change_pct']):.0f}%",
                    f"'{d['campaign']}' {label} went {direction} {abs(d['change_pct']):.0f}% from the day before "
                    f"({d['previous']} → {d['value']}, {d['date']}).")
        case "budget":
            return (f"'{d['campaign']}' spent {d['share']:.0f}% of its budget",
                    f"'{d['campaign']}' spent {format_krw(d['spend'])} ({d['share']:.0f}%) of its daily budget of "
                    f"{format_krw(d['daily_budget'])} on {d['date']}. Consider raising the budget.")
        case "milestone":
            return (f"'{d['campaign']}' reached a ROAS of {d['roas']:.2f}x",
                    f"The 7-day ROAS of '{d['campaign']}' rose from {d['previous_roas']:.2f}x to {d['roas']:.2f}x, "
                    "past 3.0x.")
        case "recommendation":
            moves = d.get("moves") or []
            if not moves:
                return alert.title, alert.message
            donor = min(moves, key=lambda m: m["change"])
            taker = max(moves, key=lambda m: m["change"])
            return (f"Budget reallocation suggested: '{donor['campaign']}' → '{taker['campaign']}'",
                    f"Moving part of the daily budget ({format_krw(d['pool'])}) of '{donor['campaign']}' (ROAS "
                    f"{donor['roas']:.2f}x) to '{taker['campaign']}' (ROAS {taker['roas']:.2f}x) and others is "
                    f"estimated to add about {format_krw(d['expected_daily_revenue_change'])} of daily revenue.")
    return alert.title, alert.message
