"""Elliptical follow-ups completed from the dialogue state, then read as one message.

A follow-up often leaves out what the conversation is about: "매수 화면 열어줘", "why did the price drop?", "그럼
지금 들어가도 될까?" after a talk about one stock; "go to that lesson" after a case summary. Read alone, such a
message has to ask (which stock? which case?) or falls back on the whole market. Here the subject the dialogue
state holds (the one stock the last turns named, else the case) is written into the message ("카카오 매수 화면
열어줘") and the completed message goes through the single-message reader (``reading.read``), so every phrasing
that reader knows also works as a follow-up, in Korean and English alike.

The completion is kept only when the message alone left its subject open and the completed reading is a
confident one about that very subject; a message that names a stock or a case of its own, asks which stock to
pick, or is about the market is never completed. A high-risk action still comes only from the learner's own
words (the completed reading is the reader's, which never guesses a side), and advice stays advice: the stock's
move with the decline, never an order screen."""

from __future__ import annotations

import re

from agents.nlu.dialogue import Dialogue
from agents.tutor.advice import asks_advice, picks_stock
from agents.tutor.catalog import hit, lexicon
from agents.tutor.charts import name as stock_label
from agents.tutor.followup import CASE, pointed_stock, subject
from agents.tutor.names import find_stocks, find_term
from agents.tutor.questions import Reading, ask
from agents.tutor.reading import read
from agents.tutor.sandbox import AppState
from agents.tutor.sandbox_data import cases, stocks

# Kinds that are about one stock; an ask for one of them that still lacks the stock is left open.
_ABOUT_STOCK = frozenset({"nav_stock", "open_order", "remove_holding", "open_external_link", "explain_move",
                          "set_period", "visualize"})
# Asked to see the stock itself (its page or chart): a completed bare name is only read as its page when so.
_SHOWN = re.compile(r"차트|그래프|페이지|화면|\b(?:chart|graph|page|screen)\b", re.I)
_STOCK_WORD = re.compile(r"종목|주식|회사|\b(?:stocks?|shares?|compan(?:y|ies))\b", re.I)
_CASE_WORD = re.compile(r"사례|케이스|레슨|교육|\b(?:case|lesson|episode|story)\b", re.I)


def complete(reading: Reading, text: str, dialogue: Dialogue, earlier: str, state: AppState) -> Reading | None:
    """The reading of ``text`` with the conversation's subject written in, when ``text`` alone left it open."""
    if (figure := _with_term(reading, text, dialogue, state)) is not None:
        return figure
    if (this := _this_one(text, dialogue, state)) is not None:
        return this
    if not _open(reading, text):
        return None
    links = [phrase for values in lexicon().slots["link"].values() for phrase in values]
    mentions = find_stocks(text, skip=links)  # "네이버 증권에서 볼래" names a link, not NAVER
    if mentions.codes or mentions.ambiguous or hit(text, "unlisted"):  # "애플은 왜 올랐어?": not the stock talked about
        return None
    about = subject(dialogue)  # what the last turn that named anything was about: its case first
    if _CASE_WORD.search(text) or (about is not None and "case_id" in about):
        told = _with_case(reading, text, dialogue, state)
        if told is not None or _CASE_WORD.search(text) or not _about_stock(reading):
            return told
    code = pointed_stock(dialogue, earlier)
    if code is None or code not in stocks():
        return None
    stock = stocks()[code]
    name = stock.name if re.search(r"[가-힣]", text) else stock.name_en
    again = read(f"{name} {text}", state)
    if again.source != "rule" and again.source != "ask":
        return None
    if again.kind is None:  # still a question: kept only when it now asks less (the side of that stock's order)
        return again if again.args.get("code") == code and reading.kind is None else None
    if again.kind == "off_topic" or code not in (again.args.get("code"), *(again.args.get("codes") or ())):
        return None
    if again.kind == "nav_stock" and not (_SHOWN.search(text) or hit(text, "show")):
        return None  # only the name was read ("카카오 음..."): nothing asked of the stock
    return again


def _about_stock(reading: Reading) -> bool:
    return (reading.kind or str(reading.args.get("action") or "")) in _ABOUT_STOCK


def _open(reading: Reading, text: str) -> bool:
    """Did the message alone leave its subject open (a question back, a move of no stock, advice of none)?"""
    if reading.kind is None:
        return not reading.args.get("code") and not reading.args.get("codes") and not reading.args.get("case_id")
    if reading.kind == "explain_move":  # the whole market's move is asked as such
        return not reading.args.get("code") and not hit(text, "market_wide")
    if reading.kind == "open_external_link":
        return not reading.args.get("code") and reading.args.get("link") in ("naver_finance", "homepage", "dart")
    if reading.kind == "off_topic":
        if reading.args.get("advice"):
            return not reading.args.get("code") and not picks_stock(text)
        # a foreign word or the classifier's guess, never the lexicon's off-topic subjects or small talk
        return (bool(reading.args.get("foreign")) or (reading.source == "classifier" and not reading.args)) \
            and not asks_advice(text)
    return False


def _with_case(reading: Reading, text: str, dialogue: Dialogue, state: AppState) -> Reading | None:
    """"go to that lesson", "요약해줘" after a case was talked about: the message read with that case's title."""
    case = dialogue.last(CASE)
    if case is None or case.id not in cases():
        return None
    action = reading.kind or str(reading.args.get("action") or "")
    if action in ("explain_move", "nav_stock") and _STOCK_WORD.search(text):
        # "여기 나온 종목 왜 올랐어?", "관련 종목 차트": the case's own stocks (which one, when it has several)
        related = [c for c in cases()[case.id]["related_codes"] if c in stocks()]
        if len(related) == 1:
            return Reading(action, {"code": related[0]})
        names, names_en = [stock_label(c) for c in related], [stock_label(c, "en") for c in related]
        return ask(("이 사례의 어느 종목인가요?", "Which of the case's stocks?"), (names, names_en),
                   action=action) if len(related) > 1 else None
    if reading.kind not in (None, "off_topic"):
        return None
    title = cases()[case.id]["title" if re.search(r"[가-힣]", text) else "title_en"]
    again = read(f"{title} {text}", state)
    if again.kind not in ("open_case", "case_info") or again.args.get("case_id") != case.id:
        return None
    # a case only named opens it in one message; a question about it ("얼마나 걸렸어?") is told
    shown = again.kind == "open_case" and hit(text, "show")
    return Reading("open_case" if shown else "case_info", {"case_id": case.id})


def _with_term(reading: Reading, text: str, dialogue: Dialogue, state: AppState) -> Reading | None:
    """"삼성전자는 몇이야?", "and for Kia?" after a term was explained: that term's figure for the stock named."""
    term = dialogue.args.get("term") if dialogue.tool == "lookup_term" else None
    codes = find_stocks(text).codes
    if not isinstance(term, str) or len(codes) != 1 or find_term(text) is not None or not hit(text, "figure"):
        return None
    # "how much is it for Kia?" alone asks Kia's price; after a term it asks that term's figure for Kia
    priced = reading.kind == "explain_move" and hit(text, "price_now") and not hit(text, "why") and not hit(text, "move")
    if reading.kind not in (None, "nav_stock") and not priced:
        return None
    again = read(f"{term} {text}", state)
    return again if again.kind == "concept" and again.args == {"term": term, "code": codes[0]} else None


# "이 종목은?", "what about this one?": only the stock on screen pointed at, with the particle that hands a question on.
_THIS_ONLY = re.compile(r"^\W*(?:(?:그럼|그러면|and|what about|how about|then)\W*)*(?:이\s?종목|이거|얘|여기|이\s?회사|"
                        r"this(?: one| stock| company)?)\s*(?:은|는|도)?\s*(?:요|then)?\W*$", re.I)


def _this_one(text: str, dialogue: Dialogue, state: AppState) -> Reading | None:
    """The last move or figure question asked again of the stock on screen ("카카오 왜 떨어졌어" then, on another
    stock's page, "이 종목은?")."""
    here = state.stock_code if state.mode == "stock" else None
    if here is None or not _THIS_ONLY.match(text) or dialogue.tool not in ("explain_move", "lookup_term", "lookup_stock"):
        return None
    if dialogue.tool == "explain_move":
        period = dialogue.args.get("period")
        return Reading("explain_move", {"code": here, **({"period": period} if isinstance(period, str) else {})})
    term = dialogue.args.get("term") if dialogue.tool == "lookup_term" else None
    return Reading("concept", {"term": term, "code": here} if isinstance(term, str) else {"code": here})
