"""The tutor's offline policy: read the message against the screen in ``context_text``, call the tools
that fit (``ui_action`` by the catalog, look-ups, charts) or ask with choices, then write the reply
from the tool results only (``compose``)."""

from __future__ import annotations

import json
import re
from typing import Any

from agents.core.providers.base import ChatMessage, ModelRequest
from agents.core.providers.offline import PolicyReply, last_user_text, latest_tool_results
from agents.nlu.dialogue import Dialogue, instead, pointer
from agents.nlu.language import conversation_language
from agents.tutor import contract, ellipsis, followup, ranking, shown
from agents.tutor.advice import asks_advice
from agents.tutor.catalog import catalog_for, hit
from agents.tutor.compose import compose, no_advice, note_from_markdown
from agents.tutor.names import find_stocks, find_term
from agents.tutor.questions import Reading, ask_side, case_titled, picked, side_of
from agents.tutor.reading import HIGH_RISK, period_of, read
from agents.tutor.sandbox import AppState, default_state

_CONTEXT = re.compile(r"context_text:\n```json\n(.*?)\n```", re.S)
_CHART_WORD = re.compile(r"차트|그래프|\b(?:chart|graph|view)\b", re.I)
_ANSWERS = {"explain_move", "case_info", "concept", "canvas", "visualize", "portfolio_summary", "off_topic"}


def screen_from_system(system: str) -> AppState:
    m = _CONTEXT.search(system)
    if m is None:
        return default_state()
    try:
        return contract.state_of(contract.parse(m.group(1)))
    except contract.BadContext:
        return default_state()


def holdings_from_system(system: str) -> list[dict[str, Any]] | None:
    """The learner's holdings with their figures, as the app's portfolio summary sent them (None: not sent)."""
    m = _CONTEXT.search(system)
    try:
        summary = contract.parse(m.group(1)).ui_snapshot.portfolio_summary if m is not None else None
    except contract.BadContext:
        return None
    return ranking.rows(summary) if summary and summary.get("positions") else None


def policy(request: ModelRequest) -> PolicyReply:
    if request.purpose == "structured_extract":
        return PolicyReply(text=json.dumps(note_from_markdown(request.messages[-1].content), ensure_ascii=False))
    state = screen_from_system(request.system)
    last = request.messages[-1]
    if last.role == "tool":
        return PolicyReply(text=compose(latest_tool_results(request.messages), state, last_user_text(request.messages),
                                           _english(request.messages)))
    dialogue = Dialogue.parse(request.system)
    holdings = holdings_from_system(request.system)
    en = _english(request.messages)
    reading = _reading(request.messages, state, dialogue, holdings)
    rank = reading.args.get("rank") if reading.kind not in (None, "portfolio_summary") else None
    if not rank:
        return act(reading, state, en, followup.subject(dialogue))
    # a holding resolved by rank ("손해 제일 많이 본 종목 정리해 버려"): which one and why, said before the action
    args = {k: v for k, v in reading.args.items() if k != "rank"}
    reply = act(Reading(reading.kind, args, source=reading.source), state, en, followup.subject(dialogue))
    reply.text = ranking.picked_sentence(rank, str(args.get("code")), holdings, en, high_risk=reading.kind in HIGH_RISK)
    return reply


def _english(messages: list[ChatMessage]) -> bool:
    """Is the learner's last message answered in English (a bare "2" or "ok" keeps the conversation's language)?"""
    return conversation_language([m.content or "" for m in messages if m.role == "user"]) == "en"


def read_request(request: ModelRequest) -> Reading:
    """How the policy reads a request's last user message: on the screen in its context, together with
    the question this agent asked just before, if any (the nlu-report harness reads follow-ups with it)."""
    return _reading(request.messages, screen_from_system(request.system), Dialogue.parse(request.system),
                    holdings_from_system(request.system))


def act(reading: Reading, state: AppState, en: bool = False, previous: dict[str, str] | None = None) -> PolicyReply:
    kind, a = reading.kind, reading.args
    if kind is None:
        question, options = (reading.question_en, reading.choices_en) if en and reading.question_en else \
            (reading.question, reading.choices)
        return PolicyReply(tool_calls=[("askClarification", {"question": question, "options": options, "known": a})])
    if kind == "off_topic" and a.get("advice"):
        return PolicyReply(text=no_advice(a, state, en))
    if kind == "off_topic" and a.get("smalltalk"):  # a greeting or thanks gets one back, then what the tutor does
        return PolicyReply(text="Nice to hear from you! I'm a tutor for learning about stocks and investing: ask me about "
                                "a stock's chart, a term, an education case or your (sandbox) portfolio." if en else
                                "반가워요! 저는 주식·투자 공부를 돕는 튜터예요. 종목 차트, 용어, 교육 사례, 내 (샌드박스) 자산에 대해 "
                                "편하게 물어봐 주세요.")
    if kind == "off_topic":
        return PolicyReply(text="I am a tutor for learning about stocks and investing, so I can't help with that. Ask me "
                                "about a stock's chart, a term, an education case or your (sandbox) portfolio." if en else
                                "저는 주식·투자 공부를 돕는 튜터라 그 질문에는 답하기 어려워요. 종목 차트, 용어, 교육 사례, "
                                "내 (샌드박스) 자산에 대해 물어봐 주세요.")
    if kind not in _ANSWERS:
        return _ui(kind, a, state, en)
    match kind:
        case "explain_move":  # the period asked for ("and for the past year?"), else the screen's; an advice
            # question's marks are the reply's (it declines first), not the tool's
            asked = {k: v for k, v in a.items() if k not in ("advice", "case_id")}
            return PolicyReply(tool_calls=[("explain_move", {"period": state.period, **asked})])
        case "case_info":
            return PolicyReply(tool_calls=[("lookup_case", a)])
        case "concept" if "term" not in a:  # what a company is: its sandbox profile
            return PolicyReply(tool_calls=[("lookup_stock", {"code": a["code"], "period": state.period})])
        case "concept":
            return PolicyReply(tool_calls=[("lookup_term", a)])
        case "visualize":
            return PolicyReply(tool_calls=[("visualization", {"period": state.period, **a})])
        case "portfolio_summary":  # "what's my biggest holding?": the measures, whose holdings the reply states first
            return PolicyReply(tool_calls=[("get_portfolio", {"rank": a["rank"]} if a.get("rank") else {})])
        case _:  # canvas: open it, then gather the note's subject: what the message names, else what
            # the previous answer was about, else what the screen shows, else the portfolio
            calls: list[tuple[str, dict[str, object] | str]] = [("open_canvas", {"title": "Study note" if en else "학습 노트"})]
            subject = a or previous or ({"code": state.stock_code} if state.mode == "stock" and state.stock_code else
                                        {"case_id": state.case_id} if state.case_id else {})
            if subject.get("code"):
                calls.append(("explain_move", {"code": subject["code"], "period": state.period}))
            elif subject.get("case_id"):
                calls.append(("lookup_case", {"case_id": subject["case_id"]}))
            else:
                calls.append(("get_portfolio", {}))
            return PolicyReply(tool_calls=calls)


def _ui(kind: str, args: dict[str, object], state: AppState, en: bool = False) -> PolicyReply:
    available = {x.id for x in catalog_for(state)}
    if kind not in available:  # e.g. a keyword filter asked from another screen: go where it lives first
        target = "nav_education" if kind == "set_keyword" else None
        if target is None:
            return PolicyReply(tool_calls=[("askClarification", {
                "question": "That can't be done on this screen. Could you ask again from a stock page?" if en else
                            "이 화면에서는 할 수 없는 동작이에요. 종목 화면에서 다시 말해 줄래요?",
                "options": ["Samsung Electronics chart", "SK hynix chart"] if en else ["삼성전자 차트", "SK하이닉스 차트"],
                "known": {"action": kind}})])
        calls: list[tuple[str, dict[str, object] | str]] = [("ui_action", {"action_id": target, "params": {}})]
        if kind == "set_keyword":  # then filter there: the question was which cases
            calls.append(("ui_action", {"action_id": kind, "params": args}))
        return PolicyReply(tool_calls=calls)
    period = args.get("period") if kind == "nav_stock" else None  # the stock asked for a chart period
    params = {k: v for k, v in args.items() if k != "period"} if period else args
    calls = [("ui_action", {"action_id": kind, "params": params})]
    if period:
        calls.append(("ui_action", {"action_id": "set_period", "params": {"period": period}}))
    if kind == "nav_stock":  # "삼성전자 차트 보여줘": move the app and draw the chart in the reply
        calls.append(("visualization", {"kind": "price", "codes": [args["code"]], "period": period or state.period}))
    return PolicyReply(tool_calls=calls)


def _reading(messages: list[ChatMessage], state: AppState, dialogue: Dialogue,
             holdings: list[dict[str, Any]] | None = None) -> Reading:
    """The message read with the dialogue; a holding it names by rank or property ("my worst performer", "손해 제일
    많이 본 종목") is resolved against the learner's holdings as the portfolio summary shows them."""
    text = dialogue.answer(messages[-1].content)
    return ranking.settle(_understood(messages, state, dialogue, holdings), text, state, holdings,
                          among=dialogue.tool == "get_portfolio")


def _understood(messages: list[ChatMessage], state: AppState, dialogue: Dialogue,
                holdings: list[dict[str, Any]] | None) -> Reading:
    """A reply to this agent's own question fills in what was missing ("어떤 종목?" -> "카카오")."""
    text = dialogue.answer(messages[-1].content)  # "2" after a question with choices: the second choice
    previous = next((m.content for m in reversed(messages[:-1]) if m.role == "user"), None)
    if asks_advice(text):  # advice asked instead of an answer to the question: never read as the answer; about
        advice = read(text, state, holdings)  # the stock the conversation is on when it names none ("그럼 지금 사도 돼?")
        return ellipsis.complete(advice, text, dialogue, previous or "", state) or advice
    known = _asked(messages)
    candidates = known.get("candidates") if known else None
    if isinstance(candidates, list) and candidates:
        chosen = picked(text, [str(c) for c in candidates], state)
        if chosen is not None:
            return chosen
    if known and known.get("action") == "case_info" and (case_id := case_titled(text)):
        return Reading("case_info", {"case_id": case_id})
    if known and known.get("action") == "concept" and (term := find_term(text)):
        return Reading("concept", {"term": term})
    if known and known.get("action"):
        codes = find_stocks(instead(text)).codes or find_stocks(text).codes  # "삼성전자 말고 삼성바이오로직스"
        if not codes and (offered := followup.offered_stock(text, dialogue.choices)) is not None:
            codes = [offered]  # "바이오 쪽이요": the offered stock a part of its name picks
        action = known["action"]
        first = known.get("codes")
        if codes and action == "visualize" and isinstance(first, list) and first and codes[0] not in first:
            return Reading("visualize", {"kind": "compare", "codes": [str(first[0]), codes[0]]})
        if codes and action in ("open_order", "remove_holding", "nav_stock", "open_external_link"):
            args = {k: v for k, v in known.items() if k not in ("action", "candidates")}
            if action == "open_order" and "side" not in args:  # the side is still the learner's to say, unless
                side = side_of(text)  # the answer says it too ("네이버 매도")
                return Reading(action, {**args, "code": codes[0], "side": side}) if side else ask_side(codes[0])
            return Reading(action, {**args, "code": codes[0]})
        if codes and action == "set_period" and known.get("period"):  # "어느 종목 차트?" -> "카카오": go there, that period
            return Reading("nav_stock", {"code": codes[0], "period": known["period"]})
        if codes and action == "explain_move":  # "SK 왜 올랐어?" -> "SK하이닉스"
            return Reading("explain_move", {"code": codes[0]})
        if action == "open_order" and known.get("code") and (side := side_of(text)):  # "매수 / 매도?" -> "매도"
            return Reading("open_order", {"side": side, "code": known["code"]})
        if action == "set_period":
            guess = read(text, state)
            if guess.kind == "set_period":
                return guess
    if (again := followup.corrected(text, previous, state)) is not None:
        return again  # "기아 말구 현대차로": the last request, for the stock wanted
    reading = read(text, state, holdings)
    if (other := followup.instead_of_last(reading, text, dialogue, previous or "")) is not None:
        return other  # "아니 취소하고 걍 차트만" after an order screen asked: that stock's chart
    if reading.kind is None and reading.args.get("action") == "open_order" and not reading.args.get("side") and previous:
        said = read(previous, state)  # "I want to sell Naver" -> "open the order screen": the side and stock said
        if said.kind == "open_order" and (reading.args.get("code") in (None, said.args.get("code"))):
            return said
    if (meaning := followup.meaning_of_figure(text, dialogue, previous or "")) is not None:
        return meaning  # "그 숫자는 무슨 뜻이야" after "카카오 종가 얼마야": what 종가 means
    weak = reading.kind is None or reading.source == "classifier"  # no rule read the message: the dialogue may
    if weak and (clipped := shown.case_term(text, dialogue)) is not None:
        return clipped  # "시총은 무슨 뜻이야?" after the valuation case: 시가총액
    if weak and (related := followup.related_case(text, dialogue)) is not None:
        return related  # "관련된 사례 보여줘" after "공매도가 뭐야": the short-selling case
    if (listed := followup.listed_case(reading, text, dialogue)) is not None:
        return listed  # "첫번째 거 열어줘" after a lesson list: that lesson
    if (holding := followup.listed_stock(reading, text, dialogue)) is not None:
        return holding  # "두 번째 종목 페이지로" after the holdings were listed: that stock
    if (more := followup.more_of_last(reading, text, dialogue)) is not None:
        return more  # "퀴즈 내줘" after a case summary, "그중에 제일 많이 잃은 종목은?" after the portfolio
    if (figure := followup.figure_of_move(reading, text, dialogue)) is not None:
        return figure  # "거래량은 어땠어?" after a move question: that move, with its volume
    if (same_stock := followup.term_for_same_stock(reading, text, dialogue)) is not None:
        return same_stock  # "PBR은?" after "기아 PER 알려줘": Kia's PBR
    if (pair := followup.both_drawn(reading, text, dialogue)) is not None:
        return pair  # "둘 다 같이 그려줘" after two stocks: both on one chart
    if (why := followup.why_of_last(reading, text, dialogue, previous or "")) is not None:
        return why  # "왜 이렇게 많아?" after Kakao's volume: Kakao's move
    if (added := followup.added_to_chart(reading, text, dialogue)) is not None:
        return added  # "카카오도 같이" after a Naver chart: both on one chart
    if reading.kind == "nav_stock" and (same := followup.same_for(text, dialogue)) is not None:
        return same  # "네이버는?" after a move question about 카카오: the same question about 네이버
    if (paired := _compared(reading, text, state, dialogue, previous or "")) is not None:
        return paired  # "네이버랑 비교 차트로" after a talk about 카카오: both on one chart
    if (again := _again_for_period(reading, text, dialogue)) is not None:
        return again  # "and for the past year?" after a move: the same question over that period
    if reading.kind is None and reading.args.get("action") == "set_period" and reading.args.get("period"):
        named = followup.subject(dialogue)  # "차트 1년으로" after a talk about one stock: that stock's chart
        if named is not None and named.get("code"):
            return Reading("nav_stock", {"code": named["code"], "period": reading.args["period"]})
    if (completed := ellipsis.complete(reading, text, dialogue, previous or "", state)) is not None:
        return completed  # "매수 화면 열어줘" after a talk about 현대차: read as "현대차 매수 화면 열어줘"
    # "그 사례에서 ...?", "그 종목 빼줘": the kit's dialogue state, else the stock the previous message named
    return followup.resolve(reading, text, dialogue, previous or "") or reading


def _compared(reading: Reading, text: str, state: AppState, dialogue: Dialogue, previous: str) -> Reading | None:
    """A comparison asked with one stock named: the stock on screen or the one the conversation is about comes
    first ("에코프로비엠이랑 같이 그래프" after 에코프로, "compare it with Hyundai" after a Kia question); a bare
    ambiguous name ("삼성이랑 비교해서") asks which one and keeps the first stock for the answer."""
    if not hit(text, "compare"):
        return None
    first = state.stock_code if state.mode == "stock" and state.stock_code else followup.pointed_stock(dialogue, previous)
    if first is None:
        return None
    if reading.kind == "nav_stock" and reading.args.get("code") not in (None, first):
        return Reading("visualize", {"kind": "compare", "codes": [first, str(reading.args["code"])]})
    if reading.kind is None and reading.args.get("action") == "nav_stock" and not reading.args.get("code"):
        return Reading(None, {"action": "visualize", "codes": [first]}, reading.question, reading.choices, reading.source,
                       reading.question_en, reading.choices_en)
    return None


def _again_for_period(reading: Reading, text: str, dialogue: Dialogue) -> Reading | None:
    """The last move or chart asked again over another period ("and for the past year?", "1년으로는?"), when the
    message alone is no request of its own."""
    # a period alone after a move question ("1년 기준으로는?") asks the move again, not for the chart's period
    period_only = reading.kind == "set_period" and dialogue.tool == "explain_move" and not _CHART_WORD.search(text)
    if reading.kind is not None and reading.source == "rule" and reading.kind != "off_topic" and not period_only:
        return None
    # "3개월로 보면?" with no stock on screen after a move: whose chart it would be is the move's stock, so the move
    # is asked again over that period
    alone = reading.kind is None and not reading.args.get("code") and dialogue.tool == "explain_move" \
        and not _CHART_WORD.search(text)
    # "1년으로", "한 달로는?" after a chart drawn in the reply, with no stock on screen: that chart over the period
    alone = alone or (reading.kind is None and dialogue.tool == "visualization" and not reading.args.get("code")
                      and reading.args.get("action") in (None, "set_period") and not find_stocks(text).codes)
    period = period_of(text)
    if period is None or not (pointer(text).again or alone) or dialogue.tool not in ("explain_move", "visualization"):
        return None
    args = {k: v for k, v in dialogue.args.items() if k in ("code", "codes", "kind")}
    if dialogue.tool == "explain_move":
        return Reading("explain_move", {**({"code": args["code"]} if args.get("code") else {}), "period": period})
    if not isinstance(args.get("codes"), list) or not args["codes"]:
        return None
    return Reading("visualize", {**args, "period": period})


def _asked(messages: list[ChatMessage]) -> dict[str, object] | None:
    """The ``known`` of the clarification just before this user message, if the agent asked one."""
    for message in reversed(messages[:-1]):
        if message.role == "user":
            return None
        if message.role == "tool" and message.name == "askClarification":
            try:
                payload = json.loads(message.content or "{}")  # the tool message: {"ok", "summary", "data"}
            except json.JSONDecodeError:
                return None
            data = payload.get("data") if isinstance(payload, dict) else None
            known = data.get("known") if isinstance(data, dict) else None
            return known if isinstance(known, dict) and known else None
    return None


