"""Rule-based understanding of Korean and English marketing requests.

``understand(text, roster)`` returns the tool to call and its arguments, or a
clarification, or a plain reply. It is deterministic: the same text and roster
always give the same result.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from agents.core.korean_money import find_amounts, parse_amount
from agents.marketing.matching import mentioned_campaigns

OBJECTIVE_WORDS: list[tuple[str, str]] = [
    (r"앱\s*(설치|프로모션|홍보)?|app", "OUTCOME_APP_PROMOTION"),
    (r"인지도|브랜드|노출|awareness|brand", "OUTCOME_AWARENESS"),
    (r"트래픽|방문|유입|traffic|visits?", "OUTCOME_TRAFFIC"),
    (r"참여|engagement|좋아요", "OUTCOME_ENGAGEMENT"),
    (r"리드|잠재\s*고객|leads?|가입\s*신청", "OUTCOME_LEADS"),
    (r"전환|매출|판매|구매|세일즈|sales|conversions?|purchases?", "OUTCOME_SALES"),
]
SHORT_OBJECTIVE = {"OUTCOME_SALES": "전환", "OUTCOME_AWARENESS": "인지도", "OUTCOME_TRAFFIC": "트래픽",
                   "OUTCOME_ENGAGEMENT": "참여", "OUTCOME_LEADS": "리드", "OUTCOME_APP_PROMOTION": "앱 설치"}
OBJECTIVE_QUESTION = "어떤 목적의 캠페인을 만드시겠어요?"
OBJECTIVE_OPTIONS = ["인지도 (브랜드 노출)", "트래픽 (웹사이트 방문)", "전환 (구매/가입)", "매출 (최대 매출)"]

_PERIODS: list[tuple[str, str]] = [
    (r"오늘|어제|today|yesterday|하루", "today"),
    (r"2\s*주|14\s*일|두\s*주|보름|two\s*weeks|2\s*weeks|14\s*days|fortnight", "14d"),
    (r"한\s*달|1\s*개월|30\s*일|이번\s*달|지난\s*달|4\s*주|month|30\s*days", "30d"),
    (r"이번\s*주|금주|지난\s*주|일주일|1\s*주|7\s*일|this\s*week|last\s*week|past\s*week|7\s*days|weekly|week", "7d"),
]


def has(pattern: str, text: str) -> bool:
    return re.search(pattern, text, re.I) is not None


def parse_period(text: str, default: str = "7d") -> str:
    for pattern, period in _PERIODS:
        if has(pattern, text):
            return period
    return default


def parse_objective(text: str) -> str | None:
    for pattern, objective in OBJECTIVE_WORDS:
        if has(pattern, text):
            return objective
    return None


def parse_name(text: str) -> str | None:
    for pattern in (r"이름(?:은|을|:)?\s*['\"“‘]?([^'\"”’,.]+?)['\"”’]?\s*(?:으로|로|라고)?\s*(?:해|하고|지어|,|$)",
                    r"['\"“‘]([^'\"”’]{2,40})['\"”’]\s*(?:이?라는|캠페인)", r"(?:called|named)\s+['\"]?([^'\",.]+)"):
        m = re.search(pattern, text, re.I)
        if m and m.group(1).strip():
            return m.group(1).strip()
    return None


def parse_percent(text: str) -> float | None:
    m = re.search(r"(\d+(?:\.\d+)?)\s*(%|퍼센트|프로)", text)
    if not m:
        return None
    value = float(m.group(1))
    if has(r"줄|내려|낮춰|감액|삭감|decrease|reduce|lower|cut", text):
        value = -value
    return value


@dataclass
class Understanding:
    """What the offline model decided: a tool call, a question, or just text."""

    tool: str | None = None
    args: dict[str, Any] = field(default_factory=dict)
    text: str = ""  # said before the tool call (or alone)


Roster = list[tuple[str, str]]  # (id, name)

CANCEL = r"^(취소|그만|됐어|아니(요)?|안\s*할래|cancel|never\s*mind|stop it|no)\b"
GREETING = r"^(안녕|하이|hello|hi|hey|반가워)"
THANKS = r"(고마워|감사|thanks|thank you|땡큐)"
KPI_WORDS = (r"성과|실적|퍼포먼스|kpi|roas|매출|지출|광고비|전환|ctr|cpa|수익|결과|어때|어떻게\s*되|performance|results?|"
             r"how.*doing|metrics?|spend|revenue|conversions?|numbers")
OFF_TOPIC = r"날씨|weather|요리|레시피|recipe|농담|joke|주식|영화|movie|노래|song|점심|lunch"


def clarify(question: str, *, slot: str, intent: str | None = None, known: dict[str, Any] | None = None,
            options: list[str] | None = None) -> Understanding:
    return Understanding(tool="askClarification", args={"question": question, "options": options or [], "slot": slot,
                                                        "intent": intent, "known": known or {}})


def _campaign_or_ask(text: str, roster: Roster, intent: str, question: str, known: dict[str, Any]) -> Understanding | str:
    found = mentioned_campaigns(text, roster)
    if len(found) == 1:
        return found[0][0]
    options = [name for _, name in found] if len(found) > 1 else []
    return clarify(question, slot="campaign", intent=intent, known=known, options=options)


def understand(text: str, roster: Roster, month: str) -> Understanding:
    t = text.strip()
    low = t.lower()
    campaigns = mentioned_campaigns(t, roster)

    if has(GREETING, low) and len(t) < 20:
        return Understanding(text="안녕하세요! 광고 성과 조회, 캠페인 생성·예산 변경·일시정지, 이상 징후 확인을 도와드릴게요. "
                                  "예: \"이번 주 성과 어때?\"")
    if has(THANKS, low) and len(t) < 30:
        return Understanding(text="천만에요! 더 필요한 분석이 있으면 말씀해주세요.")
    if has(OFF_TOPIC, low) and not has(r"캠페인|광고|campaign|\bads?\b", low):
        return Understanding(text="죄송하지만 저는 광고 캠페인 관리 전용 어시스턴트라 그 질문은 도와드리기 어려워요. "
                                  "대신 성과 분석이나 캠페인 관리는 바로 도와드릴 수 있어요!")

    # --- mutations -----------------------------------------------------------------------
    if has(r"(캠페인|광고).{0,8}(만들|생성|개설|시작하고|추가)|새\s*(캠페인|광고)|만들고\s*싶|create|new\s+campaign|launch|set\s*up", low) \
            and not has(r"카피|문구|copy", low):
        known: dict[str, Any] = {}
        objective = parse_objective(t)
        if objective:
            known["objective"] = objective
        amount = parse_amount(t)
        if amount is not None:
            known["dailyBudget"] = amount
        name = parse_name(t)
        if name:
            known["name"] = name
        return next_create_step(known, month)

    if has(r"카피|문구|문안|헤드라인|슬로건|ad\s*copy|copy|headline|slogan", low):
        product = _product(t)
        args: dict[str, Any] = {"product": product or "우리 상품"}
        if campaigns and len(campaigns) == 1:
            args["campaignId"] = campaigns[0][0]
        for tone in ("고급스러운", "긴급한", "유머러스한"):
            if tone[:2] in t:
                args["tone"] = tone
        return Understanding(tool="generateAdCopy", args=args, text="광고 카피 초안을 준비했어요. 확인 카드를 봐주세요.")

    for pattern, tool, verb in (
        (r"삭제|지워|없애|delete|remove", "deleteCampaign", "삭제"),
        (r"재개|다시\s*(시작|켜|돌려)|켜\s*줘|활성화|resume|restart|reactivate|unpause|turn\s*on", "resumeCampaign", "재개"),
        (r"일시\s*정지|멈춰|멈추|중지|정지|꺼\s*줘|끄고|끄자|pause|stop|turn\s*off", "pauseCampaign", "일시정지"),
    ):
        if has(pattern, low) and not has(r"된\s*캠페인|된\s*거|목록|리스트|list|show", low):
            target = _campaign_or_ask(t, roster, tool, f"어느 캠페인을 {verb}할까요?", {})
            if isinstance(target, Understanding):
                return target
            return Understanding(tool=tool, args={"campaignId": target})

    budget_change = has(r"예산|budget", low) and (
        bool(find_amounts(t)) or parse_percent(t) is not None
        or has(r"(올려|내려|늘려|줄여|바꿔|변경|조정|높여|낮춰|increase|decrease|raise|lower|change|set)(?!.*(될까|좋을까|\?))", low))
    if budget_change and not has(r"추천|재분배|배분|어디|될까|좋을까|should|recommend|realloc", low):
        known = {}
        target = _campaign_or_ask(t, roster, "updateCampaignBudget", "어느 캠페인의 예산을 변경할까요?", known)
        if isinstance(target, Understanding):
            _carry_amount(t, target.args["known"])
            return target
        known["campaignId"] = target
        _carry_amount(t, known)
        if "dailyBudget" not in known and "changePercent" not in known:
            return clarify("일일 예산을 얼마로 바꿀까요? (예: 15만원, 20% 증액)", slot="dailyBudget",
                           intent="updateCampaignBudget", known=known)
        return Understanding(tool="updateCampaignBudget", args=known)

    # --- queries -------------------------------------------------------------------------
    if has(r"예산.{0,10}(추천|재분배|배분|어디|늘려도|줄여도|옮기|최적)|budget.{0,20}(recommend|realloc|advice|increase)|"
           r"where should.*(spend|budget)|reallocate", low):
        return Understanding(tool="getBudgetRecommendation", args={}, text="최근 14일 캠페인별 ROAS를 기준으로 예산 배분을 살펴볼게요.")
    if has(r"보고서|리포트|레포트|report", low):
        return Understanding(tool="generateReport", args={"period": parse_period(t, "7d") if parse_period(t, "7d") != "today" else "7d"})
    if has(r"이상\s*(징후|감지|치)?|문제|급락|급증|튀|anomal|issue|wrong|problem|alert|spike", low):
        args = {"campaignId": campaigns[0][0]} if len(campaigns) == 1 else {}
        return Understanding(tool="checkAnomalies", args=args, text="최근 집계일 기준으로 이상 징후를 점검할게요.")
    if has(r"트렌드|추이|추세|요일|패턴|비교|왜\s*(떨어|올랐|줄었|늘었|낮|높)|trend|pattern|compare|why", low):
        period = parse_period(t, "14d")
        return Understanding(tool="analyzeTrends", args={"period": "7d" if period == "today" else period})

    status_filter = ("PAUSED" if has(r"일시\s*정지된|멈춘|중지된|paused", low) else
                     "DELETED" if has(r"삭제된|deleted", low) else
                     "ACTIVE" if has(r"활성|진행\s*중|돌아가는|active|running", low) else None)
    ranking = has(r"성과\s*(가\s*)?(좋은|나쁜|안\s*좋은|낮은|높은)|잘\s*(되|나가)|안\s*되는|best|top|worst|제일|가장|순위|어떤\s*(거|게|캠페인)", low)
    if not campaigns and (ranking or status_filter or has(r"캠페인\s*(목록|리스트|들|전체|뭐|보여)|목록|리스트|전체\s*캠페인|list|show.*campaigns|all campaigns|which campaigns", low)):
        args = {"status": status_filter or ("ACTIVE" if ranking else "ALL"), "period": parse_period(t, "7d")}
        if has(r"나쁜|안\s*좋은|낮은|안\s*되는|worst", low):
            args.update(sortBy="roas", order="asc")
        elif ranking:
            args.update(sortBy="roas", order="desc")
        elif has(r"지출|spend", low):
            args.update(sortBy="spend", order="desc")
        elif has(r"예산|budget", low):
            args.update(sortBy="budget", order="desc")
        return Understanding(tool="listCampaigns", args=args)

    if len(campaigns) > 1 and not has(KPI_WORDS, low):
        return clarify("어느 캠페인을 말씀하시는 건가요?", slot="campaign", intent="getCampaignDetail",
                       options=[name for _, name in campaigns])
    if len(campaigns) == 1:
        if has(KPI_WORDS, low) and not has(r"상세|자세히|정보|설정|detail|info", low):
            return Understanding(tool="getPerformanceKPI", args={"period": parse_period(t), "campaignId": campaigns[0][0]})
        return Understanding(tool="getCampaignDetail", args={"campaignId": campaigns[0][0]})

    if has(KPI_WORDS, low):
        period = parse_period(t)
        lead = {"today": "가장 최근 집계일 기준 성과를 확인해볼게요.", "7d": "이번 주(최근 7일) 성과를 분석해봤습니다.",
                "14d": "최근 2주 성과를 분석해봤습니다.", "30d": "최근 한 달 성과를 분석해봤습니다."}[period]
        return Understanding(tool="getPerformanceKPI", args={"period": period}, text=lead)

    return Understanding(text="광고 성과 조회, 캠페인 목록·상세, 생성·예산 변경·일시정지·재개·삭제, 보고서, 이상 징후, "
                              "트렌드, 예산 추천, 광고 카피를 도와드릴 수 있어요. 무엇을 해드릴까요?")


def _carry_amount(text: str, known: dict[str, Any]) -> None:
    amounts = find_amounts(text)
    percent = parse_percent(text)
    if amounts:
        known["dailyBudget"] = amounts[-1].value  # "10만원에서 15만원으로" -> the target
    elif percent is not None:
        known["changePercent"] = percent


def _product(text: str) -> str | None:
    m = re.search(r"([가-힣A-Za-z0-9 ]{1,30}?)\s*(?:광고\s*)?(?:카피|문구|문안|헤드라인|슬로건)", text)
    if m:
        words = [w for w in m.group(1).split() if w not in ("광고", "새", "좀", "신상품")]
        product = " ".join(words).strip()
        product = re.sub(r"(의|에\s*대한|용)$", "", product).strip()
        if product:
            return product
    m = re.search(r"(?:copy|headline|slogan)s?\s+for\s+(?:our\s+|the\s+)?([\w ]{2,30})", text, re.I)
    return m.group(1).strip() if m else None


def next_create_step(known: dict[str, Any], month: str) -> Understanding:
    """Multi-turn slot filling of seed 000 §7.3: objective, then budget; the name defaults."""
    if "objective" not in known:
        return clarify(OBJECTIVE_QUESTION, slot="objective", intent="createCampaign", known=known,
                       options=OBJECTIVE_OPTIONS)
    if "dailyBudget" not in known:
        label = SHORT_OBJECTIVE[known["objective"]]
        return clarify(f"{label} 캠페인이군요. 일일 예산은 얼마로 설정할까요?", slot="dailyBudget",
                       intent="createCampaign", known=known)
    if known["dailyBudget"] < 5000:
        budget = known.pop("dailyBudget")
        return clarify(f"일일 예산은 최소 ₩5,000입니다 (입력: ₩{budget:,}). 얼마로 할까요?", slot="dailyBudget",
                       intent="createCampaign", known=known)
    args = {"name": known.get("name") or f"{SHORT_OBJECTIVE[known['objective']]} 캠페인 {month}",
            "objective": known["objective"], "dailyBudget": known["dailyBudget"]}
    if known.get("startDate"):
        args["startDate"] = known["startDate"]
    return Understanding(tool="createCampaign", args=args, text="다음 내용으로 캠페인을 생성할까요?")


def fill_slot(pending: dict[str, Any], text: str, roster: Roster, month: str) -> Understanding | None:
    """Answer to a clarification; None when the user moved on to something else."""
    slot, intent, known = pending.get("slot"), pending.get("intent"), dict(pending.get("known") or {})
    low = text.lower().strip()
    if has(CANCEL, low):
        return Understanding(text="알겠습니다. 진행하던 작업을 취소했어요. 다른 도움이 필요하면 말씀해주세요.")
    if intent == "createCampaign":
        objective = parse_objective(text)
        amount = parse_amount(text)
        name = parse_name(text)
        if slot == "objective" and objective is None and amount is None:
            if _looks_like_new_request(text):
                return None
            return clarify("죄송해요, 목적을 이해하지 못했어요. " + OBJECTIVE_QUESTION, slot="objective",
                           intent="createCampaign", known=known, options=OBJECTIVE_OPTIONS)
        if slot == "dailyBudget" and amount is None and objective is None:
            if _looks_like_new_request(text):
                return None
            return clarify("금액을 이해하지 못했어요. 일일 예산을 '10만원'처럼 알려주세요.", slot="dailyBudget",
                           intent="createCampaign", known=known)
        if objective and (slot == "objective" or "objective" not in known):
            known["objective"] = objective
        if amount is not None:
            known["dailyBudget"] = amount
        if name:
            known["name"] = name
        return next_create_step(known, month)
    if slot == "campaign":
        found = mentioned_campaigns(text, roster) or [c for c in roster if c[1] == text.strip()]
        if len(found) != 1:
            if _looks_like_new_request(text):
                return None
            options = [name for _, name in found] if found else []
            return clarify("캠페인 이름을 정확히 알려주세요.", slot="campaign", intent=intent, known=known, options=options)
        known["campaignId"] = found[0][0]
        if intent == "updateCampaignBudget":
            if "dailyBudget" not in known and "changePercent" not in known:
                _carry_amount(text, known)
            if "dailyBudget" not in known and "changePercent" not in known:
                return clarify("일일 예산을 얼마로 바꿀까요? (예: 15만원, 20% 증액)", slot="dailyBudget",
                               intent=intent, known=known)
        return Understanding(tool=intent or "getCampaignDetail", args=known)
    if slot == "dailyBudget" and intent == "updateCampaignBudget":
        _carry_amount(text, known)
        if "dailyBudget" not in known and "changePercent" not in known:
            if _looks_like_new_request(text):
                return None
            return clarify("금액을 이해하지 못했어요. '15만원'이나 '20% 증액'처럼 알려주세요.", slot="dailyBudget",
                           intent=intent, known=known)
        return Understanding(tool="updateCampaignBudget", args=known)
    return None


def _looks_like_new_request(text: str) -> bool:
    return len(text) > 8 and has(KPI_WORDS + r"|목록|리스트|보고서|이상|트렌드|list|report", text.lower())
