"""The offline tutor's replies, written only from tool results (figures come from the sandbox data), in
the language the learner wrote in (``agents.nlu.language``)."""

from __future__ import annotations

import hashlib
import re
from typing import Any

from agents.nlu.language import reply_english
from agents.nlu.particles import with_josa
from agents.tutor import receipt
from agents.tutor.advice import asks_advice
from agents.tutor.catalog import FOR_THE_MODEL, hit
from agents.tutor.charts import name as stock_label
from agents.tutor.ranking import WORDS, figures
from agents.tutor.sandbox import AppState
from agents.tutor.sandbox_data import cases, keyword_cases, stocks

_NOT_ADVICE = ("(샌드박스 가상 가격으로 설명한 학습용 내용이며 투자 권유가 아닙니다.)",
               "(A learning note on generated sandbox prices, not investment advice.)")


def _pick(pair: tuple[str, str], en: bool) -> str:
    return pair[1] if en else pair[0]


def compose(results: list[tuple[str, dict[str, Any]]], state: AppState, user_text: str, en: bool) -> str:
    by_name = {name: payload for name, payload in results}
    parts: list[str] = []
    if "open_canvas" in by_name:
        return _note(by_name, en)
    for name, payload in results:
        data = payload.get("data") or {}
        if not payload.get("ok", False):
            parts.append(failed(payload.get("error") or payload.get("summary") or "", en))
        elif payload.get("status") == "pending_confirmation":
            parts.append(f"**{payload['summary']}**: a high-risk action, so it runs only after you press **Confirm** "
                         "on the card. Nothing has happened yet." if en else
                         f"**{payload['summary']}** — 위험도가 높은 동작이라 확인 카드에서 **실행**을 눌러야 실행돼요. "
                         "아직 실행되지 않았어요.")
        elif name == "ui_action":
            parts.append(_ui_done(payload, data, en))
        elif name == "askClarification":
            parts.append(data.get("question") or payload.get("summary", ""))
        elif name == "visualization":
            tiles = ", ".join(f"{t['label']} {t.get('delta') or t['value']}" for t in data.get("tiles", []))
            title = data.get("title") or payload["summary"]
            parts.append(f"Here is the chart: {title} ({tiles})" if en else f"차트를 그렸어요: {title} ({tiles})")
        elif name == "explain_move" and asks_advice(user_text):  # "will it go up?": no advice, then the facts
            parts.append(declined(data, user_text, en) + "\n" + _move(data, en))
        elif name == "explain_move":
            parts.append(_volume(data, en, user_text) + _move(data, en, asked_direction(user_text)))
        elif name == "lookup_case":
            parts.append(_case(data, quiz="퀴즈" in user_text or "quiz" in user_text.lower(), en=en))
        elif name == "lookup_term":
            parts.append(_term(data, en))
        elif name == "lookup_stock":
            parts.append(_company(data, en))
        elif name == "get_portfolio":
            parts.append(_portfolio(data, en))
        else:
            parts.append(payload.get("summary", ""))
    filtered = next((p for n, p in results if n == "ui_action" and p.get("ok") and isinstance(p.get("data"), dict)
                     and p["data"].get("action_id") == "set_keyword"), None)
    if filtered is not None:  # "배당 관련 사례 있어?": the answer (which cases) first, then what the screen did
        parts.insert(0, _keyword_answer(str((filtered["data"].get("params") or {}).get("keyword") or ""), en))
    return "\n\n".join(p for p in parts if p)


# What a failure may show a person: a sentence of the tutor's own. The core's "Cannot propose <tool>: " prefix
# goes, and a reason that still reads like code (a tool id, a quoted name, an exception kind) is not shown.
_PROPOSE = re.compile(r"^Cannot propose \w+:\s*")
_INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|'[^']*'|\b[A-Z]\w*(?:Error|Exception)\b|\bparams?\b|\baction_id\b|[{}\[\]]")


def failed(reason: str, en: bool) -> str:
    """A failed step in plain words: its reason when that is a plain sentence, else a general one."""
    reason = _PROPOSE.sub("", reason).split(FOR_THE_MODEL)[0].strip()  # ActionRejected's detail is not for people
    if reason and not _INTERNAL.search(reason) and reply_english(reason) == en:
        return reason
    return ("I couldn't do that on this screen. Try asking in other words, or pick a stock, term or case first."
            if en else "그 요청은 지금 처리하지 못했어요. 다른 말로 다시 물어보거나 종목·용어·사례를 먼저 골라 주세요.")


_DECLINE = ("투자 조언이나 주가 예측은 드리지 않아요. 사라·팔라, 오를지 내릴지는 말씀드릴 수 없어요",
            "I don't give investment advice or predictions, so I can't say whether to buy or sell or where a price will go")


def _lesson(case_id: object, en: bool) -> str:
    case = cases().get(case_id) if isinstance(case_id, str) else None
    if case is None:
        return ""
    return f"the lesson \"{case['title_en']}\"" if en else f"교육 사례 「{case['title']}」"


def declined(data: dict[str, Any], user_text: str, en: bool) -> str:
    """What an advice question about a stock (or the market) gets before that move's facts: no advice, no
    prediction, and what follows instead (the averaging-down lesson too when averaging down was asked)."""
    stock = data.get("stock")
    who = (stocks()[stock["code"]].name_en if en else stock["name"]) if stock else None
    lesson = _lesson("averaging-down-trap", en) if hit(user_text, "averaging") else ""
    if en:
        return (f"{_DECLINE[1]}. Instead, here is how {who or 'the whole market'} actually moved, in sandbox figures."
                + (f" Averaging down itself is the subject of {lesson}." if lesson else ""))
    return (f"{_DECLINE[0]}. 대신 {with_josa(who, '이') if who else '시장 전체가'} 실제로 어떻게 움직였는지 샌드박스 가격의 "
            "수치로 보여 드릴게요." + (f" 물타기 자체는 {lesson}에서 다뤄요." if lesson else ""))


def no_advice(args: dict[str, Any], state: AppState, en: bool) -> str:
    """The answer to an advice question about no stock the tutor knows: none is given, and what it can show."""
    code = args.get("code")
    period = state.period
    offers: list[str] = []
    if code in stocks():
        who = stock_label(code, "en" if en else "ko")
        offers += ([f"how {who} moved over the last {period} and why (compared with the market and its sector)",
                    f"a {who} price chart"] if en else
                   [f"{who}의 지난 {period} 움직임과 그 이유(시장·업종과 비교)", f"{who} 가격 차트"])
    if lesson := _lesson(args.get("case_id"), en):
        offers.append(lesson)
    offers += (["what a term such as P/E or averaging down means", "your sandbox portfolio's figures"] if en else
               ["PER·물타기 같은 용어의 뜻", "내 샌드박스 포트폴리오 현황"])
    if en:
        return (f"{_DECLINE[1]} (this tutor teaches on generated sandbox prices). What I can show you instead: "
                + "; ".join(offers) + ".")
    return (f"{_DECLINE[0]} (이 튜터는 생성된 샌드박스 가격으로 공부를 돕습니다). 대신 보여 드릴 수 있는 것: "
            + "; ".join(offers) + ".")


def _source(data: dict[str, Any], en: bool) -> str:
    """Where a definition comes from: the sandbox glossary or the education case that holds the term."""
    case = cases().get(data.get("source", ""))
    if case is not None:
        return f"(Source: the sandbox lesson \"{case['title_en']}\")" if en else f"(출처: 샌드박스 교육 사례 「{case['title']}」)"
    return "(Source: the sandbox glossary)" if en else "(출처: 샌드박스 용어집)"


def _term(data: dict[str, Any], en: bool) -> str:
    """The definition (which says how the figure is computed), its source, and for a named stock's ratio that
    the sandbox holds no such figure: the reply never invents one."""
    asked = data.get("asked_for")
    if asked and asked.get("figure_held"):  # a price the sandbox holds: the figure first, then what it means
        return "\n".join([_price_figure(asked, en), _term({k: v for k, v in data.items() if k != "asked_for"}, en)])
    if en:
        lines = [f"**{data['term_en']}** ({data['term']}): {data['definition_en']}"]
        if asked:
            lines.insert(0, f"The sandbox has no {data['term_en']} figure for {asked['name_en']}: it holds generated "
                            "prices only, so I won't make a number up. Here is what the ratio means and how it is "
                            "computed:")
    else:
        lines = [f"**{data['term']}**: {data['definition']}"]
        if asked:
            lines.insert(0, f"샌드박스에는 {asked['name']}의 {data['term']} 값이 없어요 (생성된 가격만 있어서 숫자를 지어내지 "
                            "않을게요). 대신 이 지표가 무엇이고 어떻게 계산하는지 알려 드릴게요:")
    lines.append(_source(data, en))
    return "\n".join(lines)


_PRICE_WORDS = {"open": ("시가", "open"), "close": ("종가", "close"), "high": ("고가", "high"), "low": ("저가", "low"),
                "volume": ("거래량", "volume")}


def _price_figure(asked: dict[str, Any], en: bool) -> str:
    """A named stock's price figure on its last sandbox day ("카카오 종가 (샌드박스, 2026-10-30): 27,350원")."""
    values = asked["values"]
    if en:
        said = ", ".join(f"{_PRICE_WORDS[k][1]} {v:,}" + (" shares" if k == "volume" else " KRW") for k, v in values.items())
        return f"{asked['name_en']} on {asked['date']} (sandbox prices): {said}."
    said = ", ".join(f"{_PRICE_WORDS[k][0]} {v:,}" + ("주" if k == "volume" else "원") for k, v in values.items())
    return f"{asked['name']} {asked['date']} (샌드박스 가격): {said}."


def _company(d: dict[str, Any], en: bool) -> str:
    """What a company is, from the sandbox's stock profile, with its latest sandbox price."""
    s = d["stats"]
    if en:
        kind = "an ETF" if d.get("kind") == "etf" else "a company"
        return (f"**{d['name_en']}** is {kind} in the {d['sector_en']} sector, listed on the {d['market']}. "
                f"Its sandbox close on {s['end']} is {s['last_close']:,} KRW ({s['change_pct']:+.2f}% over {s['period']}). "
                "The full profile (in Korean) is on its stock page's info tab.\n(Source: the sandbox stock profiles; "
                "prices are generated, not real quotes.)")
    return (f"**{d['name']}** ({d['sector']} 업종, {d['market']} 상장): {d['description']}\n"
            f"- 샌드박스 종가 {s['end']} 기준 {s['last_close']:,}원 ({s['period']} {s['change_pct']:+.2f}%).\n"
            "(출처: 샌드박스 종목 정보; 가격은 생성된 가상 값이에요.)")


def asked_direction(text: str) -> str | None:
    """Whether the learner asked why a price fell ("down") or rose ("up"); None when neither or both."""
    from agents.tutor.catalog import lexicon

    down, up = bool(lexicon().hits(text, "fell")), bool(lexicon().hits(text, "rose"))
    return "down" if down and not up else "up" if up and not down else None


def _direction(name: str, s: dict[str, Any], asked: str | None, en: bool) -> str | None:
    """A question that assumed the wrong direction gets the real one first ("why did it fall?" of a riser)."""
    pct = s["change_pct"]
    if asked is None or (asked == "down") == (pct < 0) or pct == 0:
        return None
    if en:
        return (f"Actually, {name} did not {'fall' if asked == 'down' else 'rise'} over {s['period']} "
                f"({s['start']} to {s['end']}): it {'rose' if pct > 0 else 'fell'} {abs(pct):.2f}%.")
    return (f"사실 {with_josa(name, '은')} {s['period']}({s['start']}~{s['end']}) 동안 "
            f"{'내리지 않고' if asked == 'down' else '오르지 않고'} {abs(pct):.2f}% {'올랐어요' if pct > 0 else '내렸어요'}.")


def _ui_done(payload: dict[str, Any], data: dict[str, Any], en: bool) -> str:
    if "action_id" not in data:
        return f"{payload['summary']}."
    return receipt.done(data["action_id"], data.get("params") or {}, en)  # names, not "code=005930" or a route


def _keyword_answer(keyword: str, en: bool) -> str:
    found = keyword_cases(keyword)
    if not found:
        return (f"No sandbox case mentions “{keyword}”." if en else f"“{keyword}”가 들어간 샌드박스 사례는 없어요.")
    titles = [str(c["title_en"] if en else c["title"]) for c in found]
    return (f"Sandbox cases about “{keyword}” ({len(titles)}): " + "; ".join(titles) + "." if en else
            f"“{keyword}” 관련 샌드박스 사례 {len(titles)}개: " + ", ".join(titles) + ".")


def _move(d: dict[str, Any], en: bool, asked: str | None = None) -> str:
    market = d["market"]
    stock = d.get("stock")
    if stock is None:
        real = _direction("the market (KODEX 200)" if en else "시장(KODEX 200)", market, asked, en)
        return (real + "\n" if real else "") + _market_move(market, en)
    text = _stock_move(d, en)
    real = _direction(stocks()[stock["code"]].name_en if en else stock["name"], stock, asked, en)
    return real + "\n" + text if real else text


def _volume(d: dict[str, Any], en: bool, user_text: str) -> str:
    """The trading volume first when the learner asked about it ("거래량은 어땠어?"): the move follows."""
    stock = d.get("stock")
    if stock is None or "avg_volume" not in stock or not re.search(r"거래량|volume", user_text, re.I):
        return ""
    if en:
        return (f"{stocks()[stock['code']].name_en}'s average daily trading volume from {stock['start']} to {stock['end']} "
                f"was {stock['avg_volume']:,} shares (sandbox prices).\n")
    return f"{stock['name']}의 {stock['start']}~{stock['end']} 하루 평균 거래량은 {stock['avg_volume']:,}주예요 (샌드박스 가격).\n"


def _market_move(market: dict[str, Any], en: bool) -> str:
    if en:
        return (f"The whole market (KODEX 200) moved {market['change_pct']:+.2f}% from {market['start']} to "
                f"{market['end']}. Its worst day was {market['worst_day']['date']} ({market['worst_day']['pct']:+.2f}%). "
                + _NOT_ADVICE[1])
    return (f"시장 전체(KODEX 200 기준)는 {market['start']}~{market['end']} 동안 {market['change_pct']:+.2f}% 움직였어요. "
            f"가장 크게 내린 날은 {market['worst_day']['date']} ({market['worst_day']['pct']:+.2f}%)였어요. {_NOT_ADVICE[0]}")


def _stock_move(d: dict[str, Any], en: bool) -> str:
    market = d["market"]
    stock = d["stock"]
    rel = d["relative_to_market"]
    peers = ", ".join(f"{stock_label(p['code'], 'en' if en else 'ko')} {p['change_pct']:+.2f}%" for p in d.get("sector", []))
    sector = stocks()[stock["code"]]
    if en:
        lines = [
            f"**{sector.name_en}** ({stock['period']}, {stock['start']} to {stock['end']}): close {stock['last_close']:,} "
            f"KRW, {stock['change_pct']:+.2f}% over the period.",
            f"- The market (KODEX 200) moved {market['change_pct']:+.2f}% in the same window, so the stock did "
            f"{abs(rel):.2f} points {'better' if rel > 0 else 'worse'} than the market.",
            f"- Same sector ({sector.sector_en}): {peers}" if peers else "- No other stock of its sector to compare with.",
            f"- Worst day {stock['worst_day']['date']} ({stock['worst_day']['pct']:+.2f}%), best day "
            f"{stock['best_day']['date']} ({stock['best_day']['pct']:+.2f}%).",
            "- It moved much like the market, so the market as a whole mattered more than the company itself."
            if abs(rel) < 3 else "- It moved quite differently from the market, so its sector or the company itself mattered more.",
        ]
        if d.get("cases"):
            lines.append("- Related cases: " + ", ".join(cases()[c["id"]]["title_en"] for c in d["cases"]))
        lines.append(_NOT_ADVICE[1])
        return "\n".join(lines)
    lines = [
        f"**{stock['name']}** ({stock['period']}, {stock['start']}~{stock['end']}): 종가 {stock['last_close']:,}원, "
        f"기간 수익률 {stock['change_pct']:+.2f}%.",
        f"- 같은 기간 시장(KODEX 200)은 {market['change_pct']:+.2f}% → 시장보다 {abs(rel):.2f}%p "
        f"{'더 강했어요' if rel > 0 else '더 약했어요'}.",
        f"- 같은 업종({d.get('sector_name')}): {peers}" if peers else "- 같은 업종 비교 대상이 없어요.",
        f"- 가장 크게 내린 날 {stock['worst_day']['date']} ({stock['worst_day']['pct']:+.2f}%), "
        f"가장 크게 오른 날 {stock['best_day']['date']} ({stock['best_day']['pct']:+.2f}%).",
        "- 시장과 비슷하게 움직였으니 종목 자체보다 시장 전체 흐름의 영향이 컸다고 볼 수 있어요." if abs(rel) < 3 else
        "- 시장과 차이가 커서 업종이나 종목 고유의 요인이 컸다고 볼 수 있어요.",
    ]
    if d.get("cases"):
        lines.append("- 관련 교육 사례: " + ", ".join(c["title"] for c in d["cases"]))
    lines.append(_NOT_ADVICE[0])
    return "\n".join(lines)


def quiz_choices(question: str, choices: list[str]) -> list[str]:
    """The choices in an order fixed by the question (the data lists the answer first)."""
    shift = int(hashlib.sha256(question.encode()).hexdigest(), 16) % len(choices)
    return choices[shift:] + choices[:shift]


def _case(d: dict[str, Any], quiz: bool, en: bool) -> str:
    if en:
        terms = ", ".join(t["term_en"] for t in d["key_terms"])
        lines = [f"**{d['title_en']}**", d["summary_en"], f"Key terms: {terms}"]
        if d.get("sandbox_moves") and (w := d.get("sandbox_window")):
            lines.append(f"On the sandbox chart, a similar episode runs from {w['start']} to {w['end']} (generated "
                         "prices, not the real figures of the case):")
        lines += [f"- {stock_label(m['code'], 'en')}: deepest fall {m.get('max_drawdown_pct', 0):+.2f}%, "
                  f"{m['change_pct']:+.2f}% from start to end of that window" for m in d.get("sandbox_moves", [])]
    else:
        terms = ", ".join(t["term"] for t in d["key_terms"])
        lines = [f"**{d['title']}**", d["summary"], f"핵심 용어: {terms}"]
        if d.get("sandbox_moves") and (w := d.get("sandbox_window")):
            lines.append(f"샌드박스 차트에서는 {w['start']}~{w['end']} 구간이 비슷한 흐름이에요 (생성된 가격이라 실제 사례의 "
                         "수치와는 달라요):")
        lines += [f"- {m['name']}: 구간 중 최대 하락 {m.get('max_drawdown_pct', 0):+.2f}%, 구간 처음 대비 끝 "
                  f"{m['change_pct']:+.2f}%" for m in d.get("sandbox_moves", [])]
    if quiz and d.get("quiz"):
        q = d["quiz"][0]
        question, choices = (q["question_en"], q["choices_en"]) if en else (q["question"], q["choices"])
        lines.append(f"\n**{'Quiz' if en else '퀴즈'}**: {question}\n" +
                     "\n".join(f"- {c}" for c in quiz_choices(q["question"], choices)))
    return "\n".join(lines)


def _ranked(d: dict[str, Any], en: bool) -> list[str]:
    """The holding each measure a question asked puts first ("what's my biggest holding?"), said before the list."""
    rows = {h["code"]: h for h in d["holdings"]}
    said = []
    for r in d.get("ranked") or []:
        ko, en_words = WORDS[r["rank"]]
        held = [rows[c] for c in r["codes"] if c in rows]
        names = [stock_label(h["code"], "en" if en else "ko") for h in held]
        if not held:
            said.append(f"No holding fits that right now (the holding {en_words})." if en else
                        f"{ko} 보유 종목은 지금 없어요.")
        elif len(held) > 1:
            said.append(f"{' and '.join(names)} tie as the holding {en_words} ({figures(held[0], en)} each)." if en else
                        f"{ko} 보유 종목은 {' / '.join(names)}로 같아요 (각각 {figures(held[0], en)}).")
        else:
            said.append(f"The holding {en_words} is {names[0]} ({figures(held[0], en)})." if en else
                        f"{ko} 보유 종목은 {with_josa(names[0], '이에요')}: {figures(held[0], en)}.")
    return said


def _portfolio(d: dict[str, Any], en: bool) -> str:
    first = _ranked(d, en)
    return "\n\n".join([*first, _listing(d, en)])


def _listing(d: dict[str, Any], en: bool) -> str:
    if en:
        lines = [f"Sandbox portfolio (closes of {d['as_of']}): total {d['total']:,} KRW, stocks {d['invested']:,} KRW, "
                 f"cash {d['cash']:,} KRW, unrealised P&L {d['pnl']:+,} KRW ({d['pnl_pct']:+.2f}%)."]
        lines += [f"- {stock_label(h['code'], 'en')}, {h['quantity']} shares: {h['value']:,} KRW ({h['pnl_pct']:+.2f}%, "
                  f"weight {h['weight_pct']:.1f}%)" for h in d["holdings"]]
        return "\n".join(lines)
    lines = [f"샌드박스 포트폴리오 ({d['as_of']} 종가 기준): 총자산 {d['total']:,}원, 주식 {d['invested']:,}원, "
             f"현금 {d['cash']:,}원, 평가손익 {d['pnl']:+,}원 ({d['pnl_pct']:+.2f}%)."]
    for h in d["holdings"]:
        lines.append(f"- {h['name']} {h['quantity']}주: {h['value']:,}원 ({h['pnl_pct']:+.2f}%, 비중 {h['weight_pct']:.1f}%)")
    return "\n".join(lines)


# The canvas study note: its headings (the structured extraction reads them back).
HEADINGS = {"title": ("학습 노트", "Study note"), "points": ("핵심", "Key points"), "terms": ("용어", "Terms"),
            "next": ("다음 단계", "Next steps")}


def _note(by_name: dict[str, dict[str, Any]], en: bool) -> str:
    """The canvas study note (markdown) from what the screen shows."""
    h = {k: _pick(v, en) for k, v in HEADINGS.items()}

    def note(title: str, points: list[str], terms: list[tuple[str, str]], steps: list[str]) -> str:
        body = "\n".join(f"- {p}" for p in points)
        glossary = "\n".join(f"- **{t}**: {d}" for t, d in terms)
        nexts = "\n".join(f"- {s}" for s in steps)
        return (f"# {h['title']}: {title}\n\n## {h['points']}\n{body}\n\n## {h['terms']}\n{glossary}\n\n"
                f"## {h['next']}\n{nexts}\n\n{_pick(_NOT_ADVICE, en)}")

    if "explain_move" in by_name and (by_name["explain_move"].get("data") or {}).get("stock"):
        d = by_name["explain_move"]["data"]
        s = d["stock"]
        market = d["market"]["change_pct"]
        if en:
            return note(stock_label(s["code"], "en"),
                        [f"{s['period']} return {s['change_pct']:+.2f}% (market {market:+.2f}%)",
                         f"Low {s['low']:,} KRW · high {s['high']:,} KRW",
                         f"Worst day {s['worst_day']['date']} ({s['worst_day']['pct']:+.2f}%)"],
                        [("Return", "the change from the first to the last price of the period"),
                         ("Volatility", "how much the price swings")],
                        ["Switch the period to 1Y and compare with the longer trend",
                         "Draw a comparison chart with a stock of the same sector"])
        return note(s["name"], [f"{s['period']} 수익률 {s['change_pct']:+.2f}% (시장 {market:+.2f}%)",
                                f"최저 {s['low']:,}원 · 최고 {s['high']:,}원",
                                f"가장 크게 내린 날 {s['worst_day']['date']} ({s['worst_day']['pct']:+.2f}%)"],
                    [("수익률", "기간 처음 대비 끝의 가격 변화율"), ("변동성", "가격이 출렁이는 정도")],
                    ["기간을 1Y로 바꿔 긴 흐름과 비교해 보기", "같은 업종 종목과 비교 차트 그려 보기"])
    if "lookup_case" in by_name:
        d = by_name["lookup_case"]["data"]
        if en:
            return note(d["title_en"], [d["summary_en"]], [(t["term_en"], t["definition_en"]) for t in d["key_terms"]],
                        ["Try the case's quiz", "Find the same period on a related stock's chart"])
        return note(d["title"], [d["summary"]], [(t["term"], t["definition"]) for t in d["key_terms"]],
                    ["사례의 퀴즈 풀어 보기", "관련 종목 차트에서 같은 기간 찾아보기"])
    d = (by_name.get("get_portfolio") or {}).get("data") or {}
    holdings = d.get("holdings", [])
    if en:
        return note("my sandbox portfolio",
                    [f"Total {d.get('total', 0):,} KRW, unrealised P&L {d.get('pnl_pct', 0):+.2f}%",
                     *(f"{stock_label(x['code'], 'en')}: weight {x['weight_pct']:.1f}%, {x['pnl_pct']:+.2f}%" for x in holdings)],
                    [("Unrealised P&L", "the gain or loss at today's price"),
                     ("Diversification", "holding assets that move differently together")],
                    ["Draw the allocation chart"])
    return note("내 샌드박스 포트폴리오",
                [f"총자산 {d.get('total', 0):,}원, 평가손익 {d.get('pnl_pct', 0):+.2f}%",
                 *(f"{x['name']}: 비중 {x['weight_pct']:.1f}%, {x['pnl_pct']:+.2f}%" for x in holdings)],
                [("평가손익", "지금 가격으로 계산한 이익이나 손실"), ("분산투자", "서로 다르게 움직이는 자산을 함께 담는 것")],
                ["자산 배분 차트 그려 보기"])


def note_from_markdown(md: str) -> dict[str, Any]:
    """The offline extraction: headings and bullets of a markdown note (Korean or English headings) as
    the structured summary."""
    title = next((m.group(1).strip() for m in re.finditer(r"^#\s+(.+)$", md, re.M)), "")
    kinds = {heading: kind for kind, pair in HEADINGS.items() for heading in pair}
    sections: dict[str, list[str]] = {}
    current = ""
    for line in md.splitlines():
        if line.startswith("## "):
            current = kinds.get(line[3:].strip(), line[3:].strip())
        elif line.startswith("- ") and current:
            sections.setdefault(current, []).append(line[2:].strip())
    terms = []
    for item in sections.get("terms", []):
        m = re.match(r"\*\*(.+?)\*\*\s*[:：]\s*(.+)", item)
        if m:
            terms.append({"term": m.group(1), "definition": m.group(2)})
    for prefix in (f"{HEADINGS['title'][0]}: ", f"{HEADINGS['title'][1]}: "):
        title = title.removeprefix(prefix)
    return {"title": title or (md.strip().splitlines() or [""])[0][:60],
            "key_points": sections.get("points", []), "terms": terms, "next_steps": sections.get("next", [])}
