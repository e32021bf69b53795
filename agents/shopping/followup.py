"""Shopping follow-ups that point back, on the kit's dialogue state (``agents.nlu.dialogue``): "그거랑
1번 비교해줘" after asking about product 3, "그거보다 싼 거" after "2번 어때?". The products a turn
referred to are kept with the conversation (``remember``); a pronoun with no rank of its own reads as
the last one still on screen (``point_back``). A product no longer shown is not guessed."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from agents.nlu import compact, normalise
from agents.nlu.dialogue import Dialogue, Mention, pointer
from agents.shopping.reading import REST

if TYPE_CHECKING:
    from agents.shopping.reading import Reading
    from agents.shopping.router import Intent

PRODUCT = "product"
# "이 / 요 / 저 제품 기반으로", "like this", "same as that": a determiner before the anchor word.
_THIS = re.compile(r"(?:^|[^가-힣])(?:이|요|그|저)(?:제품|상품|거|걸|것)?(?:기반|기준|베이스|스타일|느낌|비슷)|"
                   r"(?:like|as|on|off)(?:this|that)")
# "그거보다", "than that one"; "그 가격보다" / "that price": the price of the product just pointed at.
_THAN_THAT = re.compile(r"(?:그거|그것|이거|이것|저거|저것|요거|그제품|이제품|얘|쟤|(?:그|이|저|요)(?:가격|금액|값|돈))보다|"
                        r"than(?:that|this|its)(?:one|price)?")


def last_referenced(state: dict[str, Any]) -> list[str]:
    """Product ids the conversation referred to, newest first (for the classification context)."""
    return [m.id for m in Dialogue.from_state(state).focus if m.kind == PRODUCT][:3]


def last_added(state: dict[str, Any]) -> list[str]:
    """Tag ids the last re-recommendation added (what "아니 그거 말고" takes back)."""
    added = Dialogue.from_state(state).args.get("added")
    return [str(t) for t in added] if isinstance(added, list) else []


def last_intent(state: dict[str, Any]) -> str | None:
    """The intent the last turn acted on ("무게는?" right after a question about a product asks about it too)."""
    return Dialogue.from_state(state).tool


def last_compared(state: dict[str, Any]) -> list[str]:
    """The products the last turn compared ("compare 1 and 2" then "which would you pick?" picks between those)."""
    dialogue = Dialogue.from_state(state)
    compared = dialogue.args.get("compared") if dialogue.tool == "COMPARE" else None
    return [str(p) for p in compared] if isinstance(compared, list) else []


def remember(state: dict[str, Any], intent: Intent) -> None:
    named = [*intent.product_ids, *([intent.anchor_id] if intent.anchor_id else [])]
    dialogue = Dialogue.from_state(state)
    changes = intent.tag_changes or {}
    added = [*changes.get("add_pros", []), *changes.get("add_cons", [])] if intent.name.startswith("REFILTER") else []
    compared = intent.product_ids if intent.name == "COMPARE" else []
    dialogue.remember(intent.name, {"ranks": intent.product_ranks, "added": added, "compared": compared},
                      mentions=[Mention(PRODUCT, str(pid)) for pid in named],
                      listed=[Mention(PRODUCT, str(p["id"]), str(p.get("title") or "")) for p in state.get("top3", [])])
    dialogue.save(state)


def point_back(r: Reading, text: str, context: dict[str, Any]) -> None:
    """Add the rank a pronoun points at ("그거", "that one") when the message names none itself."""
    if context.get("clickedAnchorId"):
        return  # a clicked product is what "이거" means
    p = pointer(text)
    if not p.pronoun and _THAN_THAT.search(compact(text)):  # "그 가격보다 싼 거", "cheaper than that?"
        p = replace(p, pronoun=True)
    if _compared_too(r, text, context) or _another_than_asked(r, text, context) or _the_rest(r, text, context):
        return
    if "anchor" in r.flags and not r.ranks and context.get("anchor") and (p.pronoun or _THIS.search(compact(text))):
        r.on_anchor = True  # "이 기반으로 조용한 거": the anchor the list is based on, on screen or not
        return
    ids = [str(x.get("id")) for x in context.get("recommendations") or []]
    if p.pair and not r.ranks:
        # "둘이 비교해줘": the two products named last, when both are still on screen
        pair = [pid for pid in context.get("lastReferenced") or [] if pid in ids][:2]
        if len(pair) == 2:
            r.ranks = sorted(ids.index(pid) + 1 for pid in pair)
        return
    if not p.pronoun and not r.ranks and _same_product_asked(r, context):
        # "무게는?", "is it heavy though?" right after a question about product 2: the same product
        asked = next((pid for pid in context.get("lastReferenced") or [] if pid in ids), None)
        if asked is not None:
            r.ranks = [ids.index(asked) + 1]
            return
    if "compare" in r.flags and len(r.ranks) == 1 and not p.among:
        # "3번이랑 비교하면?", "compare it with the first" after a question about product 2: a comparison needs two,
        # and the other is the product just asked about, when it is still on screen
        asked = next((pid for pid in context.get("lastReferenced") or [] if pid in ids and
                      ids.index(pid) + 1 != r.ranks[0]), None)
        if asked is not None:
            r.ranks = sorted([*r.ranks, ids.index(asked) + 1])
            return
    if not p.pronoun or p.among:
        _take_back(r, text, context, pronoun=False)
        return
    if r.ranks and _NOT_THAT.search(normalise(text)) and not ("compare" in r.flags and len(r.ranks) == 1):
        # "그거 말고 2번은?": the product named instead, not beside the one pointed at; but a comparison needs two:
        # "그거 말고 1번이랑 비교해줘" (not that question: compare it with 1) keeps the one pointed at
        return
    if (r.want or r.avoid) and _IT_WISH.search(normalise(text)):
        return  # "I don't want it noisy": a condition on what is shown next, no product pointed at
    last = next((pid for pid in context.get("lastReferenced") or [] if pid in ids), None)
    if last is None:
        _take_back(r, text, context, pronoun=True)  # no product to point at: the condition just set
        return
    rank = ids.index(last) + 1
    if rank not in r.ranks:
        r.ranks = sorted([*r.ranks, rank])
    if _THAN_THAT.search(compact(text)):
        r.than_ref = True  # "쟤보다 가벼운 거": measured against that product, as "2번보다 가벼운 거"
        r.below_ref = r.direction == "cheaper"  # "그거보다 싼 거": cheaper than that product, as "2번보다 싼 거"


# One more product put beside the ones just compared: "3번도 같이", "1번까지 넣어서", "add #3 too", "throw in 1 as well".
_INCLUDE = re.compile(r"(?:번|\d)\s*(?:도|까지|이랑도|하고도)(?![가-힣])|같이|함께|추가|넣어|포함|"
                      r"\b(?:too|also|as well|add|include|plus|throw in)\b")
_BARE_DIGIT = re.compile(r"(?<![\d.,])([1-9])(?![\d.,]|\s*(?:만|천|원|k\b|%))")
# Another product than the one just asked about: "다른 거", "딴 거", "다른 제품은 없어?", "something else", "another one".
_ANOTHER_ONE = re.compile(r"다른\s*(?:거|걸|것|게|제품|상품|모델|애)|딴\s*(?:거|걸|것|게|제품|애)|"
                          r"\b(?:something else|anything else|another one|other ones|other options?|different ones?)\b")


def _compared_too(r: Reading, text: str, context: dict[str, Any]) -> bool:
    """Right after a comparison, a product named "too" joins the products compared ("1번이랑 3번 같이", naming one of
    them again, is a comparison of its own)."""
    ids = [str(x.get("id")) for x in context.get("recommendations") or []]
    compared = [ids.index(pid) + 1 for pid in context.get("lastCompared") or [] if pid in ids]
    if len(compared) < 2 or not _INCLUDE.search(normalise(text)) or r.direction or r.want or r.avoid \
            or r.budget is not None or {"exclude", "anchor"} & r.flags:
        return False
    # a bare digit beside "too" names a product here ("add 3 too"): nothing else is counted in a comparison
    named = r.ranks or [int(d) for d in _BARE_DIGIT.findall(text) if 1 <= int(d) <= len(ids)]
    if not named or set(named) & set(compared):
        return False
    r.ranks = sorted({*compared, *named})
    r.flags.add("compare")
    return True


def _the_rest(r: Reading, text: str, context: dict[str, Any]) -> bool:
    """"나머지 두 개 비교해줘", "compare the other two" with no number of its own: the shown products but the one the
    conversation last pointed at."""
    if r.ranks or not REST.search(normalise(text)):
        return False
    ids = [str(x.get("id")) for x in context.get("recommendations") or []]
    asked = next((pid for pid in context.get("lastReferenced") or [] if pid in ids), None)
    if asked is None or len(ids) < 3:
        return False
    r.ranks = [k for k in range(1, len(ids) + 1) if ids[k - 1] != asked]
    r.flags.discard("exclude")
    return True


def _another_than_asked(r: Reading, text: str, context: dict[str, Any]) -> bool:
    """Right after a question about one product, "다른 거" / "something else" means the others: that one is left out."""
    if context.get("lastIntent") != "PRODUCT_QA" or r.ranks or r.direction or "compare" in r.flags \
            or not _ANOTHER_ONE.search(normalise(text)):
        return False
    ids = [str(x.get("id")) for x in context.get("recommendations") or []]
    asked = next((pid for pid in context.get("lastReferenced") or [] if pid in ids), None)
    if asked is None:
        return False
    r.ranks = [ids.index(asked) + 1]
    r.flags.add("exclude")
    return True


_NOT_THAT = re.compile(r"(?:그거|그것|이거|이것|저거|요거|얘|걔|쟤)\s*(?:말고|대신)|\bnot (?:that|this) one\b|"
                       r"\b(?:that|this) one\b.*\binstead\b")
_IT_WISH = re.compile(r"\b(?:want|need|like|prefer|keep)s?\s+it\b")
# A wish that replaces the one just said: "아니 그거 말고", "그게 아니라", "no, …", "… instead"; not one added to it.
_CORRECTION = re.compile(r"^\s*(?:아니|ㄴㄴ|nope\b|no\s*[,.!]|no\s+not\b|actually\b)|그게\s?아니|\binstead\b|\bnot that\b",
                         re.I)
_ADDED = re.compile(r"\b(?:also|too|as well|and also)\b|그리고|추가로|까지|(?<![가-힣])도\s")


def _take_back(r: Reading, text: str, context: dict[str, Any], *, pronoun: bool) -> None:
    if not (r.want or r.avoid) or r.ranks or _ADDED.search(text):
        return
    if (pronoun and "exclude" in r.flags) or _CORRECTION.search(text):
        r.taken_back = list(context.get("lastAdded") or [])


def _same_product_asked(r: Reading, context: dict[str, Any]) -> bool:
    """A short question about a quality, with no product, condition or category of its own, right after a question
    about one product."""
    return (context.get("lastIntent") == "PRODUCT_QA" and (bool(r.mentioned) or len(r.compact) <= 6)
            and "question" in r.flags
            and not (r.stated or r.budget or r.direction or r.category or r.all_shown or r.removed)
            and not ({"recommend", "compare", "exclude", "advice"} & r.flags) and len(r.compact) <= 16)
