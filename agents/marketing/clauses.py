"""A long message whose real request comes second: "다음 주에 X 예산을 줄일까 고민 중인데요, 그 전에 지난 한 달
실적부터 보고 싶어요", "I'm thinking of pausing X, but first show me how it did". The first clause is background
(a plan, a doubt); the clause after "그 전에 / 우선 / 일단 / but first" is what is asked now, about the campaign the
whole message names."""

from __future__ import annotations

import re

from agents.marketing.matching import Roster

MAX_CLAUSE_TEXT = 600  # a hostile paragraph is read as one message, not split

# background clause ending (…는데요, …지만, …려고 하는데, a comma) then the marker of what comes first
_FIRST = re.compile(r"(?:는데요?|은데요?|인데요?|한데요?|지만|니까|으니|[,.]|\s)\s*(?:그\s*전에|그\s*전에\s*먼저|우선|일단|먼저|"
                    r"그보다\s*먼저)\s*[,]?\s*"
                    r"|[,.]?\s*\b(?:but|and)\s+(?:first|before\s+that)\b\s*,?\s*"
                    r"|[,.;]\s*(?:first|before\s+that)\s*,?\s+", re.I)
# the background clause holds a plan or a doubt: without one, "일단" is just a filler word of a single request
_BACKGROUND = re.compile(r"생각|고민|하려고|할까|려고\s*하|예정|계획|싶은데|싶지만|말지|\b(?:thinking|planning|plan\s+to|"
                         r"considering|might|want\s+to|going\s+to|wondering)\b", re.I)

# the request's word for the campaign the first clause named
_POINTER = re.compile(r"(?:이|그|해당)\s*캠페인|\b(?:it|this\s+campaign|that\s+campaign|this\s+one|that\s+one)\b", re.I)


def request_clause(text: str, named: Roster) -> str | None:
    """The clause to act on, with the campaign the first clause named carried in front; None when the message
    is not background followed by a request."""
    t = text[:MAX_CLAUSE_TEXT]
    m = _FIRST.search(t)
    if m is None or m.start() < 4 or not _BACKGROUND.search(t[:m.start()]):
        return None
    tail = t[m.end():].strip()
    if len(tail) < 4:
        return None
    carried = [name for _, name in named if name not in tail]
    if len(carried) == 1 and _POINTER.search(tail):
        return _POINTER.sub(carried[0], tail, count=1)  # "how it did" -> "how X did": the sentence reads as typed
    return " ".join([*carried, tail])
