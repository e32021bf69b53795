"""Marketing follow-ups that point back, on the kit's dialogue state (``agents.nlu.dialogue``).

``extract`` says which campaigns a tool call referred to and which list it showed; ``resolve`` reads a
message against that state: a list position ("2등 한 거", "맨 위에 거"), a pronoun ("그거", "여기",
"that one"), "compare with this one", a correction of the last change ("10% 말고 만원만") and a
request repeated with one thing changed ("한달 기준으로 다시", "좀 더 웃기게 다시"). It returns None when
the message does not lean on the state, and ``nlu.understand`` reads it alone. Two campaigns that
could be meant give a question with both as choices, never a guessed change."""

from __future__ import annotations

import re
from typing import Any

from agents.marketing import reading as rd
from agents.marketing.corrections import replaced
from agents.marketing.go_ahead import go_ahead
from agents.marketing.matching import Roster
from agents.marketing.nlu import MUTATIONS, SMALL_TALK, Understanding, as_step, build, clarify, rule, word_answer
from agents.marketing.reading import Reading, has_period
from agents.nlu import compact, find_amount, normalise
from agents.nlu.dialogue import Dialogue, Mention, Pointer, instead, pointer, referent
from agents.nlu.slots import direction, find_ordinals
from agents.nlu.text import contains

CAMPAIGN = "campaign"
META_TOOLS = frozenset({"askClarification", "freeformResponse"})
# Requests that can be asked again with another period or campaign ("다시", "한달 기준으로", "그럼 X는?").
RERUN = frozenset({"getPerformanceKPI", "generateReport", "analyzeTrends", "listCampaigns", "compareCampaigns",
                   "checkAnomalies", "getCampaignDetail"})
PERIODIC = frozenset({"getPerformanceKPI", "generateReport", "analyzeTrends", "listCampaigns", "compareCampaigns"})
ONE_CAMPAIGN = frozenset({"getPerformanceKPI", "getCampaignDetail", "checkAnomalies"})
_COMPARE = ("비교", "붙여서", "대비", "vs", "compare", "versus", "side by side")
# A message that takes back the last one and says it again differently: "아니 그냥 N만원으로", "no, make it 5%"
_CORRECTION = re.compile(r"^\s*(?:(?:아|앗|음|어|엇|헉|oh|ah|hmm|um)[\s,.~!]+)?(?:(?:아니(?:다|야|요|오)?|아냐|아뇨|앗|잠깐|"
                         r"no|nope|nah|wait|actually|sorry|scratch that|make it)\b|아니|아냐|아뇨|잠깐)", re.I)
# "N%로 하자", "그걸로 해", "그냥 N만원으로 가자": a new figure settling the change just proposed
_SETTLE = re.compile(r"(?:로|으로)\s*(?:하자|해|가자|할게|할래|하죠|합시다|해요|해줘|갈게)|그냥|\blet'?s\s+(?:do|go|make)|"
                     r"\bgo\s+with\b", re.I)
# "왜 그런 거야?", "how come?": a why-question about the figures just shown
_WHY = re.compile(r"왜|어째서|이유|원인|\bwhy\b|how come", re.I)
# "the week before that?", "그 전 주는?": the period before the one just shown; the tool's windows end today,
# so the nearest answer is the window twice as long (its reply compares the two halves)
_BEFORE = re.compile(r"(?:the\s+)?(?:week|month|period|days?)\s+before|before\s+that|previous\s+(?:week|month|period)|"
                     r"그\s*전\s*(?:주|달|기간)|그\s*이전|전\s*주\s*(?:는|도|랑)|지난\s*주\s*전", re.I)
_WIDER = {"today": "7d", "7d": "14d", "14d": "30d", "30d": "30d"}
# "X도 같이 넣어서", "add X too": another campaign joins the last comparison
_SHOWS_FIGURES = frozenset({"getPerformanceKPI", "getCampaignDetail", "compareCampaigns", "listCampaigns", "generateReport",
                            "analyzeTrends", "checkAnomalies"})
_JOIN = ("도같이", "도함께", "도넣", "도추가", "추가해서", "같이넣", "also", "too", "as well", "add")


def extract(tool: str, args: dict[str, Any], payload: dict[str, Any]
            ) -> tuple[list[Mention], list[Mention] | None, dict[str, Any] | None]:
    """The campaigns a call named (its arguments) and the list it showed (a campaign list, in order)."""
    data = payload.get("data") if isinstance(payload.get("data"), dict) else {}
    named = [args.get("campaignId"), *(args.get("campaignIds") or [])]
    mentions = [Mention(CAMPAIGN, str(c)) for c in named if isinstance(c, str) and c]
    listed = None
    if tool == "listCampaigns":
        rows = [r for r in (data.get("campaigns") if isinstance(data.get("campaigns"), list) else []) if isinstance(r, dict)]
        listed = [Mention(CAMPAIGN, str(r.get("id")), str(r.get("name") or "")) for r in rows]
        # the rows shown ranked by each figure, for "그 중 제일 돈 많이 쓴 거" whatever order the list was shown in
        ranks: dict[str, list[str]] = {
            RANKS + m: [str(r.get("id")) for r in sorted(_spent(rows, m), key=lambda r, m=m: -float(r[m]))]
            for m in _RANKED if rows and all(isinstance(r.get(m), int | float) for r in rows)}
        ranks[RANKS + "paused"] = [str(r.get("id")) for r in rows if r.get("status") == "PAUSED"]  # "그 중에 꺼진 거"
        return mentions, listed, {**args, **ranks} if ranks else None
    return mentions, listed, None


RANKS = "_by_"  # "_by_spend": a list's rows by that figure, kept beside its arguments in the state, never sent to a tool
_RANKED = ("spend", "roas", "cpa", "ctr", "revenue")


def _spent(rows: list[dict[str, Any]], metric: str) -> list[dict[str, Any]]:
    """A ratio (ROAS, CPA, CTR) ranks only the campaigns that spent: a paused one's 0 is no figure."""
    if metric in ("spend", "revenue"):
        return rows
    return [r for r in rows if isinstance(r.get("spend"), int | float) and r["spend"] > 0] or rows


def _args(dialogue: Dialogue) -> dict[str, Any]:
    """The last request's own arguments (without what the state keeps beside them)."""
    return {k: v for k, v in dialogue.args.items() if not k.startswith(RANKS)}


def _ranked_pick(r: Reading, roster: Roster, month: str, dialogue: Dialogue,
                 budgets: dict[str, int] | None) -> Understanding | None:
    """"그 중 광고비 제일 많이 쓴 거 꺼줘", "거기서 ROAS 가장 낮은 거 상세": the first (or last) of the list just shown
    by that figure, for a request on one campaign."""
    intent = rule(r)
    if not r.campaigns and r.status == "PAUSED" and intent in ("resumeCampaign", "deleteCampaign", "getCampaignDetail") \
            and isinstance(paused := dialogue.args.get(RANKS + "paused"), list) and paused:
        found = _on_roster([Mention(CAMPAIGN, str(c)) for c in paused], roster)
        if len(found) > 1:  # "그 중에 꺼진 거 다시 켜줘" with two paused: which one
            names = [name for _, name in found]
            return clarify("어느 캠페인을 말씀하시는 건가요? " + " / ".join(names), slot="campaign", intent=intent,
                           options=names)
        r.campaigns = found
        return build(str(intent), r, roster, month, budgets=budgets) if found else None
    # "pause the worst one" after a list by ROAS: the figure it was sorted by
    metric = r.metric or str(dialogue.args.get("sortBy") or "")
    ids = dialogue.args.get(RANKS + metric)
    if r.campaigns or not r.order or not isinstance(ids, list) or not ids:
        return None
    if intent == "listCampaigns" and r.hit("getCampaignDetail"):
        intent = "getCampaignDetail"  # "거기서 지출 가장 큰 거 상세"
    if intent not in _ON_ONE:
        return None  # "그 중 ROAS 제일 높은 건?" asks for the ranking itself
    picked = _on_roster([Mention(CAMPAIGN, str(ids[0] if r.order == "desc" else ids[-1]))], roster)
    if not picked:
        return None
    r.campaigns = picked
    return build(intent, r, roster, month, budgets=budgets)


def _on_roster(mentions: list[Mention], roster: Roster) -> Roster:
    """The roster entries the mentions name (by id, or by the name a model passed as the id)."""
    out: list[tuple[str, str]] = []
    for m in mentions:
        hit = next(((cid, name) for cid, name in roster if m.id in (cid, name) or (m.name and m.name == name)), None)
        if hit is not None and hit not in out:
            out.append(hit)
    return out


def resolve(text: str, roster: Roster, month: str, dialogue: Dialogue, *,
            budgets: dict[str, int] | None = None, earlier: str = "") -> Understanding | None:
    """``earlier``: the user's message before this one (the metric "how do you get that number?" points at)."""
    if dialogue.tool is None and not dialogue.focus and not dialogue.listed:
        return None
    r = rd.read(text, roster)
    if not compact(r.text):
        return None
    p = pointer(text)
    p = Pointer(p.pronoun or r.pronoun, p.position, p.again, p.among, p.pair)
    if (about_word := word_answer(r)) is not None:
        return about_word  # "CTR이 뭐였지?" after a KPI: the word explained, not the figures again
    if (top := _ranked_pick(r, roster, month, dialogue, budgets)) is not None:
        return top
    if not r.campaigns and dialogue.tool in _SHOWS_FIGURES:
        from agents.marketing.glossary import judge_shown  # its terms: loaded once a word may be asked about

        if (judged := judge_shown(text)) is not None:
            return Understanding(text=judged)  # "방금 CPA 높은 거 맞아?": the figure just shown, weighed
    if (go := go_ahead(text, earlier, dialogue)) is not None:
        return go  # "ㅇㅋ 그대로 가자" after "반으로 줄이면 얼마야?": that change, on a fresh card
    if (again := replaced(r, text, dialogue, roster, month, budgets)) is not None:
        return again  # "그거 말고 X랑 Y 비교해줘": the same request about the campaigns said instead
    if not r.campaigns and rd.is_short(text, 30):
        from agents.marketing.glossary import explain_pointed

        if (meaning := explain_pointed(text, earlier)) is not None:
            return Understanding(text=meaning)  # "그건 어떻게 구해?" after a CPA: what CPA is, not the figure again
    if dialogue.tool == "updateCampaignBudget" and not r.campaigns and r.amount is None and r.change is None \
            and r.delta is None and _CORRECTION.search(normalise(text)):
        r.amount = find_amount(r.text, expect_money=True)  # "아니 그냥 80000": a bare figure is the budget
    if not r.campaigns and _compares(r) and dialogue.listed and len(spots := find_ordinals(r.text)) >= 2:
        picked = _on_roster([m for m in (dialogue.at(n, CAMPAIGN) for n in spots[:5]) if m is not None], roster)
        if len(picked) == len(spots[:5]) >= 2:  # "첫번째랑 두번째 비교": those rows of the list just shown
            return Understanding("compareCampaigns", {"campaignIds": [c for c, _ in picked],
                                                      "period": rd.period(text, str(dialogue.args.get("period") or "14d"))})
    if not r.campaigns and (p.pair or p.pronoun) and _compares(r) and rule(r) not in MUTATIONS \
            and len(two := _on_roster(dialogue.focus, roster)) >= 2:
        kept = str(dialogue.args.get("period") or "14d") if dialogue.tool in PERIODIC else "14d"
        return Understanding("compareCampaigns", {"campaignIds": [c for c, _ in two[:2]],  # "그 둘 비교": the last two
                                                  "period": rd.period(text, kept)})
    if dialogue.tool == "compareCampaigns" and not r.campaigns and _compares(r) and has_period(text) \
            and rule(r) in (None, "compareCampaigns", "analyzeTrends", "getPerformanceKPI"):
        return Understanding("compareCampaigns", {**dialogue.args, "period": rd.period(text)})  # "한달 기준으로 다시 비교"
    if dialogue.tool == "compareCampaigns" and r.campaigns \
            and rule(r) in (None, "compareCampaigns", "getCampaignDetail", "getPerformanceKPI") \
            and (p.again or any(contains(r.text, w) for w in _JOIN)):
        before = [str(c) for c in dialogue.args.get("campaignIds") or [] if isinstance(c, str)]
        ids = list(dict.fromkeys([*before, *(c for c, _ in r.campaigns)]))
        if len(ids) > len(before) >= 2:  # "X도 같이 넣어서": the same comparison with one more
            return Understanding("compareCampaigns", {**dialogue.args, "campaignIds": ids})
    if dialogue.tool in PERIODIC and not r.campaigns and rule(r) in (None, dialogue.tool) \
            and _BEFORE.search(normalise(text)) and rd.is_short(text, 30):
        wider = _WIDER.get(str(dialogue.args.get("period") or "7d"), "14d")
        return Understanding(dialogue.tool, {**_args(dialogue), "period": wider})
    asks_why = rule(r) == "analyzeTrends" or (rule(r) is None and _WHY.search(normalise(text)) is not None)
    if asks_why and not r.campaigns and not has_period(text) and dialogue.tool in PERIODIC \
            and dialogue.args.get("period") and rd.is_short(text, 24):
        why = build("analyzeTrends", r, roster, month, budgets=budgets)  # a bare "why?": over the period just shown
        if why.tool == "analyzeTrends":
            return Understanding("analyzeTrends", {**why.args, "period": dialogue.args["period"]}, why.text, why.source)
    if asks_why and not r.campaigns and dialogue.tool == "checkAnomalies" and rd.is_short(text, 24):
        # "그거 왜 그런 거야?" after an anomaly check: the trend analysis of the week it looked at
        found = _on_roster(dialogue.recent, roster) if len(dialogue.recent) == 1 else []
        r.campaigns = found
        why = build("analyzeTrends", r, roster, month, budgets=budgets)
        if why.tool == "analyzeTrends":
            return Understanding("analyzeTrends", {**why.args, "period": "7d"}, why.text, why.source)
    if (moved_to := _other_target(r, text, p, dialogue, roster)) is not None:
        return moved_to
    if (corrected := _corrected(r, text, p, roster, month, dialogue, budgets)) is not None:
        return corrected
    if (reformed := _as_other_form(r, text, p, roster, dialogue, month)) is not None:
        return reformed
    if not r.campaigns and (p.position is not None or (p.pronoun and not p.among)) \
            and (pointed := _pointed(r, p, roster, month, dialogue, budgets)) is not None:
        return pointed  # "그거 말고 30일짜리로 다시" points at no campaign: the request again, below
    if len(r.campaigns) == 1 and _compares(r) and (other := _on_roster(dialogue.focus, roster)):
        ids = list(dict.fromkeys([other[0][0], r.campaigns[0][0]]))
        if len(ids) == 2:  # "X랑 붙여서 비교해봐" after looking at Y
            kept = str(dialogue.args.get("period") or "14d") if dialogue.tool in PERIODIC else "14d"
            return Understanding("compareCampaigns", {"campaignIds": ids, "period": rd.period(text, kept)})
    if (other := _another_action(r, text, roster, month, dialogue, budgets)) is not None:
        return other
    if (plan := _plan_again(r, text, dialogue)) is not None:
        return plan
    if (kept := _same_campaign(r, text, roster, month, dialogue, budgets)) is not None:
        return kept
    return _again(r, text, p, roster, dialogue)


_WHOLE = re.compile(r"전체|전부|모든|계정|다\s*합쳐|\b(?:total|overall|all\s+campaigns|account|whole)\b", re.I)
# The last request looked at one campaign; a message naming none that asks this about it keeps it
_LOOKED = frozenset({"getPerformanceKPI", "getCampaignDetail", "checkAnomalies", "updateCampaignBudget"})
_ON_OFF = ("checkAnomalies", "pauseCampaign", "resumeCampaign", "deleteCampaign")


def _same_campaign(r: Reading, text: str, roster: Roster, month: str, dialogue: Dialogue,
                   budgets: dict[str, int] | None) -> Understanding | None:
    """"하루 예산에서 만원만 빼줘" after "카카오 채널 유입 어때?", "15만원으로 올려줘" after its budget was asked, "CTR만
    따로" after its KPI: the follow-up keeps the campaign (and the period) of the request before."""
    if r.campaigns or dialogue.tool not in _LOOKED:
        return None
    last = _on_roster([Mention(CAMPAIGN, str(dialogue.args.get("campaignId") or ""))], roster)
    if not last or _WHOLE.search(normalise(text)):
        return None  # "전체 ROAS는?" asks about the account
    intent = rule(r)
    if intent is None and (r.amount is not None or r.delta is not None or r.change is not None):
        r.campaigns = last  # "15만원으로 올려줘": a change said with no budget word, on the campaign just seen
        intent = rule(r)
        r.campaigns = []
    if intent is None and r.hit("getCampaignDetail") and dialogue.tool in ("getCampaignDetail", "getPerformanceKPI") \
            and rd.is_short(text, 24):
        intent = "getCampaignDetail"  # "타겟 연령대는?" after its detail: the same campaign's settings
    if intent not in ("updateCampaignBudget", "getPerformanceKPI", "getCampaignDetail", *_ON_OFF):
        return None
    if intent in _ON_OFF and (not rd.is_short(text, 30) or rd.lexicon().has(r.text, "campaign")):
        return None  # "이상 징후는 없어?", "걍 꺼버려" after its figures: on that campaign (a mutation still asks to
        # confirm); "캠페인 하나 멈춰줘" says some campaign, not that one
    if intent == "getPerformanceKPI" and (dialogue.tool != "getPerformanceKPI" or not r.metric or has_period(text)
                                          or not rd.is_short(text, 24)):
        return None  # only a metric picked out of the same view keeps it ("CTR만 따로")
    r.campaigns = last
    out = build(intent, r, roster, month, budgets=budgets)
    if out.tool == "getPerformanceKPI" and dialogue.args.get("period"):
        out = Understanding(out.tool, {**out.args, "period": dialogue.args["period"]}, out.text, out.source)
    return out


# "30%로 잡고 다시 계산", "절반만 옮기면?", "redo it with a 40% shift": the plan again with another share moved
_MOVE = re.compile(r"옮|이동|돌리|돌려|재배분|배분|빼서|다시|계산|잡고|잡으면|기준|\b(?:shift|move|moving|reallocat\w*|again|redo|"
                   r"recalc\w*|rerun|what if|instead)\b", re.I)


_FOLLOW_PLAN = re.compile(r"추천\s*(?:대로|한\s*대로|처럼)|그\s*(?:안|계획|플랜)\s*대로|그대로\s*하면|\b(?:if\s+(?:we|i)\s+follow|"
                          r"per\s+(?:the|your)\s+(?:recommendation|plan)|under\s+(?:that|the|this)\s+plan)\b", re.I)


def _plan_again(r: Reading, text: str, dialogue: Dialogue) -> Understanding | None:
    said = normalise(text)
    if dialogue.tool == "getBudgetRecommendation" and _FOLLOW_PLAN.search(said):
        return Understanding("getBudgetRecommendation", _args(dialogue))  # "그 추천대로 하면 X는 얼마가 돼?": the plan
    if dialogue.tool != "getBudgetRecommendation" or r.campaigns or not _MOVE.search(said):
        return None
    total = re.search(r"총|전체|합계|\btotal\b|\boverall\b", said) is not None
    if rule(r) not in (None, "getBudgetRecommendation", *(("updateCampaignBudget",) if total else ())):
        return None
    if r.amount is not None and r.amount >= 5000 and total:  # "총예산 500만원으로 다시": the total split again
        return Understanding("getBudgetRecommendation", {"totalBudget": r.amount},
                             "최근 14일 캠페인별 ROAS를 기준으로 총예산을 나눠볼게요.")
    share = rd.share(text)
    if share is None or not 0 < share <= 0.5:
        return None
    return Understanding("getBudgetRecommendation", {"shiftShare": share},
                         "최근 14일 캠페인별 ROAS를 기준으로 예산 배분을 다시 살펴볼게요.")


# "X 말고", "X는 취소하고", "instead", "actually": the message takes back the request before it
_TAKES_BACK = re.compile(r"말고|말구|대신|취소|\binstead\b|\brather\b|\bactually\b|\bdon'?t\b|\bdo not\b", re.I)
# What may follow a taken-back request on the same campaign: another change, or a look at it
_ON_ONE = frozenset({"updateCampaignBudget", "pauseCampaign", "resumeCampaign", "deleteCampaign",
                     "getPerformanceKPI", "getCampaignDetail", "checkAnomalies"})


def _another_action(r: Reading, text: str, roster: Roster, month: str, dialogue: Dialogue,
                    budgets: dict[str, int] | None) -> Understanding | None:
    """"아니 멈추지 말고 예산을 20% 줄여줘", "삭제는 취소, 그냥 일시정지만" right after a change on one campaign: the
    request before is taken back and another one is asked on the same campaign (none named in this message)."""
    said = normalise(text)
    if r.campaigns or dialogue.tool not in MUTATIONS or not (_CORRECTION.search(said) or _TAKES_BACK.search(said)):
        return None
    intent = rule(r) or ("getCampaignDetail" if r.hit("getCampaignDetail") else None)  # "그냥 상세부터 보여줘"
    last = _on_roster([Mention(CAMPAIGN, str(dialogue.args.get("campaignId") or ""))], roster)
    if intent not in _ON_ONE or intent == dialogue.tool or not last:
        return None
    r.campaigns = last
    return build(intent, r, roster, month, budgets=budgets)
def _corrected(r: Reading, text: str, p: Pointer, roster: Roster, month: str, dialogue: Dialogue,
               budgets: dict[str, int] | None) -> Understanding | None:
    """"아 10% 말고 만원만 올려", "아 그거 말고 20%만": the change just proposed, corrected, on the same campaign."""
    if r.campaigns or dialogue.tool not in MUTATIONS:
        return None
    said = normalise(text)
    moved = r.amount is not None or r.delta is not None or r.change is not None
    same = rule(r) == dialogue.tool or (dialogue.tool == "updateCampaignBudget" and moved and rule(r) is None)
    corrects = p.again or _CORRECTION.search(said) is not None or (moved and _SETTLE.search(said) is not None) \
        or (moved and re.search(r"말고|대신|\binstead\b", said) is not None)
    last = _on_roster([Mention(CAMPAIGN, str(dialogue.args.get("campaignId") or ""))], roster)
    if not (corrects and same and last):
        return None
    r.campaigns = last
    return _same_direction(build(str(dialogue.tool), r, roster, month, budgets=budgets), text, dialogue, budgets or {})


# The changes that name only their campaign (a ratio carries to another campaign; an amount was that one's).
_RETARGETABLE = frozenset({"pauseCampaign", "resumeCampaign", "deleteCampaign"})


_ALSO = re.compile(r"^\s*(?:도|까지)|\s(?:도|까지)(?=\s|$|요|[,.!?~])|\b(?:too|also|as well)\b|^\s*(?:and|plus)\b", re.I)


def _other_target(r: Reading, text: str, p: Pointer, dialogue: Dialogue, roster: Roster) -> Understanding | None:
    """"아 그거 말고 인지도 캠페인" right after a pause, delete or ratio change was proposed: the same change on the
    campaign said instead (the new card replaces the old one). A word said instead that only one campaign's name
    holds names it, even a kind word ("인지도") that alone names none."""
    tool, args = dialogue.tool, dialogue.args
    retargets = tool in _RETARGETABLE or (tool == "updateCampaignBudget" and args.get("changePercent") is not None
                                          and args.get("dailyBudget") is None)
    if not retargets:
        return None
    if not r.campaigns and (said := instead(text)) != normalise(text):
        words = set(re.findall(r"[가-힣]{2,}|[a-z0-9]{3,}", said)) - {"캠페인", "campaign", "그거", "이거"}
        holders = [c for c in roster if words & set(re.findall(r"[가-힣]{2,}|[a-z0-9]{3,}", normalise(c[1])))]
        r.campaigns = holders if len(holders) == 1 else []
    if len(r.campaigns) != 1 or r.campaigns[0][0] == args.get("campaignId"):
        return None
    if rule(r) not in (None, "getCampaignDetail", tool) or r.amount is not None or r.delta is not None:
        return None
    said = normalise(text)
    also = _ALSO.search(rd.without_names(said, r.campaigns)) is not None  # "X도", "X too": the same change on X
    if not (p.again or also or _CORRECTION.search(said) or re.search(r"말고|대신|\binstead\b|\bnot\b", said)):
        return None
    return Understanding(str(tool), {**args, "campaignId": r.campaigns[0][0]})


def _same_direction(u: Understanding, text: str, dialogue: Dialogue, budgets: dict[str, int]) -> Understanding:
    """A correction that gives only a new size ("50%로 하자") keeps the direction of the change it corrects:
    after "20% 줄여줘" it is a cut of 50%, not a raise; after "5만원 올려줘", "ㄴㄴ 3만원만" raises by 3만원."""
    current = budgets.get(str(u.args.get("campaignId")))
    proposed, amount = dialogue.args.get("dailyBudget"), u.args.get("dailyBudget")
    if u.tool == "updateCampaignBudget" and isinstance(proposed, int) and isinstance(amount, int) \
            and current is not None and direction(text) == 0 and proposed != current:
        stepped = as_step(amount, current, 1 if proposed > current else -1, text)
        return Understanding(u.tool, {**u.args, "dailyBudget": stepped}, u.text, u.source)
    before = dialogue.args.get("changePercent")
    now = u.args.get("changePercent")
    if u.tool == "updateCampaignBudget" and isinstance(before, int | float) and isinstance(now, int | float) \
            and direction(text) == 0 and (before < 0) != (now < 0):
        return Understanding(u.tool, {**u.args, "changePercent": -now}, u.text, u.source)
    return u


def _compares(r: Reading) -> bool:
    return r.hit("compareCampaigns") or any(compact(w) in compact(r.text) for w in _COMPARE)


def _pointed(r: Reading, p: Pointer, roster: Roster, month: str, dialogue: Dialogue,
             budgets: dict[str, int] | None) -> Understanding | None:
    found = _on_roster(referent(dialogue, p, CAMPAIGN), roster)
    intent = rule(r)
    if len(found) > 1:
        names = [name for _, name in found]
        return clarify("어느 캠페인을 말씀하시는 건가요? " + " / ".join(names), slot="campaign", intent=intent,
                       options=names)
    if not found:
        return None
    r.campaigns = list(found)
    if intent is None and dialogue.tool in ONE_CAMPAIGN and dialogue.tool in PERIODIC and has_period(r.text):
        intent = dialogue.tool  # "걔 2주치로는?": the same request on it over another window
    if intent not in MUTATIONS and intent != dialogue.tool:  # "두번째 거 예산 얼마로 잡혀있어?": read again with the campaign known (its setting)
        intent = rule(r) or "getCampaignDetail"  # "2등 한 거 상세", "그거 어때?": that campaign
    if intent == "analyzeTrends" and (r.metric or r.hit("getPerformanceKPI")) and not _WHY.search(normalise(r.text)):
        intent = "getPerformanceKPI"  # "그 캠페인 2주 CTR 흐름은?": its figures over the window (trends read the account)
    if intent in ("listCampaigns", "analyzeTrends", "compareCampaigns"):
        intent = "getCampaignDetail"
    built = build(intent, r, roster, month, budgets=budgets)
    if built.tool == "generateAdCopy" and "campaignId" not in built.args:  # "거기 광고 문구도": for that campaign
        built.args["campaignId"] = found[0][0]
    return built


def _as_other_form(r: Reading, text: str, p: Pointer, roster: Roster, dialogue: Dialogue, month: str
                   ) -> Understanding | None:
    """"make that a report", "그걸 보고서로 만들어줘": the figures just shown in another form (another request over
    periods), over the period just shown; None when the message names a period, a campaign or a metric itself."""
    tool, args = dialogue.tool, dialogue.args
    intent = rule(r)
    if r.campaigns or r.metric or tool not in PERIODIC or intent not in PERIODIC or intent == tool \
            or has_period(text) or not args.get("period") or not (p.again or p.pronoun or rd.is_short(text, 20)):
        return None
    other = build(str(intent), r, roster, month)
    if other.tool != intent:
        return None
    period = str(args["period"])
    if intent in ("generateReport", "analyzeTrends") and period == "today":
        period = "7d"  # these tools read a week at least
    return Understanding(other.tool, {**other.args, "period": period}, other.text, other.source)


def _again(r: Reading, text: str, p: Pointer, roster: Roster, dialogue: Dialogue) -> Understanding | None:
    """The last request with one thing changed: its period, its campaign, or (ad copy) its tone."""
    tool, args = dialogue.tool, _args(dialogue)
    if tool is None:
        return None
    words = set(r.hits) - SMALL_TALK
    n = rd.count(text)  # "3개만 다시": that many this time; "한 개만 더", "one more": another draft of the same
    more = re.search(r"(?:개|가지|만)\s*더(?!\s*(?:친근|고급|웃기|급|진지|짧|길))|\b(?:one|1)\s+more\b", normalise(text))
    # "2개만 더", "3 more": that many new drafts of the same brief; "한 개만 더" is one more draft, the count kept
    tone, n = rd.tone(text), n if n is not None and 1 <= n <= 5 and (more is None or n >= 2) else None
    if tool == "generateAdCopy" and (p.again or words <= {"generateAdCopy"}) and (tone or n) \
            and rule(r) in (None, "generateAdCopy"):
        if r.campaigns or (rd.product(text, []) and not p.again) or rd.stated_product(text):
            return None  # another campaign or product: a new brief
        again = {**args, **({"tone": tone} if tone else {}), **({"count": n} if n else {})}
        # "유머러스하게 다시 3개만", "3개로 줄여서 다시": the same brief in another tone or number
        return Understanding("generateAdCopy", again, "톤을 바꿔 광고 카피를 다시 준비했어요. 확인 카드를 봐주세요." if tone
                             else "같은 조건으로 광고 카피를 다시 준비했어요. 확인 카드를 봐주세요.")
    if tool == "generateAdCopy" and p.again and rule(r) in (None, "generateAdCopy") and not r.campaigns \
            and not rd.product(text, []) and rd.is_short(text, 20):  # "하나 더 써줘": the same brief, a new draft
        return Understanding("generateAdCopy", dict(args), "같은 조건으로 광고 카피를 한 번 더 준비했어요. 확인 카드를 봐주세요.")
    if tool not in RERUN:
        return None
    intent = rule(r)
    if tool == "analyzeTrends" and not r.campaigns and r.metric in ("roas", "ctr", "cpa", "spend", "revenue") \
            and intent in (None, "getPerformanceKPI", "analyzeTrends") and (p.again or rd.is_short(text, 16)):
        return Understanding(tool, {**args, "metric": r.metric, "period": rd.period(text, str(args.get("period") or "14d"))})
    if intent == "getCampaignDetail" and not r.hits and not (r.budget_word or r.state):
        intent = None  # a bare name ("브랜드 인지도는?") asks for nothing of its own: the last request on it
    asks_own = intent not in (None, tool) or r.amount is not None or r.delta is not None or r.change is not None
    if len(r.campaigns) == 1 and tool in ONE_CAMPAIGN and not words and not asks_own \
            and (p.again or rd.is_short(text, 14 + len(compact(r.campaigns[0][1])))):
        return Understanding(tool, {**args, "campaignId": r.campaigns[0][0]})  # "그럼 카카오 채널 유입은?"
    if r.campaigns or tool not in PERIODIC or not has_period(text):
        return None
    if intent not in (None, tool, "getPerformanceKPI") or (words - {tool} and not p.again):
        return None  # the message names a request of its own
    period = rd.period(text, str(args.get("period") or "7d"))
    if tool in ("generateReport", "analyzeTrends") and period == "today":
        period = "7d"
    return Understanding(tool, {**args, "period": period})
