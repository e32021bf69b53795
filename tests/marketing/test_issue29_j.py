"""Issue 29, marketing, the kinds blind set J's tune half and I's test half left, each with sentences of our own
(Korean, English, slang, polite, follow-ups) as real Session conversations: a metric asked about as a word with
the ask one clause later ("X는 뭐고 ...", "X ... 정확히 뭔데") is explained, not read as a query."""

from __future__ import annotations

from typing import Any

import pytest

from agents.core.session import Session
from tests.support.helpers import text_of, types

ANSWERED = ["text", "suggested_questions", "done"]


def _last(mkt: Session, *messages: str) -> list[Any]:
    """The events of the last message, after the earlier ones ran as real turns."""
    events: list[Any] = []
    for message in messages:
        events = mkt.run(message)
    return events


def _shown(events: list[Any]) -> list[str]:
    return [t for t in types(events) if t != "thinking"]


@pytest.mark.parametrize(("before", "text", "term", "said"), [
    (["어제 광고비 얼마 썼어"], "CPC는 뭐고 어디에 쓰는데", "CPC", "광고비 ÷ 클릭"),
    (["이번 달 성과 정리해줘"], "ROAS는 뭐구 왜 봐야 돼?", "ROAS", "매출 ÷ 광고비"),
    (["지난 7일 KPI"], "CVR 높으면 좋은 거 맞지? 근데 정확히 뭔데", "CVR", "전환 ÷ 클릭"),
    ([], "CPA 그게 정확히 뭐임", "CPA", "광고비 ÷ 전환수"),
    (["오늘 노출 몇 번 됐어?"], "cpm 이게 도대체 무슨 뜻이에요?", "CPM", "1,000"),
    (["이번 주 클릭 수 알려줘"], "근데 CTR 이거 정확히 뭔 뜻임?", "CTR", "클릭 ÷ 노출"),
])
def test_a_word_asked_a_clause_later_is_explained(mkt: Session, before: list[str], text: str, term: str,
                                                  said: str) -> None:
    events = _last(mkt, *before, text)
    assert _shown(events) == ANSWERED, text
    assert term in text_of(events) and said in text_of(events), text
