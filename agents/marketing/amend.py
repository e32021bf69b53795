"""A message that amends the change waiting on its confirmation card: "금액은 10%만 올리는 걸로 수정해줘", "make it 25%
instead", "대상은 봄 시즌 세일로 바꿔줘". The pending call (read from the conversation's messages, so it holds with or
without the dialogue state) is completed with what the message says anew (an amount, a percent, a direction, a
campaign) and proposed again on a fresh card; an amendment with no figure ("금액 좀 고치고 싶어", "a bit less") asks how
much, knowing the campaign."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from agents.core.providers.base import ChatMessage
from agents.core.store import PendingActionRow
from agents.marketing import reading as rd
from agents.marketing.matching import Roster
from agents.marketing.nlu import DIRECTION, Understanding, as_step, carry_amount, clarify, rule
from agents.marketing.reading import Reading
from agents.nlu import find_amount, normalise
from agents.nlu.dialogue import instead
from agents.nlu.slots import direction

# Words that change something already said: "수정해줘", "바꿔서", "…로 해줘", "…는 걸로", "말고", "instead", "make it".
# Searched as a yes/no over messages of up to 8,000 characters: no alternative may scan ahead (".*"), which was
# quadratic (0.26 s on "on x on x ...").
_AMENDS = re.compile(r"수정|변경|바꿔|바꾸|바꿀|고쳐|고치|정정|(?:으로|로)\s*(?:해|하자|하죠|가자|할게|할래|갈게|합시다|부탁)|걸로|"
                     r"말고|대신|대상|\binstead\b|\bmake\s+it\b|\bchange\b|\bswitch\b|\brather\b|\bactually\b|\bupdate\b|"
                     r"\bedit\b|\badjust\b|\bgo\s+with\b|\bdo\s+(?:it|that|this)\s+(?:on|for)\b|\bapply\s+it\s+to\b|"
                     r"\bmove\s+it\s+to\b|\bfix\b", re.I)
# The size of the change named without a figure: "금액", "인상폭", "얼마", "the amount", "a bit more"
_SIZE = re.compile(r"금액|액수|예산|인상\s*폭|인하\s*폭|증액|감액|폭|얼마|조금|약간|살짝|좀\s*더|더\s*(?:올|늘|줄|깎|낮)|"
                   r"\bamount\b|\bfigure\b|\bsum\b|\bbudget\b|\bpercent(?:age)?\b|\bhow\s+much\b|\ba\s+(?:bit|little)\b|"
                   r"\bslightly\b|\bsomewhat\b|\bmore\b|\bless\b", re.I)
# A verb that moves a budget, whichever way ("lower it a bit more" says both "lower" and "more")
_MOVES = re.compile(r"올리|올려|늘리|늘려|줄이|줄여|깎|내리|내려|낮추|낮춰|높이|높여|증액|감액|"
                    r"\b(?:raise|lower|cut|increase|decrease|reduce|bump|boost|trim)\b", re.I)
_ONE_CAMPAIGN = ("updateCampaignBudget", "pauseCampaign", "resumeCampaign", "deleteCampaign")
HOW_MUCH = "일일 예산을 얼마로 바꿀까요? (예: 15만원, 20% 증액, 반으로)"


def replaced_by(text: str, tool: str, args: dict[str, object], new_id: str
                ) -> Callable[[list[PendingActionRow]], list[PendingActionRow]]:
    """Which waiting cards a new card for ``tool`` takes the place of: the same change on the same campaign, and,
    when the message amends ("대상은 봄 시즌 세일로 바꿔줘", "make it 25% instead"), the newest card of that tool (the one
    just shown). A change asked for another campaign without amending words ("B도 5% 올려줘") waits beside it."""
    amends = bool(_AMENDS.search(normalise(text)))
    target = args.get("campaignId")

    def replaced(rows: list[PendingActionRow]) -> list[PendingActionRow]:
        mine = [r for r in rows if r.id != new_id and r.tool_name == tool]
        newest = mine[-1:] if amends else []
        return [r for r in mine if r in newest or (target is not None and r.tool_args.get("campaignId") == target)]
    return replaced


def pending_call(messages: list[ChatMessage]) -> tuple[str, dict[str, Any]] | None:
    """The call whose confirmation card the previous turn left waiting (its tool and arguments), or None."""
    waiting: str | None = None
    for message in reversed(messages[:-1]):
        if message.role == "user":
            return None
        if message.role == "tool" and waiting is None:
            try:
                payload = json.loads(message.content or "")
            except json.JSONDecodeError:
                return None
            if not isinstance(payload, dict) or payload.get("status") != "pending_confirmation":
                return None
            waiting = message.tool_call_id or ""
        if message.role == "assistant" and waiting is not None:
            for call in message.tool_calls or []:
                if call.id == waiting or not waiting:
                    try:
                        args = json.loads(call.arguments)
                    except json.JSONDecodeError:
                        return None
                    return (call.name, args) if isinstance(args, dict) else None
    return None


def amended(text: str, pending: tuple[str, dict[str, Any]], roster: Roster,
            budgets: dict[str, int] | None) -> Understanding | None:
    """The pending change proposed again with what ``text`` changes in it; a question when it changes the size
    without a figure; None when ``text`` is a request of its own (or a confirm, a cancel)."""
    tool, args = pending
    cid = str(args.get("campaignId") or "")
    if tool not in _ONE_CAMPAIGN or not cid:
        return None
    r = rd.read(text, roster)
    said = normalise(text)
    if (r.hit("confirm", "cancel") and rd.is_short(text)) or rule(r) not in (None, "getCampaignDetail", tool):
        return None
    part = instead(text)  # "20% 말고 30%로": what follows the turn is the new value
    new = rd.read(part, roster) if part != said else r
    named = [c for c, _ in new.campaigns]
    if len(named) > 1 or (len(r.campaigns) > 1 and not named):
        return None  # two campaigns: which one is not said here
    target = named[0] if named else cid
    if tool != "updateCampaignBudget":
        if target != cid and _AMENDS.search(said):
            return Understanding(tool, {**args, "campaignId": target})
        return None
    current = (budgets or {}).get(target)
    if new.amount is None and new.delta is None and new.change is None:
        new.amount = find_amount(rd.without_names(new.text, new.campaigns), expect_money=True)  # "to 150,000"
    if new.amount is not None or new.delta is not None or new.change is not None:
        return Understanding(tool, {"campaignId": target, **_figure(new, part, args, current, budgets or {}, cid)})
    if named and _AMENDS.search(said):  # "대상은 봄 시즌 세일로 바꿔줘": the same change on that campaign
        return Understanding(tool, {k: v for k, v in {**args, "campaignId": target}.items() if v is not None})
    if (_AMENDS.search(said) or _MOVES.search(said)) and (_SIZE.search(said) or direction(said)):
        known: dict[str, Any] = {"campaignId": cid}
        if sign := direction(said) or _sign(args, (budgets or {}).get(cid)):
            known[DIRECTION] = sign
        return clarify(HOW_MUCH, slot="dailyBudget", intent=tool, known=known)
    return None


def _figure(new: Reading, part: str, args: dict[str, Any], current: int | None, budgets: dict[str, int],
            cid: str) -> dict[str, Any]:
    """The new size: said with its own direction, or (a bare size) in the direction of the change it amends."""
    known: dict[str, Any] = {}
    carry_amount(new, known, current)
    sign = direction(part) or _sign(args, budgets.get(cid))
    if "changePercent" in known and not direction(part) and sign and (known["changePercent"] > 0) != (sign > 0):
        known["changePercent"] = -known["changePercent"]  # "make it 25%" after a cut: a cut of 25%
    if "dailyBudget" in known and new.delta is None and args.get("dailyBudget") is not None:  # "5만원 올려" -> "3만원만"
        known["dailyBudget"] = as_step(int(known["dailyBudget"]), current, sign, part)
    return known


def _sign(args: dict[str, Any], current: int | None) -> int:
    """The direction of the pending change: +1 a raise, -1 a cut, 0 unknown."""
    percent, total = args.get("changePercent"), args.get("dailyBudget")
    if isinstance(percent, int | float) and percent:
        return 1 if percent > 0 else -1
    if isinstance(total, int) and current is not None and total != current:
        return 1 if total > current else -1
    return 0
