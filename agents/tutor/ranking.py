"""A holding named by rank or property instead of by name ("손해 제일 많이 본 종목", "평가액 가장 큰 거", "my worst performer",
"my biggest position"), resolved against the learner's holdings valued at the last sandbox close: the same rows
the portfolio summary shows (``market.portfolio_value``). The app sends them in ``context_text``'s
``portfolio_summary.positions``; without them (a bare reading, the CLI) the sandbox's starting portfolio stands in.

A message is read for the measures it names (value or weight, return, gain, loss, number of shares) and the end it
wants (highest or lowest). Each measure picks its holding; when the measures a message could mean pick different
holdings ("제일 많이 가진 거": by value or by shares?) or two holdings tie, the reading asks with those holdings as
choices. A mutation on the resolved holding is still the usual high-risk action (it waits for confirmation), and a
question ("what's my biggest holding?") is the portfolio summary with the measures to state first."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from agents.nlu.particles import with_josa
from agents.tutor import market
from agents.tutor.catalog import hit
from agents.tutor.charts import name as stock_label
from agents.tutor.names import find_stocks
from agents.tutor.questions import Reading, ask, ask_side
from agents.tutor.sandbox import AppState
from agents.tutor.sandbox_data import default_portfolio

Rank = Literal["value_high", "value_low", "return_high", "return_low", "gain_high", "loss_high", "quantity_high",
               "quantity_low"]
# measure -> (the holding row's figure, +1 the highest / -1 the lowest, the row must be a gain (+1) / loss (-1) / any)
MEASURES: dict[Rank, tuple[str, int, int]] = {
    "value_high": ("value", 1, 0), "value_low": ("value", -1, 0),
    "return_high": ("pnl_pct", 1, 0), "return_low": ("pnl_pct", -1, 0),
    "gain_high": ("pnl", 1, 1), "loss_high": ("pnl", -1, -1),
    "quantity_high": ("quantity", 1, 0), "quantity_low": ("quantity", -1, 0),
}
# How the reply names each measure (Korean, English).
WORDS: dict[Rank, tuple[str, str]] = {
    "value_high": ("평가액(비중)이 가장 큰", "with the largest value (weight)"),
    "value_low": ("평가액(비중)이 가장 작은", "with the smallest value (weight)"),
    "return_high": ("수익률이 가장 높은", "with the best return"), "return_low": ("수익률이 가장 낮은", "with the worst return"),
    "gain_high": ("평가이익이 가장 큰", "with the biggest gain"), "loss_high": ("평가손실이 가장 큰", "with the biggest loss"),
    "quantity_high": ("보유 수량이 가장 많은", "with the most shares"),
    "quantity_low": ("보유 수량이 가장 적은", "with the fewest shares"),
}

# A superlative: "제일", "가장", "젤", "최고/최악", "1등", "top", "most/least", "-est" ("biggest", "worst").
_SUPER = re.compile(r"제일|가장|젤|최고|최악|일등|1등|1위|꼴찌|\b(?:top|most|least|best|worst|biggest|largest|smallest|"
                    r"heaviest|lightest|highest|lowest|poorest|greatest)\b", re.I)
# What a ranked phrase ranks: a holding ("거", "종목", "the one") or one of its figures.
_THING = re.compile(r"종목|주식|거|건|것|게|애|놈|비중|평가액|수량|\b(?:one|holding|stock|position|share|name|loser|winner|performer)s?\b",
                    re.I)
_LOSS = re.compile(r"손실|손해|잃|마이너스|물린|\b(?:loss(?:es)?|lost|losing|loser|in the red)\b", re.I)
_GAIN = re.compile(r"이익|이득|(?<!배당)수익(?!률)|벌었|많이\s?번|돈\s?번|번\s?(?:거|종목|것)|플러스|\b(?:gains?|gained|made|winner|profit(?:s|able)?|in the "
                   r"green)\b", re.I)
_RETURN = re.compile(r"수익률|성과|성적|퍼포먼스|오른|올랐|상승|떨어진|떨어졌|내린|내렸|빠진|빠졌|하락|"
                     r"\b(?:returns?|perform\w*|up|down|drop\w*|fell|fallen|rose|risen|climb\w*)\b", re.I)
_RETURN_LOW = re.compile(r"안\s?좋|나쁜|나빠|낮|최악|꼴찌|떨어진|떨어졌|내린|내렸|빠진|빠졌|하락|"
                         r"\b(?:worst|lowest|poorest|down|drop\w*|fell|fallen)\b", re.I)
_BARE_LOW = re.compile(r"안\s?좋|나쁜|최악|\b(?:worst|poorest)\b", re.I)
_BARE_HIGH = re.compile(r"좋은|최고|잘\s?된|\b(?:best)\b", re.I)
_SHARES = re.compile(r"수량|몇\s?주|주\s?수|\b(?:shares|number of shares)\b", re.I)
_HELD = re.compile(r"많이\s?(?:가진|갖고|가지고|들고|보유|산|샀)|\b(?:own|hold|have) the most\b", re.I)
_VALUE = re.compile(r"비중|평가액|평가\s?금액|금액|큰|커|작은|작아|적은|적게|\b(?:weight\w*|value|biggest|largest|heaviest|"
                    r"smallest|lightest|top|position|holding)\b", re.I)
_LOW = re.compile(r"작은|작아|적은|적게|낮은|낮아|\b(?:smallest|lightest|least|lowest)\b", re.I)
# Words that put a ranked phrase among the learner's own holdings (on another screen than 내 자산).
_MINE = re.compile(r"보유|가진|갖고|가지고|들고|포트폴리오|포폴|계좌|내\s|내가|비중|손실|손해|잃|(?<!배당)수익(?!률)|\bmy\b|"
                   r"\b(?:holdings?|portfolio|positions?|own|i have|i hold)\b", re.I)
# One holding ranked ("제일 큰 거", "the top one"), not the whole allocation.
_ONE = re.compile(r"종목|주식|거|건|것|애|놈|\b(?:one|holding|stock|position|name)\b", re.I)
# Its page or chart asked for.
_PAGE = re.compile(r"차트|그래프|페이지|화면|\b(?:chart|graph|page|screen)\b", re.I)
# Readings that wait only for a holding.
_NEEDS_HOLDING = frozenset({"remove_holding", "open_order", "nav_stock", "explain_move", "open_external_link"})


def measures(text: str) -> list[Rank]:
    """The measures a ranked phrase could mean, most specific first; none without a superlative."""
    if _SUPER.search(text) is None:
        return []
    if _LOSS.search(text):
        return ["loss_high"]
    if _GAIN.search(text):
        return ["gain_high"]
    if _RETURN.search(text):
        return ["return_low" if _RETURN_LOW.search(text) else "return_high"]
    if _SHARES.search(text):
        return ["quantity_low" if _LOW.search(text) else "quantity_high"]
    if _HELD.search(text):  # "제일 많이 가진 거": by value or by the number of shares is not said
        return ["value_high", "quantity_high"]
    if _BARE_LOW.search(text):
        return ["return_low"]
    if _BARE_HIGH.search(text):
        return ["return_high"]
    if _VALUE.search(text):
        return ["value_low" if _LOW.search(text) else "value_high"]
    return []


def rows(summary: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The holdings with their figures: the ones the app sent, else the starting portfolio at the last close."""
    sent = summary.get("positions") if summary else None
    if isinstance(sent, list) and all(isinstance(r, dict) and "code" in r for r in sent):
        return [dict(r) for r in sent]
    start = default_portfolio()
    return [dict(r) for r in market.portfolio_value(list(start["holdings"]), start["cash"])["holdings"]]


def ranked(measure: Rank, holdings: Sequence[Mapping[str, Any]]) -> list[str]:
    """The holdings ``measure`` puts first (several when they tie; none when no holding is a gain or loss asked)."""
    figure, sign, only = MEASURES[measure]
    kept = [h for h in holdings if only == 0 or (float(h[figure]) * only > 0)]
    if not kept:
        return []
    best = max(float(h[figure]) * sign for h in kept)
    return [str(h["code"]) for h in kept if float(h[figure]) * sign == best]


def pick(text: str, holdings: Sequence[Mapping[str, Any]]) -> tuple[list[Rank], list[str]]:
    """The measures the text names and the holdings they put first (one code when they agree)."""
    named = measures(text)
    codes = list(dict.fromkeys(c for m in named for c in ranked(m, holdings)))
    return named, codes


def settle(reading: Reading, text: str, state: AppState, holdings: Sequence[Mapping[str, Any]] | None = None,
           among: bool = False) -> Reading:
    """``reading`` with the holding a ranked phrase names, when the message names no stock of its own: a request
    that waited for its stock gets it (an order screen still asks its side), a question about the holdings is the
    portfolio summary with the measures to state first; a tie or an unclear measure asks, with the holdings.
    ``among``: the last answer was about the holdings ("how is my portfolio?" -> "the biggest loser, why?")."""
    if not _SUPER.search(text) or find_stocks(text).codes or find_stocks(text).ambiguous:
        return reading
    action = reading.kind if reading.kind is not None else str(reading.args.get("action") or "")
    if reading.kind == "off_topic" and reading.args.get("advice") and not reading.args.get("code"):
        # "손실 제일 큰 종목 계속 들고 있어도 돼?": no verdict; that holding's move, the decline first
        named, codes = pick(text, holdings if holdings is not None else rows())
        mine = state.mode == "my" or _MINE.search(text) is not None
        if mine and len(codes) == 1 and _THING.search(text):
            return Reading("explain_move", {**reading.args, "code": codes[0]})
        return reading
    if reading.kind == "visualize" and reading.args.get("kind") == "allocation" and _ONE.search(text):
        action = "nav_stock"  # "비중 제일 큰 거 차트로": that holding's chart, not the allocation pie
    elif action not in _NEEDS_HOLDING and _THING.search(text):  # the request the words make of the holding
        action = "nav_stock" if _PAGE.search(text) and hit(text, "show") else "explain_move" if hit(text, "why") else action
    waiting = action in _NEEDS_HOLDING and not reading.args.get("code") and not reading.args.get("codes")
    mine = among or state.mode == "my" or _MINE.search(text) is not None or action == "remove_holding"
    if not mine or hit(text, "market_wide") or (reading.kind == "explain_move" and reading.args.get("advice")):
        return reading
    vague = (reading.kind is None and not reading.args.get("action")) or reading.source == "classifier" \
        or reading.kind in ("portfolio_summary", "nav_my") or (reading.kind == "concept" and not reading.args.get("code")) \
        or (reading.args.get("tab") == "movers" and _MINE.search(text) is not None)  # "내 보유 중 제일 많이 오른 거"
    vague = vague and _THING.search(text) is not None
    if not (waiting or vague):
        return reading
    named, codes = pick(text, holdings if holdings is not None else rows())
    if not named:
        return reading
    if not waiting:  # a question about the holdings: the summary, stating the holding each measure picks first
        if reading.kind == "concept" and not hit(text, "figure") and re.search(r"뜻|의미|\bmean", text):
            return reading  # "수익률이 제일 뭐야" is no such question; what a word means stays a term
        return Reading("portfolio_summary", {"rank": named, **({"code": codes[0]} if len(codes) == 1 else {})})
    if len(codes) == 1:
        args = {k: v for k, v in reading.args.items() if k not in ("action", "candidates")} if action == (
            reading.kind or reading.args.get("action")) else {}
        if action == "open_order" and not args.get("side"):
            return ask_side(codes[0])
        return Reading(action, {**args, "code": codes[0], "rank": named})  # the reply says which holding, and why
    held = holdings if holdings is not None else rows()
    listed = codes or [str(h["code"]) for h in held]
    ko, en = [stock_label(c) for c in listed], [stock_label(c, "en") for c in listed]
    if len(named) > 1:  # the measure is unclear: what each one picks, then which is meant
        each = [(WORDS[m], ranked(m, held)) for m in named]
        said_ko = ", ".join(f"{w[0]} 종목은 {' / '.join(stock_label(c) for c in cs)}" for w, cs in each)
        said_en = "; ".join(f"the holding {w[1]} is {' / '.join(stock_label(c, 'en') for c in cs)}" for w, cs in each)
        question = (f"{said_ko}이에요. 어느 종목을 말하는 건가요?", f"That could mean two holdings: {said_en}. Which one do you mean?")
    elif codes:  # a tie
        question = (f"{WORDS[named[0]][0]} 종목이 {' / '.join(ko)} 둘 이상이에요. 어느 종목인가요?",
                    f"{' / '.join(en)} tie as the holding {WORDS[named[0]][1]}. Which one do you mean?")
    else:  # no holding is a gain or a loss as asked
        question = (f"{WORDS[named[0]][0]} 종목이 지금 없어요. 어느 보유 종목인가요?",
                    f"No holding fits that right now (the holding {WORDS[named[0]][1]}). Which holding do you mean?")
    known = {k: v for k, v in reading.args.items() if k != "candidates"} if action == (
        reading.kind or reading.args.get("action")) else {}
    known["action"] = action
    return ask(question, (ko, en), **known)


def figures(h: Mapping[str, Any], en: bool) -> str:
    """A holding's figures as the portfolio summary states them."""
    if en:
        return (f"{int(h['value']):,} KRW, weight {float(h['weight_pct']):.1f}%, {float(h['pnl_pct']):+.2f}% "
                f"({int(h['pnl']):+,} KRW), {h['quantity']} shares")
    return (f"평가액 {int(h['value']):,}원, 비중 {float(h['weight_pct']):.1f}%, 수익률 {float(h['pnl_pct']):+.2f}% "
            f"({int(h['pnl']):+,}원), {h['quantity']}주")


def picked_sentence(named: Sequence[Rank], code: str, holdings: Sequence[Mapping[str, Any]] | None, en: bool,
                    high_risk: bool = False) -> str:
    """Which holding a ranked phrase resolved to and its figures, said before the action on it (and, for a
    high-risk one, that nothing runs before Confirm)."""
    row = next((h for h in (holdings if holdings is not None else rows()) if h["code"] == code), None)
    shown = f" ({figures(row, en)})" if row is not None else ""
    measure = WORDS[named[0]]
    if en:
        said = f"The holding {measure[1]} is {stock_label(code, 'en')}{shown}."
        return said + (" It runs only when you press **Confirm** on the card below; nothing changes before." if high_risk
                       else "\n\n")  # the answer or the screen's move follows
    said = f"{measure[0]} 보유 종목은 {with_josa(stock_label(code), '이에요')}{shown}."
    return said + (" 아래 확인 카드에서 **실행**을 눌러야 실행되고, 그 전에는 아무것도 바뀌지 않아요." if high_risk else "\n\n")
