"""The tutor's sandbox app as a framework-neutral view model (what the workspace panel draws), and what
the app does when a turn ends. Pure functions over the app state, the chat view and sandbox data."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from agents.tutor import charts, contract, market
from agents.tutor.fallback import after_turn, apply_confirmed
from agents.tutor.sandbox import AppState, screen
from agents.tutor.sandbox_data import SANDBOX_NOTICE, cases, stocks
from pages.render import CardView, ChatView

# The sandbox app's bottom navigation: (label, the ui action it runs).
NAV = [("홈", "nav_home"), ("교육", "nav_education"), ("내 자산", "nav_my")]
_UI_STEP = re.compile(r"^UI action: (\w+) \((low|high)\)$")


class TutorScreen(BaseModel):
    heading: str
    route: str
    mode: str
    tabs: list[tuple[str, str]]
    tab: str
    show_period: bool
    period: str
    show_keyword: bool
    keyword: str
    chart: CardView | None = None
    body: str = ""
    table_headers: list[str] = Field(default_factory=list)
    table: list[list[Any]] = Field(default_factory=list)
    notice: str = SANDBOX_NOTICE


def screen_view(state: AppState, value: dict[str, Any]) -> TutorScreen:
    spec = screen(state.mode)
    base = dict(heading=f"### 📱 샌드박스 앱 · {spec['label']}", route=state.route, mode=state.mode,
                tabs=[(label, tab) for tab, label in spec["tabs"].items()], tab=state.tab,
                show_period=state.mode == "stock", period=state.period, show_keyword=state.mode == "education",
                keyword=state.keyword or "")
    extra = []
    if state.archive_open:
        visited = " → ".join(state.history[-6:]) or "(아직 없음)"
        extra.append(f"**🗂️ 학습 기록**: {visited}")
    if state.order is not None:
        side = "매수" if state.order.side == "buy" else "매도"
        extra.append(f"**🧾 모의 {side} 화면** · {stocks()[state.order.code].name}: 샌드박스라 실제 주문은 나가지 않습니다.")
    if state.external_url:
        extra.append(f"**🔗 외부 링크**: [{state.external_url}]({state.external_url})")
    view = _screen_body(state, value)
    body = "\n\n".join([*extra, view.pop("body", "")])
    return TutorScreen(**base, **view, body=body)


def _screen_body(state: AppState, value: dict[str, Any]) -> dict[str, Any]:
    if state.mode == "stock" and state.stock_code:
        s = stocks()[state.stock_code]
        stats = market.stats(s.code, state.period)
        card = CardView(card_type="tutor_chart", title=f"{s.name} ({s.code}) · {state.period} · 샌드박스",
                        data=charts.price_card(s.code, state.period))
        related = [c["title"] for c in cases().values() if s.code in c["related_codes"]]
        if state.tab == "info":
            body = f"**{s.name}** · {s.market} · {s.sector}\n\n{s.description}"
        elif state.tab == "cases":
            body = "**관련 사례**\n" + "\n".join(f"- {t}" for t in related)
        else:
            body = (f"종가 **{stats['last_close']:,}원** ({stats['change_pct']:+.2f}%, {state.period}) · 고가 {stats['high']:,} · "
                    f"저가 {stats['low']:,} · 평균 거래량 {stats['avg_volume']:,}")
        return {"chart": card, "body": body}
    if state.mode == "education":
        if state.case_id:
            c = cases()[state.case_id]
            terms = "\n".join(f"- **{t['term']}**: {t['definition']}" for t in c["key_terms"])
            quiz = c["quiz"][0]
            return {"body": f"## {c['title']}\n\n{c['body']}\n\n#### 핵심 용어\n{terms}\n\n#### 퀴즈\n{quiz['question']}"}
        rows = [[c["title"], c["category"], ", ".join(c["tags"][:4])] for c in cases().values()
                if (state.tab in ("all", c["category"])) and _keyword_hit(c, state.keyword)]
        return {"table_headers": ["사례", "분류", "태그"], "table": rows,
                "body": f"사례 {len(rows)}개" + (f" · 키워드 '{state.keyword}'" if state.keyword else "")}
    if state.mode == "my":
        tiles = f"총자산 **{value['total']:,}원** · 평가손익 {value['pnl']:+,}원 ({value['pnl_pct']:+.2f}%) · 현금 {value['cash']:,}원"
        if state.tab == "allocation":
            card = CardView(card_type="tutor_chart", title="자산 배분 (샌드박스)", data=charts.allocation_card(value))
            return {"chart": card, "body": tiles}
        rows = [[h["name"], h["quantity"], f"{h['close']:,}", f"{h['value']:,}", f"{h['pnl_pct']:+.2f}%"]
                for h in value["holdings"]]
        return {"table_headers": ["종목", "수량", "종가", "평가금액", "수익률"], "table": rows, "body": tiles}
    kodex = market.stats(market.MARKET, "1M")
    movers = market.movers("1M")
    if state.tab == "movers":
        rows = [[m["name"], f"{m['change_pct']:+.2f}%"] for m in movers["up"] + movers["down"]]
        return {"table_headers": ["종목", "1M 등락"], "table": rows, "body": "**등락 상위 / 하위 (1M)**"}
    if state.tab == "watchlist":
        rows = [[s.name, s.code, s.sector] for s in list(stocks().values())[:8]]
        return {"table_headers": ["종목", "코드", "업종"], "table": rows, "body": "**관심 종목**"}
    card = CardView(card_type="tutor_chart", title="시장 (KODEX 200) · 3M · 샌드박스",
                    data=charts.price_card(market.MARKET, "3M"))
    return {"chart": card, "body": f"시장(KODEX 200) 1M {kodex['change_pct']:+.2f}% · 종가 {kodex['last_close']:,}원 "
                                    f"({kodex['end']} 기준)"}


def _keyword_hit(case: dict[str, Any], keyword: str | None) -> bool:
    if not keyword:
        return True
    k = keyword.lower().replace(" ", "")
    text = " ".join([case["title"], case.get("title_en", ""), case["summary"], *case["tags"]]).lower().replace(" ", "")
    return k in text


def last_turn(view: ChatView) -> tuple[str | None, str, list[Any]]:
    """(turn id, the user's message, the ui_action events of that turn rebuilt from its steps)."""
    user = next((m for m in reversed(view.messages) if m.role == "user"), None)
    if user is None:
        return None, "", []
    turn = next((m.turn_id for m in reversed(view.messages) if m.role == "assistant" and m.turn_id), None)
    events = []
    for m in view.messages:
        match = _UI_STEP.match(m.name) if m.kind == "step" and m.turn_id == turn else None
        if match:
            events.append(_UIEvent(action_id=match.group(1), params=dict(m.args or {}), risk=match.group(2),
                                   needs_confirmation=match.group(2) == "high"))
        if m.kind == "error" and m.turn_id == turn:
            events.append(_UIEvent(type="error"))
    return turn, user.text, events


class _UIEvent(BaseModel):
    type: str = "ui_action"
    action_id: str = ""
    params: dict[str, Any] = Field(default_factory=dict)
    risk: str = "low"
    needs_confirmation: bool = False


def app_after(state: AppState, view: ChatView, seen: list[str]) -> tuple[AppState, list[str], str]:
    """The app state once the open conversation changed: the last turn's low-risk ui_actions (or the
    keyword fallback when the reply had none), then any high-risk action confirmed since. ``seen``
    lists the turns and actions already applied, so a redraw never applies one twice."""
    note = ""
    turn, message, events = last_turn(view)
    if turn is not None and turn not in seen and not view.running:
        outcome = after_turn(state, events, message)
        state, seen = outcome.state, [*seen, turn]
        if outcome.source == "keyword_fallback" and outcome.ran:
            note = f"앱이 메시지의 키워드로 실행: {outcome.ran[0]['action_id']}"
    for action in view.actions:
        if action.tool_name == "confirm_ui_action" and action.status == "COMPLETED" and action.action_id not in seen:
            state, seen = apply_confirmed(state, action.args), [*seen, action.action_id]
    return state, seen[-200:], note


def turn_extra(state: AppState, text: str, now: datetime, web: bool, mode: str | None, structured: bool
               ) -> dict[str, Any]:
    """What every message typed to the tutor carries: the app's context_text (the screen it shows and
    what the agent may do there) and the seed's switches."""
    state = state.model_copy(update={"last_prompt": text, "control_phase": "running"})
    context = contract.build(state, now, prompt=text, source="agent_dock")
    return {"context_text": context.to_text(), "use_web_search": bool(web),
            "response_mode": mode or "plain", "structured_extract": bool(structured)}


def canvas_markdown(view: ChatView | None) -> str:
    """The canvas panel's text: the structured summary when the extraction gave one, else the reply."""
    canvas = view.canvas if view is not None else None
    if not canvas:
        return ""
    s = canvas.get("structured")
    if not s:  # no structured data: the canvas shows the text first (seed §프론트 fallback 규칙)
        return canvas["markdown"]
    terms = "\n".join(f"- **{t['term']}**: {t['definition']}" for t in s.get("terms", []))
    points = "\n".join(f"- {p}" for p in s.get("key_points", []))
    steps = "\n".join(f"- {p}" for p in s.get("next_steps", []))
    return f"## {s['title']}\n\n#### 핵심\n{points}\n\n#### 용어\n{terms}\n\n#### 다음 단계\n{steps}"
