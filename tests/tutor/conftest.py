"""Tutor tests: a context_text builder for a route, and the check of an advice question's reply."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from agents.core.events import Event
from agents.tutor import contract
from agents.tutor.sandbox import state_for_route
from tests.support.helpers import one, text_of, types

NOW = datetime(2026, 10, 30, 9, 0, tzinfo=UTC)


def context_for(route: str, session: str | None = None, **changes: object) -> str:
    """The app's context_text on ``route``; ``session`` names the app session that sends it."""
    state = state_for_route(route).model_copy(update=changes)
    return contract.build(state, NOW, context={"app_session": session} if session else None).to_text()


NO_ADVICE = ("투자 조언이나 주가 예측은 드리지 않아요.", "I don't give investment advice or predictions")
MARKET = "market"  # what ``advice_reply`` returns when the whole market's move was shown


def advice_reply(events: list[Event], en: bool | None = None) -> tuple[str | None, str]:
    """An advice or prediction question's turn (round L): the decline first, never a screen or a question back;
    about a stock the tutor knows, that stock's move follows (one explain_move call, its figures, the sandbox
    source), about the market the market's. Returns what was shown (a stock code, MARKET, or None for the decline
    with offers) and the reply."""
    reply = text_of(events)
    if types(events) == ["text", "done"]:
        shown = None
    else:
        assert types(events) == ["tool_call", "tool_result", "text", "done"], types(events)
        call = one(events, "tool_call")
        assert call.name == "explain_move", call.name
        shown = str(call.args.get("code") or MARKET)
        assert re.search(r"샌드박스|sandbox", reply) and re.search(r"[+-]\d+\.\d\d%", reply), reply  # its figures
    assert reply.startswith(NO_ADVICE if en is None else NO_ADVICE[en]), reply
    assert en is not True or not re.search(r"[가-힣]", reply), reply
    assert events[-1].meta.get("ui_actions") is None
    return shown, reply
