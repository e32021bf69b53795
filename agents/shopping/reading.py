"""What a shopping message says, read with the lexicon (``lexicon.yaml``): category, tag
wishes per topic, dropped conditions, budget amount or direction, product numbers and the
words that trigger each intent. The router decides the intent from a ``Reading``."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from agents.nlu.dialogue import instead
from agents.nlu.korean_money import Budget, find_amounts
from agents.nlu.patterns import compiled, literal
from agents.nlu.slots import find_change
from agents.shopping.amounts import read_budget
from agents.shopping.normal import compact, normalise

LEXICON_PATH = Path(__file__).with_name("lexicon.yaml")
_WINDOW_BEFORE, _WINDOW_AFTER = 6, 8
_WINDOW_BEFORE_EN, _WINDOW_AFTER_EN = 14, 24


def _compact_all(value: Any) -> Any:
    if isinstance(value, (str, int, float)):  # YAML reads 1080 as a number
        # the text's own normal form (NFKC): "ㅎㅇ" in the lexicon is the "ᄒᄋ" a message becomes
        return re.sub(r"\s+", "", unicodedata.normalize("NFKC", str(value)).lower())
    if isinstance(value, list):
        return [_compact_all(v) for v in value]
    if isinstance(value, dict):
        return {k: (v if k in ("pros", "cons") else _compact_all(v)) for k, v in value.items()}
    return value


@cache
def lexicon() -> dict[str, Any]:
    loaded: dict[str, Any] = _compact_all(yaml.safe_load(LEXICON_PATH.read_text(encoding="utf-8")))  # a map
    return loaded


def has_any(text: str, words: list[str]) -> bool:
    return any(w and w in text for w in words)


def _short_ascii(word: str) -> bool:
    return word.isascii() and len(word) <= 4 and word.isalnum()


def present(words: list[str], spaced: str) -> list[str]:
    """Entries that can match: a short English word ("is", "hot", "app") only as a whole word,
    so "noisy" is not "is" and "photo" is not "hot"."""
    return [w for w in words if not _short_ascii(w) or compiled(rf"(?<![a-z]){re.escape(w)}(?![a-z])").search(spaced)]


def present_forms(words: list[str], spaced: str) -> list[str]:
    """``present``, with a short English word also found in its inflected forms, each form as written: "boils",
    "boiling" (boil), "faster" (fast), "easier", "easily" (easy), "bigger" (big), "slowly" (slow), "prettier" (pretty), so
    a quality said as a verb, a comparative or an adverb is still that quality."""
    found = []
    for w in words:
        if not w.isascii() or not w.isalpha() or len(w) < 3 or not (_short_ascii(w) or w.endswith("y")):
            found += present([w], spaced)  # a longer word is found inside its forms ("quick" in "quicker")
            continue
        stem, tails = w, "s|es|ing|er|est|ly|ed"
        if w.endswith("y"):
            stem, tails = w[:-1], "y|ys|ies|ier|iest|ily|ied|ying"
        elif w.endswith("e"):
            stem, tails = w[:-1], "e|es|ed|er|est|ing|ely"
        double = "" if w[-1] in "aeiouywx" or w[-2:-1] not in tuple("aeiou") or w[-3:-2] in tuple("aeiou") \
            else rf"|{re.escape(w[-1])}(?:er|est|ing|ed)"
        pattern = compiled(rf"(?<![a-z]){re.escape(stem)}(?:{tails}{double})?(?![a-z])")
        found += [m.group(0) for m in pattern.finditer(spaced)]
    return list(dict.fromkeys(found))


def _mask(text: str, words: list[str]) -> tuple[str, bool]:
    hit = False
    for word in sorted(words, key=len, reverse=True):
        if word and word in text:
            text, hit = text.replace(word, "·" * len(word)), True
    return text, hit


@dataclass
class Reading:
    text: str
    compact: str
    category: str | None = None
    want: list[str] = field(default_factory=list)  # topics the user wants
    avoid: list[str] = field(default_factory=list)  # topics whose cons the user avoids
    removed: list[str] = field(default_factory=list)  # topics the user no longer cares about
    mentioned: list[str] = field(default_factory=list)  # every topic named, in order (Q&A topic)
    budget: Budget | None = None
    budget_removed: bool = False
    direction: str | None = None  # cheaper | pricier | vague: a price wish without an amount
    scale: float | None = None  # "예산 반으로", "20% 올려": the known budget times this
    stated: bool = False  # "…도 중요해요", "…는 안 돼요": a condition stated, not a question about a product
    below_ref: bool = False  # "1번보다 싼 거": cheaper than the product named
    than_ref: bool = False  # "2번보다 가벼운 거": better than the product named in a quality
    ranks: list[int] = field(default_factory=list)
    all_shown: bool = False
    flags: set[str] = field(default_factory=set)  # anchor, exclude, compare, recommend, question, advice, ...
    uncarried: str | None = None  # a baby good the catalogue does not carry ("유모차"), by its reply name
    taken_back: list[str] = field(default_factory=list)  # "아니 그거 말고 …": tag ids the last turn added, dropped
    on_anchor: bool = False  # "이 기반으로 …": around the product the list is already based on (the session's anchor)

    @property
    def topic(self) -> str | None:
        return self.mentioned[0] if self.mentioned else None

    @property
    def has_conditions(self) -> bool:
        return bool(self.want or self.avoid or self.removed or self.budget or self.budget_removed)


def _category(text: str, spaced: str = "") -> str | None:
    """The first category named; in "X 말고 Y" / "Y instead of X" the one asked for (the kit's ``instead``)."""
    turned = compact(instead(spaced or text))
    if turned != text and (found := _first_category(turned)) is not None:
        return found
    return _first_category(text)


def _first_category(text: str) -> str | None:
    best: tuple[int, str] | None = None
    for category, words in lexicon()["categories"].items():
        for word in words:
            at = text.find(word)
            if at >= 0 and (best is None or at < best[0]):
                best = (at, category)
    return best[1] if best else None


def _uncarried(flat: str, spaced: str) -> str | None:
    """The first baby good named that the catalogue does not carry; carried category words are
    masked first ("젖병소독기" names no bottle)."""
    masked, _ = _mask(flat, [w for ws in lexicon()["categories"].values() for w in ws])
    best: tuple[int, str] | None = None
    for name, words in lexicon()["uncarried"].items():
        for word in present(words, spaced):
            at = masked.find(word)
            if at >= 0 and (best is None or at < best[0]):
                best = (at, name)
    return best[1] if best else None


def _topics(text: str, reading: Reading) -> None:
    lex = lexicon()
    spaced = normalise(reading.text)
    said = text  # before masking: "no budget limit" names the budget inside its drop phrase
    text, removing = _mask(text, lex["remove"])
    first: dict[str, int] = {}  # topic -> where it is first named: the question is about the first one
    for name, raw in lex["topics"].items():
        topic = {k: present_forms(v, spaced) if isinstance(v, list) and k not in ("pros", "cons") else v
                 for k, v in raw.items()}
        spans = [(m.start(), m.end()) for w in topic.get("words", []) + topic.get("want", []) + topic.get("avoid", [])
                 for m in literal(w).finditer(text)]
        if not spans:
            continue
        reading.mentioned.append(name)
        first[name] = min(start for start, _ in spans)
        # "소음은 상관없어": a drop phrase right after the topic drops it, whatever else it says.
        # English puts the drop phrase first: "I don't care about the design".
        if removing and any("·" in text[end:end + _WINDOW_AFTER] or (
                text[start:end].isascii() and "·" in text[max(0, start - 16):start]) for start, end in spans):
            reading.removed.append(name)
            continue
        wanted = has_any(text, topic.get("want", []))
        avoided = has_any(text, topic.get("avoid", []))
        for start, end in spans:
            # English puts the judging word first and spells it out: "a complicated app", "really loud noise"
            english = text[start:end].isascii()
            before, beyond = (_WINDOW_BEFORE_EN, _WINDOW_AFTER_EN) if english else (_WINDOW_BEFORE, _WINDOW_AFTER)
            window = text[max(0, start - before):end + beyond]  # English spells it out: "battery should last long"
            after = text[end:end + beyond + 4]
            if english:  # English says the stance first: "I hate loud ones", "must have a quiet one"
                after += "|" + text[max(0, start - _WINDOW_BEFORE_EN):start]
            stance = has_any(after, lex["stance"]["wish"]), has_any(after, lex["stance"]["reject"])
            reading.stated = reading.stated or any(stance)
            wanted = wanted or has_any(window, topic.get("good", [])) or stance[0]
            bad = has_any(window, topic.get("bad", [])) or stance[1]
            if bad and re.search(r"지않|지도않|지만않|안\S?$|not|nt", text[end:end + _WINDOW_AFTER + 4]):
                wanted = True  # "세척 어렵지 않은 거": a negated drawback is a wish
            else:
                avoided = avoided or bad
        if wanted:
            reading.want.append(name)
        elif avoided:
            reading.avoid.append(name)
    # The question is about the topic the sentence judges ("밤에 돌려도 조용해?" asks about noise,
    # "밤에" only says when), then about the first one named.
    judged = set(reading.want) | set(reading.avoid)
    reading.mentioned.sort(key=lambda t: (t not in judged, first[t]))
    if removing and has_any(said, lex["budget_words"]) and not reading.budget:
        reading.budget_removed = True
        reading.removed = [t for t in reading.removed if t != "price"]
        reading.mentioned = [t for t in reading.mentioned if t != "price"]


# The budget named, then dropped ("예산 빼줘", "가격 제한 풀어", "budget 없애"): not a drawback to avoid.
# "예산 빼줘", "가격 제한 다시 풀자", "금액 상관 말고", "lift the budget cap", "take the price limit off": the budget goes.
_DROP_BUDGET = re.compile(
    r"(?:예산|가격|금액|가격대|budget|price)(?:조건|제한|상한|한도|은|는|을|를|도|이제|좀|그냥|일단|다시|한번|cap|limit)*"
    r"(?:빼|없애|풀(?:어|고|자|까)|지워|지우|치워|없이|해제|무시|상관말|상관없|신경쓰지마)|"
    r"(?:빼|없애|풀어|지워|치워)(?:줘|주세요|줄래|봐)?(?:예산|가격|금액|가격대)(?:조건|제한|상한)|"  # 없애줘 가격 조건
    # "아니 예산 말고 세척만", "가격은 말고 소음만 봐줘": the budget set aside for another wish ("그 가격 말고" points)
    r"(?<![이그저요])(?:예산|가격|금액|가격대)(?:은|는|얘기는|조건은)?말고(?=.*만|.*(?:신경|봐|중요|위주))|"
    r"(?:not|no)(?:the|my)?(?:budget|price)(?:limit|cap)?,?(?:just|only)|"  # "not the budget, just quiet ones"
    r"(?:lift|remove|drop|scrap|forget|ignore|clear|reset|takeoff|getridof)(?:the|my|that|this)?(?:budget|price)"
    r"(?:cap|limit|filter|range)?|take(?:the|my|that)?(?:budget|price)(?:cap|limit|filter)?off")
_FILLERS = re.compile(r"좀|조금|살짝|약간|쫌|조끔")
# "비싼" (dear) holds "싼" (cheap): "제일 비싼 거", "비싼 거 보여줘" want no cheaper one; "비싼 건 빼줘" still does.
_DEAR = re.compile(r"비(?:싼|싸)(?![가-힣]{0,3}?(?:싫|빼|말고|말구|별로|패스|부담|제외|안돼|안되|노노))")


# The price or budget named, then moved without an amount: "가격대 내려서", "예산을 좀 올려".
_PRICE_WORD = r"(?:가격대|가격|예산|금액)(?:을|를|은|는|도|이|가)?"
_PRICE_DOWN = re.compile(_PRICE_WORD + r"(?:내려|내리|낮춰|낮추|낮게|줄여|줄이|깎)")
_PRICE_UP = re.compile(_PRICE_WORD + r"(?:올려|올리|높여|높이|높게|늘려|늘리)")


def price_direction(text: str, wanted: list[str] | None = None) -> str | None:
    """The price wish of a compact text without an amount: cheaper, pricier, vague or None."""
    budget = lexicon()["budget"]
    text = _FILLERS.sub("", text)  # "예산 좀 줄여서" is "예산 줄여서"
    text, strong = _mask(text, budget["cheaper_strong"])
    if strong or _PRICE_DOWN.search(text):
        return "cheaper"
    if _PRICE_UP.search(text):
        return "pricier"
    if wanted:  # "통기성 좋은 걸로" wants breathability; "좋은 걸로" alone wants a better (pricier) one
        text, _ = _mask(text, budget["better"])
    text, pricier = _mask(text, budget["pricier"])
    if pricier:
        return "pricier"
    if has_any(_DEAR.sub("··", text), budget["cheaper"]):  # "제일 비싼 거" holds "싼 거" but wants no cheaper one
        return "cheaper"
    if has_any(text, budget["vague"]):
        return "vague"
    return None


_REST_FINE = re.compile(r"(?:everything|allelse|therest)(?:else)?(?:is|'s|s)?(?:fine|good|ok|okay|great)|"
                        r"다른(?:건|거는|것은)?(?:다|전부|모두)?(?:좋|괜찮|맘에)")
_COMPARING = re.compile(r"비교|차이|뭐가\s*(?:나|더|좋)|어떤\s*게|어느\s*게|나아|낫|\bvs\b")
_ORDINAL_WORDS = {"첫": 1, "두": 2, "둘": 2, "세": 3, "셋": 3, "네": 4, "넷": 4, "다섯": 5}
_EN_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "1st": 1, "2nd": 2, "3rd": 3}


# A product the wish is measured against: "2번보다", "2번 거보다", "than #2", "than number 2".
_THAN_RANK = re.compile(r"번\s*(?:거|것|제품)?\s*보다|\bthan\s+(?:#|no\.?\s*|number\s*|the\s+(?:first|second|third))")


def read_ranks(text: str, shown: int) -> list[int]:
    """Product numbers: 1번, 1,2번, 1~3번, 첫 번째, 둘째, 1위, #2, no. 2, the second one, 마지막."""
    low = normalise(text)
    found: list[tuple[int, int]] = []
    for m in re.finditer(r"(\d)\s*(?:~|-|부터)\s*(\d)\s*번", low):
        found += [(m.start(), r) for r in range(int(m.group(1)), int(m.group(2)) + 1)]
    for m in re.finditer(r"(\d)\s*(?:,|、|와|과|랑|이랑|하고|및|&|and)\s*(\d)\s*(?:번|위)", low):
        found += [(m.start(), int(m.group(1))), (m.start() + 1, int(m.group(2)))]
    if _COMPARING.search(low):  # "2랑 3 비교해줘", "1이랑 3 뭐가 나아?": bare numbers set beside each other to compare
        for m in re.finditer(r"(?<![\d.,])(\d)\s*(?:랑|이랑|하고|와|과)\s*(\d)(?![\d.,]|\s*(?:만|천|원|개|살|kg))", low):
            found += [(m.start(), int(m.group(1))), (m.start() + 1, int(m.group(2)))]
    for m in re.finditer(r"(?<![\d.,])(\d)\s*(?:번|위(?!해)|등(?!급)|순위)", low):
        found.append((m.start(), int(m.group(1))))
    for m in re.finditer(r"\b(\d)\s*(?:or|and|vs\.?|&|,)\s*(?:#|number\s*|no\.?\s*)?(\d)\b", low):
        found += [(m.start(), int(m.group(1))), (m.start() + 1, int(m.group(2)))]
    for m in re.finditer(r"(?:#|no\.?\s*|number\s*|option\s*|product\s*|item\s*|pick\s*)(\d)(?:s\b|\b)", low):
        found.append((m.start(), int(m.group(1))))
    for m in re.finditer(r"\b(?:no\.?|number|option|product|item|pick)\s*(one|two|three)\b", low):
        found.append((m.start(), {"one": 1, "two": 2, "three": 3}[m.group(1)]))  # "is number two quiet?"
    # not a child: "둘째가 태어나서", "우리 첫째는", "첫째 때 쓰던" (a family's second child, not the second product)
    for m in re.finditer(r"(?<!우리)(?<!저희)(?<!우리\s)(?<!저희\s)(첫|두|둘|세|셋|네|넷|다섯)\s*(?:번\s*째|째|번\s*제품)"
                         r"(?!\s*(?:때(?!문)|아이|아기|한테|에게)|[^.,!?~]{0,8}?(?:태어|낳|임신|출산|어린이집|유치원|학교|키우|"
                         r"쓰던|물려|선물))", low):
        found.append((m.start(), _ORDINAL_WORDS[m.group(1)]))
    # an ordinal word, not "first-time mom", "at first", "second-hand", "first baby"
    for m in re.finditer(r"(?<!at )\b(first|second|third|fourth|fifth|1st|2nd|3rd)\b(?![-\s]*(?:time|timer|hand|of all|"
                         r"baby|child|kid|born|month|week|day|night|trimester|pregnan))", low):
        found.append((m.start(), _EN_ORDINALS[m.group(1)]))
    for m in re.finditer(r"\b(?:first|top)\s*(?:two|2)\b|(?:처음|앞에|앞의|위에|위의|첫)\s*(?:두|2)\s*(?:개|가지|제품|상품)", low):
        found += [(m.start(), 1), (m.start() + 1, 2)]  # "compare the first two", "앞에 두 개"
    if shown >= 2:
        for m in re.finditer(r"\b(?:last|bottom)\s*(?:two|2)\b|(?:마지막|뒤에|뒤의|아래|밑에)\s*(?:두|2)\s*(?:개|가지|제품|상품)", low):
            found += [(m.start(), shown - 1), (m.start() + 1, shown)]
    for m in re.finditer(r"맨\s*(?:위|앞|처음)|제일\s*위|top\s*(?:one|pick)", low):
        found.append((m.start(), 1))
    if shown:
        # "the last one", "last pick"; not the verb ("the battery should last long", "lasts")
        for m in re.finditer(r"마지막|맨\s*(?:아래|밑|끝)|\b(?:the|#)\s*last\b(?!\s+(?:long|longer|all|for))|"
                             r"\blast\s*(?:one|product|pick|item|option)\b", low):
            found.append((m.start(), shown))
        for m in re.finditer(r"가운데|중간\s*(?:거|것|꺼|제품)|\bmiddle\b", low):
            found.append((m.start(), 2))
    return list(dict.fromkeys(r for _, r in sorted(found)))


def _only_after_turn(spaced: str, shown: int) -> bool:
    """Every product number comes after the turn word ("말고", "instead of" puts it first in English)."""
    part = instead(spaced)
    at = spaced.rfind(part)
    return part != spaced and at >= 0 and not read_ranks(spaced[:at], shown) and bool(read_ranks(part, shown))


def _corrected_value(spaced: str, shown: int, reading: Reading) -> None:
    """"2번 말고 3번", "10만원 말고 8만원 이하", "not #1 but #2": a value said twice across a turn word is corrected,
    so the one after the turn (before "instead of") is the one meant, of the same kind: a product, a budget."""
    part = instead(spaced)
    at = spaced.rfind(part)
    if part == spaced or at < 0:
        return
    said, rest = spaced[:at] if at else spaced[len(part):], part
    if read_ranks(said, shown) and (after := read_ranks(rest, shown)):
        reading.ranks = after
        reading.flags.discard("exclude")
    first, then = read_budget(said), read_budget(rest)
    if reading.budget is not None and first is not None and then is not None \
            and (first.max is None) == (then.max is None):  # "over 60k but under 110k": two bounds, one range
        reading.budget = then


_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|퍼센트|프로|percent)")
_DOWN = re.compile(r"줄|낮|내려|내리|깎|빼|down|lower|cut|reduce|less|decrease|cheaper")
_UP = re.compile(r"늘|올|높|더\s*써|up|raise|increase|more|higher")


def read_scale(text: str) -> float | None:
    """A budget change relative to the current one: 반 / 절반 / half, 두 배 / double, 20% 줄여."""
    low = normalise(text)
    m = _PERCENT.search(low)
    change = None if m else find_change(low)  # the kit's words: 반, 반토막, 절반, half, 두 배, 1.5배, double
    if change is not None:
        return max(0.05, change.factor)
    if m:
        share = float(m.group(1)) / 100
        rest = low[m.end():] + low[:m.start()]
        if _DOWN.search(rest):
            return max(0.05, 1 - share)
        if _UP.search(rest):
            return 1 + share
        return share
    return None


@cache
def _known_words() -> tuple[tuple[str, ...], frozenset[str]]:
    """Korean topic and category words worth correcting a one-letter typo to ("셰척" -> "세척"),
    and every Korean lexicon entry (a word containing one is not a typo)."""
    lex = lexicon()
    targets = {w for t in lex["topics"].values() for w in t.get("words", [])}
    targets |= {w for ws in lex["categories"].values() for w in ws}
    known = set(targets) | {w for t in lex["topics"].values() for k in ("want", "avoid") for w in t.get(k, [])}
    known |= {w for key in ("offtopic", "recommend", "question", "empathy", "thanks", "greeting", "remove", "exclude")
              for w in lex[key]}  # "지워" (drop it) is a word, not a typo of 지지
    known |= {"주세요", "주시", "주실", "줘요", "줄래", "드려", "드릴"}  # "… 주세요" asks politely: not 자세 (posture)
    # Verb forms a letter away from a topic word: "꼭 사야 돼요?" is not 사양 (specs), "어떻게 하면" not 화면 (screen)
    known |= {"사야", "사도", "사면", "써야", "해야", "돼야", "봐야", "하면", "하는", "하고", "해서", "하게", "하지", "되면",
              "되는", "보면", "가면", "오면", "하니"}
    known |= {"가장", "제일"}  # degree words: "가장 저렴한 거" (the cheapest) is not 고장 (a breakdown)
    korean = sorted((w for w in targets if re.fullmatch(r"[가-힣]{2,}", w)), key=len, reverse=True)
    return tuple(korean), frozenset(w for w in known if re.fullmatch(r"[가-힣]{2,}", w))


def correct_typos(text: str) -> str:
    """Each Korean word that holds no lexicon entry but starts one letter (jamo) away from a
    topic or category word is read as that word."""
    from agents.nlu.jamo import fold_onto

    targets, known = _known_words()
    return " ".join(fold_onto(normalise(text).split(), targets, known))


# "아니", "아니요", "아니라" (no, not): a correction or a refusal, never the question ending "-니".
_NO = re.compile(r"아니(?=요|야|라|고|그|이|저|[a-z0-9]|$)")
# Endings that look like a question word but join a reason or a request: "써야 돼서" (because it must),
# "그러니까", "부탁해요"; and -니/-냐 inside a word ("모니터", "냐옹"), read by _ENDS_ASKING instead.
_NOT_ASKING = re.compile(r"돼서|되서|돼가지고|되니까|니까|부탁해요|부탁드려요|부탁합니다|니(?![?!.~ㅋㅎᄏᄒ]|$)|냐(?![?!.~ㅋㅎᄏᄒ]|$)")
# A message that ends on the product wished for ("안 더운 거", "세척 쉬운 걸로요", "quieter ones"), or says
# which kind is better ("소음 적은 게 좋아요", "가벼운 게 낫겠어요"): a condition, not a question about a product.
_WISH_END = re.compile(r"(?:거|걸|것|걸로|거로|제품|모델|녀석|애)\s*(?:요|으로요|로요|좀|부탁\S*|주세요)?\s*[.!~ㅠㅜ]*\s*$|"
                       r"\b(?:ones?|models?|options?)\s*(?:please|pls|plz)?[.!]*\s*$")
_PREFER = re.compile(r"(?:게|걸|거)\s*(?:더\s*)?(?:좋아요|좋겠|좋을\s*듯|좋은데|좋습니다|나아요|나을\s*듯|낫겠|낫다|최고)|"
                     r"\b(?:i(?:d)? prefer|would be (?:better|great|nice)|is (?:a )?must)\b")
# The person has chosen: "그거 살게요", "2번으로 주문할게", "이걸로 결정", "I'll take that one", "gonna buy #2".
CHOSEN = re.compile(r"(?:살게|살래요|삽니다|사야겠|구매할게|구입할게|주문할게|주문해야겠|결정했|결정할게|(?:걸로|거로)\s*(?:할게|하겠|결정|갈게))|"
                    r"\b(?:i'?ll|i will|gonna|going to)\s+(?:take|buy|get|order|go with)\b|\bsold\b|\bdecided on\b")
# A product described, not asked about: "one I can carry on trips", "something that …", "a kettle with …", "with …"
_WISH_START = re.compile(r"^\s*(?:(?:just|maybe|hmm+|ok|okay|actually|then)[\s,]+)?(?:an?|one|ones|something|anything|some|"
                         r"any|models?|options?|with|without)\b")
# "could you filter to ones with …?", "narrow it down to ones that …": a request, though it ends in "?"
_NARROW = re.compile(r"\b(?:ones?|models?|options?)\s+(?:that|which|with)\b|\bnarrow\b|\bfilter\b")
# A product number set aside: "2번 빼고", "3번은 말고", "except #2", "not number 1".
_SET_ASIDE = re.compile(r"(\d)\s*번?\s*(?:은|는|이|가|을|를)?\s*(?:빼고|말고|제외하고|제외|빼)|"
                        r"\b(?:except|not|skip|without|leave out|leaving out)\s*(?:#|no\.?\s*|number\s*)?(\d)\b")
# The rest of the shown after some are set aside: "나머지 둘", "남은 거", "the other two", "the rest".
REST = re.compile(r"나머지|남은\s*(?:거|것|두|둘|제품)|다른\s*(?:두|둘)|\bthe\s+(?:other|remaining)\s+(?:two|2|ones)\b|"
                   r"\bthe\s+rest\b|\bremaining\b")
# English "like" before a product reference, not "I'd like" / "would like": around that product.
_LIKE_REF = re.compile(r"(?<!would )(?<!\bid )(?<!\bd )(?<!\bi )(?<!\bwe )(?<!\byou )\blike\s+(?:#|no\.?\s*\d|number\s*\d|"
                       r"(?:the\s+)?(?:first|second|third|last|middle|top)\b|\d\b|option\s*\d|product\s*\d)")
# "밤중에 애 깰까 봐", "사용 중에": 중에 saying when, not "among" (no comparison asked)
_WHILE = re.compile(r"(?:한?밤|새벽|오전|오후|주|근무|수업|운전|외출|여행|사용|작동|수유|통화|식사)중")
_ENDS_ASKING = re.compile(r"(?:니|냐)(?:\s|$|[?!.~ㅋㅎᄏᄒ])")
_NO_WORD = re.compile(r"(?:^|(?<=\s))아니(?=\s*[,.]?\s+\S)")  # "아니 세척 말고 보온": no, not a question


def read(text: str, *, shown: int = 0, expecting_budget: bool = False) -> Reading:
    lex = lexicon()
    flat = compact(correct_typos(text))
    reading = Reading(text=text, compact=flat, category=_category(flat, normalise(correct_typos(text))))
    reading.budget = read_budget(text, expecting=expecting_budget)
    _topics(flat, reading)
    if reading.budget is None and _DROP_BUDGET.search(flat):  # "예산 빼줘": the budget condition itself goes
        reading.budget_removed = True
        reading.mentioned = [t for t in reading.mentioned if t != "price"]
        reading.want = [t for t in reading.want if t != "price"]  # "가격 말고 소음만 신경 써줘": no price wish
    if reading.budget is None and not reading.budget_removed and not find_amounts(text):
        reading.direction = price_direction(flat, reading.want)
        reading.scale = read_scale(text) if has_any(flat, lex["budget_words"]) or reading.direction else None
        if reading.scale is not None:
            reading.direction = "cheaper" if reading.scale < 1 else "pricier"
        if reading.direction:
            # "더 저렴한 걸로" is about the budget, not a "price" condition.
            reading.mentioned = [t for t in reading.mentioned if t != "price"]
            reading.avoid = [t for t in reading.avoid if t != "price"]
    reading.ranks = read_ranks(text, shown)
    if reading.direction == "cheaper" and re.search(r"번\s*(?:거|것|제품)?\s*보다|cheaper\s+than|less\s+than\s+(?:#|number|the)",
                                                    normalise(text)):
        reading.below_ref = True
    reading.than_ref = _THAN_RANK.search(normalise(text)) is not None
    spaced = normalise(text)
    # "really" holds no "all"; "everything else is fine", "다른 건 다 좋은데" judge the rest, not every product shown
    reading.all_shown = has_any(_REST_FINE.sub(" ", flat), present(lex["all_shown"], spaced)) \
        if _REST_FINE.search(flat) else has_any(flat, present(lex["all_shown"], spaced))
    reading.uncarried = _uncarried(flat, spaced)
    said = _NO.sub("··", flat)  # "아니 그거 말고": the "니" of 아니 (no) asks nothing
    said = _NOT_ASKING.sub(lambda m: "·" * len(m.group(0)), said)
    if _ENDS_ASKING.search(_NO_WORD.sub(" ", spaced)):  # "어때니", "뭐냐" end a word; "모니터", "아니 세척 말고" ask nothing
        reading.flags.add("question")
    if (reading.want or reading.avoid) and (("?" not in spaced and (_WISH_END.search(spaced) or _PREFER.search(spaced)
                                                                    or _WISH_START.search(spaced)))
                                            or _NARROW.search(spaced)):
        reading.stated = True  # "안 더운 거", "소음 적은 게 좋아요", "one I can …": a wish for a product, no question
    for flag in ("anchor", "exclude", "compare", "recommend", "question", "empathy", "thanks", "greeting", "offtopic",
                 "advice"):
        where = said if flag == "question" else _WHILE.sub("··", flat) if flag == "compare" else flat
        if has_any(where, present(lex[flag], spaced)):
            reading.flags.add(flag)
    if "question" in reading.flags and not ({"recommend"} & reading.flags or reading.stated or reading.category) and has_any(
            flat, present(lex["baby_subject"], spaced)):
        reading.flags.add("advice")  # "신생아 목욕물 온도는?": about the baby, not about a product shown
    if re.search(r"\b(vs|or)\b", normalise(text)):
        reading.flags.add("compare")
    set_aside = [int(m.group(1) or m.group(2)) for m in _SET_ASIDE.finditer(spaced)]
    if "compare" in reading.flags and set_aside and len([k for k in reading.ranks if k not in set_aside]) >= 2:
        # "2번 빼고 1번이랑 3번 비교", "except #2, compare 1 and 3": the numbers set aside are not compared
        reading.ranks = [k for k in reading.ranks if k not in set_aside]
        reading.flags.discard("exclude")
    if "exclude" in reading.flags and reading.ranks and shown and REST.search(spaced):
        # "2번은 빼고 남은 두 개 중에 …": the products left are the ones meant
        reading.ranks = [k for k in range(1, shown + 1) if k not in reading.ranks]
        reading.flags.discard("exclude")
    if "exclude" in reading.flags and reading.ranks and _only_after_turn(spaced, shown):
        reading.flags.discard("exclude")  # "그 둘 말고 2번이랑 3번": the products after 말고 are the ones asked for
    _corrected_value(spaced, shown, reading)
    if _LIKE_REF.search(spaced):  # "anything like #3 but cheaper": products around #3
        reading.flags.add("anchor")
    return reading
