"""What a marketing message says, read with the lexicon (``lexicon.yaml``) and the kit's slot
extractors: period, sort metric and order, status filter, objective, budget amount or change,
audience, campaign name, product and tone. The decision is made in ``nlu.py``."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agents.marketing.matching import Roster, mentioned_campaigns, named_all, names_of
from agents.nlu import (
    Change,
    Lexicon,
    compact,
    contains,
    find_amount,
    find_amount_change,
    find_change,
    find_period,
    normalise,
)
from agents.nlu.patterns import compiled

LEXICON_PATH = Path(__file__).with_name("lexicon.yaml")
_MARKUP = re.compile(r"<script\b.*?</script>|<[^>]{1,200}>", re.I | re.S)


def lexicon() -> Lexicon:
    return Lexicon.load(LEXICON_PATH)


def clean(text: str) -> str:
    """Markup is not words: "<script>alert(1)</script> 캠페인 목록" is a list request. A metric said as a ratio
    ("광고비 대비 매출", "노출 대비 클릭") is that metric, not two figures weighed against each other."""
    t = _MARKUP.sub(" ", text).strip()
    for pattern, metric in _RATIOS:
        t = pattern.sub(metric, t)
    return t


_RATIOS = [(re.compile(p, re.I), m) for p, m in (
    (r"(?:광고비|광고\s*비용|비용|지출|쓴\s*돈)\s*(?:대비|당)\s*(?:매출|수익|벌어들인\s*돈)", "ROAS"),
    (r"노출\s*(?:대비|당)\s*클릭", "CTR"), (r"클릭\s*(?:대비|당)\s*전환", "CVR"),
    (r"\b(?:revenue|sales)\s+(?:per|for\s+each|relative\s+to)\s+(?:ad\s+)?(?:spend|cost|won\s+spent)\b", "ROAS"))]


_SPAN = re.compile(r"\b(\d+|two|three|four)[\s-]+(day|week|month)\b", re.I)


_NO_PERIOD = re.compile(r"\bdays?\s+of\s+the\s+week\b|\bweek\s*days?\b|요일", re.I)  # "which days of the week": no span


def _spans(text: str) -> str:
    return _SPAN.sub(r"\1 \2s", _NO_PERIOD.sub(" ", text))


def period(text: str, default: str = "7d") -> str:
    """The tool's period (today, 7d, 14d, 30d) nearest to what the text names."""
    found = find_period(_spans(text))  # "a 2-week report", "30-day trend": a span, not a unit
    if found is None:
        return default
    match found.key:
        case "today" | "yesterday":
            return "today"
        case "this_week" | "last_week" | "7d":
            return "7d"
        case "14d":
            return "14d"
        case "30d" | "this_month" | "last_month" | "90d":
            return "30d"
    return min(("today", 1), ("7d", 7), ("14d", 14), ("30d", 30), key=lambda p: abs(p[1] - found.days))[0]


def has_period(text: str) -> bool:
    return find_period(_spans(text)) is not None


# "12월 1일부터 12월 31일까지", "from Dec 1 to Dec 31", "2026-12-01": a new campaign's dates
_MONTHS_EN = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_DATE = re.compile(r"(?:(20\d\d)[-./]\s*)?(\d{1,2})\s*(?:월|[-./])\s*(\d{1,2})\s*일?(?![\d%만천원])"
                   r"|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b", re.I)
_UNTIL = re.compile(r"^\s*(?:까지|말까지|이전|\s*종료|끝)", re.I)
_UNTIL_EN = re.compile(r"\b(?:until|till|to|through|thru|ending|ends?)\s*$", re.I)


def dates(text: str, month: str) -> dict[str, str]:
    """startDate / endDate (ISO) a create request names; a month before ``month`` (YYYY-MM) is next year's."""
    this_year, this_month = (int(x) for x in month.split("-")[:2])
    found: list[tuple[str, bool]] = []
    for m in _DATE.finditer(text):
        year, mon, day = (m.group(1), m.group(2), m.group(3)) if m.group(2) else (None, None, m.group(5))
        mon_n = int(mon) if mon else _MONTHS_EN.index(m.group(4).lower()[:3]) + 1
        y = int(year) if year else this_year + (1 if mon_n < this_month else 0)
        if not (1 <= mon_n <= 12 and 1 <= int(day) <= 31):
            continue
        until = bool(_UNTIL.match(text[m.end():]) or _UNTIL_EN.search(text[:m.start()]))
        found.append((f"{y:04d}-{mon_n:02d}-{int(day):02d}", until))
    out: dict[str, str] = {}
    for iso, until in found[:2]:
        key = "endDate" if until or "startDate" in out else "startDate"
        out.setdefault(key, iso)
    return out


# A period named in words; two of them (or one and "대비 / than") weigh one window against another
_PERIOD_WORD = re.compile(r"이번\s*(?:주|달|월)|지난\s*(?:주|달|월|\d+\s*(?:일|주))|저번\s*(?:주|달)|전\s*(?:주|월|달)|"
                          r"그\s*전|직전|오늘|어제|최근\s*\d+\s*(?:일|주|개월)|한\s*달|\d+\s*(?:일|주)|"
                          r"\b(?:this|last|previous|prior|past)\s+(?:week|month|period|\d+\s+days)\b|\btoday\b|"
                          r"\byesterday\b|\bweek\s+before\b|\bmonth\s+before\b", re.I)
_AGAINST = re.compile(r"대비|보다|비교|\bvs\.?\b|versus|compare|than|against|와|과|랑", re.I)


def compares_periods(text: str) -> bool:
    """"이번 주 vs 지난 주 매출", "지난달 대비 이번 달 전환", "this month compared to last month": the account's
    figures over one window weighed against the window before, which the KPI reply already does."""
    t = normalise(text)
    return (len(_PERIOD_WORD.findall(t)) >= 2 and _AGAINST.search(t) is not None) or _AGAINST_BEFORE.search(t) is not None


# "전주 대비", "지난달보다", "compared to last week": one window said only as the one before
_AGAINST_BEFORE = re.compile(r"(?:전\s*주|전\s*월|전\s*달|지난\s*주|지난\s*달|저번\s*주|저번\s*달|어제)\s*(?:대비|보다|에\s*비해|랑\s*비교|와\s*비교)"
                             r"|\b(?:than|compared\s+(?:to|with)|vs\.?|versus)\s+(?:the\s+)?(?:last|previous|prior)\s+"
                             r"(?:week|month|period)\b", re.I)


@dataclass
class Reading:
    text: str
    hits: dict[str, int]  # intent -> longest trigger phrase found
    campaigns: Roster  # named in the text, in order
    pair: Roster  # every campaign named in full or by alias (comparisons)
    amount: int | None = None
    change: Change | None = None
    delta: int | None = None  # a change by an amount: "3만원 더 올려" +30000
    metric: str | None = None
    order: str | None = None
    status: str | None = None
    objective: str | None = None
    budget_word: bool = False
    advice: bool = False
    listing: bool = False
    per_day: bool = False  # 하루, daily: an amount is a daily budget
    fresh: bool = False  # 새, new: a campaign that doesn't exist yet
    budget_verb: bool = False  # 바꿔, set: the budget is to change
    state: bool = False  # "왜 멈춰있어?": about a state, not a command
    pronoun: bool = False  # 그거, that one: a reference the text doesn't resolve
    unsure: bool = False  # 잘 모르겠어, not sure: wants choices
    look: bool = False  # 확인하고 싶어, check: a look at something, not a change
    why: bool = False  # 왜, why: a cause is asked
    audience: dict[str, Any] = field(default_factory=dict)

    def hit(self, *intents: str) -> bool:
        return any(i in self.hits for i in intents)


def read(text: str, roster: Roster) -> Reading:
    lex = lexicon()
    t = clean(text)
    names_in = _without_verbs(_without_new_name(t, lex), lex)  # "name it Spring Glow": a new name, no spring sale
    named = _named(names_in, roster)
    campaigns = _set_aside(t, named)
    # Words that belong to a campaign's name are not requests: "브랜드 인지도 캠페인" is no objective,
    # "리드 수집" no create, "주말 특가" no ranking. Read the rest of the sentence for intents.
    rest = _without_negated(without_names(_QUOTED.sub(" ", t), named))  # "'연말 감사제'로 ...": a name, no thanks
    pair = [c for c in named_all(names_in, roster) if c in campaigns or c not in named]
    if len(pair) < 2 <= len(campaigns) and all(typed_in_full(t, name) for _, name in campaigns):
        pair = list(campaigns)  # "A B C 세 개 비교": full names side by side, with no "랑" or comma between them
    reading = Reading(text=t, hits={**_nominal(rest, lex), **lex.intents_hit(rest)}, campaigns=campaigns, pair=pair)
    reading.budget_word = lex.has(rest, "budget")
    reading.per_day = lex.has(rest, "per_day")
    # a bare 80000 is money when the sentence is about a budget ("80000 per day", "budget to 100,000")
    reading.amount = find_amount(rest, expect_money=reading.budget_word or reading.per_day)
    reading.change = find_change(rest)
    reading.delta = find_amount_change(rest)
    reading.metric = lex.value(rest, "metric")
    reading.order = _order(rest, lex)
    reading.status = lex.value(rest, "status")
    reading.objective = lex.value(rest, "objective")
    reading.fresh = lex.has(rest, "fresh")
    reading.budget_verb = lex.has(rest, "budget_verb")
    reading.state = lex.has(rest, "state")
    reading.pronoun = lex.has(rest, "pronoun")
    reading.unsure = lex.has(rest, "unsure")
    reading.look = lex.has(rest, "look")
    reading.why = lex.has(rest, "why")
    reading.advice = lex.has(rest, "advice")
    reading.listing = lex.has(rest, "listing")
    reading.audience = audience(rest)
    return reading


# What may follow an action noun that ends a request: a word of asking or politeness, then the end ("?" excluded: "중지?"
# may ask about a state)
_NOMINAL_TAIL = r"\s*(?:요청|부탁|처리|진행|바람|바랍니다|좀|요|[ㄱᄀ]{1,2}|please|pls|plz)?\s*(?:드립니다|드려요|드려|합니다|해요|할게요|해주세요|해줘|요)?[\s.!~]*$"


def _nominal(rest: str, lex: Lexicon) -> dict[str, int]:
    """Intents said by an action noun that ends the request ("봄 시즌 세일 중지", "X 정지 요청드립니다"), with its length."""
    said = normalise(rest)
    return {intent: max(len(n) for n in found) for intent, nouns in lex.section("nominal").items()
            if (found := [n for n in _nouns(nouns) if compiled(re.escape(n).replace(r"\ ", r"\s*") + _NOMINAL_TAIL).search(said)])}


def _nouns(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []


def _without_verbs(text: str, lex: Lexicon) -> str:
    """The text without the English verbs of a status change: "resume" is one typo away from "summer" (the summer
    launch's alias), so "resume campaign" would name it."""
    verbs = {w for intent in ("pauseCampaign", "resumeCampaign", "deleteCampaign") for w in lex.intents.get(intent, [])
             if re.fullmatch(r"[a-z]+", w)}
    return re.sub(r"[A-Za-z]+", lambda m: " " if m.group(0).lower() in verbs else m.group(0), text)


def _without_new_name(text: str, lex: Lexicon) -> str:
    """A create request's text without the name it gives the new campaign ("이름은 봄맞이 특가로", "call it X"), and
    any text without the product it states ("상품은 봄 원피스" names no spring campaign)."""
    if (m := _STATED.search(text)) is not None:
        text = text[:m.start()] + " " + text[m.end():]
    if "createCampaign" not in lex.intents_hit(text) and not lex.has(text, "fresh"):
        return text
    for pattern in (_NAME_IS, _CALLED):
        if (m := pattern.search(text)) and m.group(1).strip():
            return text[:m.start(1)] + " " + text[m.end(1):]
    return text


def _named(text: str, roster: Roster) -> Roster:
    """Campaigns the text names; inside quotes only one typed whole ("'감사 세일' 만들어줘" is a new name that
    shares a word with 봄 시즌 세일, not a reference to it)."""
    quoted = [m.group(1) for m in _QUOTED.finditer(text)]
    if not quoted:
        return mentioned_campaigns(text, roster)
    named = mentioned_campaigns(_QUOTED.sub(" ", text), roster)
    return named + [c for c in roster if c not in named and any(typed_in_full(q, c[1]) for q in quoted)]


def _name_pattern(name: str) -> str:
    return r"\s*".join(re.escape(ch) for ch in name.replace(" ", ""))


def without_names(text: str, campaigns: Roster) -> str:
    """The sentence without the campaigns' names or aliases ("리타겟팅" is no "타겟" request)."""
    out = text
    for _, name in campaigns:
        for alias in sorted(names_of(name), key=len, reverse=True):
            out = compiled(_name_pattern(alias), re.I).sub(" ", out)
    return out


_SET_ASIDE = re.compile(r"^\s*(?:은|는|이|가|을|를)?\s*(?:말고|빼고|제외|그대로|놔두|냅두|내버려|건드리지)")
_SET_ASIDE_EN = re.compile(r"(?:except|besides|other than|leave|not|without)\s+(?:the\s+)?$", re.I)


def _set_aside(text: str, campaigns: Roster) -> Roster:
    """Campaigns named only to be left alone: "봄 시즌 세일은 그대로 두고 …", "except the spring sale"."""
    kept: Roster = []
    for cid, name in campaigns:
        spared = False
        for alias in names_of(name):
            for m in compiled(_name_pattern(alias), re.I).finditer(text):
                if _SET_ASIDE.match(text[m.end():]) or _SET_ASIDE_EN.search(text[:m.start()]):
                    spared = True
        if not spared:
            kept.append((cid, name))
    return kept if kept else campaigns


_NEGATED = re.compile(r"(\S+)\s*(?:말고|말구|대신에?|아니고)(?=\s|$)|\b(?:do not|don't|not|instead of)\s+(\w+)"
                      r"|(\S+?)(?:은|는)\s*취소(?:하고|하구|했고|[,.])", re.I)  # "정지는 취소하고 …": taken back


def _without_negated(text: str) -> str:
    """"삭제 말고 일시정지만" / "don't delete, just pause": the word refused is not the request."""
    return _NEGATED.sub(" ", normalise(text))


def _order(text: str, lex: Lexicon) -> str | None:
    found = lex.matches(text, "order")
    if not found:
        return None
    # "덜 좋은" / "not the best": rare; the longest, earliest phrase decides
    return min(found, key=lambda m: (m[1], m[0]))[2]


# --- audiences ------------------------------------------------------------------------------
_AGE_RANGE = re.compile(r"(\d{2})\s*(?:세|살)?\s*(?:-|~|–|에서|to|부터)\s*(\d{2})\s*(?:세|살)?")
_DECADE = re.compile(r"(\d)0\s*대\s*(초반|중반|후반)?")
_EN_DECADE = re.compile(r"(?:in their|aged)?\s*(\d)0s\b")


def audience(text: str) -> dict[str, Any]:
    """Ages, genders and places a create request targets ("25세-34세 여성 서울")."""
    lex = lexicon()
    t = normalise(text)
    out: dict[str, Any] = {}
    m = _AGE_RANGE.search(t)
    if m and 13 <= int(m.group(1)) <= int(m.group(2)) <= 65:
        out["ageMin"], out["ageMax"] = int(m.group(1)), int(m.group(2))
    else:
        decades = [(int(d.group(1)) * 10, d.group(2)) for d in _DECADE.finditer(t)]
        decades += [(int(d.group(1)) * 10, None) for d in _EN_DECADE.finditer(t)]
        if decades:
            lows = [d + {"초반": 0, "중반": 3, "후반": 6}.get(part or "", 0) for d, part in decades]
            highs = [d + {"초반": 3, "중반": 6, "후반": 9}.get(part or "", 9) for d, part in decades]
            out["ageMin"], out["ageMax"] = max(13, min(lows)), min(65, max(highs))
    genders = lex.values(t, "gender")
    if genders:
        out["genders"] = genders
    places = lex.values(t, "location")
    if places:
        out["locations"] = places
    return out


# --- names, products, tones -----------------------------------------------------------------
_QUOTED = re.compile(r"['\"“”‘’「」『』]([^'\"“”‘’「」『』]{2,40})['\"“”‘’「」『』]")
_NAME_IS = re.compile(r"(?:이름(?:은|을|:|으로)?|캠페인명(?:은|을|:)?)\s*['\"]?([^'\",.]{1,40}?)['\"]?\s*(?:으로|로|라고|이라고)?"
                      r"\s*(?:해|하고|지어|짓|,|$|(?=(?:일\s*예산|하루|예산|일일|daily|budget|\d)))")
_CALLED = re.compile(r"(?:called|named|titled|(?:name|call|title)\s+it|(?<![a-z])name\s*[:=]|(?:with\s+)?the\s+name)\s*['\"]?([^'\",.]{2,40}?)(?=['\",.]|\s+(?:with|for|at|per|daily|"
                     r"budget|targeting|aimed|and|using|on|from)\b|\s+[₩$\d]|$)", re.I)


def campaign_name(text: str) -> str | None:
    for pattern in (_QUOTED, _NAME_IS, _CALLED):
        m = pattern.search(text)
        if m and m.group(1).strip():
            return m.group(1).strip()
    return None


_COPY_WORDS = r"광고\s*)?(?:카피|문구|문안|헤드라인|슬로건|광고\s*문장|광고\s*글|홍보\s*문구|태그라인|캐치프레이즈"
_FILLER = {"광고", "새", "좀", "우리", "저희", "우리의", "새로운", "신규", "멋진", "괜찮은", "하나", "몇", "개", "재밌는",
           "거기", "여기", "저기", "거기에", "여기에", "거기도", "여기도", "그", "이", "저", "그거", "이거", "해당", "그럼", "그리고",
           "the", "our", "my", "a", "an", "some", "new", "for", "its", "their", "this", "that", "it"}


def product(text: str, campaigns: Roster) -> str | None:
    """What the ad copy is for: a named campaign's full name, or the words before "카피"."""
    if len(campaigns) == 1:
        return campaigns[0][1]
    m = re.search(rf"([가-힣A-Za-z0-9 ]{{1,40}}?)\s*(?:{_COPY_WORDS})", text)
    if m:
        words = [w for w in m.group(1).split() if w not in _FILLER]
        name = re.sub(r"(의|에\s*대한|용|을|를|에|으로|로)$", "", " ".join(words)).strip()
        if name and not re.fullmatch(r"(광고|캠페인)", name):
            return name
    # "광고 문구 만들어줘 아기 물티슈", "카피 좀 뽑아 줘, 유아 로션": the product said after the request
    m = re.search(rf"(?:{_COPY_WORDS})\s*(?:(?:\d{{1,2}}|한|두|세|네|다섯)\s*(?:개|가지)(?:만|정도)?\s*)?(?:좀\s*)?(?:만들어|뽑아|써|작성해|생성해|짜)\s*(?:줘|주세요|줄래|봐|주라)?[\s,:~-]+"
                  r"([가-힣A-Za-z0-9][가-힣A-Za-z0-9 ]{1,30}?)\s*(?:용|용으로|으로|로|거)?\s*[.!?~]*$", text)
    if m and (name := " ".join(w for w in m.group(1).split() if w not in _FILLER).strip()):
        return name
    m = re.search(r"(?:copy|copies|headlines?|slogans?|taglines?|ads?|ad\s+lines?)\s+(?:for|about)\s+(?:our\s+|the\s+|my\s+|a\s+)?([\w ]{2,40})",
                  text, re.I)
    if m:
        return re.sub(r"\s+(please|campaign)$", "", m.group(1).strip(), flags=re.I)
    return None


# "상품은 린넨 셔츠", "제품: 무선 이어폰", "the product is a cashmere scarf": the product said outright
_STATED = re.compile(r"(?:제품|상품|품목|아이템|물건)\s*(?:은|는|이|:|=)\s*['\"]?([가-힣A-Za-z0-9][가-힣A-Za-z0-9 ]{0,30}?)['\"]?"
                     r"\s*(?:이야|이에요|예요|이고|입니다|이니까|임|야|요|으로|로)?\s*(?:[,.!?~]|$)"
                     r"|\bproducts?\s*(?:is|is\s+called|:|=)\s*(?:an?\s+|the\s+|our\s+)?([\w ][\w ]{1,30}?)\s*(?:[,.!?]|$)",
                     re.I)


def stated_product(text: str) -> str | None:
    m = _STATED.search(text.strip())
    name = (m.group(1) or m.group(2)).strip() if m else ""
    return name or None


_FOR_CAMPAIGN = re.compile(r"^\s*(?:캠페인)?\s*(?:에다가?|에서|에|용으로|용)\s*(?:붙일|쓸|넣을|올릴|돌릴|걸|사용할|낼)\s+")


def product_for(text: str, campaigns: Roster) -> str | None:
    """"X에 붙일 린넨 셔츠 카피", "X용으로 쓸 텀블러 문구": a product named after the campaign it runs in."""
    rest = without_names(text, campaigns).strip()
    m = _FOR_CAMPAIGN.match(rest)
    return product(rest[m.end():], []) if m else None


def typed_in_full(text: str, name: str) -> bool:
    """Is the campaign's name, or one of its aliases, typed whole? "summer sandals" only shares "summer"
    with the alias "summer campaign" (its generic word dropped), so it names no campaign for sure."""
    return any(contains(text, n) for n in names_of(name))


# --- counts and shares ----------------------------------------------------------------------
_COUNT = re.compile(r"(?<![\d.])(\d{1,2})\s*(?:개|가지)(?!월)|(?:상위|탑|top|best|worst|just|only)\s*(\d{1,2})(?![\d%])"
                    r"|(?<![\d.])(\d{1,2})\s+(?:[a-z-]+\s+){0,2}(?:campaigns?|ads?|headlines?|taglines?|slogans?|lines|versions?|options?|variations?|copies|ones|more)\b",
                    re.I)
_KO_COUNT = re.compile(r"(한|두|세|네|다섯)\s*(?:개|가지)")
_EN_COUNT = re.compile(r"\b(one|two|three|four|five)\s+(?:[a-z]+\s+){0,2}(?:campaigns?|ads?|headlines?|taglines?|slogans?|lines|versions?|options?|variations?|copies|more)\b",
                       re.I)
_ONLY = re.compile(r"(하나|둘|셋|넷)\s*만")  # "하나만", "둘만"
_NUMBER_WORDS = {"한": 1, "두": 2, "세": 3, "네": 4, "다섯": 5, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
                 "하나": 1, "둘": 2, "셋": 3, "넷": 4}


def count(text: str) -> int | None:
    """How many the user asks for: "3개만", "세 가지", "top 5", "three headlines"."""
    t = normalise(text)
    if m := _COUNT.search(t):
        return int(next(g for g in m.groups() if g))
    if m := _KO_COUNT.search(t) or _EN_COUNT.search(t) or _ONLY.search(t):
        return _NUMBER_WORDS[m.group(1).lower()]
    return None


_SHARE = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|퍼센트|퍼|프로|percent|pct)")
_HALF = re.compile(r"절반|반\s*(?:만|정도)|\bhalf\b")


def share(text: str) -> float | None:
    """The part of a budget to move, as a fraction: "20%만 재배분" 0.2, "절반" 0.5."""
    t = normalise(text)
    if m := _SHARE.search(t):
        return float(m.group(1)) / 100
    return 0.5 if _HALF.search(t) else None


def tone(text: str) -> str | None:
    return lexicon().value(text, "tone")


def is_short(text: str, limit: int = 14) -> bool:
    return len(compact(text)) <= limit


def says(text: str, phrase: str) -> bool:
    return contains(text, phrase)
