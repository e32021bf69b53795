"""Suggested follow-ups from what this turn's tools returned (seed 000 §4.1, improved)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from agents.marketing.texts import CHIP_TEMPLATES_EN, CHIPS_EN, DEFAULT_CHIPS
from agents.nlu.korean_money import format_krw
from agents.nlu.particles import with_josa

if TYPE_CHECKING:
    from agents.core.turn import Turn

DEFAULT = DEFAULT_CHIPS[0]


def _results(turn: Turn) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for message in turn.messages_out:
        if message.role == "tool" and message.content:
            try:
                out.append((message.tool_name or "", json.loads(message.content)))
            except json.JSONDecodeError:
                continue
    return out


def suggest(turn: Turn, reply: str) -> list[str]:
    """Up to three follow-ups, in the language the marketer wrote in (``progress.py`` read it for the turn)."""
    en = turn.meta.get("lang") == "en"
    return [CHIPS_EN.get(chip, chip) for chip in _suggest(turn, en)] if en else _suggest(turn, en)


def _named(kind: str, name: str, en: bool, amount: int = 0) -> str:
    """A chip about one campaign; its English is a request the offline model understands as the Korean one."""
    if en:
        return CHIP_TEMPLATES_EN[kind].format(name=name, amount=format_krw(amount))
    return {"detail": f"{name} 상세 보여줘", "pause": f"{name} 일시정지해줘", "raise": f"{name} 예산 20% 늘려줘",
            "set_budget": f"{name} 예산을 {with_josa(format_krw(amount), '로')} 바꿔줘"}[kind]


def _suggest(turn: Turn, en: bool) -> list[str]:
    questions: list[str] = []
    for name, payload in _results(turn):
        data = payload.get("data") or {}
        if payload.get("status") == "pending_confirmation":
            return []
        if name == "askClarification":
            return []
        if name == "getPerformanceKPI" and "deltas" in data:
            if data["deltas"]["ctr_pp"] < 0:
                questions.append("CTR이 왜 떨어졌어?")
            questions.append("성과 좋은 캠페인은 어떤 거야?")
            questions.append("예산을 늘려도 될까?" if data["current"]["roas"] >= 2.5 else "최근 이상 징후가 있어?")
        elif name == "listCampaigns" and data.get("campaigns"):
            rows = [r for r in data["campaigns"] if r["spend"] > 0] or data["campaigns"]
            best = max(rows, key=lambda r: r["roas"])
            worst = min(rows, key=lambda r: r["roas"])
            questions += [_named("detail", best["name"], en), _named("pause", worst["name"], en), "예산 재분배 추천해줘"]
        elif name in ("getCampaignDetail",) and data.get("campaign"):
            campaign = data["campaign"]["name"]
            questions += [_named("raise", campaign, en), _named("pause", campaign, en), "최근 2주 트렌드 보여줘"]
        elif name == "checkAnomalies":
            found = data.get("anomalies", [])
            if found:
                questions += [_named("detail", found[0]["campaign"], en), _named("pause", found[0]["campaign"], en)]
            questions.append("예산 재분배 추천해줘")
        elif name == "analyzeTrends":
            questions += ["예산 재분배 추천해줘", "주간 보고서 만들어줘"]
        elif name == "getBudgetRecommendation" and data.get("moves"):
            top = max(data["moves"], key=lambda m: m["change"])
            # the exact advised amount, so the suggestion proposes what the card said (₩246,000, not "24만원")
            questions.append(_named("set_budget", top["campaign"], en, top["to_budget"]))
            questions.append("이번 주 성과 어때?")
        elif name == "compareCampaigns" and data.get("campaigns"):
            ranked = sorted(data["campaigns"], key=lambda c: c["roas"], reverse=True)
            questions += [_named("raise", ranked[0]["name"], en), _named("detail", ranked[-1]["name"], en),
                          "예산 재분배 추천해줘"]
        elif name == "generateReport":
            questions += ["최근 이상 징후가 있어?", "예산 재분배 추천해줘"]
    seen: list[str] = []
    for q in questions or DEFAULT:
        if q not in seen:
            seen.append(q)
    return seen[:3]
