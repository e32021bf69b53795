"""The marketing agent's answers to its own clarifications (seed 000 §7.3's multi-turn slot filling).

A clarification stores ``{"slot", "intent", "known"}`` in the conversation state; the next message
fills that slot (a campaign objective, a daily budget, which campaign), asks again more precisely,
or, when the user has moved on to a new request, returns None so ``nlu.understand`` reads it afresh.
"""

from __future__ import annotations

import re
from typing import Any

from agents.marketing import reading as rd
from agents.marketing.matching import Roster
from agents.marketing.nlu import (
    CANCELLED,
    COPY_READY,
    DIRECTION,
    OBJECTIVE_OPTIONS,
    OBJECTIVE_QUESTION,
    PRODUCT_QUESTION,
    Understanding,
    as_step,
    build,
    carry_amount,
    clarify,
    next_create_step,
    rule,
)
from agents.marketing.reading import Reading
from agents.nlu import find_amount, find_change


def fill_slot(pending: dict[str, Any], text: str, roster: Roster, month: str,
              budgets: dict[str, int] | None = None) -> Understanding | None:
    """Answer to a clarification; None when the user moved on to something else. ``budgets``: campaign id ->
    daily budget, to read an amount answering "raise it" as the step (``as_step``)."""
    slot, intent, known = pending.get("slot"), pending.get("intent"), dict(pending.get("known") or {})
    sign = int(known.pop(DIRECTION, 0) or 0)

    def asked(question: str, **kw: Any) -> Understanding:  # the same question again keeps the direction
        return clarify(question, slot=kw.pop("slot"), intent=intent, known={**known, DIRECTION: sign} if sign else known,
                       **kw)
    r = rd.read(text, roster)
    if r.hit("cancel") and rd.is_short(text) and not r.campaigns:
        return Understanding(text=CANCELLED)
    if slot == "intent" or intent is None:
        return None
    if intent == "createCampaign":
        amount = find_amount(text, expect_money=slot == "dailyBudget")
        name = rd.campaign_name(text)
        # "앱 설치 목적, 하루 4만원": words that are also a campaign's alias still answer "which objective"
        r.objective = r.objective or rd.lexicon().value(text, "objective")
        if slot == "objective" and r.objective is None and amount is None:
            if _new_request(r):
                return None
            return clarify("죄송해요, 목적을 이해하지 못했어요. " + OBJECTIVE_QUESTION, slot="objective",
                           intent="createCampaign", known=known, options=OBJECTIVE_OPTIONS)
        if slot == "dailyBudget" and amount is None and r.objective is None:
            if _new_request(r):
                return None
            return clarify("금액을 이해하지 못했어요. 일일 예산을 '10만원'처럼 알려주세요.", slot="dailyBudget",
                           intent="createCampaign", known=known)
        if r.objective and (slot == "objective" or "objective" not in known):
            known["objective"] = r.objective
        if amount is not None:
            known["dailyBudget"] = amount
        if name:
            known["name"] = name
        if r.audience:
            known["targetAudience"] = {**known.get("targetAudience", {}), **r.audience}
        return next_create_step(known, month)
    if slot == "campaign":
        found = r.campaigns or [c for c in roster if c[1] == text.strip()]
        if intent == "compareCampaigns":
            ids = list(dict.fromkeys([*known.get("campaignIds", []), *[cid for cid, _ in (r.pair or found)]]))
            if len(ids) >= 2:
                return Understanding("compareCampaigns", {"campaignIds": ids[:4], "period": rd.period(text, "14d")})
            return None if _new_request(r) else clarify("비교할 캠페인을 하나 더 알려주세요.", slot="campaign",
                                                        intent=intent, known={"campaignIds": ids})
        if len(found) == 1 and _asks_own(r, str(intent)):
            return None  # "브랜드 인지도 캠페인 성과 어때?" names a campaign but asks a question of its own: no change
        if len(found) != 1:
            if _new_request(r):
                return None
            options = [name for _, name in found] if found else []
            return asked("캠페인 이름을 정확히 알려주세요.", slot="campaign", options=options)
        known["campaignId"] = found[0][0]
        if intent == "updateCampaignBudget":
            if "dailyBudget" not in known and "changePercent" not in known:
                carry_amount(r, known, (budgets or {}).get(found[0][0]))  # "X 말한 거야, 3만원 더": by, on X's budget
            if "dailyBudget" not in known and "changePercent" not in known:
                return asked("일일 예산을 얼마로 바꿀까요? (예: 15만원, 20% 증액, 반으로)", slot="dailyBudget")
        return Understanding(tool=intent, args=known)
    if slot == "product" and intent == "generateAdCopy":
        return _copy_for(r, text, known, roster, month)
    if slot == "dailyBudget" and intent == "updateCampaignBudget":
        amount = find_amount(text, expect_money=True)
        change = find_change(text)
        if amount is not None:
            known["dailyBudget"] = as_step(amount, (budgets or {}).get(str(known.get("campaignId"))), sign, text)
        elif change is not None:
            known["changePercent"] = round(change.percent, 1)
        else:
            if _new_request(r):
                return None
            return asked("금액을 이해하지 못했어요. '15만원'이나 '20% 증액'처럼 알려주세요.", slot="dailyBudget")
        return Understanding(tool="updateCampaignBudget", args=known)
    return None


# An answer's own words around the product: "캠핑 의자요", "for our yoga mats", "이유식으로 해줘"
_ANSWER_HEAD = re.compile(r"^\s*(?:(?:음+|아|그럼|it'?s|its|it\s+is|for|the|our|my|an?|우리|저희)[\s,]+)+", re.I)
_ANSWER_TAIL = re.compile(r"\s*(?:이요|요|입니다|이에요|예요|이야|(?:으로|로)\s*(?:요|해\s*줘|해\s*주세요|할게요?|해요|부탁해요?)|"
                          r"용으로|에\s*대한\s*(?:거|것)|please|pls)?\s*[.!?~]*$", re.I)


def _copy_for(r: Reading, text: str, known: dict[str, Any], roster: Roster, month: str) -> Understanding | None:
    """The answer to "어떤 상품의 광고 카피를 쓸까요?": the product (or a campaign) said alone completes the copy request;
    a request of another kind is read afresh."""
    if _new_request(r) and rule(r) != "generateAdCopy":
        return None
    if rule(r) == "generateAdCopy" or len(r.campaigns) == 1:  # "텀블러 카피로", "봄 시즌 세일": read as a request
        built = build("generateAdCopy", r, roster, month)
        return Understanding(built.tool, {**known, **built.args}, built.text) if built.tool == "generateAdCopy" else built
    name = rd.stated_product(text) or _ANSWER_TAIL.sub("", _ANSWER_HEAD.sub("", r.text)).strip()
    if not name or r.unsure:
        return clarify(PRODUCT_QUESTION, slot="product", intent="generateAdCopy", known=known)
    return Understanding("generateAdCopy", {**known, "product": name}, COPY_READY)


def _asks_own(r: Reading, intent: str) -> bool:
    """A message naming the campaign asked for that also asks something else (its figures, its budget): a new
    request, never the answer that completes a pending change."""
    asked = rule(r)
    if asked in (None, intent):
        return False
    if asked == "getCampaignDetail":
        return bool(r.metric) or (r.budget_word and intent != "updateCampaignBudget")
    return True


def _new_request(r: Reading) -> bool:
    return len(r.text) > 6 and rule(r) not in (None, "getCampaignDetail")
