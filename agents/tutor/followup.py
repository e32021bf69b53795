"""Tutor follow-ups that point back ("그 사례에서 회복하는 데 얼마나 걸렸어?", "that stock, why?"), on the kit's
dialogue state (``agents.nlu.dialogue``) like every agent: ``extract`` says which case or stock each tool call
referred to (the runtime folds it into ``state["dialogue"]`` and the system prompt), and ``resolve`` reads a
pronoun against it when the message alone had to ask. "그 사례" is the last case, "그 종목" the last stock, a
bare "그거 / it" what the last turn named; two stocks named together (a comparison) leave two readings, and the
tutor asks which. A confident reading is never overridden, and nothing is resolved when nothing was named."""

from __future__ import annotations

import re

from agents.nlu import FUNCTION_WORDS
from agents.nlu.dialogue import Dialogue, Mention, pointer
from agents.nlu.text import compact
from agents.tutor.catalog import hit
from agents.tutor.charts import name as stock_label
from agents.tutor.names import find_stocks, find_term, without_stocks
from agents.tutor.questions import Reading, ask_side
from agents.tutor.reading import read
from agents.tutor.sandbox import AppState, default_state
from agents.tutor.sandbox_data import cases, glossary, keyword_cases, stocks

CASE = "case"
STOCK = "stock"
META_TOOLS = frozenset({"askClarification", "open_canvas"})
# "이 회사 홈페이지", "that company's website": the stock the conversation is about, pointed at by its kind.
_THIS_STOCK = re.compile(r"(?:이|그|해당|저)\s?(?:종목|회사|주식|기업)|\b(?:this|that|the same) (?:stock|company|share)s?\b", re.I)
_CASE_WORD = re.compile(r"사례|케이스|\b(?:case|lesson|episode)\b", re.I)
_STOCK_WORD = re.compile(r"종목|회사|주식|\b(?:stock|company|share)s?\b", re.I)


def _stock(code: object) -> list[Mention]:
    return [Mention(STOCK, code, stocks()[code].name)] if isinstance(code, str) and code in stocks() else []


def _case(case_id: object) -> list[Mention]:
    if not isinstance(case_id, str) or case_id not in cases():
        return []
    return [Mention(CASE, case_id, str(cases()[case_id]["title"]))]


def extract(tool: str, args: dict[str, object], payload: dict[str, object]
            ) -> tuple[list[Mention], list[Mention] | None, dict[str, object] | None]:
    """The case or stocks a tutor tool call referred to (its arguments, checked against the sandbox data)."""
    data = payload.get("data")
    if not isinstance(data, dict):
        data = {}
    held = data.get("holdings")  # the holdings a portfolio answer or the 내 자산 screen lists, in its order
    listed = [m for h in held for m in _stock(h.get("code") if isinstance(h, dict) else h)] if isinstance(held, list) else []
    match tool:
        case "get_portfolio":  # the holding a ranked question picked ("what's my biggest holding?") is what "it" means
            picked = [c for r in data.get("ranked") or [] if isinstance(r, dict) for c in r.get("codes") or []]
            return [m for c in dict.fromkeys(picked) for m in _stock(c)], listed or None, None
        case "lookup_case":
            return _case(args.get("case_id") or data.get("id")), None, None
        case "explain_move" | "lookup_stock" | "lookup_term":
            return _stock(args.get("code")), None, None
        case "visualization":
            named = args.get("codes")
            codes = [m for c in (named[:2] if isinstance(named, list) else []) for m in _stock(c)]
            return codes, codes or None, None
        case "ui_action" | "confirm_ui_action":
            params = args.get("params")
            if not isinstance(params, dict):
                params = {}
            if args.get("action_id") == "set_keyword":  # the cases the filter keeps: "그거 요약" is the one found
                keyword = str(params.get("keyword") or "")
                kept = [m for c in keyword_cases(keyword) for m in _case(c["id"])]
                titled = [m for m in kept if compact(keyword) and compact(keyword) in compact(m.name)]
                return (kept if len(kept) == 1 else titled if len(titled) == 1 else []), kept, None
            if args.get("action_id") == "nav_education" or (args.get("action_id") == "set_tab" and params.get("tab") in
                                                             ("all", "market", "concept", "habit")):
                tab = "all" if args.get("action_id") == "nav_education" else str(params.get("tab"))
                shown = [m for c in cases().values() if tab in ("all", c["category"]) for m in _case(c["id"])]
                return [], shown, None  # the lessons the screen now lists, in its order: "첫번째 거 열어줘"
            return [*_stock(params.get("code")), *_case(params.get("case_id"))], listed or None, None
    return [], None, None


# "그 회사 뭐 하는 곳이야?", "what does that company do?": the company's profile asked.
_WHAT_IT_DOES = re.compile(r"뭐\s?하는|무슨\s?일|뭘\s?만들|\bwhat (?:does|do) (?:it|they|that company|this company) do\b", re.I)
# "기아 말고 현대차", "기아 대신 현대차", "Hyundai instead of Kia": the stock refused and the one wanted.
_REFUSED_FIRST = re.compile(r"말고|말구|아니고|아니라|대신에?")
_REFUSED_AFTER = re.compile(r"\b(?:instead of|rather than)\b", re.I)
# A slip taken back with the stock meant: "I meant Naver", "my bad, Kia", "잘못 말했어 현대차", "오타 기아".
_MEANT = re.compile(r"\b(?:i meant|meant|i mean|my bad|oops|typo|correction)\b|잘못\s?(?:말|쳤|눌|적|썼)|오타|정정", re.I)
# A message that is only another stock and words taking the last one back ("아 아니 네이버로", "그거 말고 기아로",
# "sorry, make that Kia", "앗 취소 현대차로", "cancel that, Kia instead"): the last request again with that stock. Anything
# else said keeps its own reading.
_SWAP_ONLY = re.compile(r"(?:(?:아|앗|어|아니|아니다|아냐|아님|아니요|아뇨|ㄴㄴ|ᄂᄂ|노노|잠깐|잠깐만|그거|그건|그게|그|거|말고|말구|아니고|"
                        r"취소|취소하고|취소해|취소요|캔슬|대신|걸로|그걸로|"
                        r"cancel|scratch|instead|no|nope|wait|sorry|actually|make|that|it|change|switch|to|please|plz|로|으로|요|해줘|해|줘|"
                        r"해주세요|바꿔|바꿔줘|바꿔요)(?:\s+|[,.!?~]+\s*|$))+", re.I)


def corrected(text: str, previous: str | None, state: AppState) -> Reading | None:
    """The learner's last request again with another stock ("기아 페이지 열어" -> "아 기아 말구 현대차로"): the
    stock refused is the one the last request named, the request is read again and given the new stock."""
    if not previous:
        return None
    before = find_stocks(previous)
    slip = False
    if len(before.codes) == 1 and len(find_stocks(text).codes) == 1 and _SWAP_ONLY.fullmatch(without_stocks(text).strip()):
        refused, wanted, slip = before.codes, find_stocks(text).codes, True
    elif (m := _REFUSED_AFTER.search(text)) is not None:
        refused, wanted = find_stocks(text[m.end():]).codes, find_stocks(text[:m.start()]).codes
    elif (m := _REFUSED_FIRST.search(text)) is not None:
        refused, wanted = find_stocks(text[:m.start()]).codes, find_stocks(text[m.end():]).codes
    elif _MEANT.search(text) is not None and len(before.codes) == 1:  # "sorry, I meant Naver"
        refused, wanted, slip = before.codes, find_stocks(text).codes, True
    else:
        return None
    if len(refused) != 1 or len(wanted) != 1 or refused == wanted or refused[0] not in [*before.codes,
                                                                                        *before.ambiguous]:
        return None
    # a slip taken back is the last request as first read (the screen has moved since: read it from home)
    again = read(previous, default_state() if slip else state)
    if again.kind is None and again.args.get("action") in _NEEDS_STOCK and not again.args.get("code"):
        # "삼성 화면 열어줘" asked which 삼성; "ㄴㄴ 삼성전자 말고 삼성바이오로직스" answers it
        return _with_stock(again, wanted[0])
    args = dict(again.args)
    if args.get("code") == refused[0]:
        args["code"] = wanted[0]
    elif isinstance(args.get("codes"), list) and refused[0] in args["codes"]:
        args["codes"] = [wanted[0] if c == refused[0] else c for c in args["codes"]]
    else:
        return None
    return Reading(again.kind, args, again.question, again.choices, again.source, again.question_en, again.choices_en)


# Requests that wait only for their stock ("어떤 보유 종목을 뺄까요?"): a pronoun's stock fills them in.
_NEEDS_STOCK = frozenset({"remove_holding", "open_order", "nav_stock", "open_external_link", "explain_move"})
_CHART = re.compile(r"차트|그래프|주가\s?(?:화면|페이지)|\b(?:chart|graph|price page)\b", re.I)
_OPEN = re.compile(r"열어|띄워|보여|이동|가자|가줘|페이지로|화면으로|들어가|\b(?:open|show|go to|go there|head there|take me|bring me|"
                   r"pull up|jump to)\b",
                   re.I)
_TELL = re.compile(r"알려|설명|요약|내용|얘기|이야기|뭐야|퀴즈|문제 내|자세히|핵심|정리|"
                   r"\b(?:tell|summari[sz]e|explain|about|quiz|details?|more on|gist)\b", re.I)


def _with_stock(asked: Reading, code: str) -> Reading:
    """The request an ask held, with its stock; an order screen still asks for its side."""
    action = str(asked.args["action"])
    args = {k: v for k, v in asked.args.items() if k not in ("action", "candidates")}
    if action == "open_order" and "side" not in args:
        return ask_side(code)
    return Reading(action, {**args, "code": code})


def subject(dialogue: Dialogue) -> dict[str, str] | None:
    """What the last turn that named anything was about: its case first, else its one stock (the canvas
    note's subject)."""
    recent = dialogue.recent
    case = next((m for m in recent if m.kind == CASE), None)
    if case is not None:
        return {"case_id": case.id}
    named = [m for m in recent if m.kind == STOCK]
    return {"code": named[0].id} if len(named) == 1 else None


def resolve(reading: Reading, text: str, dialogue: Dialogue, earlier: str = "") -> Reading | None:
    """``earlier`` is the learner's previous message: a stock it named is what "그 종목" means when no tool
    call named one (a portfolio summary asked about one holding)."""
    p = pointer(text)
    if reading.kind == "open_external_link" and not reading.args.get("code") and p.position is None \
            and (p.pronoun or _THIS_STOCK.search(text)) and (code := pointed_stock(dialogue, earlier)) is not None:
        return Reading(reading.kind, {**reading.args, "code": code})  # "그 회사 공시": that company's filings
    if (p.pronoun or p.again or _THIS_STOCK.search(text)) and p.position is None and reading.kind is None \
            and reading.args.get("action") in _NEEDS_STOCK and not reading.args.get("code"):
        code = pointed_stock(dialogue, earlier)  # "그 종목 보유에서 빼줘", "그럼 매도 화면 열어줘": the stock meant
        return _with_stock(reading, code) if code is not None else None
    if not p.pronoun or p.position is not None:
        return None
    if reading.kind == "explain_move" and not reading.args.get("code"):
        return _whose_move(text, dialogue)  # "그 종목 왜 떨어졌어?" on a screen with no stock: the one named
    if reading.kind is not None:
        return None
    if _CASE_WORD.search(text):
        case = dialogue.last(CASE)
        if case is not None and _OPEN.search(text) and not _TELL.search(text):
            return Reading("open_case", {"case_id": case.id})  # "그 사례 열어줘": its page, not a summary
        return Reading("case_info", {"case_id": case.id}) if case is not None else None
    if _STOCK_WORD.search(text):
        stock = dialogue.last(STOCK)
        if stock is not None and (hit(text, "company") or _WHAT_IT_DOES.search(text)):
            return Reading("concept", {"code": stock.id})  # "그 회사 뭐 하는 곳이야?": its profile
        shown = _CHART.search(text) or (_OPEN.search(text) and not _TELL.search(text))  # "그 종목 화면 열어줘": its page
        return Reading("nav_stock" if shown else "explain_move", {"code": stock.id}) if stock is not None else None
    found = subject(dialogue)
    if found is not None and "case_id" in found:  # "open it" after a case summary: its page
        return Reading("open_case" if _OPEN.search(text) and not _TELL.search(text) else "case_info", found)
    if found is not None:  # "그거 차트로 보여줘", "take me there" after a move question: its page; else its move
        shown = _CHART.search(text) or (_OPEN.search(text) and not _TELL.search(text))
        return Reading("nav_stock" if shown else "explain_move", found)
    return _which_of_two(dialogue)


def offered_stock(text: str, choices: list[str]) -> str | None:
    """The one offered stock a part of its name picks ("바이오 쪽이요", "전자요", "the biologics one") after the tutor
    asked which stock: each word that fits one choice alone (a Korean word by its stem, particles aside) must
    fit the same one; a word every choice shares (삼성) says nothing."""
    names = [compact(" ".join([c, *_english_names(c)])).lower() for c in choices]  # "the telecom one" too
    picked: set[int] = set()
    for word in re.findall(r"[가-힣]{2,}|[a-z]{3,}", text.lower()):
        if word in FUNCTION_WORDS:
            continue
        stems = [word[:k] for k in range(len(word), 1, -1)] if re.match(r"[가-힣]", word) else [word]
        fits = next((hits for stem in stems if (hits := {i for i, n in enumerate(names) if stem in n})), set())
        if len(fits) == 1:
            picked |= fits
    if len(picked) != 1:
        return None
    codes = find_stocks(choices[picked.pop()]).codes
    return codes[0] if len(codes) == 1 else None


def _english_names(choice: str) -> list[str]:
    codes = find_stocks(choice).codes
    return [stocks()[codes[0]].name_en] if len(codes) == 1 else []


def pointed_stock(dialogue: Dialogue, earlier: str) -> str | None:
    """The one stock a pronoun points at: the last one named by a tool call, else the one the previous
    message named; None when two were named together (a comparison) or none."""
    recent = [m.id for m in dialogue.recent if m.kind == STOCK]
    if len(recent) == 1:
        return recent[0]
    if len(recent) > 1:
        return None
    named = find_stocks(earlier).codes if earlier else []
    if len(named) == 1:
        return named[0]
    last = dialogue.last(STOCK)
    return last.id if last is not None else None


def _whose_move(text: str, dialogue: Dialogue) -> Reading | None:
    """The stock a move question points at; None keeps the market's move (nothing, or a case, was named)."""
    stock = dialogue.last(STOCK) if _STOCK_WORD.search(text) else None
    if stock is not None:
        return Reading("explain_move", {"code": stock.id})
    found = subject(dialogue)
    if found is not None and "code" in found:
        return Reading("explain_move", found)
    return _which_of_two(dialogue)


def _which_of_two(dialogue: Dialogue) -> Reading | None:
    named = [m.id for m in dialogue.recent if m.kind == STOCK]
    if len(named) == 2:  # "그거 왜 올랐어?" after a two-stock comparison: which one is not said
        ko, en_names = [stock_label(c, "ko") for c in named], [stock_label(c, "en") for c in named]
        return Reading(None, {"action": "explain_move"}, f"{' / '.join(ko)} 중 어느 종목인가요?", ko, "ask",
                       f"Which one: {' / '.join(en_names)}?", en_names)
    return None


# What is left of "네이버는?", "셀트리온만 따로 봐줘", "SK하이닉스도", "what about Kia?", "and Samsung Electronics?" once
# the stock is taken out: a particle or a "what about" that hands the last question over to another stock.
_ELLIPSIS_KO = re.compile(r"^(?:은|는|도|만|이랑|랑)(?:요)?(?:만)?(?:따로|같이|한번|도)?(?:은|는)?"
                          r"(?:어때요?|어떰|어떤데|봐줘|봐봐|보면|알려줘|설명해줘|해줘|왜|요|줘)?[?？!.~ㅋㅎ]*$")
_ELLIPSIS_EN = re.compile(r"^(?:(?:so|ok|okay|and|also|then|now)\s+)*(?:what about|how about|and|same for|same with|same thing for|"
                          r"do the same for|now do)?\s*(?:then|too|also|as well)?\s*[?!.]*$")


def same_for(text: str, dialogue: Dialogue) -> Reading | None:
    """The last question asked again about another stock ("카카오 왜 떨어졌어?" -> "네이버는?", a market move ->
    "셀트리온만 따로"): a move stays a move, a ratio asked of one stock is asked of the next. Only a stock and
    the particle or "what about" that hands the question over; anything else is a request of its own."""
    codes = find_stocks(text).codes
    if len(codes) != 1 or dialogue.tool not in ("explain_move", "lookup_term", "lookup_stock"):
        return None
    rest = without_stocks(text).strip()
    korean = re.sub(r"\s+", "", rest)
    handed_over = _ELLIPSIS_KO.match(korean) or (re.search(r"[a-z?]", rest) and _ELLIPSIS_EN.match(rest))
    if not handed_over:  # a bare name ("기아") is no question handed over: it opens that stock
        return None
    args = dialogue.args
    if dialogue.tool == "explain_move":
        return Reading("explain_move", {"code": codes[0], **({"period": args["period"]} if args.get("period") else {})})
    if dialogue.tool == "lookup_term" and isinstance(args.get("term"), str):
        return Reading("concept", {"term": args["term"], "code": codes[0]})
    return Reading("concept", {"code": codes[0]})


# "관련된 사례", "그거 나오는 사례", "the related lesson", "a case about it": the case of what was just explained.
_RELATED = re.compile(r"관련|나오는|나온|다룬|다루는|쓰인|그거|이거|그\s?용어|\b(?:related|relevant|about (?:it|that)|with (?:it|that)|"
                      r"that term|for (?:it|that)|on (?:it|that))\b", re.I)


def related_case(text: str, dialogue: Dialogue) -> Reading | None:
    """The case about the term the last turn explained ("공매도가 뭐야" -> "관련된 사례 보여줘"): its page when opening
    is asked, its summary when telling is; several cases with that term: which one."""
    term = dialogue.args.get("term") if dialogue.tool == "lookup_term" else None
    if not isinstance(term, str) or not _CASE_WORD.search(text) or not _RELATED.search(text):
        return None
    found = [c for c in cases().values() if any(compact(k["term"]) == compact(term) for k in c["key_terms"])]
    if not found:
        return None
    if hit(text, "keyword"):  # "is there a case on it?": which cases there are, as a single message would be read
        return Reading("set_keyword", {"keyword": term})
    # "the lesson about it", "그거에 관한 사례" name the case; "about" there asks nothing to be told
    named = re.sub(r"\babout (?:it|that|this)\b", " ", text, flags=re.I)
    kind = "open_case" if _OPEN.search(text) and not _TELL.search(named) else "case_info"
    if len(found) == 1:
        return Reading(kind, {"case_id": found[0]["id"]})
    ko, en = [str(c["title"]) for c in found], [str(c["title_en"]) for c in found]
    return Reading(None, {"action": kind}, "어느 사례를 볼까요?", ko, "ask", "Which case?", en)


# Figures the sandbox's price series gives for a move (its explain_move reply states them).
_SERIES_TERMS = frozenset({"시가", "종가", "고가와 저가", "거래량", "수익률", "변동성"})
_MEANING = re.compile(r"뭐야|뭔가|뭔데|뭔지|뭐지|뭐에요|뭐예요|뭐임|뜻|의미|정의|이란|라는\s?게|란\s*[?]?$|\b(?:what is|what's|what does|mean|meaning|define)\b",
                      re.I)


def figure_of_move(reading: Reading, text: str, dialogue: Dialogue) -> Reading | None:
    """A figure of the move just explained ("삼성전자 왜 올랐어" -> "거래량은 어땠어?", "and how was the volume?"): that
    stock's move again, whose reply states the figure; asking what the word means stays a term."""
    term = reading.args.get("term")
    code = dialogue.args.get("code")
    if reading.kind != "concept" or term not in _SERIES_TERMS or reading.args.get("code") or _MEANING.search(text) \
            or hit(text, "define"):
        return None
    if dialogue.tool != "explain_move" or not isinstance(code, str):
        return None
    period = dialogue.args.get("period")
    return Reading("explain_move", {"code": code, **({"period": period} if isinstance(period, str) else {})})


_RANKED = re.compile(r"제일|가장|젤|최고|최악|\b(?:most|least|biggest|best|worst|top)\b", re.I)


def more_of_last(reading: Reading, text: str, dialogue: Dialogue) -> Reading | None:
    """A message that only asks more of the last answer, when it alone had no confident reading: "퀴즈 내줘",
    "더 자세히" after a case summary is that case again; "그중에 제일 많이 잃은 종목은?" after the portfolio is the
    portfolio (its reply lists each holding's gain or loss)."""
    among = pointer(text).among and dialogue.tool == "get_portfolio"  # "그중에 제일 많이 오른 건?": among the holdings
    if reading.kind is not None and reading.source == "rule" and not reading.args.get("foreign") and not among:
        return None
    if reading.args.get("action"):  # a request that only waits for its stock or side ("그 주식 빼줘"): not more
        return None
    if dialogue.tool == "lookup_case" and (case := dialogue.last(CASE)) is not None and _TELL.search(text):
        return Reading("case_info", {"case_id": case.id})
    # a pronoun after a ranked answer ("제일 비중 큰 거 뭐야?" -> "그거 화면 열어줘") is the holding it named, not more
    picked = any(m.kind == STOCK for m in dialogue.recent) and not _RANKED.search(text)
    if dialogue.tool == "get_portfolio" and (pointer(text).pronoun or _RANKED.search(text)) and not picked:
        return Reading("portfolio_summary")
    return None


def listed_case(reading: Reading, text: str, dialogue: Dialogue) -> Reading | None:
    """An ordinal over the lessons the last turn listed ("투자 개념 탭" -> "첫번째 거 열어줘", "the second one?"): that
    case, opened, or told when telling is asked."""
    case = _listed(reading, text, dialogue, CASE)
    if case is None:
        return None
    return Reading("case_info" if _TELL.search(text) else "open_case", {"case_id": case.id})


# "그 숫자는 무슨 뜻이야", "what does that figure mean?", "방금 그 값 의미가 뭐예요": the meaning of the figure the last
# answer gave, asked without naming it.
_POINTED_FIGURE = re.compile(r"숫자|수치|값|지표|그게|그건|그거|이게|이건|이거|방금|아까|"
                             r"\b(?:number|figure|value|stat|metric|that|this|it)s?\b", re.I)


def meaning_of_figure(text: str, dialogue: Dialogue, earlier: str) -> Reading | None:
    """The term whose figure the last answer gave (a stock's 거래량, 종가), asked what it means with a pointer:
    the term explained, not the stock's move again. A term or stock the message names is its own question."""
    if not (_MEANING.search(text) or hit(text, "define")) or not _POINTED_FIGURE.search(text):
        return None
    if find_term(text) is not None or find_stocks(text).codes or _CASE_WORD.search(text):
        return None
    term = dialogue.args.get("term") if dialogue.tool == "lookup_term" else None
    if not isinstance(term, str) and dialogue.tool in ("lookup_term", "explain_move", "lookup_stock"):
        term = find_term(earlier) if earlier else None  # "삼성전자 거래량 알려줘" read as its move
    return Reading("concept", {"term": term}) if isinstance(term, str) else None


# "카카오도 같이", "거기에 셀트리온도 넣어줘", "add Kakao too": one more stock on the chart just drawn.
_ADDED = re.compile(r"(?:^|\s)도(?=\s|$|[?!.~])|같이|함께|추가|넣어|더해|한\s?번에|한꺼번에|겹쳐|"
                    r"\b(?:add|too|also|as well|along with|plus|together)\b", re.I)


def added_to_chart(reading: Reading, text: str, dialogue: Dialogue) -> Reading | None:
    """A second stock added to the one-stock chart the last turn drew: both on one chart, the first one first."""
    shown = dialogue.args.get("codes") if dialogue.tool == "visualization" else None
    code = reading.args.get("code")
    if reading.kind != "nav_stock" or not isinstance(shown, list) or len(shown) != 1 or code in shown:
        return None
    if not _ADDED.search(without_stocks(text)):
        return None
    return Reading("visualize", {"kind": "compare", "codes": [str(shown[0]), str(code)]})


# "취소하고 차트만", "주문은 됐고", "never mind the order, just the chart": the last request dropped for another.
_DROPPED = re.compile(r"취소|됐고|됐어|관두|그만|말고|말구|ㄴㄴ|아니|아냐|\b(?:never ?mind|forget|cancel|scrap|skip|instead|"
                      r"actually|just|nah|nope)\b", re.I)


def instead_of_last(reading: Reading, text: str, dialogue: Dialogue, earlier: str) -> Reading | None:
    """The last request dropped and another asked with no stock of its own ("KB금융 매수창" -> "아니 취소하고 걍
    차트만"): the new request, about the stock the last one named; never the dropped order screen."""
    if not _DROPPED.search(text) or find_stocks(text).codes or find_stocks(text).ambiguous:
        return None
    code = pointed_stock(dialogue, earlier)
    if code is None:
        return None
    if _CHART.search(text) and not _TELL.search(text) and reading.kind in (None, "open_order", "nav_stock", "visualize") \
            and not reading.args.get("period"):
        return Reading("visualize", {"kind": "price", "codes": [code]})
    if reading.kind == "explain_move" and not reading.args.get("code"):
        return Reading("explain_move", {**reading.args, "code": code})
    if reading.kind is None and reading.args.get("action") in _NEEDS_STOCK and not reading.args.get("code"):
        return _with_stock(reading, code)
    return None


def listed_stock(reading: Reading, text: str, dialogue: Dialogue) -> Reading | None:
    """An ordinal over the holdings the last turn listed ("내 보유 종목" -> "두 번째 종목 페이지로", "open the third
    one"): that stock's page, or its move when telling is asked."""
    stock = _listed(reading, text, dialogue, STOCK)
    if stock is None:
        return None
    if hit(text, "remove") or hit(text, "remove_verb"):  # "첫번째 거 빼줘": that holding removed (it asks to confirm)
        return Reading("remove_holding", {"code": stock.id})
    told = _TELL.search(text) is not None or hit(text, "why")
    return Reading("explain_move" if told else "nav_stock", {"code": stock.id})


def _listed(reading: Reading, text: str, dialogue: Dialogue, kind: str) -> Mention | None:
    """The ``kind`` the last turn listed at the ordinal ``text`` says, unless a rule of this message's own (not one
    that only named a foreign stock) already read something."""
    p = pointer(text)
    if p.position is None or (reading.kind is not None and reading.source == "rule" and not reading.args.get("foreign")):
        return None
    return dialogue.at(p.position, kind)


# "그럼 시가는?", "PBR은?", "and the opening price?": only another term, handed over like the last question.
_TERM_ONLY = re.compile(r"^\W*(?:(?:그럼|그러면|그리고|이번엔|and|what about|how about|also|then|the|its|of it)\W*)*$", re.I)


def term_for_same_stock(reading: Reading, text: str, dialogue: Dialogue) -> Reading | None:
    """Another figure of the stock whose figure was just given ("기아 PER 알려줘" -> "PBR은?"): that term, for that
    stock. Asking what it means ("시가는 뭐야?") stays the term alone."""
    code = dialogue.args.get("code") if dialogue.tool == "lookup_term" else None
    term = reading.args.get("term")
    if reading.kind != "concept" or not isinstance(term, str) or reading.args.get("code") or not isinstance(code, str):
        return None
    if find_stocks(text).codes or _MEANING.search(text) or hit(text, "define"):
        return None
    rest = re.sub(r"[은는도요?？!.~\s]+$", "", _strip_term(text, term))
    return Reading("concept", {"term": term, "code": code}) if _TERM_ONLY.fullmatch(rest) else None


def _strip_term(text: str, term: str) -> str:
    """The message without the term's name or aliases (the longest first)."""
    entry = next((e for e in glossary().values() if e["term"] == term), None)
    names = sorted([term, *(entry["aliases"] if entry else []), *([entry["term_en"]] if entry else [])], key=len, reverse=True)
    for name in names:
        text = re.sub(re.escape(name), " ", text, flags=re.I)
    return text.strip()


def why_of_last(reading: Reading, text: str, dialogue: Dialogue, earlier: str) -> Reading | None:
    """A why with no subject of its own after an answer about one stock ("카카오 거래량 얼마야" -> "왜 이렇게 많아?",
    "카카오 차트" -> "왜 떨어졌어?"): that stock's move. The market named keeps the market's."""
    if not hit(text, "why") or find_stocks(text).codes or find_stocks(text).ambiguous or hit(text, "market_wide") \
            or hit(text, "unlisted"):  # "애플은 왜 올랐어?": a company outside the sandbox, not the last stock
        return None
    if not (reading.kind is None or (reading.kind == "explain_move" and not reading.args.get("code"))):
        return None
    if reading.kind is None and reading.args.get("action") not in (None, "explain_move"):
        return None
    code = pointed_stock(dialogue, earlier)
    return Reading("explain_move", {**(reading.args if reading.kind else {}), "code": code}) if code else None


def both_drawn(reading: Reading, text: str, dialogue: Dialogue) -> Reading | None:
    """"둘 다 같이 그려줘", "chart both of them" after two stocks were talked about: the two on one chart, in the order
    they were named."""
    if not pointer(text).pair or not (hit(text, "draw") or hit(text, "compare") or _CHART.search(text)):
        return None
    if reading.kind not in (None, "visualize") or find_stocks(text).codes:
        return None
    named = [m.id for m in dialogue.focus if m.kind == STOCK][:2]
    if len(named) != 2:
        return None
    return Reading("visualize", {"kind": "compare", "codes": named[::-1]})
