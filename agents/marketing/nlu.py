"""The marketing agent's offline understanding, on the shared kit (``agents.nlu``).

``understand(text, roster, month)`` returns the tool to call and its arguments, a clarification,
or a plain reply. Rules read the user's own words through ``lexicon.yaml``; when none fires, the
exemplar classifier (``training.yaml``) decides a query, and anything unsure becomes a question
with the likeliest choices. A mutation starts only from a rule, never from a guess. The answer to
one of its clarifications is read by ``agents/marketing/slots.py``.
Deterministic: the same text and roster always give the same result."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agents.marketing import reading as rd
from agents.marketing.clauses import request_clause
from agents.marketing.matching import Roster, mentioned_campaigns
from agents.marketing.reading import Reading, has_period
from agents.nlu import ExemplarClassifier, compact, decide, direction, find_amount, normalise

TRAINING_PATH = Path(__file__).with_name("training.yaml")
MUTATIONS = frozenset({"createCampaign", "updateCampaignBudget", "pauseCampaign", "resumeCampaign", "deleteCampaign",
                       "generateAdCopy"})
TREND_METRICS = frozenset({"roas", "ctr", "cpa", "spend", "revenue"})
SMALL_TALK = frozenset({"greeting", "thanks", "help", "offtopic", "confirm", "cancel"})
# Chip texts for a question back: each is itself a request the rules understand.
CHOICES = {"getPerformanceKPI": "이번 주 성과 보기", "listCampaigns": "캠페인 목록 보기", "getBudgetRecommendation": "예산 재분배 추천",
           "checkAnomalies": "이상 징후 확인", "analyzeTrends": "최근 트렌드 분석", "generateReport": "주간 보고서 만들기",
           "getCampaignDetail": "캠페인 상세 보기", "createCampaign": "새 캠페인 만들기", "updateCampaignBudget": "캠페인 예산 변경",
           "pauseCampaign": "캠페인 일시정지", "resumeCampaign": "캠페인 재개", "deleteCampaign": "캠페인 삭제",
           "generateAdCopy": "광고 카피 만들기"}

SHORT_OBJECTIVE = {"OUTCOME_SALES": "전환", "OUTCOME_AWARENESS": "인지도", "OUTCOME_TRAFFIC": "트래픽",
                   "OUTCOME_ENGAGEMENT": "참여", "OUTCOME_LEADS": "리드", "OUTCOME_APP_PROMOTION": "앱 설치"}
OBJECTIVE_QUESTION = "어떤 목적의 캠페인을 만드시겠어요?"
PRODUCT_QUESTION = "어떤 상품의 광고 카피를 쓸까요? 상품 이름(또는 캠페인 이름)을 알려주세요."
COPY_READY = "광고 카피 초안을 준비했어요. 확인 카드를 봐주세요."
OBJECTIVE_OPTIONS = ["인지도 (브랜드 노출)", "트래픽 (웹사이트 방문)", "전환 (구매/가입)", "매출 (최대 매출)"]  # seed 000 §7.3
GREETING = ("안녕하세요! 광고 성과 조회, 캠페인 생성·예산 변경·일시정지, 이상 징후 확인을 도와드릴게요. "
            "예: \"이번 주 성과 어때?\"")
HELP = ("광고 성과 조회, 캠페인 목록·상세·비교, 생성·예산 변경·일시정지·재개·삭제, 보고서, 이상 징후, 트렌드, 예산 추천, "
        "광고 카피를 도와드릴 수 있어요. 예: \"지난주 성과 어땠어?\", \"CPA 제일 높은 캠페인\", \"봄 시즌 세일 예산 20% 올려줘\"")
OFF_TOPIC = ("죄송하지만 저는 광고 캠페인 관리 전용 어시스턴트라 그 질문은 도와드리기 어려워요. "
             "대신 성과 분석이나 캠페인 관리는 바로 도와드릴 수 있어요!")
CONFIRM_BY_TEXT = ("확인 카드의 [실행] 버튼을 눌러야 실행돼요. 글로 답하신 것만으로는 실행하지 않아요 — 카드에서 내용을 "
                   "확인하고 [실행] 또는 [취소]를 눌러주세요.")
NOTHING_TO_CONFIRM = "지금 확인을 기다리는 작업은 없어요. 무엇을 도와드릴까요?"
CANCELLED = "알겠습니다. 진행하던 작업을 취소했어요. 다른 도움이 필요하면 말씀해주세요."


@dataclass
class Understanding:
    """What the offline model decided: a tool call, a question, or just text."""

    tool: str | None = None
    args: dict[str, Any] = field(default_factory=dict)
    text: str = ""  # said before the tool call (or alone)
    source: str = "rule"  # rule | classifier | ask


def classifier() -> ExemplarClassifier:
    return ExemplarClassifier.from_yaml(TRAINING_PATH, threshold=0.45, margin=0.12)


def clarify(question: str, *, slot: str, intent: str | None = None, known: dict[str, Any] | None = None,
            options: list[str] | None = None) -> Understanding:
    return Understanding(tool="askClarification", args={"question": question, "options": options or [], "slot": slot,
                                                        "intent": intent, "known": known or {}})


def understand(text: str, roster: Roster, month: str, *, awaiting_confirmation: bool = False,
               budgets: dict[str, int] | None = None) -> Understanding:
    """``budgets``: campaign id -> daily budget, so "3만원 더 올려줘" becomes the new amount."""
    r = rd.read(text, roster)
    if not compact(r.text):
        return ask_choices(None, "무엇을 도와드릴까요?")
    if (asked := request_clause(r.text, r.campaigns)) is not None:
        return understand(asked, roster, month, awaiting_confirmation=awaiting_confirmation, budgets=budgets)
    small = _small_talk(r, awaiting_confirmation)
    if small is not None:
        return small
    if (about_word := word_answer(r)) is not None:
        return about_word
    if r.pronoun and not r.campaigns and not _about_domain(r, strict=True):
        return ask_choices(None, "어떤 걸 말씀하시는 건가요? 캠페인 이름이나 궁금한 지표를 알려주세요.")
    intent = rule(r)
    if intent is None:
        return _from_classifier(r, roster, month)
    return build(intent, r, roster, month, budgets=budgets)


def word_answer(r: Reading) -> Understanding | None:
    """"ROAS가 정확히 뭐야?" asks what the word means, not the figure; "ROAS 2면 괜찮은 거야?" weighs a figure (how
    such figures are read). Either one, right after a KPI was shown or not, is answered in text."""
    if r.campaigns or has_period(r.text):
        return None
    from agents.marketing.concepts import concept  # the glossaries' terms: loaded once a word may be asked about
    from agents.marketing.glossary import benchmark, definition

    said = definition(r.text) or benchmark(r.text) or concept(r.text)
    return Understanding(text=said) if said is not None else None


def _about_domain(r: Reading, *, strict: bool = False) -> bool:
    """Does the message say anything about ads? ``strict`` ignores generic question words
    ("어떻게 됐어", "how is") that only count beside a domain word."""
    generic = {"getPerformanceKPI", "getCampaignDetail", "listCampaigns"} if strict else set()
    named = set(r.hits) - SMALL_TALK - generic
    return bool(named or r.campaigns or r.metric or r.objective or r.status or r.budget_word or r.amount
                or r.change or rd.lexicon().has(r.text, "campaign"))


def _small_talk(r: Reading, awaiting_confirmation: bool) -> Understanding | None:
    short = rd.is_short(r.text)
    # "연말 감사 이벤트 캠페인 예산 올려줘": a budget, a figure or a metric said makes it a request, whatever else it holds
    domain = r.hit(*(set(r.hits) - SMALL_TALK)) or bool(r.campaigns) or r.budget_word or r.amount is not None \
        or r.change is not None or bool(r.metric)
    if r.hit("confirm") and short and not domain and not r.hit("cancel"):
        return Understanding(text=CONFIRM_BY_TEXT if awaiting_confirmation else NOTHING_TO_CONFIRM)
    if r.hit("cancel") and short and not domain:
        return Understanding(text=CANCELLED)
    if r.hit("offtopic") and not r.campaigns and not r.metric and not rd.lexicon().has(r.text, "campaign"):
        return Understanding(text=OFF_TOPIC)  # "오늘 날씨 어때?" is not a KPI question
    if r.hit("greeting") and not _about_domain(r, strict=True):
        return Understanding(text=GREETING)  # "how are you today?" greets; "how are my ads today?" asks
    if domain:
        return None
    if r.hit("greeting") and short:
        return Understanding(text=GREETING)
    if r.hit("thanks"):
        return Understanding(text="천만에요! 더 필요한 분석이 있으면 말씀해주세요.")
    if r.hit("help"):
        return Understanding(text=HELP)
    if r.hit("offtopic"):
        return Understanding(text=OFF_TOPIC)
    return None


def rule(r: Reading) -> str | None:
    """The intent the user's own words name, or None when they don't say it plainly."""
    campaign_word = rd.lexicon().has(r.text, "campaign")
    if r.hit("generateAdCopy"):
        return "generateAdCopy"
    if not r.campaigns and r.budget_word and _PLAN.search(r.text) and not r.fresh and r.amount is None:
        return "getBudgetRecommendation"  # "잘 버는 캠페인 쪽으로 예산 몰아주는 안 짜봐": a plan asked for, nothing made
    if r.hit("createCampaign") and not r.hit("generateReport") and (campaign_word or r.objective) \
            and not (r.listing and r.status):
        return "createCampaign"
    if _create_without_verb(r, campaign_word):
        return "createCampaign"
    mutation = _status_mutation(r)
    if mutation:
        return mutation
    if _budget_change(r):
        return "updateCampaignBudget"
    if len(r.pair) >= 2 and not r.hit("listCampaigns", "generateReport", "checkAnomalies"):
        return "compareCampaigns"  # two campaigns named in one question are being weighed against each other
    if r.why and r.hit("analyzeTrends", "getPerformanceKPI") and r.hit("checkAnomalies") and not r.hit("generateReport"):
        return "analyzeTrends"  # "ROAS가 왜 갑자기 빠졌어?": the cause of a move, not a scan for odd figures
    for intent in ("generateReport", "checkAnomalies"):
        if r.hit(intent):
            return intent
    if r.why and not r.campaigns and (r.metric in TREND_METRICS or _MOVED.search(r.text)) and not r.state:
        return "analyzeTrends"  # "요즘 ctr 계속 떨어지는데 왜 그런지": the cause of a move
    if r.hit("getBudgetRecommendation") or (r.budget_word and r.advice and not r.campaigns):
        return "getBudgetRecommendation"
    if not r.campaigns and not r.hit("analyzeTrends") and rd.compares_periods(r.text):
        return "getPerformanceKPI"  # "이번 주 vs 지난 주 매출": a window against the one before, as the KPI reply shows
    if r.hit("compareCampaigns") and not r.campaigns and not r.hit("analyzeTrends") and r.metric and campaign_word \
            and _EVERY.search(r.text):
        return "listCampaigns"  # "전체 캠페인 ROAS 한번에 비교해줘": every campaign side by side on one metric
    if r.hit("analyzeTrends") or (r.hit("compareCampaigns") and not r.campaigns):
        return "analyzeTrends"
    if not r.campaigns and r.hit("getPerformanceKPI") and _HOW_MUCH.search(r.text) and not _SUPERLATIVE.search(r.text):
        return "getPerformanceKPI"  # "광고비 넘 많이 나간 거 같은데 얼마 썼냐": the figure, not a ranking
    if not r.campaigns and (r.hit("listCampaigns") or r.status or r.metric == "created"
                            or (r.order and (r.metric or campaign_word))):
        return "listCampaigns"
    if len(r.campaigns) == 1:
        if r.budget_word and _SPENT.search(r.text) and not r.state and not r.why:
            return "getPerformanceKPI"  # "X 오늘 예산 다 쓴 거 같은데": money spent over a window, not the setting
        if r.budget_word or r.state:
            return "getCampaignDetail"  # "예산 얼마로 잡혀 있어?", "왜 멈춰있어?": its settings and state
        if r.why and (r.hit("analyzeTrends") or _MOVED.search(r.text)):
            return "analyzeTrends"  # "X ROAS 떨어졌다던데 왜 그래?": the cause of a move
        if r.hit("getPerformanceKPI", "compareCampaigns") and not r.hit("getCampaignDetail"):
            return "getPerformanceKPI"
        return "getCampaignDetail"
    if len(r.campaigns) > 1:
        return "getCampaignDetail"  # asks which
    if r.hit("getPerformanceKPI") or (r.metric and r.metric != "budget"):
        return "getPerformanceKPI"
    return None


_HOW_MUCH = re.compile(r"얼마|몇\s*(?:건|개|번|명|프로|퍼)|\bhow\s+(?:much|many)\b", re.I)
_SUPERLATIVE = re.compile(r"제일|젤|가장|최고|최저|1등|꼴찌|순위|순으로|캠페인\s*별|각\s*캠페인|"
                          r"\b(?:most|least|top|best|worst|highest|lowest|which|each|per\s+campaign|by\s+campaign)\b", re.I)
_EVERY = re.compile(r"전체|전부|모든|다\s*(?:같이|한번에|한꺼번에)|한\s*번에|한꺼번에|캠페인\s*별|각\s*캠페인|"
                    r"\b(?:all|every|each)\s+(?:(?:of\s+)?(?:our|my|the)\s+)?campaigns?\b", re.I)
# A plan asked for: "...하는 안 짜봐" (안 as the noun "proposal"), 플랜, 계획, "draft a plan"
_PLAN = re.compile(r"(?:는|은|할|한)\s*안\s*(?:좀\s*|하나\s*)*(?:을\s*|으로\s*)?(?:짜|만들|세워|내|잡아|줘|뽑)|플랜|계획|시나리오|"
                   r"\b(?:plan|draft|proposal|scenario)\b", re.I)
# Money already gone (past tense, used up): a spend figure over a window, where "예산 얼마야" is the setting
_SPENT = re.compile(r"썼|쓴\s*(?:거|것|건|게|듯|돈)|소진|나갔|나간|집행\s*(?:됐|된|했)|"
                    r"\b(?:spent|burn(?:ed|t)?\s+through|used\s+up|run\s+out|ran\s+out)\b", re.I)
_MOVED = re.compile(r"떨어|빠졌|빠지|줄었|줄어|낮아|나빠|올랐|늘었|높아|좋아졌|\b(?:drop|fell|fall|declin|rose|went\s+(?:up|down))",
                    re.I)


def _create_without_verb(r: Reading, campaign_word: bool) -> bool:
    """"'가을 특가' 이름으로 전환 캠페인 하루 12만원", "new sales campaign, 80000 per day": a kind of
    campaign with its budget, or said to be new, and no existing campaign named."""
    if r.campaigns or not r.objective or not campaign_word or r.status or r.listing:
        return False
    return r.fresh or (r.amount is not None and (r.per_day or rd.campaign_name(r.text) is not None))


def _status_mutation(r: Reading) -> str | None:
    if r.state:
        return None  # "왜 멈춰있어?" asks why, it does not pause
    for intent in ("deleteCampaign", "resumeCampaign", "pauseCampaign"):
        if not r.hit(intent):
            continue
        if r.status and (r.listing or r.look or r.hit("listCampaigns")) and not r.campaigns:
            return None  # "일시정지된 캠페인 보여줘" lists, it does not pause
        if r.hit("getBudgetRecommendation") and r.advice:
            return None  # "어떤 걸 멈추는 게 좋을까?" asks for advice
        return intent
    return None


def _budget_change(r: Reading) -> bool:
    if r.advice and (r.hit("getBudgetRecommendation") or not (r.amount or r.change)) and "?" in r.text:
        return False
    if r.hit("getBudgetRecommendation") and not r.campaigns:
        return False
    moves = r.amount is not None or r.change is not None or r.delta is not None
    if not moves and r.hit("checkAnomalies", "analyzeTrends", "generateReport"):
        return False  # "spending way more than usual?" asks about the figures, it changes nothing
    if (r.look or r.hit("getCampaignDetail")) and not moves:
        return False  # "예산 얼마로 잡혀 있는지 보고 싶어", "open its details, I might raise it": a look, no new figure
    # "하루 만원 덜": a change by an amount carries its own direction
    return (r.budget_word and (moves or _direction_word(r))) or (
        bool(r.campaigns) and moves and (_direction_word(r) or r.delta is not None))


def _direction_word(r: Reading) -> bool:
    return direction(r.text) != 0 or r.budget_verb


def build(intent: str, r: Reading, roster: Roster, month: str, *, source: str = "rule",
          budgets: dict[str, int] | None = None) -> Understanding:
    """The tool call (or question) for ``intent`` with the slots the text gives."""
    one = r.campaigns[0][0] if len(r.campaigns) == 1 else None
    if intent in MUTATIONS and len(r.pair) >= 2 and one is not None:
        one = None  # "여름 캠페인이랑 봄 캠페인 중에 하나만 멈춰줘": two named, which one is not said
        r.campaigns = list(r.pair)
    match intent:
        case "generateAdCopy":
            phrase = rd.product(r.text, [])  # the words the copy is for, as typed
            if one and phrase and not rd.typed_in_full(r.text, r.campaigns[0][1]):
                one = None  # "copy for our summer sandals": a product sharing a word with an alias is no campaign
            stated = rd.stated_product(r.text)  # "X 캠페인용 카피, 상품은 Y": the copy is for Y
            if stated is None and one:  # "여름 신상품 런칭에 붙일 린넨 셔츠 카피": the words after the campaign's name
                stated = rd.product_for(r.text, r.campaigns)
            args: dict[str, Any] = {"product": stated or (rd.product(r.text, r.campaigns) if one else phrase)}
            if one:
                args["campaignId"] = one
            if tone := rd.tone(r.text):
                args["tone"] = tone
            if (n := rd.count(r.text)) is not None and 1 <= n <= 5:
                args["count"] = n
            if not args["product"]:  # "광고 카피 써줘": for what is not said (seed 000: ask when information is missing)
                return clarify(PRODUCT_QUESTION, slot="product", intent="generateAdCopy",
                               known={k: v for k, v in args.items() if k != "product"})
            return Understanding("generateAdCopy", args, COPY_READY, source)
        case "createCampaign":
            known: dict[str, Any] = {}
            # "리드 수집용 캠페인 만들어줘": words that are also a campaign's name still say the kind
            objective = r.objective or rd.lexicon().value(r.text, "objective")
            if objective:
                known["objective"] = objective
            amount = find_amount(r.text, expect_money=r.per_day or r.budget_word)
            if amount is not None:
                known["dailyBudget"] = amount
            if name := rd.campaign_name(r.text):
                known["name"] = name
            if r.audience:
                known["targetAudience"] = r.audience
            known.update(rd.dates(r.text, month))  # "12월 1일부터 31일까지"
            return next_create_step(known, month)
        case "pauseCampaign" | "resumeCampaign" | "deleteCampaign":
            verb = {"pauseCampaign": "일시정지", "resumeCampaign": "재개", "deleteCampaign": "삭제"}[intent]
            if one is None:
                return _which(r, roster, intent, f"어느 캠페인을 {verb}할까요?", {})
            return Understanding(intent, {"campaignId": one}, source=source)
        case "updateCampaignBudget":
            known = {}
            carry_amount(r, known, (budgets or {}).get(one or ""))
            if "dailyBudget" not in known and "changePercent" not in known and (sign := direction(r.text)):
                known[DIRECTION] = sign  # "예산 올려줘": the amount asked next is read with it (as_step)
            if one is None:
                return _which(r, roster, intent, "어느 캠페인의 예산을 변경할까요?", known)
            known["campaignId"] = one
            if "dailyBudget" not in known and "changePercent" not in known:
                return clarify("일일 예산을 얼마로 바꿀까요? (예: 15만원, 20% 증액, 반으로)", slot="dailyBudget",
                               intent=intent, known=known)
            return Understanding(intent, known, source=source)
        case "compareCampaigns":
            ids = [cid for cid, _ in (r.pair if len(r.pair) >= 2 else r.campaigns)][:4]
            if len(ids) < 2:
                return clarify("어떤 캠페인끼리 비교할까요? 두 캠페인 이름을 알려주세요.", slot="campaign",
                               intent="compareCampaigns", known={"campaignIds": ids})
            return Understanding("compareCampaigns", {"campaignIds": ids, "period": rd.period(r.text, "14d")},
                                 source=source)
        case "generateReport":
            period = rd.period(r.text, "7d")
            return Understanding("generateReport", {"period": "7d" if period == "today" else period}, source=source)
        case "checkAnomalies":
            return Understanding("checkAnomalies", {"campaignId": one} if one else {},
                                 "최근 집계일 기준으로 이상 징후를 점검할게요.", source)
        case "analyzeTrends":
            period = rd.period(r.text, "14d")
            args = {"period": "7d" if period == "today" else period}
            if r.metric in TREND_METRICS:
                args["metric"] = r.metric  # "CTR이 왜 떨어졌어?": the answer leads with CTR
            return Understanding("analyzeTrends", args, source=source)
        case "getBudgetRecommendation":
            share = rd.share(r.text)  # "20%만 재배분한다면": how much of a weak campaign's budget to move
            if r.amount is not None and r.amount >= 5000 and not r.campaigns:
                return Understanding("getBudgetRecommendation", {"totalBudget": r.amount},  # "총예산 300만원을 나눈다면"
                                     "최근 14일 캠페인별 ROAS를 기준으로 총예산을 나눠볼게요.", source)
            return Understanding("getBudgetRecommendation", {"shiftShare": share} if share and share <= 0.5 else {},
                                 "최근 14일 캠페인별 ROAS를 기준으로 예산 배분을 살펴볼게요.", source)
        case "listCampaigns":
            return Understanding("listCampaigns", _list_args(r), source=source)
        case "getCampaignDetail":
            if one is None:
                return _which(r, roster, "getCampaignDetail", "어느 캠페인을 말씀하시는 건가요?", {})
            return Understanding("getCampaignDetail", {"campaignId": one}, source=source)
        case "getPerformanceKPI":
            args = {"period": rd.period(r.text)}
            if one:
                args["campaignId"] = one
            return Understanding("getPerformanceKPI", args, _kpi_lead(args["period"]) if not one else "", source)
    return ask_choices(None)


def _list_args(r: Reading) -> dict[str, Any]:
    ranking = r.order is not None
    args: dict[str, Any] = {"status": r.status or ("ACTIVE" if ranking else "ALL"), "period": rd.period(r.text, "7d")}
    metric = r.metric if r.metric in ("roas", "cpa", "spend", "revenue", "ctr", "budget", "created") else None
    if metric is None and ranking:
        metric = "roas"
    if metric:
        order = "asc" if r.order == "asc" else "desc"
        if metric == "cpa" and _quality_word(r.text):  # a good CPA is a low one
            order = "asc" if r.order == "desc" else "desc"
        args.update(sortBy=metric, order=order)
    if (n := rd.count(r.text)) is not None:
        args["limit"] = n  # "캠페인 3개만", "top 5"
    return args


def _quality_word(text: str) -> bool:
    c = compact(text)
    return any(w in c for w in ("좋은", "나쁜", "안좋은", "잘", "효율", "best", "worst", "good", "bad"))


def _which(r: Reading, roster: Roster, intent: str, question: str, known: dict[str, Any]) -> Understanding:
    options = [name for _, name in r.campaigns] if len(r.campaigns) > 1 else []
    if not options and r.status:
        options = []  # the tool fills the live roster
    return clarify(question, slot="campaign", intent=intent, known=known, options=options)


# The direction a budget question was asked with, kept in the question's known arguments (never a tool's).
DIRECTION = "_direction"
_SAID_AS_TOTAL = re.compile(r"(?:원|만|천|k|\d)\s*(?:으로|로)|\bto\b")


def as_step(amount: int, current: int | None, sign: int, text: str) -> int:
    """A bare amount said for a change whose direction is already known ("예산 올려줘" then "3만원"; "5만원 올려줘"
    then "ㄴㄴ 3만원만"). Read as the new total it would move the budget the other way (or not at all), which no
    one asking for a raise means: it is the step. Said as a total ("3만원으로"), or already on the asked side
    ("15만원" when raising 10만원), it stays the total."""
    if not sign or current is None or _SAID_AS_TOTAL.search(normalise(text)) or (amount - current) * sign > 0:
        return amount
    stepped = current + sign * amount
    return stepped if stepped >= 5000 else amount


def carry_amount(r: Reading, known: dict[str, Any], current: int | None = None) -> None:
    if r.delta is not None and current is not None:
        known["dailyBudget"] = current + r.delta  # "3만원 더 올려줘": by, not to
    elif r.amount is not None:
        known["dailyBudget"] = r.amount  # "10만원에서 15만원으로" -> the target
    elif r.change is not None:
        known["changePercent"] = round(r.change.percent, 1)


def _kpi_lead(period: str) -> str:
    return {"today": "가장 최근 집계일 기준 성과를 확인해볼게요.", "7d": "이번 주(최근 7일) 성과를 분석해봤습니다.",
            "14d": "최근 2주 성과를 분석해봤습니다.", "30d": "최근 한 달 성과를 분석해봤습니다."}[period]


def _from_classifier(r: Reading, roster: Roster, month: str) -> Understanding:
    guess = classifier().classify(r.text)
    if guess.confident and guess.intent in SMALL_TALK:
        small = {"greeting": GREETING, "thanks": "천만에요! 더 필요한 분석이 있으면 말씀해주세요.", "help": HELP,
                 "offtopic": OFF_TOPIC, "confirm": NOTHING_TO_CONFIRM, "cancel": CANCELLED}[guess.intent]
        return Understanding(text=small, source="classifier")
    if not _about_domain(r) and not r.unsure and not (guess.confident and guess.intent in CHOICES):
        return Understanding(text=OFF_TOPIC, source="classifier")  # nothing about ads: say what we do, no quiz
    decision = decide(None, guess, mutations=MUTATIONS, labels=CHOICES)
    if decision.intent is not None:
        return build(decision.intent, r, roster, month, source="classifier")
    from agents.marketing.concepts import unknown_term  # loaded only when nothing else was understood

    if (unknown := unknown_term(r.text)) is not None:
        return Understanding(text=unknown, source="classifier")  # "X가 뭐예요?" about a word no glossary holds
    return ask_choices(decision.candidates)


def ask_choices(candidates: list[str] | None, question: str | None = None) -> Understanding:
    names = [c for c in (candidates or []) if c in CHOICES][:3] or ["getPerformanceKPI", "listCampaigns",
                                                                    "getBudgetRecommendation"]
    choices = [CHOICES[c] for c in names]
    q = question or ("어떤 걸 도와드릴까요? " + " / ".join(choices) + " 중에서 골라주시거나, 조금 더 자세히 말씀해주세요.")
    u = clarify(q, slot="intent", options=choices)
    u.source = "ask"
    return u


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
    for key in ("startDate", "endDate", "targetAudience"):
        if known.get(key):
            args[key] = known[key]
    return Understanding(tool="createCampaign", args=args, text="다음 내용으로 캠페인을 생성할까요?")


__all__ = ["Understanding", "clarify", "mentioned_campaigns", "next_create_step", "understand", "word_answer"]
