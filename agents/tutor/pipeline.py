"""The tutor's turn: the core tool loop, except that ``ui_action`` is checked here against the screen's
catalog (``jsonschema``) and run by risk: low at once (the app state moves, a ``ui_action`` event tells
the app), high as a pending action (``confirm_ui_action``) that runs only after Confirm. Then the
turn's switches: web search (Responses), ``response_mode`` and ``structured_extract``."""

from __future__ import annotations

import json
from collections.abc import Generator, Iterator

from agents.core.events import Event, ToolCall, ToolResult, UIAction
from agents.core.providers.base import ChatMessage, ModelToolCall
from agents.core.referents import remember_turn
from agents.core.toolcalls import refuse, replace_pending, replaced_sentence, result_message
from agents.core.turn import Turn
from agents.nlu.language import conversation_language
from agents.tutor import followup, sandbox
from agents.tutor.advice import asks_advice
from agents.tutor.catalog import ActionRejected, action_words, validate
from agents.tutor.inputs import TutorInputs
from agents.tutor.screen import finish, remember, resolve
from agents.tutor.store import PortfolioStore
from agents.tutor.structured import extract

RESPONSE_MODES = ("plain", "canvas_markdown")
NO_ADVICE_ACTION = ("투자 조언이나 예측을 묻는 질문에는 주문 화면을 열거나 보유 종목을 바꾸지 않아요. 대신 종목의 지난 움직임, "
                    "차트, 관련 용어와 사례를 보여 드릴 수 있어요.",
                    "I don't open an order screen or change holdings for a question asking for advice or a "
                    "prediction. I can show the stock's past moves, a chart, and the terms and lessons about it.")


def pipeline(turn: Turn) -> Iterator[Event]:
    screen = resolve(turn)
    mode = TutorInputs.of(turn).response_mode or "plain"
    turn.meta["screen"] = {"source": screen.source, "route": screen.state.route}
    turn.meta["response_mode"] = mode
    # Replies, cards and confirmations follow the language the learner wrote in (the UI's labels
    # follow the browser's).
    turn.meta["lang"] = conversation_language([m.content or "" for m in turn.history if m.role == "user"], turn.text)
    web = bool(TutorInputs.of(turn).use_web_search)
    messages = turn.model_messages()
    asked = False
    for _ in range(turn.agent.max_steps):
        request = turn.request(messages)
        request.options = request.options.model_copy(
            update={"extra": {**request.options.extra, "use_web_search": web, "agent_screen": screen.state.route}})
        response = yield from turn.stream_model(request)
        yield from _search_steps(turn)
        turn.flush_reply(response.tool_calls)
        messages.append(ChatMessage(role="assistant", content=response.text, tool_calls=response.tool_calls))
        if not response.tool_calls:
            break
        awaiting = False
        asked = asked or any(call.name == "askClarification" for call in response.tool_calls)
        for call in response.tool_calls:
            if call.name == "ui_action":
                result, pending = yield from run_ui_action(turn, call)
            else:
                result, pending = yield from turn.run_tool(call)
            messages.append(result)
            awaiting = awaiting or pending
        if awaiting:
            if replaced := _str_list(turn.meta.get("replaced_cards")):  # said whatever the model wrote
                yield from turn.say(replaced_sentence(turn, replaced) + " ")
            if not response.text.strip():  # say plainly that nothing ran yet
                yield from turn.say("This needs your confirmation: it runs only when you press **Confirm** on the "
                                    "card below, and nothing changes before." if turn.meta["lang"] == "en" else
                                    "확인이 필요한 동작이에요. 아래 확인 카드에서 **실행**을 눌러야 실행되고, 그 전에는 "
                                    "아무것도 바뀌지 않아요.")
                turn.flush_reply()
            break
    else:
        turn.meta["max_steps_reached"] = True
    shown = turn.meta.get("screen")  # set when the turn resolved its screen
    if isinstance(shown, dict):
        shown["route_after"] = resolve(turn).state.route
    finish(turn, asked=asked)
    remember_turn(turn, followup.extract, meta_tools=followup.META_TOOLS)  # what the next "그 사례 / 그 종목" means
    turn.meta.setdefault("search_used", False)
    turn.meta.setdefault("sources", [])
    if TutorInputs.of(turn).structured_extract:
        yield from extract(turn)


def _search_steps(turn: Turn) -> Iterator[Event]:
    """Web-search calls the provider reported (Responses ``web_search_call``) become tool steps."""
    calls = turn.meta.pop("web_search_calls", None)
    for search in calls if isinstance(calls, list) else []:
        call_id = search.get("id") or "web_search"
        yield turn.emit(ToolCall, call_id=call_id, name="web_search", args={"query": search.get("query", "")},
                        status="done")
        found = turn.meta.get("sources")
        sources = found if isinstance(found, list) else []
        yield turn.emit(ToolResult, call_id=call_id, name="web_search", ok=True,
                        summary=f"웹 검색 {len(sources)}개 출처", data={"sources": sources})


def run_ui_action(turn: Turn, call: ModelToolCall) -> Generator[Event, None, tuple[ChatMessage, bool]]:
    try:
        raw = json.loads(call.arguments) if call.arguments.strip() else {}
    except json.JSONDecodeError as exc:
        message = yield from refuse(turn, call, {}, f"Arguments for ui_action are not valid JSON ({exc.msg}).")
        return message, False
    if not isinstance(raw, dict) or not isinstance(raw.get("action_id"), str):
        message = yield from refuse(turn, call, raw if isinstance(raw, dict) else {},
                                    "ui_action needs {\"action_id\": <an id of the action_catalog>, \"params\": {...}}.")
        return message, False
    screen = resolve(turn)
    action_id, params = raw["action_id"], raw.get("params", {})
    try:
        spec = validate(screen.catalog, action_id, params)
    except ActionRejected as exc:
        message = yield from refuse(turn, call, raw, exc.refusal("en" if turn.meta.get("lang") == "en" else "ko"))
        return message, False
    if spec.risk == "high" and asks_advice(turn.text):
        # The guard behind the prompt: a question asking for advice or a prediction never gets an order screen,
        # a delete or a reset, whatever the model proposed. Said to the learner plainly, in their language.
        message = yield from refuse(turn, call, raw, NO_ADVICE_ACTION[turn.meta.get("lang") == "en"])
        return message, False
    if spec.risk == "high":  # one pending card per kind: the new request replaces the one still waiting
        gone = yield from replace_pending(turn, lambda rows: [r for r in rows if r.tool_name == "confirm_ui_action"
                                                              and r.tool_args.get("action_id") == action_id])
        turn.meta["replaced_cards"] = [*_str_list(turn.meta.get("replaced_cards")), *gone]
    args = {"action_id": action_id, "params": params}
    ran = turn.meta.get("ui_actions")
    turn.meta["ui_actions"] = [*(ran if isinstance(ran, list) else []), {"action_id": action_id, "risk": spec.risk}]
    en = turn.meta.get("lang") == "en"
    label = action_words(action_id, "en" if en else "ko")
    if spec.risk == "high":
        yield turn.emit(UIAction, action_id=action_id, params=params, risk="high", needs_confirmation=True,
                        label=label)
        hidden = ModelToolCall(id=call.id, name="confirm_ui_action",
                               arguments=json.dumps({**args, "lang": turn.meta.get("lang", "ko")}, ensure_ascii=False))
        return (yield from turn.run_tool(hidden, from_button=True))
    try:
        state = sandbox.apply(screen.state, action_id, params)
    except ValueError as exc:
        message = yield from refuse(turn, call, raw, f"{action_id} cannot run here: {exc}")
        return message, False
    yield turn.emit(ToolCall, call_id=call.id, name="ui_action", args=args, status="running")
    yield turn.emit(UIAction, action_id=action_id, params=params, risk="low", needs_confirmation=False, label=label)
    remember(turn, state)
    shown = ", ".join(f"{k}={v}" for k, v in params.items())
    # The screen's name, not its route ("/my"): the summary is what the learner reads (the route stays in data).
    summary = f"{spec.label}{f' ({shown})' if shown else ''} 실행함 → 지금 화면: {sandbox.screen(state.mode)['label']}"
    data: dict[str, object] = {"executed": True, "action_id": action_id, "params": params, "route": state.route,
                            "filters": sandbox.filters(state), "selected_entities": sandbox.selected_entities(state)}
    if state.mode == "my":  # the holdings the screen lists, in its order: "두 번째 종목" points into them
        data["holdings"] = _held_codes(turn)
    yield turn.emit(ToolResult, call_id=call.id, name="ui_action", ok=True, summary=summary, data=data)
    payload = {"ok": True, "summary": summary, "data": data}
    return result_message(turn, call, payload, {"ok": True, "summary": summary, "args": args}), False


def _held_codes(turn: Turn) -> list[str]:
    """The learner's sandbox holdings, in the order the 내 자산 screen lists them."""
    store = PortfolioStore(turn.store)
    store.ensure(turn.user_id, turn.now)
    return [h["code"] for h in store.holdings(turn.user_id)]


def _str_list(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []
