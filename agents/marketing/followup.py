"""Marketing follow-ups that point back, on the kit's dialogue state (``agents.nlu.dialogue``).

``extract`` says which campaigns a tool call referred to and which list it showed; ``resolve`` reads a
message against that state: a list position ("2등 한 거", "맨 위에 거"), a pronoun ("그거", "여기",
"that one"), "compare with this one", a correction of the last change ("10% 말고 만원만") and a
request repeated with one thing changed ("한달 기준으로 다시", "좀 더 웃기게 다시"). It returns None when
the message does not lean on the state, and ``nlu.understand`` reads it alone. Two campaigns that
could be meant give a question with both as choices, never a guessed change."""

from __future__ import annotations

from typing import Any

from agents.marketing import reading as rd
from agents.marketing.matching import Roster
from agents.marketing.nlu import MUTATIONS, SMALL_TALK, Understanding, build, clarify, rule
from agents.marketing.reading import Reading, has_period
from agents.nlu import compact
from agents.nlu.dialogue import Dialogue, Mention, Pointer, pointer, referent

CAMPAIGN = "campaign"
META_TOOLS = frozenset({"askClarification", "freeformResponse"})
# Requests that can be asked again with another period or campaign ("다시", "한달 기준으로", "그럼 X는?").
RERUN = frozenset({"getPerformanceKPI", "generateReport", "analyzeTrends", "listCampaigns", "compareCampaigns",
                   "checkAnomalies", "getCampaignDetail"})
PERIODIC = frozenset({"getPerformanceKPI", "generateReport", "analyzeTrends", "listCampaigns", "compareCampaigns"})
ONE_CAMPAIGN = frozenset({"getPerformanceKPI", "getCampaignDetail", "checkAnomalies"})
_COMPARE = ("비교", "붙여서", "대비", "vs", "compare", "versus", "side by side")


def extract(tool: str, args: dict[str, Any], payload: dict[str, Any]
            ) -> tuple[list[Mention], list[Mention] | None, dict[str, Any] | None]:
    """The campaigns a call named (its arguments) and the list it showed (a campaign list, in order)."""
    data = payload.get("data") if isinstance(payload.get("data"), dict) else {}
    named = [args.get("campaignId"), *(args.get("campaignIds") or [])]
    mentions = [Mention(CAMPAIGN, str(c)) for c in named if isinstance(c, str) and c]
    listed = None
    if tool == "listCampaigns":
        rows = data.get("campaigns") if isinstance(data.get("campaigns"), list) else []
        listed = [Mention(CAMPAIGN, str(r.get("id")), str(r.get("name") or "")) for r in rows if isinstance(r, dict)]
    return mentions, listed, None


def _on_roster(mentions: list[Mention], roster: Roster) -> Roster:
    """The roster entries the mentions name (by id, or by the name a model passed as the id)."""
    out: list[tuple[str, str]] = []
    for m in mentions:
        hit = next(((cid, name) for cid, name in roster if m.id in (cid, name) or (m.name and m.name == name)), None)
        if hit is not None and hit not in out:
            out.append(hit)
    return out


def resolve(text: str, roster: Roster, month: str, dialogue: Dialogue, *,
            budgets: dict[str, int] | None = None) -> Understanding | None:
    if dialogue.tool is None and not dialogue.focus and not dialogue.listed:
        return None
    r = rd.read(text, roster)
    if not compact(r.text):
        return None
    p = pointer(text)
    p = Pointer(p.pronoun or r.pronoun, p.position, p.again, p.among)
    if not r.campaigns and (p.position is not None or (p.pronoun and not p.among)):
        return _pointed(r, p, roster, month, dialogue, budgets)
    if len(r.campaigns) == 1 and _compares(r) and (other := _on_roster(dialogue.focus, roster)):
        ids = list(dict.fromkeys([other[0][0], r.campaigns[0][0]]))
        if len(ids) == 2:  # "X랑 붙여서 비교해봐" after looking at Y
            return Understanding("compareCampaigns", {"campaignIds": ids, "period": rd.period(text, "14d")})
    moved = r.amount is not None or r.delta is not None or r.change is not None
    same = rule(r) == dialogue.tool or (dialogue.tool == "updateCampaignBudget" and moved and rule(r) is None)
    if not r.campaigns and p.again and dialogue.tool in MUTATIONS and same:
        last = _on_roster([Mention(CAMPAIGN, str(dialogue.args.get("campaignId") or ""))], roster)
        if last:  # "아 10% 말고 만원만 올려": the same change, corrected, on the same campaign
            r.campaigns = last
            return build(dialogue.tool, r, roster, month, budgets=budgets)
    return _again(r, text, p, roster, dialogue)


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
    if intent is None or intent in ("listCampaigns", "compareCampaigns", "analyzeTrends"):
        intent = rule(r) or "getCampaignDetail"  # "2등 한 거 상세", "그거 어때?": that campaign
    if intent in ("listCampaigns", "analyzeTrends"):
        intent = "getCampaignDetail"
    return build(intent, r, roster, month, budgets=budgets)


def _again(r: Reading, text: str, p: Pointer, roster: Roster, dialogue: Dialogue) -> Understanding | None:
    """The last request with one thing changed: its period, its campaign, or (ad copy) its tone."""
    tool, args = dialogue.tool, dict(dialogue.args)
    if tool is None:
        return None
    words = set(r.hits) - SMALL_TALK
    if tool == "generateAdCopy" and (p.again or words <= {"generateAdCopy"}) and (tone := rd.tone(text)):
        if r.campaigns or (rd.product(text, []) and not p.again):
            return None
        return Understanding("generateAdCopy", {**args, "tone": tone}, "톤을 바꿔 광고 카피를 다시 준비했어요. 확인 카드를 봐주세요.")
    if tool not in RERUN:
        return None
    intent = rule(r)
    asks_own = intent not in (None, tool) or r.amount is not None or r.delta is not None or r.change is not None
    if len(r.campaigns) == 1 and tool in ONE_CAMPAIGN and not words and not asks_own and (p.again or rd.is_short(text)):
        return Understanding(tool, {**args, "campaignId": r.campaigns[0][0]})  # "그럼 카카오 채널 유입은?"
    if r.campaigns or tool not in PERIODIC or not has_period(text):
        return None
    if intent not in (None, tool, "getPerformanceKPI") or (words - {tool} and not p.again):
        return None  # the message names a request of its own
    period = rd.period(text, str(args.get("period") or "7d"))
    if tool in ("generateReport", "analyzeTrends") and period == "today":
        period = "7d"
    return Understanding(tool, {**args, "period": period})
