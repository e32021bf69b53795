"""The marketing agent's offline policy: understand the request, call tools, and write the
reply from the tool results (never from invented figures)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from agents.core.providers.base import ChatMessage, ModelRequest
from agents.core.providers.offline import PolicyReply, latest_tool_results
from agents.marketing import compose_en, followup
from agents.marketing.amend import amended, pending_call
from agents.marketing.context import parse_budgets, parse_context, parse_statuses
from agents.marketing.format import ctr, roas, signed, signed_pct
from agents.marketing.mutations import MAX_DAILY_BUDGET, MIN_DAILY_BUDGET
from agents.marketing.nlu import Understanding, understand
from agents.marketing.slots import fill_slot
from agents.marketing.texts import english_option, english_sentence, plain_problem
from agents.nlu.dialogue import Dialogue
from agents.nlu.korean_money import format_krw
from agents.nlu.language import conversation_language

_REFUSED = re.compile(r"^Cannot propose \w+: ")


def policy(request: ModelRequest) -> PolicyReply:
    roster, today = parse_context(request.system)
    month = today[:7]
    last = request.messages[-1]
    en = person_english(request.messages, [name for _, name in roster])
    if last.role == "tool":
        return PolicyReply(text=compose(latest_tool_results(request.messages), en))
    dialogue = Dialogue.parse(request.system)
    said = dialogue.answer(last.content)  # "2" after a question with choices: the second choice
    pending = pending_clarification(request.messages)
    decided = fill_slot(pending, said, roster, month, parse_budgets(request.system)) if pending else None
    if decided is None and (card := pending_call(request.messages)) is not None:  # "금액은 10%만 올리는 걸로"
        decided = amended(said, card, roster, parse_budgets(request.system))
    if decided is None:  # a follow-up that points back is read against the dialogue state first
        users = [m.content or "" for m in request.messages if m.role == "user"]
        decided = followup.resolve(said, roster, month, dialogue,
                                   budgets=parse_budgets(request.system), earlier=users[-2] if len(users) > 1 else "")
    if decided is None:
        decided = understand(said, roster, month, awaiting_confirmation=awaiting_confirmation(request.messages),
                             budgets=parse_budgets(request.system))
    if en:
        decided = _in_english(decided)
    if decided.tool == "updateCampaignBudget" and (refusal := _out_of_range(decided.args, roster,
                                                                            parse_budgets(request.system), en)):
        return PolicyReply(text=refusal)  # the refusal alone: no proposal sentence, no card
    if decided.tool:
        text = decided.text
        if en and decided.tool in ("createCampaign", "generateAdCopy"):  # their sentence is fixed Korean text
            text = proposal_sentence(decided.tool, decided.args, roster, {}, en=True)
        if not text and not _already(decided.tool, str(decided.args.get("campaignId")), roster,
                                     parse_statuses(request.system)):
            text = proposal_sentence(decided.tool, decided.args, roster, parse_budgets(request.system),
                                     en=en)
        return PolicyReply(text=text, tool_calls=[(decided.tool, decided.args)])
    return PolicyReply(text=decided.text)


def proposal_sentence(tool: str, args: dict[str, Any], roster: list[tuple[str, str]], budgets: dict[str, int],
                      en: bool = False) -> str:
    """The reply sentence that comes with a change's confirmation card: what will change, and that the
    card's button runs it (a card alone leaves a person guessing what was understood)."""
    cid = str(args.get("campaignId") or "")
    name = next((n for i, n in roster if cid in (i, n)), cid)
    if en:
        return _proposal_sentence_en(tool, args, roster, budgets, name)
    tail = " 확인 카드의 [실행]을 누르면 실행돼요."  # the button's own label (issue 28)
    match tool:
        case "pauseCampaign" | "resumeCampaign" | "deleteCampaign":
            verb = {"pauseCampaign": "일시정지", "resumeCampaign": "재개", "deleteCampaign": "삭제"}[tool]
            extra = " 삭제해도 성과 기록은 보관돼요." if tool == "deleteCampaign" else ""
            return f"'{name}' 캠페인을 {verb}할까요?{extra}{tail}"
        case "updateCampaignBudget":
            now, new = _budget_change(args, roster, budgets)
            if new is None:
                return f"'{name}' 일일 예산을 바꿀까요?{tail}"
            if now is None:
                return f"'{name}' 일일 예산을 {format_krw(new)}으로 바꿀까요?{tail}"
            return (f"'{name}' 일일 예산을 {format_krw(now)} → {format_krw(new)}({new - now:+,}원)으로 "
                    f"바꿀까요?{tail}")
    return ""


def _out_of_range(args: dict[str, Any], roster: list[tuple[str, str]], budgets: dict[str, int], en: bool) -> str:
    """Why a budget change cannot be proposed (a daily budget outside ₩5,000 ~ ₩10억, a change outside -90% ~
    +500%), in a person's words and the tool check's own sentence; "" when it can."""
    cid = str(args.get("campaignId") or "")
    name = next((n for i, n in roster if cid in (i, n)), cid)
    percent = args.get("changePercent")
    if isinstance(percent, int | float) and not -90 <= percent <= 500:
        return (f"I did not change the daily budget of '{name}' by {percent:+g}%. ⚠️ A budget change must be between "
                "-90% and +500%." if en else
                f"'{name}' 일일 예산을 {percent:+g}% 바꾸지 않았어요. ⚠️ 예산 변경 비율은 -90% ~ +500% 사이여야 해요.")
    _now, new = _budget_change(args, roster, budgets)
    if new is None or MIN_DAILY_BUDGET <= new <= MAX_DAILY_BUDGET:
        return ""
    low = new < MIN_DAILY_BUDGET
    limit = format_krw(MIN_DAILY_BUDGET if low else MAX_DAILY_BUDGET)
    if en:
        return (f"I did not change the daily budget of '{name}' to {format_krw(new)}. ⚠️ The daily budget must be at "
                f"{'least' if low else 'most'} {limit}.")
    return (f"'{name}' 일일 예산을 {format_krw(new)}으로 바꾸지 않았어요. ⚠️ 일일 예산은 {limit} "
            f"{'이상' if low else '이하'}이어야 해요.")


def _budget_change(args: dict[str, Any], roster: list[tuple[str, str]],
                   budgets: dict[str, int]) -> tuple[int | None, int | None]:
    """(the campaign's daily budget now, the one proposed); None where it cannot be told."""
    cid = str(args.get("campaignId") or "")
    now = next((budgets[i] for i, n in roster if cid in (i, n) and i in budgets), None)
    if args.get("dailyBudget") is not None:
        return now, int(args["dailyBudget"])
    if args.get("changePercent") is not None and now is not None:
        return now, round(now * (1 + float(args["changePercent"]) / 100))
    return now, None


def _proposal_sentence_en(tool: str, args: dict[str, Any], roster: list[tuple[str, str]], budgets: dict[str, int],
                          name: str) -> str:
    tail = " Press [Confirm] on the confirmation card to run it."  # the button's English label
    match tool:
        case "createCampaign":
            return f"Create the campaign '{args.get('name')}' as set out on the card?{tail}"
        case "generateAdCopy":
            return f"Here are draft ad copies for '{args.get('product')}'; please check the card.{tail}"
        case "pauseCampaign" | "resumeCampaign" | "deleteCampaign":
            verb = {"pauseCampaign": "Pause", "resumeCampaign": "Resume", "deleteCampaign": "Delete"}[tool]
            extra = " Its performance records are kept." if tool == "deleteCampaign" else ""
            return f"{verb} the campaign '{name}'?{extra}{tail}"
        case "updateCampaignBudget":
            now, new = _budget_change(args, roster, budgets)
            if new is None:
                return f"Change the daily budget of '{name}'?{tail}"
            if now is None:
                return f"Change the daily budget of '{name}' to {format_krw(new)}?{tail}"
            sign = "+" if new >= now else "-"
            return (f"Change the daily budget of '{name}' from {format_krw(now)} to {format_krw(new)} "
                    f"({sign}{format_krw(abs(new - now))})?{tail}")
    return ""


def _already(tool: str, cid: str, roster: list[tuple[str, str]], statuses: dict[str, str]) -> bool:
    """Pausing a paused campaign (resuming an active one): the tool's refusal is the reply, so no
    "일시정지할까요?" goes before it."""
    wanted = {"pauseCampaign": "PAUSED", "resumeCampaign": "ACTIVE"}.get(tool)
    return wanted is not None and any(statuses.get(i) == wanted for i, n in roster if cid in (i, n))


def person_english(messages: list[ChatMessage], names: list[str]) -> bool:
    """Is the person's last message answered in English? A bare "2" or "ok", or a campaign's name alone (a choice
    clicked), keeps the conversation's language; a name inside a sentence is not counted as Korean."""
    return conversation_language([m.content or "" for m in messages if m.role == "user"], names=names) == "en"


def pending_clarification(messages: list[ChatMessage]) -> dict[str, Any] | None:
    """The askClarification args of the previous turn, if that turn ended with a question."""
    for message in reversed(messages[:-1]):
        if message.role == "user":
            return None
        if message.role == "assistant" and message.tool_calls:
            call = message.tool_calls[-1]
            if call.name != "askClarification":
                return None
            try:
                return json.loads(call.arguments)
            except json.JSONDecodeError:
                return None
    return None


def awaiting_confirmation(messages: list[ChatMessage]) -> bool:
    """Did the previous turn end with a confirmation card (a mutation waiting for its button)?"""
    for message in reversed(messages[:-1]):
        if message.role == "user":
            return False
        if message.role == "tool":
            try:
                return json.loads(message.content).get("status") == "pending_confirmation"
            except (json.JSONDecodeError, AttributeError):
                return False
    return False




def _in_english(decided: Understanding) -> Understanding:
    """The offline model's own words (a fixed sentence, a question and its choices) in English; what it
    understood (the tool and its arguments) is unchanged."""
    args = decided.args
    if decided.tool == "askClarification":
        args = {**args, "question": english_sentence(str(args.get("question") or "")),
                "options": [english_option(str(o)) for o in args.get("options") or []]}
    return replace(decided, text=english_sentence(decided.text) if decided.text else decided.text, args=args)


def compose(results: list[tuple[str, dict[str, Any]]], en: bool = False) -> str:
    return "\n\n".join(_one(name, payload, en) for name, payload in results).strip()


def _one(name: str, payload: dict[str, Any], en: bool) -> str:
    if not payload.get("ok", False):  # the runner's "Cannot propose <tool>: " prefix names no one's words
        problem = str(payload.get("error") or payload.get("summary") or
                      (compose_en.COULD_NOT if en else "요청을 처리하지 못했습니다."))
        return "⚠️ " + plain_problem(_REFUSED.sub("", problem), en)
    data = payload.get("data") or {}
    if payload.get("data_truncated"):
        return payload.get("summary", "")
    if en:
        return _one_en(name, payload, data)
    match name:
        case "getPerformanceKPI":
            return _kpi_reply(data)
        case "listCampaigns":
            return _list_reply(data, payload["summary"])
        case "askClarification":
            return _clarify_reply(data)
        case "getBudgetRecommendation":
            tail = "\n\n적용하려면 \"(캠페인) 예산을 (금액)으로 바꿔줘\"라고 말씀해주세요." if data.get("moves") else ""
            return payload["summary"] + tail
        case "generateReport":
            k = data.get("kpi", {})
            cur, d = k.get("current", {}), k.get("deltas", {})
            return (f"주간 보고서를 만들었습니다. 총 매출 {format_krw(cur.get('revenue', 0))}"
                    f"({signed_pct(d.get('revenue_pct'))}), ROAS {roas(cur.get('roas', 0))}입니다. "
                    "전체 표는 보고서 카드에서 확인하세요.")
        case "checkAnomalies":
            found = data.get("anomalies", [])
            if not found:
                return payload["summary"]
            worst = found[0]
            return (payload["summary"] + f"\n\n가장 시급한 건 '{worst['campaign']}'입니다. "
                    "상세 분석이나 예산 조정을 원하시면 말씀해주세요.")
        case _:
            return payload.get("summary", "")


def _one_en(name: str, payload: dict[str, Any], data: dict[str, Any]) -> str:
    match name:
        case "getPerformanceKPI":
            return compose_en.kpi_reply(data)
        case "listCampaigns":
            return compose_en.list_reply(data, payload["summary"])
        case "askClarification":
            note = [compose_en.clarify_note(data)] if data.get("average_cpa") else []
            return "\n".join([data["question"], *(f"• {option}" for option in data.get("options", [])), *note])
        case "getBudgetRecommendation":
            return payload["summary"] + (compose_en.APPLY_ADVICE if data.get("moves") else "")
        case "generateReport":
            return compose_en.report_reply(data)
        case "checkAnomalies":
            found = data.get("anomalies", [])
            return payload["summary"] + (compose_en.anomalies_tail(found[0]) if found else "")
        case _:
            return payload.get("summary", "")


def _kpi_reply(data: dict[str, Any]) -> str:
    now, d = data["current"], data["deltas"]
    scope = f"'{data['campaign_name']}' " if data.get("campaign_name") else ""
    revenue_pct = d.get("revenue_pct")
    parts = [f"{scope}{data['label']}({data['start']}~{data['end']}) 기준 총 지출 {format_krw(now['spend'])}"
             f"({signed_pct(d.get('spend_pct'))}), 총 매출 {format_krw(now['revenue'])}({signed_pct(revenue_pct)}), "
             f"ROAS {roas(now['roas'])}({signed(d['roas'])}), CTR {ctr(now['ctr'])}({signed(d['ctr_pp'], suffix='%p')}), "
             f"전환 {int(now['conversions']):,}건({int(d['conversions']):+,}건)입니다."]
    if now["roas"] >= 2.5 and (revenue_pct or 0) >= 0:
        parts.append(f"전반적으로 양호한 성과입니다. 매출이 {abs(revenue_pct or 0):.1f}% 증가했고 "
                     f"ROAS도 {roas(now['roas'])}로 건강한 수준입니다.")
    elif now["roas"] < 1.5:
        parts.append(f"ROAS가 {roas(now['roas'])}로 낮아 수익성 점검이 필요합니다.")
    else:
        direction = "증가" if (revenue_pct or 0) >= 0 else "감소"
        parts.append(f"매출이 직전 기간보다 {abs(revenue_pct or 0):.1f}% {direction}했고 ROAS는 {roas(now['roas'])}입니다.")
    if d["ctr_pp"] < 0:
        parts.append("다만 CTR이 소폭 하락했는데, 크리에이티브 교체를 검토해보시는 것을 추천합니다.")
    if (d.get("cpa_pct") or 0) > 10:
        parts.append(f"CPA가 {signed_pct(d['cpa_pct'])} 올라 전환 효율도 함께 살펴보세요.")
    return "\n\n".join(parts)


def _list_reply(data: dict[str, Any], summary: str) -> str:
    rows = data.get("campaigns", [])
    if not rows:
        return "조건에 맞는 캠페인이 없습니다."
    spenders = [r for r in rows if r["spend"] > 0]
    if data.get("sortBy") == "roas" and spenders:
        first = spenders[0]
        degree = "가장" if len(spenders) >= 3 else "더"  # "가장" compares three or more
        word = f"{degree} 높은" if data.get("order") == "desc" else f"{degree} 낮은"
        return (f"ROAS가 {word} 캠페인은 '{first['name']}'(ROAS {roas(first['roas'])}, 지출 {format_krw(first['spend'])})입니다.\n\n"
                + summary)
    return summary


def _clarify_reply(data: dict[str, Any]) -> str:
    lines = [data["question"]]
    lines += [f"• {option}" for option in data.get("options", [])]
    if data.get("average_cpa"):
        lines.append(f"참고: 현재 같은 목적 캠페인의 평균 CPA는 {format_krw(data['average_cpa'])}입니다. "
                     f"최소 {format_krw(data['recommended_min'])} 이상을 추천합니다.")
    return "\n".join(lines)
