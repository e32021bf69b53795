"""The tutor's tools. ``ui_action`` is validated and run by the pipeline (it needs the screen's
catalog); a high-risk one becomes the hidden mutation ``confirm_ui_action``, which runs only after
the learner confirms the card. The rest are look-ups over the sandbox data and the chart tool."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, JsonValue

from agents.core.events import Detail
from agents.core.tools import Card, Confirmation, ToolContext, ToolOutput
from agents.nlu.particles import with_josa
from agents.tutor import charts, market, ranking, sandbox, screen
from agents.tutor.card_data import TutorChart
from agents.tutor.catalog import action_spec
from agents.tutor.sandbox import default_state, external_url
from agents.tutor.sandbox_data import cases, glossary, prices, screens, stocks
from agents.tutor.store import PortfolioStore

Period = Literal["1M", "3M", "1Y"]


class UIActionArgs(BaseModel):
    action_id: str = Field(description="action_catalog의 id (현재 화면의 카탈로그에 있는 것만)")
    params: dict[str, Any] = Field(default_factory=dict, description="그 액션의 params_schema에 맞는 JSON 객체")


class ConfirmUIArgs(UIActionArgs):
    """The high-risk half of ui_action: the same action, and the language its card and outcome use."""

    lang: Literal["ko", "en"] = Field(default="ko", description="the learner's language")


class VisualizationArgs(BaseModel):
    kind: Literal["price", "compare", "allocation"] = Field(description="price: 한 종목, compare: 두 종목, allocation: 내 자산 비중")
    codes: list[str] = Field(default_factory=list, max_length=2, description="종목 코드 (price 1개, compare 2개)")
    period: Period = "3M"


class StockArgs(BaseModel):
    code: str = Field(pattern=r"^[0-9]{6}$", description="종목 코드 6자리")
    period: Period = "3M"


class MarketArgs(BaseModel):
    code: str | None = Field(default=None, pattern=r"^[0-9]{6}$", description="종목 코드; 없으면 시장 전체")
    period: Period = "3M"


class CaseArgs(BaseModel):
    case_id: str = Field(description="교육 사례 id")


class TermArgs(BaseModel):
    term: str = Field(min_length=1, max_length=40)
    code: str | None = Field(default=None, pattern=r"^[0-9]{6}$",
                             description="the stock whose figure was asked (PER of 삼성전자), if any")


class PortfolioArgs(BaseModel):
    rank: list[ranking.Rank] = Field(default_factory=list, max_length=4,
                                     description="measures a question ranks the holdings by ('what is my biggest "
                                                 "holding?': value_high); the reply states each one's holding first")


class CanvasArgs(BaseModel):
    title: str = Field(default="학습 노트", max_length=80)


class ClarifyArgs(BaseModel):
    question: str = Field(min_length=1, max_length=300)
    options: list[str] = Field(default_factory=list, max_length=6)
    known: dict[str, JsonValue] = Field(default_factory=dict)


def _check_code(code: str) -> None:
    if code not in stocks():
        raise ValueError(f"stock code {code!r} is not in the sandbox; known: {', '.join(stocks())}")


# --- look-ups ------------------------------------------------------------------------------------

def lookup_stock(args: StockArgs, ctx: ToolContext) -> ToolOutput:
    _check_code(args.code)
    s = stocks()[args.code]
    stats = market.stats(args.code, args.period)
    data = {"code": s.code, "name": s.name, "name_en": s.name_en, "sector": s.sector, "sector_en": s.sector_en,
            "market": s.market, "kind": s.kind, "description": s.description,
            "stats": stats, "related_cases": [c["id"] for c in cases().values() if s.code in c["related_codes"]],
            "sandbox": True}
    return ToolOutput(summary=f"{s.name} {args.period}: 종가 {stats['last_close']:,}원, {stats['change_pct']:+.2f}% "
                              "(샌드박스)", data=data)


def explain_move(args: MarketArgs, ctx: ToolContext) -> ToolOutput:
    if args.code:
        _check_code(args.code)
    data = market.move_explanation(args.code, args.period)
    who = data["stock"]["name"] if data["stock"] else "시장(KODEX 200)"
    change = (data["stock"] or data["market"])["change_pct"]
    return ToolOutput(summary=f"{who} {args.period} {change:+.2f}% (샌드박스 가격)", data={**data, "sandbox": True})


def lookup_case(args: CaseArgs, ctx: ToolContext) -> ToolOutput:
    case = cases().get(args.case_id)
    if case is None:
        raise ValueError(f"case {args.case_id!r} does not exist; known: {', '.join(cases())}")
    episode = case.get("sandbox_episode")
    moves = []
    if episode:
        frame = prices()
        for code in episode["codes"]:
            rows = frame[(frame["code"] == code) & (frame["date"] >= episode["start"]) & (frame["date"] <= episode["end"])]
            if len(rows) > 1:
                # The window's deepest fall from an earlier high too: a V-shaped window nets out near zero.
                drawdown = round(float((rows["close"] / rows["close"].cummax() - 1).min()) * 100, 2)
                moves.append({"code": code, "name": stocks()[code].name, "change_pct": market.change_pct(rows),
                              "max_drawdown_pct": drawdown})
    data: dict[str, object] = {k: case[k] for k in ("id", "title", "title_en", "category", "period", "period_kind",
                                                    "summary", "summary_en", "key_terms", "quiz", "related_codes")}
    data["body"] = case["body"]
    data["sandbox_moves"] = moves
    data["sandbox_window"] = {"start": episode["start"], "end": episode["end"]} if episode else None
    return ToolOutput(summary=f"{case['title']}: {case['summary']}", data=data)


# The glossary's terms the sandbox's daily prices hold, with their columns.
_PRICE_COLUMNS = {"시가": ("open",), "종가": ("close",), "고가와 저가": ("high", "low"), "거래량": ("volume",)}


def lookup_term(args: TermArgs, ctx: ToolContext) -> ToolOutput:
    entry = glossary().get(args.term) or next(
        (e for e in glossary().values() if args.term.lower() in (a.lower() for a in e["aliases"])), None)
    if entry is None:
        raise ValueError(f"term {args.term!r} is not in the glossary")
    data = dict(entry)
    if args.code:  # the sandbox holds prices only: a named stock's ratio is not a figure it has, its prices are
        _check_code(args.code)
        held = _PRICE_COLUMNS.get(entry["term"])
        asked: dict[str, object] = {"code": args.code, "name": stocks()[args.code].name,
                                    "name_en": stocks()[args.code].name_en, "figure_held": held is not None}
        if held is not None:  # the stock's last sandbox day: the figure asked, stated first
            frame = prices()
            last = frame[frame["code"] == args.code].sort_values("date").iloc[-1]
            asked |= {"date": str(last["date"])[:10], "values": {c: int(last[c]) for c in held}}
        data["asked_for"] = asked
    return ToolOutput(summary=f"{entry['term']}: {entry['definition']}", data=data)


def get_portfolio(args: PortfolioArgs, ctx: ToolContext) -> ToolOutput:
    value = portfolio_value(ctx)
    data: dict[str, object] = dict(value)
    if args.rank:  # the holding each measure puts first, from the same rows the summary lists
        data["ranked"] = [{"rank": m, "codes": ranking.ranked(m, value["holdings"])} for m in args.rank]
    return ToolOutput(summary=f"총자산 {value['total']:,}원, 평가손익 {value['pnl']:+,}원 ({value['pnl_pct']:+.2f}%), "
                              f"현금 {value['cash']:,}원 (샌드박스)", data=data)


def portfolio_value(ctx: ToolContext) -> market.PortfolioValue:
    store = PortfolioStore(ctx.store)
    store.ensure(ctx.user_id, ctx.now)
    return market.portfolio_value(store.holdings(ctx.user_id), store.cash(ctx.user_id))


def visualization(args: VisualizationArgs, ctx: ToolContext) -> ToolOutput:
    for code in args.codes:
        _check_code(code)
    lang = "en" if ctx.meta.get("lang") == "en" else "ko"  # the learner's language: title, labels and notice
    sandbox = "sandbox" if lang == "en" else "샌드박스"
    if args.kind == "allocation":
        data = charts.allocation_card(portfolio_value(ctx), lang)
        title = "Allocation (sandbox)" if lang == "en" else "자산 배분 (샌드박스)"
    elif args.kind == "compare":
        if len(args.codes) != 2:
            raise ValueError("compare needs exactly two stock codes")
        data = charts.compare_card(args.codes, args.period, lang)
        title = f"{' vs '.join(charts.name(c, lang) for c in args.codes)} · {args.period} ({sandbox})"
    else:
        if len(args.codes) != 1:
            raise ValueError("price needs exactly one stock code")
        data = charts.price_card(args.codes[0], args.period, lang)
        title = f"{charts.name(args.codes[0], lang)} · {args.period} ({sandbox})"
    return ToolOutput(summary=f"차트를 그렸습니다: {title}",
                      data={**{k: v for k, v in data.items() if k != "chart"}, "title": title},
                      cards=[Card(card_type="tutor_chart", title=title, data=TutorChart.model_validate(data))])


def open_canvas(args: CanvasArgs, ctx: ToolContext) -> ToolOutput:
    ctx.meta["response_mode"] = "canvas_markdown"
    return ToolOutput(summary=f"캔버스를 열었습니다: {args.title}. 이어서 쓰는 답은 캔버스에 학습 노트로 표시됩니다.",
                      data={"response_mode": "canvas_markdown", "title": args.title})


def ask_clarification(args: ClarifyArgs, ctx: ToolContext) -> ToolOutput:
    return ToolOutput(summary=args.question, data=args.model_dump(),
                      clarification={"question": args.question, "options": args.options, "context": args.known})


# --- the high-risk half of ui_action ---------------------------------------------------------------

def confirm_ui_action(args: ConfirmUIArgs, ctx: ToolContext) -> ToolOutput:
    """Runs after Confirm, exactly once (the pending action's state machine): the data change
    (portfolio) and the app's new screen are written in the action's own transaction."""
    params = dict(args.params)
    en = args.lang == "en"
    store = PortfolioStore(ctx.store)
    store.ensure(ctx.user_id, ctx.now)
    code = params.get("code")
    name = charts.name(code, args.lang) if code in stocks() else str(code)  # the catalog checked the code
    match args.action_id:
        case "remove_holding":
            removed = store.remove(ctx.user_id, params["code"])
            if removed is None:
                return ToolOutput(ok=False, summary=f"{name} is not a holding." if en else f"{with_josa(name, '은')} 보유 종목이 아닙니다.")
            summary = (f"Removed {name} ({removed['quantity']} shares) from the sandbox portfolio." if en else
                       f"샌드박스 포트폴리오에서 {name} {removed['quantity']}주를 뺐습니다.")
        case "reset_portfolio":
            store.reset(ctx.user_id, ctx.now)
            summary = "Reset the sandbox portfolio to its start." if en else "샌드박스 포트폴리오를 처음 상태로 되돌렸습니다."
        case "open_order":
            side = ("buy" if params["side"] == "buy" else "sell") if en else ("매수" if params["side"] == "buy" else "매도")
            summary = (f"Opened the mock {side} screen for {name} (a sandbox: no real order is placed)." if en else
                       f"{name} 모의 {side} 화면을 열었습니다 (샌드박스: 실제 주문은 나가지 않습니다).")
        case "open_external_link":
            params["url"] = external_url(params["link"], params.get("code"))
            summary = f"Opened the external link: {params['url']}" if en else f"외부 링크를 열었습니다: {params['url']}"
        case _:
            return ToolOutput(ok=False, summary=f"{args.action_id} is not a high-risk action.")
    before = screen.load(ctx.store, ctx.conversation_id, ctx.user_id) or default_state()
    after = sandbox.apply(before, args.action_id, {k: v for k, v in params.items() if k != "url"})
    screen.save(ctx.store, ctx.conversation_id, ctx.user_id, after)
    # No card: the outcome line says what ran, and the app shows the new screen.
    return ToolOutput(summary=summary, data={"action_id": args.action_id, "params": params, "risk": "high",
                                             "executed": True, "route": after.route})


_CARD = {"action": ("액션", "Action"), "stock": ("종목", "Stock"), "side": ("구분", "Side"), "link": ("링크", "Link"),
         "buy": ("매수", "buy"), "sell": ("매도", "sell")}


def ui_confirmation(args: ConfirmUIArgs, ctx: ToolContext, previous: ConfirmUIArgs | None = None) -> Confirmation:
    """The card above the input, in the learner's language."""
    spec = action_spec(args.action_id)
    if spec is None or spec.risk != "high":
        raise ValueError(f"{args.action_id!r} is not a high-risk action of the catalog")
    en = args.lang == "en"

    def w(key: str) -> str:
        return _CARD[key][1] if en else _CARD[key][0]

    p = args.params
    label = next(a["label_en"] for a in screens()["actions"] if a["id"] == spec.id) if en else spec.label
    details = [Detail(label=w("action"), value=label)]  # the human name: the catalogue id is not for people
    warnings: list[str] = []
    name = charts.name(p["code"], args.lang) if p.get("code") in stocks() else str(p.get("code"))
    match args.action_id:
        case "open_order":
            details.append(Detail(label=w("stock"), value=f"{name} ({p['code']})"))
            details.append(Detail(label=w("side"), value=w(p["side"])))
            warnings.append("A sandbox mock order screen: no real order is placed." if en else
                            "샌드박스 모의 주문 화면입니다. 실제 주문은 나가지 않습니다.")
            summary = f"Open the {w(p['side'])} screen for {name}" if en else f"{name} {w(p['side'])} 화면 열기"
        case "open_external_link":
            url = external_url(p["link"], p.get("code"))
            details.append(Detail(label=w("link"), value=url))
            warnings.append("A site outside the app opens." if en else "앱 밖의 사이트가 열립니다.")
            link = screens()["external_links"][p["link"]]
            summary = f"Open an external link: {link['label_en']}" if en else f"외부 링크 열기: {link['label']}"
        case "remove_holding":
            held = {h["code"]: h for h in PortfolioStore(ctx.store).holdings(ctx.user_id)}
            if p["code"] not in held:  # said to the learner as it is: a plain sentence in their language
                names = ", ".join(charts.name(c, args.lang) for c in held)
                raise ValueError(f"{name} is not in your sandbox portfolio, so there is nothing to remove. You hold: "
                                 f"{names}." if en else
                                 f"{with_josa(name, '은')} 샌드박스 포트폴리오에 없어서 뺄 수 없어요. 지금 보유 종목: {names}.")
            shares = held[p["code"]]["quantity"]
            details.append(Detail(label=w("stock"), value=f"{name} {shares} shares" if en else f"{name} {shares}주"))
            warnings.append("This stock leaves the sandbox portfolio (a reset brings it back)." if en else
                            "샌드박스 포트폴리오에서 이 종목이 사라집니다 (초기화로 되돌릴 수 있어요).")
            summary = f"Remove {name} from the holdings" if en else f"보유 종목에서 {name} 삭제"
        case _:
            warnings.append("The sandbox portfolio's holdings and cash go back to how they were at the start."
                            if en else "샌드박스 포트폴리오의 보유 종목과 현금이 처음 상태로 돌아갑니다.")
            summary = "Reset the sandbox portfolio" if en else "샌드박스 포트폴리오 초기화"
    return Confirmation(summary=summary, details=details, warnings=warnings)
