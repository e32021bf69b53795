"""Follow-up suggestions that fit the session: two or three each turn, never a product
question before a Top 3 exists."""

from __future__ import annotations

from typing import TYPE_CHECKING

from agents.nlu.korean_money import format_man
from agents.shopping.general import english

if TYPE_CHECKING:
    from agents.core.turn import Turn

# A question per category that its products can answer.
QUESTION = {"분유포트": "세척 편해?", "젖병소독기": "건조 빨라?", "베이비모니터": "야간에 잘 보여?", "아기띠": "허리 편해?"}
WISH = {"분유포트": "조용한 걸로 다시 보여줘", "젖병소독기": "냄새 안 나는 걸로", "베이비모니터": "앱 쉬운 걸로 다시 보여줘",
        "아기띠": "통기성 좋은 걸로"}
OPENERS = ["분유포트 10만원 아래로 추천해줘", "베이비모니터 야간에 잘 보이는 걸로", "아기띠 추천해줘"]
# The same, for a user who writes English (each one is understood when sent back).
QUESTION_EN = {"분유포트": "is #1 easy to clean?", "젖병소독기": "does #1 dry fast?",
               "베이비모니터": "is the night view of #1 clear?", "아기띠": "is #1 comfortable for my back?"}
WISH_EN = {"분유포트": "show me quiet ones", "젖병소독기": "ones without a smell", "베이비모니터": "ones with an easy app",
           "아기띠": "breathable ones please"}
OPENERS_EN = ["formula kettle under 100k", "baby monitor with a clear night view", "recommend a baby carrier"]


def _session(turn: Turn) -> tuple[bool, list[object], str | None, int | None]:
    """What the suggestions read of the session: a question pending, the Top 3, the category, the budget's top."""
    state = turn.state
    pending, top, category, budget = (state.get("pending"), state.get("top3"), state.get("category"),
                                      state.get("budget"))
    high = budget.get("max") if isinstance(budget, dict) else None
    return (bool(pending.get("ask")) if isinstance(pending, dict) else False, top if isinstance(top, list) else [],
            category if isinstance(category, str) else None, high if isinstance(high, int) else None)


def suggest(turn: Turn, reply: str) -> list[str]:
    if english(turn):
        return _suggest_en(turn)
    asking, top, category, budget = _session(turn)
    if asking:
        return []  # the clarification's own choices are the suggestions
    if not top or not category:
        return OPENERS
    out = [f"1번 제품 {QUESTION.get(category, '어때?')}"]
    if len(top) >= 2:
        out.append("1번이랑 2번 비교해줘")
    if budget:
        out.append(f"{format_man(max(10_000, round(budget * 0.7 / 10_000) * 10_000))} 이하로 다시 보여줘")
    else:
        out.append(WISH.get(category, "10만원 아래로 다시 보여줘"))
    return out[:3]


def _suggest_en(turn: Turn) -> list[str]:
    asking, top, category, budget = _session(turn)
    if asking:
        return []
    if not top or not category:
        return OPENERS_EN
    out = [QUESTION_EN.get(category, "tell me about #1")]
    if len(top) >= 2:
        out.append("compare #1 and #2")
    if budget:
        out.append(f"show me under {max(10_000, round(budget * 0.7 / 10_000) * 10_000) // 1000}k")
    else:
        out.append(WISH_EN.get(category, "show me under 100k"))
    return out[:3]
