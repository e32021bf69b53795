"""The offline model's understanding of one learner message against the screen it was sent from.

Rules over the lexicon's phrases come first (each a kind of request the tutor handles); when none
fires, the kit's exemplar classifier (``training.yaml``) guesses, and ``decide`` asks with choices
when it is unsure. A high-risk action is only ever read from the learner's own words, never guessed,
and never without the stock or side it needs: then the reading is a question."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agents.nlu import FUNCTION_WORDS, ExemplarClassifier, Lexicon, Speller, compact, decide, normalise
from agents.nlu.lexicon import strings
from agents.tutor.catalog import lexicon, own_tabs, tab_named
from agents.tutor.charts import name as stock_label
from agents.tutor.clauses import request_clause, resolve
from agents.tutor.keywords import keyword_of
from agents.tutor.names import Mentions, find_stocks, find_term, without_stocks
from agents.tutor.sandbox import AppState
from agents.tutor.sandbox_data import cases, default_portfolio, glossary, screens, stock_name, stocks

TRAINING_PATH = Path(__file__).with_name("training.yaml")
HIGH_RISK = frozenset({"open_order", "open_external_link", "remove_holding", "reset_portfolio"})
LABELS = {"nav_stock": "종목 차트 보기", "explain_move": "주가 움직임 설명", "concept": "용어 설명",
          "case_info": "교육 사례 알아보기", "portfolio_summary": "내 자산 요약", "nav_education": "교육 화면으로",
          "visualize": "차트 그리기", "canvas": "캔버스 노트로 정리"}
# The same choices for a learner who writes English (each reads back as its kind when clicked).
LABELS_EN = {"nav_stock": "show a stock chart", "explain_move": "explain the move", "concept": "explain a term",
             "case_info": "tell me about a case", "portfolio_summary": "how is my portfolio doing?",
             "nav_education": "open lessons", "visualize": "draw a chart", "canvas": "make me a study note"}
# "what's the short selling case about?": asked to be told what a case is about.
_ABOUT = re.compile(r"\bwhat\b.*\babout\W*$")
_DEFINE_END = re.compile(r"(?:이)?란[?？!.]*$")
_YEAR = re.compile(r"\b(19|20)\d{2}\s*년?")
# Polite first person (제 포트폴리오, 저의 계좌, 제가 가진) read as the plain one the lexicon lists.
_POLITE = re.compile(r"(^|\s)(제|저의|제가)\s+")
_WHOLE = re.compile(r"(^|\s)(내|my)\s+(?:전체|모든|whole|entire|overall|full)\s+", re.I)
# A side said as the learner's own wish in a context clause counts; one they are still weighing does not.
_WANT = re.compile(r"싶|want to|'d like to|would like to|going to|살게|팔게|살래|팔래", re.I)
_UNDECIDED = re.compile(r"할까|할지|까 고민|고민|모르|망설|헷갈|not sure|whether|should i|or (?:buy|sell)", re.I)
# A context clause's pointer at the case on screen (이 사례를 읽고, I was reading this case): what was read.
_READ_THIS = re.compile(r"이\s?(?:사례|케이스|글|내용)|\bthis (?:case|lesson)\b", re.I)
# A negated request is not asked for: "X 같은 건 하지 말고" (back to the last comma), "사지는 말고요", "don't
# sell it", "without leaving this page".
_NEGATED = re.compile(r"[^,.?!]*?[가-힣]+지(?:는|도)?\s?(?:말고|마시고)요?|[가-힣]+지(?:는|도)?\s?(?:마세요|말아|마|않아도)요?|"
                      r"\b(?:don't|do not|without)\s+(?:go|move|open|switch|leave|navigate|change|sell|buy|remove|delete|"
                      r"reset|going|moving|opening|switching|leaving|changing|selling|buying|removing|deleting)\b"
                      r"(?:\s+(?:the|this|my|any)?\s*(?:page|screen|tab|it|them|anything|stock|holding|portfolio))?", re.I)


@dataclass
class Reading:
    kind: str | None  # an action id or an answer kind; None: ask
    args: dict[str, Any] = field(default_factory=dict)
    question: str = ""
    choices: list[str] = field(default_factory=list)
    source: str = "rule"
    question_en: str = ""  # the question and choices for a learner who writes English
    choices_en: list[str] = field(default_factory=list)


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
    phrases = [p for name, ps in lex.intents.items() if name != "off_topic" for p in ps]
    phrases += [p for values in lex.slots.values() for ps in values.values() for p in ps]
    phrases += [n for s in stocks().values() for n in (s.name_en, *s.aliases)]
    phrases += [c["title_en"] for c in cases().values()] + [t["term_en"] for t in glossary().values()]
    phrases += [t for name, texts in classifier().examples.items() if name != "off_topic" for t in texts]
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


def _ask(question: tuple[str, str], choices: tuple[list[str], list[str]] | list[str], **known: Any) -> Reading:
    """A question with choices, in Korean and in English (plain lists are the same in both)."""
    ko, en = choices if isinstance(choices, tuple) else (choices, choices)
    return Reading(None, dict(known), question[0], ko[:6], "ask", question[1], en[:6])


def _hit(text: str, intent: str) -> bool:
    if lexicon().hits(text, intent):
        return True
    syllables = strings(lexicon().section("syllables").get(intent) or [], f"syllables {intent}")
    return any(s in token for s in syllables for token in re.findall(r"[가-힣]+", normalise(text)))


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
    else:
        return lex.value(text, "period")
    kept = [p for p in found if p not in refused]
    return kept[0] if kept else lex.value(text, "period")


def period_of(text: str) -> str | None:
    """The chart period a message names (1M / 3M / 1Y), a year number aside ("2022년" is no period)."""
    return _wanted_period(lexicon(), _YEAR.sub(" ", text))


def read(text: str, state: AppState) -> Reading:
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
                and not _hit(clause, "this_stock") and not _hit(clause, "market_wide"):
            return Reading("explain_move", {"code": named[0]})
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
        keep = reading.kind is None and (whole.kind or "").startswith("nav_") and not _hit(clause, "show")
        # Nor is a high-risk action only a context clause names ("삼성전자 팔아 주세요, 아 아니 그냥 차트만 보여 주세요").
        return reading if keep or (whole.kind in HIGH_RISK and reading.kind != whole.kind) else whole
    return _read_one(text, state)


# "will Hyundai go up next week?": a prediction, whatever stands between the will and the move.
_WILL_MOVE = re.compile(r"\bwill\b.{0,40}\b(?:go up|go down|rise|fall|drop|recover|rebound|bounce back|climb)\b")


# A trade decision put to the tutor to judge: a buy/sell/hold word, then a word asking which way is better
# ("지금 사면 손해일까", "팔지 말지 골라줘", "10년 들고 갈 종목 찍어줘"); asking to open a screen is not one.
_TRADE_KO = r"(?:사면|사는\s?게|살지|팔면|파는\s?게|팔지|매수하면|매도하면|들고\s?갈|들고\s?가|가져갈|보유할|물타면|물탈지|손절할지|익절할지)"
_JUDGE_KO = r"(?:손해|이득|이익|손실\s?(?:볼|날)|나을|좋을|맞을|낫|추천|찍어|골라|말지|어떨까|어때)"
_TRADE_JUDGE = re.compile(
    rf"{_TRADE_KO}.{{0,20}}?{_JUDGE_KO}|(?:종목|주식)\s?(?:하나|한\s?개|몇\s?개)?(?:만)?\s?(?:찍어|골라)|"
    # 살까 말까, 팔아 말아, 손절각, 계속 가져가도 될까, 지금 들어가면 늦었나
    r"(?:손절|익절|매수|매도|줍줍|탈출|존버)\s?각|"
    r"(?:가져가|들고\s?가|들고\s?있어|보유해|갖고\s?있어|버텨)도\s?(?:될까|돼|되나|괜찮)|들어가(?:면|기엔)\s?늦")
# The learner's own dilemma ("살까 말까", "팔아 말아?") put to the tutor; not when the message asks for a screen
# ("팔까 말까 고민 중인데 주문 화면 열어 줘": the screen is the request).
_DILEMMA = re.compile(r"(?:살|팔|있을|가져갈|버틸|물탈|손절할|익절할|매수할|매도할|들어갈)까\s?말까|(?:사|팔아?)\s?말아")
# "들어가도 됨?", "지금 사도 되냐", "팔아도 ㄱㅊ?": permission asked for a trade is a judgement asked for.
_MAY_TRADE = re.compile(r"(?:사|팔|팔아|들어가|매수해|매도해|투자해|담아|물타|손절해|익절해|추매해|정리해)도\s?"
                        r"(?:돼|될까|되나|됨|되냐|되려나|되겠|될지|괜찮|ㄱㅊ|ᄀᄎ|무방)")
# "걍 팔까", "지금 살까?": the learner's own trade put as a question to the tutor (no screen asked for)
_SHALL_I = re.compile(r"(?:살|팔|들어갈|손절할|익절할|정리할|매수할|매도할|물탈|추매할|털|던질)까(?:요|용)?(?:\s*[?ㅠㅜ.!~]|\s*$)")
_SCREEN_ASKED = re.compile(r"화면|창\s?(?:좀\s?)?(?:열|띄)|열어|띄워|\bopen\b|\bscreen\b")
# "would it be wise to sell", "good idea to buy more here?": a trade judged good or bad.
_TRADE_EN = (r"(?:buy|sell|hold|invest|average down|add more|double down|get in|get out|cash out|keep it|dump|"
             r"take (?:my )?profits?|cut (?:my |the )?loss(?:es)?|exit|enter)")
_JUDGE_EN = re.compile(rf"\b(?:good|bad|smart|wise|right|safe|better|ok|okay|fine)\s+(?:idea|time|move|call|choice)?\s*(?:to|if i)\s+"
                       rf"{_TRADE_EN}\b|\b(?:should|shall|do)\s+i\s+(?:still\s+)?{_TRADE_EN}\b|"
                       rf"\bis\s+it\s+(?:still\s+)?(?:wise|smart|worth|safe)\b|"
                       rf"\b(?:what\s+)?would\s+you\s+(?:buy|sell|hold|pick|invest)\b|\bgood\s+(?:entry|exit)\s+point\b|"
                       rf"\bis\s+[a-z0-9&.\s]{{1,30}}?\s+a\s+(?:buy|sell|good investment)\b(?!\s*(?:screen|page|order|button|tab))")


def asks_advice(text: str) -> bool:
    """The learner asks for advice or a prediction (사도 돼?, 반등 언제 와요?, will it go up?, should I buy?)."""
    said = _NEGATED.sub(" ", text)
    n = normalise(said)
    return (_hit(said, "advice") or _WILL_MOVE.search(n) is not None or _TRADE_JUDGE.search(n) is not None
            or ((_MAY_TRADE.search(n) is not None or _SHALL_I.search(n) is not None) and not _SCREEN_ASKED.search(n))
            or _JUDGE_EN.search(n) is not None or (_DILEMMA.search(n) is not None and not _SCREEN_ASKED.search(n)))


def advice_reading(text: str, state: AppState) -> Reading | None:
    """An advice question, with the stock it is about (named, else the one on screen) so the reply can offer
    what it shows instead. A bare ambiguous name still asks which stock first."""
    if not asks_advice(text):
        return None
    mentions = find_stocks(text)
    if mentions.ambiguous and not mentions.codes:
        return None
    here = state.stock_code if state.mode == "stock" else None
    code = mentions.codes[0] if mentions.codes else here
    averaging = _hit(text, "averaging")
    return Reading("off_topic", {"advice": True, **({"code": code} if code else {}),
                                 **({"case_id": "averaging-down-trap"} if averaging else {})})


def _read_one(text: str, state: AppState) -> Reading:
    lex = lexicon()
    text = _NEGATED.sub(" ", text)  # "따로 이동하지 말고요", "without leaving this page": not asked for
    if re.search(r"[A-Za-z]{5}", text):
        text = speller().fix(normalise(text))  # after "whats" -> "what is"
    text = _POLITE.sub(lambda m: m.group(1) + ("내가" if m.group(2) == "제가" else "내") + " ", text)
    text = _WHOLE.sub(r"\1\2 ", text)  # "내 전체 자산", "my whole portfolio": the same as "내 자산"
    n = normalise(text)
    c = compact(text)
    links = [p for v in lex.slots["link"].values() for p in v]
    mentions: Mentions = find_stocks(text, skip=links)
    here = state.stock_code if state.mode == "stock" else None
    this = _hit(text, "this_stock")
    code = mentions.codes[0] if mentions.codes else here if (this or here) else None
    no_years = _YEAR.sub(" ", text)
    period = _wanted_period(lex, no_years)
    case_id = lex.value(without_stocks(text), "case")
    # On a case page "이 사례" and also plain "이거" / "this" mean the case (there is no stock on screen).
    if case_id is None and state.case_id and (_hit(text, "this_case") or (this and here is None and not mentions.codes)):
        case_id = state.case_id
    term = find_term(text)
    case_word = "사례" in c or "케이스" in c or bool(re.search(r"\b(case|lesson)\b", n))
    define = _hit(text, "define") or (term is not None and _DEFINE_END.search(c) is not None)  # 공매도란?

    if (_hit(text, "off_topic") or _foreign(n)) and not (mentions.codes or term or case_id):
        return Reading("off_topic")
    if _hit(text, "archive"):
        return Reading("open_archive")
    if _hit(text, "canvas"):  # a note about what the message names, if it names a case or a stock
        return Reading("canvas", {"case_id": case_id} if case_id else {"code": mentions.codes[0]} if mentions.codes else {})
    if _hit(text, "reset"):
        return Reading("reset_portfolio")
    if mentions.ambiguous and not mentions.codes and not (term and define) and case_id is None:
        return _which(text, mentions)  # bare 삼성 / SK: which one, whatever was asked about it
    if _hit(text, "link") and not (define and term):
        return _link(text, code, mentions)
    # 내 계좌 수익률이 몇 퍼센트인지, 포트폴리오 수익률이 궁금한데 알려 줘: the learner's own, unless its meaning is asked
    own = _hit(text, "portfolio") and (re.search(r"(^|\s)(내|my)\s", n) is not None
                                       or (_hit(text, "holdings_ref") and not term_is_asked(n)))
    # "삼성전자 PER 몇이야": the ratio of a named stock; the reply says whether the sandbox holds that figure.
    if term and code and mentions.codes and (_hit(text, "figure") or define) and not case_word and not own:
        return Reading("concept", {"term": term, "code": code})
    # (not when the term is itself the learner's own figure: "수익률 몇 퍼야" asks my return)
    if term and _hit(text, "figure") and not (case_word or own or mentions.ambiguous) \
            and normalise(term) not in {normalise(p) for p in lex.hits(text, "portfolio")}:
        # "배당수익률 몇 프로임" on a stock page: that stock's ratio (the reply says if the sandbox holds it)
        return Reading("concept", {"term": term, **({"code": here} if here else {})})
    # "LG에너지솔루션 어떤 회사야": the company's profile, not its chart (its info tab when a tab is named).
    if code and _hit(text, "company") and not _hit(text, "tab_word") and "탭" not in c and not _hit(text, "link"):
        return Reading("concept", {"code": code})
    # "KODEX 200이 뭐야?", "what is Celltrion": a stock named and asked what it is, nothing else asked: its profile
    if mentions.codes and len(mentions.codes) == 1 and define and term is None and case_id is None and not (
            own or _hit(text, "move") or _hit(text, "why") or _hit(text, "show") or _hit(text, "link")):
        return Reading("concept", {"code": mentions.codes[0]})
    if term and define and not case_word and not own \
            and not (_hit(text, "move") and _hit(text, "why") and not term_is_asked(n)):
        return Reading("concept", {"term": term})
    if _hit(text, "remove") or (_hit(text, "remove_verb") and _hit(text, "holdings_ref") and not _hit(text, "why")):
        if code is None:
            return _ask(("어떤 보유 종목을 포트폴리오에서 뺄까요?", "Which holding should I remove from the portfolio?"),
                        _held(), action="remove_holding")
        return Reading("remove_holding", {"code": code})
    if _hit(text.replace("공매도", " "), "order") and not define:
        side = side_of(text)
        if side is None:  # an order screen with no side: the learner chooses, the tutor never does
            return ask_side(code)
        if code is None:
            return _ask((f"어떤 종목의 {'매도' if side == 'sell' else '매수'} 화면을 열까요?",
                         f"Which stock's {side} screen should I open?"), _held(), action="open_order", side=side)
        return Reading("open_order", {"side": side, "code": code})
    category = tab_named(text, state.mode) in ("all", "market", "concept", "habit")
    if _hit(text, "keyword") and (state.mode == "education" or case_word) and not category:
        keyword = keyword_of(text)
        if keyword:
            return Reading("set_keyword", {"keyword": keyword})
    visual = _visual(text, mentions, here, period)
    if visual is not None:
        return visual
    # "셀트리온 1년 동안 얼마나 올랐어?": how far a named stock moved is its move, with the figure
    moving = _hit(text, "move") and (_hit(text, "why") or (
        _hit(text, "extent") and bool(mentions.codes or this) and not own and not _hit(text, "portfolio")))
    # "이 종목 요즘 흐름 어때": how a stock's move goes is its move, asked like a why
    asked_about_stock = (_hit(text, "why") or (_hit(text, "how_is") and _hit(text, "move") and not _hit(text, "portfolio"))
                         or (_hit(text, "performance") and not _hit(text, "portfolio"))) \
        and (this or mentions.codes) and not define
    # The whole market (장 전체, 코스피, "the market"): its move needs no stock, even asked from a stock page.
    market = _hit(text, "market_wide") and not mentions.codes and not (this and not _hit(text, "market_wide"))
    market_move = market and (_hit(text, "why") or _hit(text, "move") or _hit(text, "how_is")) \
        and not (term and define and term_is_asked(n))  # 시장 분위기 어때: how the market goes is its move
    if (moving or asked_about_stock or market_move or "explain the move" in n) and case_id is None:
        return Reading("explain_move", {} if market or code is None else {"code": code})
    if case_id is not None and (case_word or _hit(text, "tell") or _hit(text, "show") or _hit(text, "why")
                                or lex.value(without_stocks(text), "case") is not None):
        telling = _hit(text, "tell") or _hit(text, "why") or (define and not term) or _ABOUT.search(n) is not None
        if telling and not (_hit(text, "show") and not _hit(text, "tell")):
            return Reading("case_info", {"case_id": case_id})
        if not (term and (define or _hit(text, "figure"))):  # "배당수익률 몇 프로야" asks the ratio, not the case
            return Reading("open_case", {"case_id": case_id})
    tab = tab_named(text, state.mode)
    # 보유 종목 / 자산 배분 / 차트 are a tab when called one, or when shown on the screen that has it (not the chart).
    shown_here = tab in own_tabs(state.mode) and tab != "chart" and _hit(text, "show")
    if tab is not None and (_hit(text, "tab_word") or tab not in ("holdings", "allocation", "chart") or shown_here) \
            and not (tab == "cases" and not _hit(text, "tab_word") and "탭" not in c and state.mode != "stock"):
        return Reading("set_tab", {"tab": tab})
    if period is not None and here is not None and set(mentions.codes) <= {here}:
        return Reading("set_period", {"period": period})
    # "차트 1년으로" with no stock on screen or named: whose chart is not said, so ask (the period is kept).
    if period is not None and here is None and not mentions.codes and not case_word and not _hit(text, "portfolio") \
            and not market and (_hit(text, "draw") or "기간" in c or "period" in n):
        return _ask(("어느 종목 차트를 볼까요?", "Which stock's chart?"), _held(), action="set_period", period=period)
    target = lex.value(text, "screen") or ("home" if _hit(text, "home") else None)
    if case_word and case_id is None and _hit(text, "list_word") and not _hit(text, "keyword"):
        target = "education"
    if target is not None and not mentions.codes and _hit(text, "screen_word"):
        return Reading(f"nav_{target}")
    if _hit(text, "portfolio") and _hit(text, "screen_word") and _hit(text, "show"):
        return Reading("nav_my")  # "내가 갖고 있는 종목 보는 데로 옮겨 줘": the screen, not a summary
    asked = _hit(text, "how_is") or (_hit(text, "tell") and not _hit(text, "show")) \
        or _hit(text, "figure")  # 알려 주실래요, 얼마야 (not 가 주실래요): an answer, not the screen
    mine = re.search(r"(^|\s)(내|my)\s", n) is not None
    if _hit(text, "portfolio") or (target == "my" and asked) or (_hit(text, "holdings_ref") and (
            _hit(text, "how_is") or ((asked or _hit(text, "ranked")) and mine))):  # "what's my biggest holding?": my portfolio's answer
        return Reading("portfolio_summary")
    if mentions.codes:
        return Reading("nav_stock", {"code": mentions.codes[0]})
    if mentions.ambiguous:
        names = [stock_name(c_) or c_ for c_ in mentions.ambiguous]
        names_en = [stock_label(c_, "en") for c_ in mentions.ambiguous]
        return _ask((f"{' / '.join(names)} 중 어느 종목인가요?", f"Which one: {' / '.join(names_en)}?"), (names, names_en),
                    action="nav_stock")
    if target is not None:
        return Reading(f"nav_{target}")
    if term is not None:
        return Reading("concept", {"term": term})
    if "기간" in c or "period" in n:
        return _ask(("차트 기간을 어떻게 바꿀까요?", "Which chart period?"), ["1M", "3M", "1Y"], action="set_period")
    if "관련종목" in c or "related stock" in n:
        related = cases()[state.case_id]["related_codes"] if state.case_id else []
        related = related or ["005930", "000660"]
        return _ask(("어떤 종목을 볼까요?", "Which stock should I show?"),
                    ([stock_label(x) for x in related], [stock_label(x, "en") for x in related]), action="nav_stock")
    return _guess(text)


def _which(text: str, mentions: Mentions) -> Reading:
    """Ask which of the stocks a bare name could mean, keeping what was asked (a move, a link, a chart)."""
    names = [stock_name(c_) or c_ for c_ in mentions.ambiguous]
    names_en = [stock_label(c_, "en") for c_ in mentions.ambiguous]
    action = ("explain_move" if _hit(text, "why") or _hit(text, "move") else
              "open_external_link" if _hit(text, "link") else
              "open_order" if _hit(text, "order") else "remove_holding" if _hit(text, "remove") else "nav_stock")
    extra: dict[str, Any] = {}
    if action == "open_external_link" and (link := lexicon().value(text, "link")):
        extra["link"] = link
    if action == "open_order" and (side := side_of(text)):
        extra["side"] = side
    return _ask((f"{' / '.join(names)} 중 어느 종목인가요?", f"Which one: {' / '.join(names_en)}?"), (names, names_en),
                action=action, **extra)


def ask_side(code: str | None) -> Reading:
    return _ask(("매수 화면과 매도 화면 중 어느 쪽을 열까요?", "Should I open the buy screen or the sell screen?"),
                (["매수", "매도"], ["buy", "sell"]), action="open_order", **({"code": code} if code else {}))


def side_of(text: str) -> str | None:
    """The order side the learner said (매수 / 매도, buy / sell), if any; both said ("매수를 할지 매도를 할지") is none."""
    if _hit(text, "order_sell") and _hit(text, "order_buy"):
        return None
    return "sell" if _hit(text, "order_sell") else "buy" if _hit(text, "order_buy") else None


def _held() -> tuple[list[str], list[str]]:
    """Choices for "which stock?": the sandbox portfolio's holdings, by Korean and English name."""
    codes = [h["code"] for h in default_portfolio()["holdings"]]
    return [stock_label(c) for c in codes], [stock_label(c, "en") for c in codes]


def term_is_asked(n: str) -> bool:
    return bool(re.search(r"뭐|뜻|의미|what is|meaning|mean", n))


def _link(text: str, code: str | None, mentions: Mentions) -> Reading:
    named = lexicon().values(text, "link")
    link = next((v for v in named if v != "homepage"), named[0] if named else None)
    links = screens()["external_links"]
    if link is None:
        return _ask(("어떤 링크를 열까요?", "Which link should I open?"),
                    ([v["label"] for v in links.values()], [v["label_en"] for v in links.values()]),
                    action="open_external_link")
    if link in ("naver_finance", "homepage") and code is None:
        return _ask((f"어느 종목의 {links[link]['label']}를 열까요?", f"The {links[link]['label_en']} of which stock?"),
                    _held(), action="open_external_link", link=link)
    return Reading("open_external_link", {"link": link, **({"code": code} if code else {})})


def _visual(text: str, mentions: Mentions, here: str | None, period: str | None) -> Reading | None:
    extra = {"period": period} if period else {}
    if _hit(text, "allocation") and _hit(text, "draw") and not _hit(text, "tab_word"):
        return Reading("visualize", {"kind": "allocation"})
    codes = list(mentions.codes)
    drawn = _hit(text, "draw_reply") or (_hit(text, "draw") and period is None and _hit(text, "show"))
    if here and set(codes) <= {here} and drawn and not _hit(text, "tab_word") and lexicon().value(text, "tab") is None:
        return Reading("visualize", {"kind": "price", "codes": [here], **extra})
    if len(codes) >= 2:
        return Reading("visualize", {"kind": "compare", "codes": codes[:2], **extra})
    if len(codes) == 1 and here and here != codes[0] and _hit(text, "compare"):
        return Reading("visualize", {"kind": "compare", "codes": [here, codes[0]], **extra})
    return None


def _guess(text: str) -> Reading:
    guess = classifier().classify(text)
    decision = decide(None, guess, mutations=HIGH_RISK, labels=LABELS)
    if decision.intent is None:
        return _unsure(decision.candidates, decision.question, decision.choices)
    if decision.intent in ("nav_home", "nav_education", "nav_my", "open_archive", "canvas", "portfolio_summary",
                           "off_topic", "explain_move"):
        return Reading(decision.intent, {}, source="classifier")
    # Every other kind needs a slot (a stock, a case, a term) that the rules would have found.
    return _unsure(decision.candidates, decision.question, decision.choices)


def picked(text: str, candidates: list[str], state: AppState) -> Reading | None:
    """The learner clicked one of the choices an unsure reading offered: that kind, asking next for the
    one thing it still needs (which stock, term or case), never the same vague question again."""
    said = compact(text).lower()
    kind = next((k for k in candidates if said in (compact(LABELS[k]).lower(), compact(LABELS_EN[k]).lower())), None)
    here = state.stock_code if state.mode == "stock" else None
    match kind:
        case None:
            return None
        case "explain_move":
            return Reading("explain_move", {"code": here} if here else {})
        case "nav_stock" | "visualize" if here is None or kind == "nav_stock":
            return _ask(("어떤 종목을 볼까요?", "Which stock should I show?"), _held(), action="nav_stock")
        case "visualize":
            return Reading("visualize", {"kind": "price", "codes": [here]})
        case "concept":
            terms = ["PER", "공매도", "ETF", "배당수익률"]
            return _ask(("어떤 용어가 궁금해요?", "Which term?"),
                        (terms, [glossary_en(t) for t in terms]), action="concept")
        case "case_info":
            shown = list(cases().values())[:6]
            return _ask(("어떤 사례를 알려 드릴까요?", "Which case?"),
                        ([c["title"] for c in shown], [c["title_en"] for c in shown]), action="case_info")
        case _:
            return Reading(kind)


def case_titled(text: str) -> str | None:
    """The case whose Korean or English title the learner sent (a clicked choice)."""
    said = compact(text).lower()
    return next((c["id"] for c in cases().values() if said in (compact(c["title"]).lower(),
                                                               compact(c["title_en"]).lower())), None)


def glossary_en(term: str) -> str:
    return glossary()[term]["term_en"]


def _unsure(candidates: list[str], question: str, choices: list[str]) -> Reading:
    en = [LABELS_EN[c] for c in candidates]
    return _ask((question, "What can I help with? Pick one: " + " / ".join(en) + "."), (choices, en),
                candidates=candidates)
