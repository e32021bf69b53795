"""Korean formatting of KPI figures (seed 000 §3.2: ₩ with separators, ratios to 2 decimals)."""

from __future__ import annotations

from typing import Any

from agents.nlu.korean_money import format_krw

OBJECTIVE_LABELS = {
    "OUTCOME_AWARENESS": "인지도",
    "OUTCOME_TRAFFIC": "트래픽",
    "OUTCOME_ENGAGEMENT": "참여",
    "OUTCOME_LEADS": "리드",
    "OUTCOME_APP_PROMOTION": "앱 프로모션",
    "OUTCOME_SALES": "전환/매출",
}
STATUS_LABELS = {"ACTIVE": "진행 중", "PAUSED": "일시정지", "DELETED": "삭제됨"}


def signed_pct(value: float | None) -> str:
    return "–" if value is None else f"{round(value, 1) + 0.0:+.1f}%"


def signed(value: float, digits: int = 2, suffix: str = "") -> str:
    value = round(value, digits) + 0.0  # no "-0.00"
    return f"{value:+.{digits}f}{suffix}"


def roas(value: float) -> str:
    return f"{value:.2f}x"


def ctr(value: float) -> str:
    return f"{value:.2f}%"


def count(value: float) -> str:
    return f"{round(value):,}건"


def kpi_tiles(result: dict[str, Any], en: bool = False) -> list[dict[str, str]]:
    now, d = result["current"], result["deltas"]
    conversions = (f"{round(now['conversions']):,}", f"{int(d['conversions']):+,}") if en else \
        (count(now["conversions"]), f"{int(d['conversions']):+,}건")
    return [
        {"label": "Total spend" if en else "총 지출", "value": format_krw(now["spend"]), "delta": signed_pct(d["spend_pct"])},
        {"label": "Total revenue" if en else "총 매출", "value": format_krw(now["revenue"]),
         "delta": signed_pct(d["revenue_pct"])},
        {"label": "ROAS", "value": roas(now["roas"]), "delta": signed(d["roas"])},
        {"label": "CTR", "value": ctr(now["ctr"]), "delta": signed(d["ctr_pp"], suffix="%p")},
        {"label": "Conversions" if en else "전환", "value": conversions[0], "delta": conversions[1]},
        {"label": "CPA", "value": format_krw(now["cpa"]), "delta": signed_pct(d["cpa_pct"]), "lower_is_better": True},
    ]


def objective_label(objective: str) -> str:
    return OBJECTIVE_LABELS.get(objective, objective)
