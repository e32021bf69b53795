"""The offline model's understanding of one learner message against the screen it was sent from.

Rules over the lexicon's phrases come first (each a kind of request the tutor handles); when none
fires, the kit's exemplar classifier (``training.yaml``) guesses, and ``decide`` asks with choices
when it is unsure. A high-risk action is only ever read from the learner's own words, never guessed,
and never without the stock or side it needs: then the reading is a question."""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from agents.nlu import FUNCTION_WORDS, ExemplarClassifier, Lexicon, Speller, compact, decide, normalise
from agents.tutor.advice import asks_advice, picks_stock, without_negated
from agents.tutor.catalog import hit, lexicon, own_tabs, tab_named
from agents.tutor.charts import name as stock_label
from agents.tutor.clauses import request_clause, resolve
from agents.tutor.keywords import keyword_of
from agents.tutor.names import Mentions, find_stocks, find_term, term_typed, without_stocks
from agents.tutor.questions import LABELS, Reading, ask, ask_side, held, side_of, unsure, which
from agents.tutor.ranking import settle
from agents.tutor.sandbox import AppState
from agents.tutor.sandbox_data import cases, glossary, screens, stock_name, stocks

TRAINING_PATH = Path(__file__).with_name("training.yaml")
HIGH_RISK = frozenset({"open_order", "open_external_link", "remove_holding", "reset_portfolio"})
# "what's the short selling case about?": asked to be told what a case is about.
_ABOUT = re.compile(r"\bwhat\b.*\babout\W*$")
# A case asked for as such, or as a past example ("explain it with a real example from the past").
_PAST_EXAMPLE = re.compile(r"\b(?:cases?|lessons?|(?:past|real|historical|previous|earlier|actual) (?:example|episode)s?|"
                           r"examples? from (?:the )?(?:past|history))\b")
_HOW_MOVED = re.compile(r"어떻게\s?(?:움직|변했|변해|흘러|됐)|\bhow (?:did|has|have)\b.{0,30}\b(?:move|moved|done|performed|traded)\b")
_IF_ANY = re.compile(r"있으면|있다면|있거든|있다고|있다던데|있다길래|있다는데|있던데|"
                     r"\bif (?:there is|there's|there are|you have)\b|\bheard (?:there is|there's|there are|of|about)\b")
_DEFINE_END = re.compile(r"(?:이)?란[?？!.]*$")
# "tell me what a dividend yield is": a term asked about in an embedded English question.
_WHAT_IT_IS = re.compile(r"\bwhat (?:an? |the )?[\w\s'/-]{1,40}? (?:is|are|means?)\W*$")
_YEAR = re.compile(r"\b(19|20)\d{2}\s*년?")
# Polite first person (제 포트폴리오, 저의 계좌, 제가 가진) read as the plain one the lexicon lists.
_POLITE = re.compile(r"(^|\s)(제|저의|제가)\s+")
_WHOLE = re.compile(r"(^|\s)(내|my)\s+(?:전체|모든|whole|entire|overall|full)\s+", re.I)
# A side said as the learner's own wish in a context clause counts; one they are still weighing does not.
_WANT = re.compile(r"싶|want to|'d like to|would like to|going to|살게|팔게|살래|팔래", re.I)
_UNDECIDED = re.compile(r"할까|할지|까 고민|고민|모르|망설|헷갈|not sure|whether|should i|or (?:buy|sell)", re.I)
# A case named by what it tells ("분산투자 설명해 주는 사례", "금리 얘기하는 케이스"): a description, not a telling asked.
_DESCRIBED = re.compile(r"(?:설명|얘기|이야기|소개|정리)(?:해\s?주는|해\s?준|하는|한|된)\s?(?=사례|케이스|자료|글|교육)|다루는|다룬")
# A context clause's pointer at the case on screen (이 사례를 읽고, I was reading this case): what was read.
_READ_THIS = re.compile(r"이\s?(?:사례|케이스|글|내용)|\bthis (?:case|lesson)\b", re.I)


@functools.cache
def classifier() -> ExemplarClassifier:
    return ExemplarClassifier.from_yaml(TRAINING_PATH)


@functools.cache
def speller() -> Speller:
    """English typos folded onto the words this agent knows: its lexicon, stock and case names, terms."""
    lex = lexicon()
    words: list[str] = [p for phrases in lex.intents.values() for p in phrases]
    words += [p for values in lex.slots.values() for phrases in values.values() for p in phrases]
    words += [n for s in stocks().values() for n in (s.name_en, *s.aliases)]
    words += [c["title_en"] for c in cases().values()] + [t["term_en"] for t in glossary().values()]
    words += [t for texts in classifier().examples.values() for t in texts]
    return Speller(words)


@functools.cache
def _domain_words() -> frozenset[str]:
    """English words of this agent's world: its lexicon (but its off-topic list), names, terms and examples."""
    lex = lexicon()
    phrases = [p for name, ps in lex.intents.items() if name not in ("off_topic", "smalltalk") for p in ps]
    phrases += [p for values in lex.slots.values() for ps in values.values() for p in ps]
    phrases += [n for s in stocks().values() for n in (s.name_en, *s.aliases)]
    phrases += [c["title_en"] for c in cases().values()] + [t["term_en"] for t in glossary().values()]
    phrases += [t for name, texts in classifier().examples.items() if name != "off_topic" for t in texts]
    phrases += ["period", "related stock", "movements"]  # words the rules below read in code, not in the lexicon
    return frozenset(w for p in phrases for w in re.findall(r"[a-z]+", normalise(p))) - FUNCTION_WORDS


def _foreign(n: str) -> bool:
    """An English message whose every word is either a function word or foreign to this domain
    ("write a python script for me"): off topic, not a question back."""
    if re.search(r"[가-힣]", n):
        return False
    known = _domain_words()
    content = [w for w in re.findall(r"[a-z]+", n) if len(w) >= 3 and w not in FUNCTION_WORDS]
    stems = [(w, w[:-1] if w.endswith("s") else w, w[:-2] if w.endswith("ed") else w) for w in content]
    substantial = len(content) >= 2 or any(len(w) >= 4 for w in content)  # not "hmm" or "idk"
    return substantial and not any(form in known for forms in stems for form in forms)


# A period refused for another: "1년 치 말고 한 달 치로" (the one before 말고), "one month instead of a year"
# (the one after "instead of").
_REFUSED_BEFORE = re.compile(r"말고|말구|아니고|대신에?")
_REFUSED_AFTER = re.compile(r"\b(?:instead of|rather than)\b", re.I)


def _wanted_period(lex: Lexicon, text: str) -> str | None:
    found = lex.values(text, "period")
    if len(found) < 2:
        return lex.value(text, "period")
    if (m := _REFUSED_BEFORE.search(text)) is not None:
        refused = lex.values(text[:m.start()], "period")
    elif (m := _REFUSED_AFTER.search(text)) is not None:
        refused = lex.values(text[m.end():], "period")
    elif (wanted := _moved_to(lex, text)) is not None:
        return wanted
    else:
        return lex.value(text, "period")
    kept = [p for p in found if p not in refused]
    return kept[0] if kept else lex.value(text, "period")


# "아까 3개월로 봤던 거 1년으로", "from one year to 1 month": the period the request moves to is the last "X(으)로" / "to X".
_TO_KO = re.compile(r"(\S+?)(?:으로|로)(?=\s|$|[?!.~])")
_TO_EN = re.compile(r"\bto\s+((?:the\s+)?(?:past\s+|last\s+)?\S+(?:\s+\S+)?)", re.I)


def _moved_to(lex: Lexicon, text: str) -> str | None:
    targets = [m.group(1) for m in _TO_KO.finditer(text)] + [m.group(1) for m in _TO_EN.finditer(text)]
    named = [p for t in targets if (p := lex.value(t, "period")) is not None]
    return named[-1] if named else None


def period_of(text: str) -> str | None:
    """The chart period a message names (1M / 3M / 1Y), a year number aside ("2022년" is no period)."""
    return _wanted_period(lexicon(), _YEAR.sub(" ", text))


def read(text: str, state: AppState, holdings: Sequence[Mapping[str, Any]] | None = None) -> Reading:
    """What ``text`` asks on ``state``'s screen; a holding named by rank or property ("손해 제일 많이 본 종목") is resolved
    against ``holdings`` (the rows the app's portfolio summary sent; None: the sandbox's starting portfolio)."""
    return settle(_read(text, state), text, state, holdings)


def _read(text: str, state: AppState) -> Reading:
    """The request clause of a long message first (the other clauses are context); the whole message when
    it is one clause, when no clause asks, or when the request clause alone leaves the tutor unsure.
    Advice or a prediction asked anywhere in the message is read first: no clause of it may open an order."""
    if (advice := advice_reading(text, state)) is not None:
        return advice
    clause = request_clause(text)
    if clause is not None:
        context = text.replace(clause, " ")
        reading = _read_one(resolve(clause, context), state)
        named = find_stocks(context).codes
        # A move asked with no subject of its own ("현대차가 올랐다던데요, 왜 그렇게 올랐는지 설명해 줄래요?") is
        # about the one stock the context names, before the one on screen; 이 종목 / the market keep theirs.
        if reading.kind == "explain_move" and len(named) == 1 and not find_stocks(clause).codes \
                and not (hit(clause, "this_stock") and state.mode == "stock") and not hit(clause, "market_wide"):
            return Reading("explain_move", {"code": named[0]})
        # "우선주가 뭐야? 삼성전자도 있어?": a stock named after a term asked is asked about that term, not shown.
        if reading.kind == "nav_stock" and not hit(clause, "show") and (term := find_term(context)) \
                and (hit(context, "define") or term_is_asked(normalise(context))):
            return Reading("concept", {"term": term, **reading.args})
        if reading.kind not in (None, "off_topic") and reading.source == "rule":
            return reading
        if reading.kind is None and (action := reading.args.get("action")) in HIGH_RISK:
            # A high-risk request takes only its stock from the context ("하닉 팔고 싶은데 매도 화면 열어줄래"),
            # never its side ("매수를 할지 매도를 할지 모르겠지만 주문창 띄워" still asks).
            whole = _read_one(text, state)
            side = whole.args.get("side")
            wanted = side is not None and _WANT.search(text) and not _UNDECIDED.search(text)  # 사고 싶은데, I want to sell
            return whole if whole.kind == action and (side == side_of(clause) or wanted) else reading
        # Read whole, but "이 사례를 읽고 나니" only says what was read: the case on screen is not asked for.
        before, _, after = text.partition(clause)
        whole = _read_one(_READ_THIS.sub(" ", before) + clause + _READ_THIS.sub(" ", after), state)
        # A screen named only as context ("제가 산 종목 중에 하나가...") is not asked for by a request that
        # neither shows nor goes ("어떤 종목을 팔지 정해 주실 수 있나요?"): keep asking.
        keep = reading.kind is None and (whole.kind or "").startswith("nav_") and not hit(clause, "show")
        # Nor is a high-risk action only a context clause names ("삼성전자 팔아 주세요, 아 아니 그냥 차트만 보여 주세요").
        return reading if keep or (whole.kind in HIGH_RISK and reading.kind != whole.kind) else whole
    return _read_one(text, state)


def advice_reading(text: str, state: AppState) -> Reading | None:
    """An advice question: no advice is given, but about one stock it knows (named, else the one on screen) the
    tutor shows that stock's move instead (``explain_move`` marked ``advice``: the reply declines first), about the
    market the market's move; otherwise, or asked which stock to pick, it declines and offers what it can show.
    A bare ambiguous name still asks which stock first."""
    if not asks_advice(text):
        return None
    mentions = find_stocks(text)
    if mentions.ambiguous and not mentions.codes:
        return None
    here = state.stock_code if state.mode == "stock" and not picks_stock(text) else None
    named = list(dict.fromkeys(mentions.codes))
    code = named[0] if named else None if hit(text, "market_wide") and not hit(text, "this_stock") else here
    extra = {"case_id": "averaging-down-trap"} if hit(text, "averaging") else {}
    if len(named) == 1 or (code and not named):
        return Reading("explain_move", {"code": code, "advice": True, **extra})
    if not named and hit(text, "market_wide") and not picks_stock(text):  # "will the market crash?": its move
        return Reading("explain_move", {"advice": True, **extra})
    return Reading("off_topic", {"advice": True, **({"code": code} if code else {}), **extra})


def _case_named(lex: Lexicon, text: str) -> str | None:
    """The case a message names; not one whose word is only part of a longer term typed ("배당" in "배당수익률은?",
    "dividend" in "dividend yield"), unless the message speaks of a case."""
    plain = without_stocks(text)
    case_id = lex.value(plain, "case")
    typed = term_typed(text)
    if case_id is None or typed is None or "사례" in compact(text) or "케이스" in compact(text) \
            or _PAST_EXAMPLE.search(normalise(text)) is not None:
        return case_id
    if any(compact(p) == compact(typed) for p in lex.slots["case"][case_id]):
        return case_id  # the term is itself the case's name ("물타기")
    return lex.value(plain.replace(typed, " "), "case")


def _read_one(text: str, state: AppState) -> Reading:
    lex = lexicon()
    said = text
    text = without_negated(text)  # "따로 이동하지 말고요", "without leaving this page": not asked for
    if re.search(r"[A-Za-z]{5}", text):
        text = speller().fix(normalise(text))  # after "whats" -> "what is"
    text = _POLITE.sub(lambda m: m.group(1) + ("내가" if m.group(2) == "제가" else "내") + " ", text)
    text = _WHOLE.sub(r"\1\2 ", text)  # "내 전체 자산", "my whole portfolio": the same as "내 자산"
    n = normalise(text)
    c = compact(text)
    links = [p for v in lex.slots["link"].values() for p in v]
    mentions: Mentions = find_stocks(text, skip=links)
    here = state.stock_code if state.mode == "stock" else None
    this = hit(text, "this_stock")
    code = mentions.codes[0] if mentions.codes else here if (this or here) else None
    no_years = _YEAR.sub(" ", text)
    period = _wanted_period(lex, no_years)
    case_id = _case_named(lex, text)
    # On a case page "이 사례" and also plain "이거" / "this" mean the case (there is no stock on screen).
    if case_id is None and state.case_id and (hit(text, "this_case") or (this and here is None and not mentions.codes)):
        case_id = state.case_id
    term = find_term(text) or find_term(said)  # a term the speller bent ("candle chart" -> "candles chart")
    # 수익률 inside 배당수익률 is no word about my portfolio
    typed = term_typed(text)
    portfolio = hit(text, "portfolio") and not (typed is not None and all(
        compact(p) != compact(typed) and compact(p) in compact(typed) for p in lex.hits(text, "portfolio")))
    # "요점만 알려줘", "summarize please" on a case page, naming nothing else: the case on screen told.
    if case_id is None and state.mode == "education" and state.case_id and term is None and not mentions.codes \
            and not mentions.ambiguous and hit(text, "tell") and not portfolio:
        case_id = state.case_id
    case_word = "사례" in c or "케이스" in c or _PAST_EXAMPLE.search(n) is not None
    define = hit(text, "define") or (term is not None and (_DEFINE_END.search(c) is not None  # 공매도란?
                                                           or _WHAT_IT_IS.search(n) is not None))

    if (hit(text, "off_topic") or _foreign(n)) and not (mentions.codes or term or case_id):
        # words foreign to the tutor's world but no off-topic subject ("more details please"): a follow-up may
        # still read them against the last answer
        return Reading("off_topic", {} if hit(text, "off_topic") else {"foreign": True})
    # "지난 대화에서 본 카카오 왜 올랐어?": the stock (term, case) asked about wins over the archive it was seen in
    if hit(text, "archive") and not (mentions.codes or mentions.ambiguous or term or case_id):
        return Reading("open_archive")
    if hit(text, "canvas"):  # a note about what the message names, if it names a case or a stock
        return Reading("canvas", {"case_id": case_id} if case_id else {"code": mentions.codes[0]} if mentions.codes else {})
    if hit(text, "reset"):
        return Reading("reset_portfolio")
    if hit(text, "unlisted") and not mentions.codes:  # "애플 왜 올랐어": not in the sandbox; its stocks offered
        action = "explain_move" if hit(text, "why") or hit(text, "move") else "nav_stock"
        return ask(("그 종목은 이 샌드박스에 없어요. 샌드박스에 있는 종목 중에서 골라 주세요.",
                     "That stock isn't in this sandbox. Pick one of the sandbox's stocks instead."), held(), action=action)
    if mentions.ambiguous and not mentions.codes and not (term and define) and case_id is None:
        return which(text, mentions)  # bare 삼성 / SK: which one, whatever was asked about it
    if hit(text, "link") and not (define and term):
        return _link(text, code, mentions)
    # 내 계좌 수익률이 몇 퍼센트인지, 포트폴리오 수익률이 궁금한데 알려 줘: the learner's own, unless its meaning is asked
    own = portfolio and (re.search(r"(^|\s)(내|my)\s", n) is not None
                                       or (hit(text, "holdings_ref") and not term_is_asked(n)))
    # "삼성전자 PER 몇이야", "기아 종가 알려줘": the ratio or figure of a named stock; the reply says whether the
    # sandbox holds that figure.
    told = hit(text, "tell") and not hit(text, "show") and not hit(text, "move") and not hit(text, "why")
    if term and code and mentions.codes and (hit(text, "figure") or define or told) and not case_word and not own:
        return Reading("concept", {"term": term, "code": code})
    # (not when the term is itself the learner's own figure: "수익률 몇 퍼야" asks my return)
    if term and hit(text, "figure") and not (case_word or own or mentions.ambiguous) \
            and normalise(term) not in {normalise(p) for p in lex.hits(text, "portfolio")}:
        # "배당수익률 몇 프로임" on a stock page: that stock's ratio (the reply says if the sandbox holds it)
        return Reading("concept", {"term": term, **({"code": here} if here else {})})
    # "LG에너지솔루션 어떤 회사야": the company's profile, not its chart (its info tab when a tab is named).
    if code and hit(text, "company") and not hit(text, "tab_word") and "탭" not in c and not hit(text, "link"):
        return Reading("concept", {"code": code})
    # "KODEX 200이 뭐야?", "what is Celltrion": a stock named and asked what it is, nothing else asked: its profile
    if mentions.codes and len(mentions.codes) == 1 and define and term is None and case_id is None and not (
            own or hit(text, "move") or hit(text, "why") or hit(text, "show") or hit(text, "link") or hit(text, "price_now")):
        return Reading("concept", {"code": mentions.codes[0]})
    if term and define and not case_word and not own \
            and not (hit(text, "move") and hit(text, "why") and not term_is_asked(n)):
        return Reading("concept", {"term": term})
    if hit(text, "remove") or (hit(text, "remove_verb") and hit(text, "holdings_ref") and not hit(text, "why")):
        if code is None:
            return ask(("어떤 보유 종목을 포트폴리오에서 뺄까요?", "Which holding should I remove from the portfolio?"),
                        held(), action="remove_holding")
        return Reading("remove_holding", {"code": code})
    if hit(text.replace("공매도", " "), "order") and not define:
        side = side_of(text)
        if side is None:  # an order screen with no side: the learner chooses, the tutor never does
            return ask_side(code)
        if code is None:
            return ask((f"어떤 종목의 {'매도' if side == 'sell' else '매수'} 화면을 열까요?",
                         f"Which stock's {side} screen should I open?"), held(), action="open_order", side=side)
        return Reading("open_order", {"side": side, "code": code})
    category = tab_named(text, state.mode) in ("all", "market", "concept", "habit")
    # "사례가 있으면 요약해 줘", "if there's a lesson about ETFs, open it": the case asked for, not a search
    found_then_asked = _IF_ANY.search(n) is not None and (hit(text, "tell") or hit(text, "show"))
    # "이 종목 관련 사례 뭐 있어" on a stock page: that stock's cases tab, not a search of all cases
    if hit(text, "keyword") and case_word and here is not None and set(mentions.codes) <= {here} and term is None \
            and case_id is None and not found_then_asked:
        return Reading("set_tab", {"tab": "cases"})
    if hit(text, "keyword") and (state.mode == "education" or case_word) and not category and not found_then_asked:
        keyword = keyword_of(text)
        if keyword:
            return Reading("set_keyword", {"keyword": keyword})
    visual = _visual(text, mentions, here, period)
    if visual is not None:
        return visual
    # "셀트리온 1년 동안 얼마나 올랐어?": how far a named stock moved is its move, with the figure
    moving = hit(text, "move") and (hit(text, "why") or (
        hit(text, "extent") and bool(mentions.codes or this or here) and not own and not portfolio))
    # "얘 최근 3개월 움직임 설명 좀", "카카오 1년 흐름 알려줘", "KODEX 200 1년 어떻게 움직였어?": a stock's move told,
    # over the period named
    told_move = (hit(text, "move") or re.search(r"\bmovements?\b", n) is not None) \
        and (hit(text, "tell") or _HOW_MOVED.search(n) is not None) \
        and code is not None and not own \
        and not portfolio and not (term and define)
    # "이 종목 요즘 흐름 어때": how a stock's move goes is its move, asked like a why
    asked_about_stock = (hit(text, "why") or (hit(text, "how_is") and hit(text, "move") and not portfolio)
                         or (hit(text, "performance") and not portfolio)) \
        and (this or mentions.codes) and not define
    # The whole market (장 전체, 코스피, "the market"): its move needs no stock, even asked from a stock page.
    market = hit(text, "market_wide") and not mentions.codes and not (this and not hit(text, "market_wide"))
    market_move = market and (hit(text, "why") or hit(text, "move") or hit(text, "how_is")) \
        and not (term and define and term_is_asked(n))  # 시장 분위기 어때: how the market goes is its move
    # "셀트리온 시장이랑 비교하면?", "Kia against the market": one stock's move beside the market's is its move
    versus_market = hit(text, "compare") and hit(text, "market_wide") and code is not None and len(mentions.codes) <= 1
    # "카카오 한 주에 얼마야?", "what's Kakao trading at": one stock's price, which its move's reply states first
    priced = hit(text, "price_now") and code is not None and len(mentions.codes) <= 1 and term is None \
        and not (own or portfolio or case_word or hit(text, "holdings_ref") or hit(text, "order"))
    if (moving or asked_about_stock or market_move or versus_market or priced or "explain the move" in n) \
            and case_id is None:
        return Reading("explain_move", {} if (market and not versus_market) or code is None else
                       {"code": code, **({"period": period} if period else {})})
    if told_move and case_id is None and code is not None:
        return Reading("explain_move", {"code": code, **({"period": period} if period else {})})
    if case_id is not None and (case_word or hit(text, "tell") or hit(text, "show") or hit(text, "why")
                                or lex.value(without_stocks(text), "case") is not None):
        # "금리 얘기하는 사례 ... 열어서": what the case tells only names it; the request is to open it
        described = _DESCRIBED.sub(" ", text)
        telling = hit(described, "tell") or hit(text, "why") or (define and not term) or _ABOUT.search(n) is not None
        if telling and not (hit(text, "show") and not hit(text, "tell")):
            return Reading("case_info", {"case_id": case_id})
        if not (term and (define or hit(text, "figure"))):  # "배당수익률 몇 프로야" asks the ratio, not the case
            return Reading("open_case", {"case_id": case_id})
    tab = tab_named(text, state.mode)
    # 보유 종목 / 자산 배분 / 차트 are a tab when called one, or when shown on the screen that has it (not the chart).
    shown_here = tab in own_tabs(state.mode) and tab != "chart" and hit(text, "show")
    if tab is not None and (hit(text, "tab_word") or tab not in ("holdings", "allocation", "chart") or shown_here) \
            and not (tab == "cases" and not hit(text, "tab_word") and "탭" not in c and state.mode != "stock"):
        return Reading("set_tab", {"tab": tab})
    if period is not None and here is not None and set(mentions.codes) <= {here}:
        return Reading("set_period", {"period": period})
    # "차트 1년으로" with no stock on screen or named: whose chart is not said, so ask (the period is kept).
    if period is not None and here is None and not mentions.codes and not case_word and not portfolio \
            and not market and (hit(text, "draw") or "기간" in c or "period" in n):
        return ask(("어느 종목 차트를 볼까요?", "Which stock's chart?"), held(), action="set_period", period=period)
    target = lex.value(text, "screen") or ("home" if hit(text, "home") else None)
    if case_word and case_id is None and hit(text, "list_word") and not hit(text, "keyword"):
        target = "education"
    if target is not None and not mentions.codes and hit(text, "screen_word"):
        return Reading(f"nav_{target}")
    # "내 보유 종목 보여줘", "show my holdings": the screen that lists them (on 내 자산 itself, its tab above)
    if hit(text, "holdings_ref") and hit(text, "show") and not hit(text, "tell") and not mentions.codes \
            and re.search(r"(^|\s)(내|my)\s", n) is not None:
        return Reading("nav_my")
    if portfolio and hit(text, "screen_word") and hit(text, "show"):
        return Reading("nav_my")  # "내가 갖고 있는 종목 보는 데로 옮겨 줘": the screen, not a summary
    asked = hit(text, "how_is") or (hit(text, "tell") and not hit(text, "show")) \
        or hit(text, "figure")  # 알려 주실래요, 얼마야 (not 가 주실래요): an answer, not the screen
    mine = re.search(r"(^|\s)(내|my)\s", n) is not None
    if portfolio or (target == "my" and asked) or (hit(text, "holdings_ref") and (
            hit(text, "how_is") or ((asked or hit(text, "ranked")) and mine))):  # "what's my biggest holding?": my portfolio's answer
        return Reading("portfolio_summary")
    if mentions.codes:
        return Reading("nav_stock", {"code": mentions.codes[0]})
    if mentions.ambiguous:
        names = [stock_name(c_) or c_ for c_ in mentions.ambiguous]
        names_en = [stock_label(c_, "en") for c_ in mentions.ambiguous]
        return ask((f"{' / '.join(names)} 중 어느 종목인가요?", f"Which one: {' / '.join(names_en)}?"), (names, names_en),
                    action="nav_stock")
    if target is not None:
        return Reading(f"nav_{target}")
    if term is not None:
        return Reading("concept", {"term": term})
    if "기간" in c or "period" in n:
        return ask(("차트 기간을 어떻게 바꿀까요?", "Which chart period?"), ["1M", "3M", "1Y"], action="set_period")
    if "관련종목" in c or "related stock" in n:
        related = cases()[state.case_id]["related_codes"] if state.case_id else []
        related = related or ["005930", "000660"]
        return ask(("어떤 종목을 볼까요?", "Which stock should I show?"),
                    ([stock_label(x) for x in related], [stock_label(x, "en") for x in related]), action="nav_stock")
    return _guess(text)


def term_is_asked(n: str) -> bool:
    return bool(re.search(r"뭐|뜻|의미|what is|meaning|mean", n))


def _link(text: str, code: str | None, mentions: Mentions) -> Reading:
    named = lexicon().values(text, "link")
    link = next((v for v in named if v != "homepage"), named[0] if named else None)
    links = screens()["external_links"]
    if link is None:
        return ask(("어떤 링크를 열까요?", "Which link should I open?"),
                    ([v["label"] for v in links.values()], [v["label_en"] for v in links.values()]),
                    action="open_external_link")
    if link in ("naver_finance", "homepage") and code is None:
        return ask((f"어느 종목의 {links[link]['label']}를 열까요?", f"The {links[link]['label_en']} of which stock?"),
                    held(), action="open_external_link", link=link)
    return Reading("open_external_link", {"link": link, **({"code": code} if code else {})})


def _visual(text: str, mentions: Mentions, here: str | None, period: str | None) -> Reading | None:
    extra = {"period": period} if period else {}
    if hit(text, "allocation") and hit(text, "draw") and not hit(text, "tab_word"):
        return Reading("visualize", {"kind": "allocation"})
    codes = list(mentions.codes)
    drawn = hit(text, "draw_reply") or (hit(text, "draw") and period is None and hit(text, "show"))
    if here and set(codes) <= {here} and drawn and not hit(text, "tab_word") and lexicon().value(text, "tab") is None:
        return Reading("visualize", {"kind": "price", "codes": [here], **extra})
    if len(codes) >= 2:
        return Reading("visualize", {"kind": "compare", "codes": codes[:2], **extra})
    if len(codes) == 1 and here and here != codes[0] and hit(text, "compare"):
        return Reading("visualize", {"kind": "compare", "codes": [here, codes[0]], **extra})
    return None


def _guess(text: str) -> Reading:
    if hit(text, "smalltalk"):  # nothing asked but a greeting, thanks or the learner's day
        return Reading("off_topic", {"smalltalk": True})
    guess = classifier().classify(text)
    decision = decide(None, guess, mutations=HIGH_RISK, labels=LABELS)
    if decision.intent is None:
        return unsure(decision.candidates, decision.question, decision.choices)
    if decision.intent in ("nav_home", "nav_education", "nav_my", "open_archive", "canvas", "portfolio_summary",
                           "off_topic", "explain_move"):
        return Reading(decision.intent, {}, source="classifier")
    # Every other kind needs a slot (a stock, a case, a term) that the rules would have found: ask, with the
    # likeliest kinds as choices (a confident decision carries none, and its question was "Pick one: .").
    asked = decide(None, dataclasses.replace(guess, confident=False), mutations=HIGH_RISK, labels=LABELS)
    return unsure(asked.candidates, asked.question, asked.choices)


