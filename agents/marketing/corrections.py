"""A follow-up that takes back the last request and says it again about other campaigns, whole:
"그거 말고 X랑 Y 비교해줘" after a comparison compares X and Y (not all four); "그거 말고 X를 6만원으로" after a budget
change sets X's budget (the figure is said anew, so nothing of the old change is guessed). The period and the other
arguments the earlier request fixed are kept."""

from __future__ import annotations

import re

from agents.marketing import reading as rd
from agents.marketing.matching import Roster
from agents.marketing.nlu import Understanding, build, rule
from agents.marketing.reading import Reading
from agents.nlu import find_amount, normalise
from agents.nlu.dialogue import Dialogue, instead

# "그거 말고", "X 대신", "instead", "not those", "아니 ...": the request is replaced, not added to
_REPLACES = re.compile(r"말고|대신|\binstead\b|\bnot\s+(?:those|that|them|these)\b|^\s*(?:아\s*)?(?:아니|아냐|아뇨|no\b|nope\b)",
                       re.I)
_LOOKS = (None, "compareCampaigns", "getCampaignDetail", "getPerformanceKPI")


def replaced(r: Reading, text: str, dialogue: Dialogue, roster: Roster, month: str,
             budgets: dict[str, int] | None) -> Understanding | None:
    """The earlier comparison or budget change said again about the campaigns named now, or None."""
    said = normalise(text)
    if not r.campaigns or not _REPLACES.search(said):
        return None
    part = instead(text)
    new = rd.read(part, roster) if part != said else r  # "A 말고 B": only what follows the turn is the new target
    if dialogue.tool == "compareCampaigns" and len(new.pair) >= 2 and rule(r) in _LOOKS:
        period = rd.period(text, str(dialogue.args.get("period") or "14d"))
        return Understanding("compareCampaigns", {**dialogue.args, "campaignIds": [c for c, _ in new.pair],
                                                  "period": period})
    if dialogue.tool == "updateCampaignBudget" and new.amount is None:
        new.amount = find_amount(rd.without_names(new.text, new.campaigns), expect_money=True)  # "to 200000": money
    moved = new.amount is not None or new.change is not None or new.delta is not None
    if dialogue.tool == "updateCampaignBudget" and len(new.campaigns) == 1 and moved \
            and new.campaigns[0][0] != dialogue.args.get("campaignId") \
            and rule(new) in (*_LOOKS, "updateCampaignBudget"):
        return build("updateCampaignBudget", new, roster, month, budgets=budgets)
    return None
