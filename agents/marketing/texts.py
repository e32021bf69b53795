"""The marketing agent's words in Korean and English: labels (card titles, columns, statuses, periods) and the
fixed sentences its offline model says, picked by the reply language (``agents.nlu.language``). Campaign names
stay as the marketer wrote them."""

from __future__ import annotations

import re

# key -> (Korean, English)
LABELS: dict[str, tuple[str, str]] = {
    "campaign": ("캠페인", "Campaign"), "status": ("상태", "Status"), "objective": ("목적", "Objective"),
    "daily_budget_short": ("일예산", "Daily budget"), "spend": ("지출", "Spend"), "revenue": ("매출", "Revenue"),
    "daily_budget": ("일일 예산", "Daily budget"), "period": ("기간", "Dates"), "audience": ("타겟", "Audience"),
    "item": ("항목", "Item"), "value": ("값", "Value"), "metric": ("지표", "Metric"), "conversions": ("전환", "Conversions"),
    "severity": ("심각도", "Severity"), "kind": ("유형", "Type"), "before": ("이전", "Before"), "latest": ("최근", "Latest"),
    "change": ("변화", "Change"), "weekday": ("요일", "Day"), "avg_revenue": ("평균 매출", "Avg. revenue"),
    "avg_spend": ("평균 지출", "Avg. spend"), "current_budget": ("현재 예산", "Current budget"),
    "proposed_budget": ("제안 예산", "Proposed budget"), "allotted": ("배정액", "Allotted"),
    "daily": ("하루 예산", "Per day"), "current_daily": ("현재 하루 예산", "Current per day"),
    "spend_won": ("지출(₩)", "Spend (₩)"), "revenue_won": ("매출(₩)", "Revenue (₩)"),
    "budget_change_won": ("예산 변화(₩)", "Budget change (₩)"), "allotted_won": ("배정액(₩)", "Allotted (₩)"),
    "total_spend": ("총 지출", "Total spend"), "total_revenue": ("총 매출", "Total revenue"),
    "no_anomalies": ("이상 징후가 없습니다.", "No anomalies."), "anomalies": ("이상 징후", "Anomalies"),
    "advice_title": ("예산 재배분 제안", "Budget reallocation"), "report_title": ("주간 보고서", "Weekly report"),
    "no_end": ("종료일 없음", "no end date"), "auto_audience": ("Advantage+ (자동)", "Advantage+ (automatic)"),
    "graph_value": ("값", "Value"),
}
STATUS = {"ACTIVE": ("진행 중", "Active"), "PAUSED": ("일시정지", "Paused"), "DELETED": ("삭제됨", "Deleted")}
OBJECTIVE = {"OUTCOME_AWARENESS": ("인지도", "Awareness"), "OUTCOME_TRAFFIC": ("트래픽", "Traffic"),
             "OUTCOME_ENGAGEMENT": ("참여", "Engagement"), "OUTCOME_LEADS": ("리드", "Leads"),
             "OUTCOME_APP_PROMOTION": ("앱 프로모션", "App promotion"), "OUTCOME_SALES": ("전환/매출", "Sales")}
PERIOD_EN = {"today": "the latest day", "7d": "the last 7 days", "14d": "the last 14 days", "30d": "the last 30 days"}
PERIOD_TITLE_EN = {"today": "Latest day", "7d": "Last 7 days", "14d": "Last 14 days", "30d": "Last 30 days"}
ANOMALY_EN = {"roas_drop": "ROAS drop", "spend_spike": "spend spike", "ctr_collapse": "CTR collapse"}
WEEKDAY_EN = {"월": "Mon", "화": "Tue", "수": "Wed", "목": "Thu", "금": "Fri", "토": "Sat", "일": "Sun"}
WEEKDAY_LONG_EN = {"월": "Monday", "화": "Tuesday", "수": "Wednesday", "목": "Thursday", "금": "Friday",
                   "토": "Saturday", "일": "Sunday"}
METRIC_EN = {"roas": "ROAS", "ctr": "CTR", "cpa": "CPA", "spend": "spend", "revenue": "revenue",
             "conversions": "conversions"}
SORT_EN = {"roas": "ROAS", "spend": "spend", "revenue": "revenue", "ctr": "CTR", "cpa": "CPA", "budget": "daily budget",
           "name": "name", "created": "creation date"}

# The "thinking" stages of a turn (seed 000 §progress)
STAGES = {"understand": ("요청을 이해하고 있어요", "Understanding your request"),
          "query": ("데이터를 조회하고 있어요", "Looking up the data"),
          "compose": ("답변을 작성하고 있어요", "Writing the answer")}

# Suggested follow-ups: each English one is itself a request the offline model understands (tests check it).
DEFAULT_CHIPS = (["이번 주 성과 어때?", "캠페인 목록 보여줘", "최근 이상 징후가 있어?"],
                 ["How did we do this week?", "Show me the campaign list", "Any anomalies recently?"])
CHIPS_EN = {"CTR이 왜 떨어졌어?": "Why did CTR drop?", "성과 좋은 캠페인은 어떤 거야?": "Which campaigns perform best?",
            "예산을 늘려도 될까?": "Should I raise the budget?", "최근 이상 징후가 있어?": "Any anomalies recently?",
            "예산 재분배 추천해줘": "Recommend a budget reallocation", "최근 2주 트렌드 보여줘": "Show the trends of the last 2 weeks",
            "주간 보고서 만들어줘": "Make a weekly report", "이번 주 성과 어때?": "How did we do this week?",
            "캠페인 목록 보여줘": "Show me the campaign list"}
CHIP_TEMPLATES_EN = {"detail": "Show details of {name}", "pause": "Pause {name}", "raise": "Increase the {name} budget by 20%",
                     "set_budget": "Change the {name} budget to {amount}"}

# Fixed sentences of the offline model (agents/marketing/nlu.py, slots.py, followup.py), Korean -> English.
SENTENCES_EN = {
    "어떤 상품의 광고 카피를 쓸까요? 상품 이름(또는 캠페인 이름)을 알려주세요.":
        "Which product is the ad copy for? Tell me the product's name (or a campaign's).",
    "안녕하세요! 광고 성과 조회, 캠페인 생성·예산 변경·일시정지, 이상 징후 확인을 도와드릴게요. 예: \"이번 주 성과 어때?\"":
        "Hello! I can look up ad performance, create campaigns, change budgets, pause campaigns and check for "
        "anomalies. For example: \"How did we do this week?\"",
    "광고 성과 조회, 캠페인 목록·상세·비교, 생성·예산 변경·일시정지·재개·삭제, 보고서, 이상 징후, 트렌드, 예산 추천, "
    "광고 카피를 도와드릴 수 있어요. 예: \"지난주 성과 어땠어?\", \"CPA 제일 높은 캠페인\", \"봄 시즌 세일 예산 20% 올려줘\"":
        "I can help with ad performance, the campaign list, a campaign's details and comparisons, creating, "
        "re-budgeting, pausing, resuming and deleting campaigns, reports, anomalies, trends, budget advice and ad "
        "copy. For example: \"How did we do last week?\", \"Which campaign has the highest CPA?\", \"Increase the "
        "spring sale budget by 20%\"",
    "죄송하지만 저는 광고 캠페인 관리 전용 어시스턴트라 그 질문은 도와드리기 어려워요. 대신 성과 분석이나 캠페인 관리는 바로 도와드릴 수 "
    "있어요!": "Sorry, I only help with managing ad campaigns, so I can't help with that question. I can analyse "
               "performance or manage campaigns for you right away!",
    "확인 카드의 [실행] 버튼을 눌러야 실행돼요. 글로 답하신 것만으로는 실행하지 않아요 — 카드에서 내용을 확인하고 [실행] 또는 [취소]를 "
    "눌러주세요.": "It runs only when you press [Confirm] on the confirmation card; a written answer does not run it. "
                  "Check the card, then press [Confirm] or [Cancel].",
    "지금 확인을 기다리는 작업은 없어요. 무엇을 도와드릴까요?": "Nothing is waiting for your confirmation. What can I do for you?",
    "알겠습니다. 진행하던 작업을 취소했어요. 다른 도움이 필요하면 말씀해주세요.":
        "All right, I cancelled what we were doing. Tell me if you need anything else.",
    "천만에요! 더 필요한 분석이 있으면 말씀해주세요.": "You're welcome! Tell me if you need any other analysis.",
    "무엇을 도와드릴까요?": "What can I do for you?",
    "어떤 걸 말씀하시는 건가요? 캠페인 이름이나 궁금한 지표를 알려주세요.":
        "What do you mean? Tell me a campaign name or the metric you want to know about.",
    "가장 최근 집계일 기준 성과를 확인해볼게요.": "Let me check the performance of the latest day.",
    "이번 주(최근 7일) 성과를 분석해봤습니다.": "Here is this week's (last 7 days') performance.",
    "최근 2주 성과를 분석해봤습니다.": "Here is the performance of the last 2 weeks.",
    "최근 한 달 성과를 분석해봤습니다.": "Here is the performance of the last month.",
    "광고 카피 초안을 준비했어요. 확인 카드를 봐주세요.": "I drafted the ad copy. Please check the card.",
    "최근 집계일 기준으로 이상 징후를 점검할게요.": "Let me check the latest day for anomalies.",
    "최근 14일 캠페인별 ROAS를 기준으로 예산 배분을 살펴볼게요.":
        "Let me look at the budget split by each campaign's ROAS over the last 14 days.",
    "최근 14일 캠페인별 ROAS를 기준으로 총예산을 나눠볼게요.":
        "Let me split the total budget by each campaign's ROAS over the last 14 days.",
    "어느 캠페인을 말씀하시는 건가요?": "Which campaign do you mean?",
    "어느 캠페인의 예산을 변경할까요?": "Which campaign's budget should I change?",
    "일일 예산을 얼마로 바꿀까요? (예: 15만원, 20% 증액, 반으로)":
        "What should the daily budget be? (e.g. 150000 won, up 20%, half)",
    "어떤 캠페인끼리 비교할까요? 두 캠페인 이름을 알려주세요.": "Which campaigns should I compare? Tell me two campaign names.",
    "어떤 목적의 캠페인을 만드시겠어요?": "What is the new campaign's objective?",
    "다음 내용으로 캠페인을 생성할까요?": "Create a campaign as follows?",
    "금액을 이해하지 못했어요. 일일 예산을 '10만원'처럼 알려주세요.":
        "I didn't understand the amount. Tell me the daily budget like '100000 won'.",
    "캠페인 이름을 정확히 알려주세요.": "Please tell me the campaign's exact name.",
    "비교할 캠페인을 하나 더 알려주세요.": "Tell me one more campaign to compare.",
    "금액을 이해하지 못했어요. '15만원'이나 '20% 증액'처럼 알려주세요.":
        "I didn't understand the amount. Say it like '150000 won' or 'up 20%'.",
    "톤을 바꿔 광고 카피를 다시 준비했어요. 확인 카드를 봐주세요.": "I redrafted the ad copy in a new tone. Please check the card.",
    "같은 조건으로 광고 카피를 한 번 더 준비했어요. 확인 카드를 봐주세요.":
        "I drafted the ad copy once more on the same terms. Please check the card.",
    "최근 14일 캠페인별 ROAS를 기준으로 예산 배분을 다시 살펴볼게요.":
        "Let me look at the budget split again by each campaign's ROAS over the last 14 days.",
    "같은 조건으로 광고 카피를 다시 준비했어요. 확인 카드를 봐주세요.":
        "I redrafted the ad copy on the same terms. Please check the card.",
    "어떤 캠페인과 비교할까요?": "Which campaign should I compare it with?",
    "비교하려면 서로 다른 캠페인 두 개가 필요합니다. 다른 캠페인 이름을 알려주세요.":
        "A comparison needs two different campaigns. Tell me another campaign's name.",
}
# Choices offered with a question: each English one is understood as its Korean one is.
OPTIONS_EN = {"인지도 (브랜드 노출)": "Awareness (brand exposure)", "트래픽 (웹사이트 방문)": "Traffic (website visits)",
              "전환 (구매/가입)": "Conversions (purchases/sign-ups)", "매출 (최대 매출)": "Sales (most revenue)",
              "이번 주 성과 보기": "This week's performance", "캠페인 목록 보기": "Campaign list",
              "예산 재분배 추천": "Budget reallocation advice", "이상 징후 확인": "Check anomalies",
              "최근 트렌드 분석": "Recent trends", "주간 보고서 만들기": "Make a weekly report",
              "캠페인 상세 보기": "Campaign details", "새 캠페인 만들기": "Create a new campaign",
              "캠페인 예산 변경": "Change a campaign budget", "캠페인 일시정지": "Pause a campaign",
              "캠페인 재개": "Resume a campaign", "캠페인 삭제": "Delete a campaign", "광고 카피 만들기": "Write ad copy"}
_VERBS_EN = {"일시정지": "pause", "재개": "resume", "삭제": "delete", "예산을 변경": "re-budget"}
_PATTERNS_EN: list[tuple[re.Pattern[str], object]] = [
    (re.compile(r"^어느 캠페인을 (.+?)할까요\?$"), lambda m: f"Which campaign should I {_VERBS_EN.get(m[1], m[1])}?"),
    (re.compile(r"^(.+?) 캠페인이군요\. 일일 예산은 얼마로 설정할까요\?$"),
     lambda m: f"{_article(OPTION_EN_BY_SHORT.get(m[1], m[1]))} campaign. What should its daily budget be?"),
    (re.compile(r"^일일 예산은 최소 ₩5,000입니다 \(입력: (₩[\d,]+)\)\. 얼마로 할까요\?$"),
     lambda m: f"The daily budget is at least ₩5,000 (you gave {m[1]}). How much should it be?"),
    (re.compile(r"^어떤 걸 도와드릴까요\? (.+) 중에서 골라주시거나, 조금 더 자세히 말씀해주세요\.$"),
     lambda m: "What can I help with? Choose " + " / ".join(OPTIONS_EN.get(o, o) for o in m[1].split(" / "))
     + ", or tell me a little more."),
    (re.compile(r"^죄송해요, 목적을 이해하지 못했어요\. (.*)$"),
     lambda m: "Sorry, I didn't understand the objective. " + english_sentence(m[1])),
    (re.compile(r"^어느 캠페인을 말씀하시는 건가요\? (.*)$"), lambda m: "Which campaign do you mean? " + m[1]),
]
OPTION_EN_BY_SHORT = {"전환": "sales", "인지도": "awareness", "트래픽": "traffic", "참여": "engagement", "리드": "leads",
                      "앱 설치": "app install", "매출": "sales"}


def _article(word: str) -> str:
    return f"{'An' if word[:1].lower() in 'aeiou' else 'A'} {word}"


def label(key: str, en: bool) -> str:
    ko, english = LABELS[key]
    return english if en else ko


def status(value: str, en: bool) -> str:
    pair = STATUS.get(value)
    return (pair[1] if en else pair[0]) if pair else value


def objective(value: str, en: bool) -> str:
    pair = OBJECTIVE.get(value)
    return (pair[1] if en else pair[0]) if pair else value


def english_sentence(text: str) -> str:
    """The English of one of the offline model's fixed Korean sentences (unchanged when it has none)."""
    if text in SENTENCES_EN:
        return SENTENCES_EN[text]
    for pattern, build in _PATTERNS_EN:
        m = pattern.match(text)
        if m:
            return build(m)  # type: ignore[operator]
    return text


def english_option(option: str) -> str:
    return OPTIONS_EN.get(option, option)


# A tool's argument check names the argument ("Invalid arguments for tool 'updateCampaignBudget': dailyBudget: Input
# should be greater than or equal to 5000"): a person is told which input, in their words, and the limit.
_ARGUMENTS = {"dailyBudget": ("일일 예산", "daily budget"), "changePercent": ("변경 비율", "change"),
              "name": ("캠페인 이름", "campaign name"), "campaignId": ("캠페인", "campaign"),
              "objective": ("캠페인 목적", "objective"), "startDate": ("시작일", "start date"),
              "endDate": ("종료일", "end date"), "count": ("카피 개수", "number of copies"), "product": ("상품", "product")}
_INVALID = re.compile(r"^Invalid arguments for tool '\w+': (\w+)[^:]*: (.*)$", re.S)
_LIMIT = re.compile(r"(greater|less) than(?: or equal to)? (-?\d+(?:\.\d+)?)")


def plain_problem(problem: str, en: bool) -> str:
    """A tool's argument check in a person's words: no tool id, no argument name."""
    m = _INVALID.match(problem)
    if m is None:
        return problem
    ko, english = _ARGUMENTS.get(m[1], ("요청 값", "value"))
    limit = _LIMIT.search(m[2])
    if limit is None:
        return f"The {english} is not valid." if en else f"{ko} 값이 올바르지 않아요."
    amount = float(limit[2])
    shown = f"₩{amount:,.0f}" if m[1] == "dailyBudget" else f"{amount:g}{'%' if m[1] == 'changePercent' else ''}"
    if en:
        return f"The {english} must be at {'least' if limit[1] == 'greater' else 'most'} {shown}."
    return f"{ko}은(는) {shown} {'이상' if limit[1] == 'greater' else '이하'}이어야 해요."
