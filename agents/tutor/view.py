"""The tutor's sandbox app as a framework-neutral view model (what the workspace panel draws), in the
viewer's language, and the canvas note. Pure functions over the app state, sandbox data and the chat view."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import TypedDict

from pydantic import BaseModel, Field

from agents.tutor import charts, contract, market
from agents.tutor.sandbox import AppState, screen
from agents.tutor.sandbox_data import cases, keyword_hit, screens, stocks
from agents.view.render import CardView, ChatView, MessageView

TEXT: dict[str, tuple[str, str]] = {
    "heading": ("### 📱 샌드박스 앱 · {screen}", "### 📱 Sandbox app · {screen}"),
    "archive": ("**🗂️ 학습 기록**: {visited}", "**🗂️ History**: {visited}"),
    "archive_empty": ("(아직 없음)", "(nothing yet)"),
    "order": ("> **🧾 모의 {side} 화면** · {name} ({code}) · 현재가 {close}\n>\n"
              "> 샌드박스라 주문 버튼은 없고, 실제 주문은 나가지 않습니다.",
              "> **🧾 Mock {side} screen** · {name} ({code}) · last {close}\n>\n"
              "> A sandbox: there is no order button and no real order is ever placed."),
    "buy": ("매수", "buy"), "sell": ("매도", "sell"),
    "link": ("**🔗 외부 링크** ({label}): [{url}]({url})", "**🔗 External link** ({label}): [{url}]({url})"),
    "stock_title": ("{name} ({code}) · {period} · 샌드박스", "{name} ({code}) · {period} · sandbox"),
    "stock_stats": ("종가 **{close}** ({change}, {period}) · 고가 {high} · 저가 {low} · 평균 거래량 {volume}",
                    "Close **{close}** ({change}, {period}) · high {high} · low {low} · avg volume {volume}"),
    "related": ("**관련 사례**", "**Related cases**"),
    "cases_count": ("사례 {n}개", "{n} cases"),
    "cases_keyword": (" · 키워드 '{keyword}'", " · keyword '{keyword}'"),
    "case_headers": ("사례|분류|태그", "Case|Category|Tags"),
    "terms": ("#### 핵심 용어", "#### Key terms"),
    "quiz": ("#### 퀴즈", "#### Quiz"),
    "korean_only": ("", "_The case text is written in Korean._"),
    "tiles": ("총자산 **{total}** · 평가손익 {pnl} ({pct}) · 현금 {cash}", "Total **{total}** · P&L {pnl} ({pct}) · cash {cash}"),
    "allocation_title": ("자산 배분 (샌드박스)", "Allocation (sandbox)"),
    "holding_headers": ("종목|수량|종가|평가금액|수익률", "Stock|Shares|Close|Value|Return"),
    "movers": ("**등락 상위 / 하위 (1M)**", "**Top and bottom movers (1M)**"),
    "movers_headers": ("종목|1M 등락", "Stock|1M change"),
    "watchlist": ("**관심 종목**", "**Watchlist**"),
    "watch_headers": ("종목|코드|업종", "Stock|Code|Sector"),
    "market_title": ("시장 (KODEX 200) · 3M · 샌드박스", "Market (KODEX 200) · 3M · sandbox"),
    "market_line": ("시장(KODEX 200) 1M {change} · 종가 {close} ({end} 기준)",
                    "Market (KODEX 200) 1M {change} · close {close} (as of {end})"),
    "canvas_points": ("#### 핵심", "#### Key points"),
    "canvas_terms": ("#### 용어", "#### Terms"),
    "canvas_next": ("#### 다음 단계", "#### Next steps"),
    "fallback_ran": ("앱이 메시지의 키워드로 실행: {label}", "The app ran from your message's keywords: {label}"),
    "fallback_proposed": ("앱이 메시지의 키워드로 제안: {label} (입력창 위 카드에서 확인)",
                          "The app proposes from your message's keywords: {label} (confirm on the card above the input)"),
    "fallback_refused": ("앱이 '{label}'을(를) 제안하지 못했어요: {reason}", "The app could not propose '{label}': {reason}"),
    "nav_home": ("홈", "Home"), "nav_education": ("교육", "Learn"), "nav_my": ("내 자산", "My assets"),
    "periods": ("1개월|3개월|1년", "1 month|3 months|1 year"),
    "mode_plain": ("채팅 (plain)", "Chat (plain)"), "mode_canvas": ("캔버스 (canvas_markdown)", "Canvas (canvas_markdown)"),
}
PERIODS = ("1M", "3M", "1Y")


def text(key: str, lang: str, **values: object) -> str:
    ko, en = TEXT[key]
    return (en if lang == "en" else ko).format(**values)


def headers(key: str, lang: str) -> list[str]:
    return text(key, lang).split("|")


def period_choices(lang: str) -> list[tuple[str, str]]:
    return list(zip(text("periods", lang).split("|"), PERIODS, strict=True))


def stock_choices(lang: str) -> list[tuple[str, str]]:
    return [(f"{charts.name(s.code, lang)} ({s.code})", s.code) for s in stocks().values()]


def action_label(action_id: str, lang: str) -> str:
    spec = next((a for a in screens()["actions"] if a["id"] == action_id), None)
    if spec is None:
        return action_id
    return str(spec["label_en"] if lang == "en" else spec["label"])


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
    table: list[list[str | int]] = Field(default_factory=list)
    notice: str = ""


def screen_view(state: AppState, value: market.PortfolioValue, lang: str = "ko") -> TutorScreen:
    spec = screen(state.mode)
    en = lang == "en"
    tab_labels = spec["tabs_en"] if en else spec["tabs"]
    base = dict(heading=text("heading", lang, screen=spec["label_en"] if en else spec["label"]), route=state.route,
                mode=state.mode, tabs=[(label, tab) for tab, label in tab_labels.items()], tab=state.tab,
                show_period=state.mode == "stock", period=state.period, show_keyword=state.mode == "education",
                keyword=state.keyword or "", notice=charts.notice(lang))
    extra = []
    if state.archive_open:
        extra.append(text("archive", lang, visited=" → ".join(state.history[-6:]) or text("archive_empty", lang)))
    if state.order is not None:
        close = charts.won(market.stats(state.order.code, state.period)["last_close"], lang)
        extra.append(text("order", lang, side=text(state.order.side, lang), name=charts.name(state.order.code, lang),
                          code=state.order.code, close=close))
    if state.link is not None:
        link = screens()["external_links"][state.link.link]
        extra.append(text("link", lang, label=link["label_en"] if en else link["label"], url=state.link.url))
    view = _screen_body(state, value, lang)
    body = "\n\n".join([*extra, view.pop("body", "")])
    return TutorScreen.model_validate({**base, **view, "body": body})


class ScreenBody(TypedDict, total=False):
    """What one screen shows under its header: a chart, a table, the text."""

    chart: CardView
    table_headers: list[str]
    table: list[list[str | int]]
    body: str


def _screen_body(state: AppState, value: market.PortfolioValue, lang: str) -> ScreenBody:
    en = lang == "en"
    if state.mode == "stock" and state.stock_code:
        s = stocks()[state.stock_code]
        stats = market.stats(s.code, state.period)
        card = CardView(card_type="tutor_chart", data=charts.price_card(s.code, state.period, lang),
                        title=text("stock_title", lang, name=charts.name(s.code, lang), code=s.code, period=state.period))
        related = [c["title_en"] if en else c["title"] for c in cases().values() if s.code in c["related_codes"]]
        if state.tab == "info":
            body = f"**{charts.name(s.code, lang)}** · {s.market} · {s.sector}\n\n{s.description}"
        elif state.tab == "cases":
            body = text("related", lang) + "\n" + "\n".join(f"- {t}" for t in related)
        else:
            body = text("stock_stats", lang, close=charts.won(stats["last_close"], lang), change=f"{stats['change_pct']:+.2f}%",
                        period=state.period, high=f"{stats['high']:,}", low=f"{stats['low']:,}",
                        volume=f"{stats['avg_volume']:,}")
        return {"chart": card, "body": body}
    if state.mode == "education":
        if state.case_id:
            c = cases()[state.case_id]
            terms = "\n".join(f"- **{t['term']}**: {t['definition']}" for t in c["key_terms"])
            quiz = c["quiz"][0]
            title = f"## {c['title_en']}\n{c['title']}" if en else f"## {c['title']}"
            return {"body": "\n\n".join(x for x in (title, text("korean_only", lang), c["body"], text("terms", lang) + "\n" + terms,
                                                     text("quiz", lang) + "\n" + quiz["question"]) if x)}
        rows: list[list[str | int]] = [[c["title_en"] if en else c["title"], c["category"], ", ".join(c["tags"][:4])]
                                       for c in cases().values()
                if (state.tab in ("all", c["category"])) and keyword_hit(c, state.keyword)]
        body = text("cases_count", lang, n=len(rows)) + (text("cases_keyword", lang, keyword=state.keyword)
                                                         if state.keyword else "")
        return {"table_headers": headers("case_headers", lang), "table": rows, "body": body}
    if state.mode == "my":
        tiles = text("tiles", lang, total=charts.won(value["total"], lang), pnl=f"{value['pnl']:+,}",
                     pct=f"{value['pnl_pct']:+.2f}%", cash=charts.won(value["cash"], lang))
        if state.tab == "allocation":
            card = CardView(card_type="tutor_chart", title=text("allocation_title", lang),
                            data=charts.allocation_card(value, lang))
            return {"chart": card, "body": tiles}
        rows = [[charts.name(h["code"], lang), h["quantity"], f"{h['close']:,}", f"{h['value']:,}",
                 f"{h['pnl_pct']:+.2f}%"] for h in value["holdings"]]
        return {"table_headers": headers("holding_headers", lang), "table": rows, "body": tiles}
    kodex = market.stats(market.MARKET, "1M")
    movers = market.movers("1M")
    if state.tab == "movers":
        rows = [[charts.name(m["code"], lang), f"{m['change_pct']:+.2f}%"] for m in movers["up"] + movers["down"]]
        return {"table_headers": headers("movers_headers", lang), "table": rows, "body": text("movers", lang)}
    if state.tab == "watchlist":
        rows = [[charts.name(s.code, lang), s.code, s.sector] for s in list(stocks().values())[:8]]
        return {"table_headers": headers("watch_headers", lang), "table": rows, "body": text("watchlist", lang)}
    card = CardView(card_type="tutor_chart", title=text("market_title", lang),
                    data=charts.price_card(market.MARKET, "3M", lang))
    return {"chart": card, "body": text("market_line", lang, change=f"{kodex['change_pct']:+.2f}%",
                                        close=charts.won(kodex["last_close"], lang), end=kodex["end"])}


def canvas_markdown(view: ChatView | None, lang: str = "ko") -> str:
    """The canvas of the open conversation: the structured summary when the extraction gave one,
    else the reply's markdown (seed §프론트 fallback 규칙: text first)."""
    canvas = view.canvas if view is not None else None
    if not canvas:
        return ""
    s = canvas.get("structured")
    if not isinstance(s, dict) or not s:  # a canvas_markdown reply: {"markdown", "structured", "turn_id"}
        return str(canvas["markdown"])
    terms = "\n".join(f"- **{t['term']}**: {t['definition']}" for t in s.get("terms", []))
    points = "\n".join(f"- {p}" for p in s.get("key_points", []))
    steps = "\n".join(f"- {p}" for p in s.get("next_steps", []))
    return (f"## {s['title']}\n\n{text('canvas_points', lang)}\n{points}\n\n{text('canvas_terms', lang)}\n{terms}\n\n"
            f"{text('canvas_next', lang)}\n{steps}")


def canvas_is_new(view: ChatView | None) -> bool:
    """The canvas came from the conversation's last turn (the panel opens it then, folds it after)."""
    if view is None or not view.canvas:
        return False
    last = next((m.turn_id for m in reversed(view.messages) if m.role == "assistant" and m.turn_id), None)
    return view.canvas.get("turn_id") == last


def turn_extra(state: AppState, text_: str, now: datetime, *, app_session: str, web: bool, mode: str | None,
               structured: bool) -> dict[str, object]:
    """What every message typed to the tutor carries (any front end): the app's context_text (the screen
    it shows, what the agent may do there, and which app session sent it, so the keyword fallback runs
    once, in that session) and the seed's switches."""
    state = state.model_copy(update={"last_prompt": text_, "control_phase": "running"})
    context = contract.build(state, now, prompt=text_, source="agent_dock", context={"app_session": app_session})
    return {"context_text": context.to_text(), "use_web_search": bool(web),
            "response_mode": mode or "plain", "structured_extract": bool(structured)}


def fallback_note(done: Mapping[str, object] | None, view: ChatView, lang: str) -> str:
    """What the app's keyword fallback did for the last turn (stored with the conversation, so every
    redraw, another tab and a reload say the same); empty once the learner has typed again."""
    last = next((m.turn_id for m in reversed(view.messages) if m.role == "user"), None)
    if not done or done.get("turn_id") != last:
        return ""
    what = action_label(str(done.get("action_id", "")), lang)
    if done.get("outcome") == "refused":
        return text("fallback_refused", lang, label=what, reason=done.get("reason", ""))
    return text("fallback_ran" if done.get("outcome") == "ran" else "fallback_proposed", lang, label=what)


def done_meta(view: ChatView, meta: dict[str, object], turn: str | None) -> list[MessageView]:
    """``AgentSpec.ui.on_done``: web-search sources go under the reply; a canvas_markdown reply moves to the
    canvas panel (the bubble keeps a pointer), with the structured summary when the extraction gave one."""
    out: list[MessageView] = []
    found = meta.get("sources")
    sources = [s for s in (found if isinstance(found, list) else []) if isinstance(s, dict) and s.get("url")]
    if sources:
        links = " · ".join(f"[{s.get('title') or s['url']}]({s['url']})" for s in sources[:8])
        out.append(MessageView(kind="notice", text=f"🔎 출처 (sources): {links}", turn_id=turn))
    if meta.get("response_mode") != "canvas_markdown":
        return out
    reply = next((m for m in reversed(view.messages) if m.turn_id == turn and m.kind == "text"
                  and m.role == "assistant" and m.text.strip()), None)
    if reply is None:
        return out
    view.canvas = {"markdown": reply.text, "structured": meta.get("structured"), "turn_id": turn}
    reply.text = "📝 답을 작업 공간의 캔버스에 학습 노트로 정리했어요. (The answer is in the canvas, in the workspace.)"
    return out
