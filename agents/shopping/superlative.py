"""A product of the Top 3 pointed at by a property the agent holds, not by its number: "제일 비싼 거 소음 어때요",
"the cheapest one, is it easy to clean?", "평점 제일 높은 거랑 2번 비교", "the best-rated one but quieter". The
superlative is resolved against the products on screen (their price and rating in the catalogue), and the message is
read again by the single-message reader with that rank in its place, so everything else it says (the quality asked
about, "비슷한데", "vs the second", a cheaper wish) reads as it does after a product number, while the price or rating
words that only pointed are gone. A tie picks nothing: a question about it asks which product (with the shown as
choices), never a guess. "젤 싼 거 몇번?" asks which one that
is: the router's COMPARE over the shown answers it, so nothing is picked here."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from agents.shopping.normal import normalise
from agents.shopping.reading import read

if TYPE_CHECKING:
    from agents.shopping.catalog import Product
    from agents.shopping.reading import Reading

_MOST_KO = r"(?:제일|젤|가장|최고로|젤루|젤로|제일로)\s*"
# (property, highest?) for each way of saying it; Korean puts the degree word first ("제일 비싼"), or the property
# first ("가격이 제일 높은", "평점 가장 좋은"); English says it in one word or two ("cheapest", "most expensive").
_SAID: tuple[tuple[str, bool, re.Pattern[str]], ...] = (
    ("price", True, re.compile(_MOST_KO + r"(?:비싼|비싸|고가|값나가)|최고가|"
                               r"(?:가격|값|금액)\s*(?:이|가|은|는)?\s*" + _MOST_KO + r"(?:높|비싼|쎈|센|나가)|"
                               r"\b(?:the\s+)?(?:most\s+expensive|priciest|costliest|dearest|highest[-\s]priced)\b")),
    ("price", False, re.compile(_MOST_KO + r"(?:싼|싸|저렴|값싼|착한)|최저가|"
                                r"(?:가격|값|금액)\s*(?:이|가|은|는)?\s*" + _MOST_KO + r"(?:낮|싼|착한|저렴)|"
                                r"\b(?:the\s+)?(?:cheapest|least\s+expensive|lowest[-\s]priced|most\s+affordable)\b")),
    ("rating", True, re.compile(r"(?:평점|별점|리뷰\s*점수|점수|평가)\s*(?:이|가|은|는)?\s*" + _MOST_KO + r"(?:높|좋)|"
                                + _MOST_KO + r"(?:평점|별점|평가)\s*(?:이|가)?\s*(?:높|좋)|"
                                r"\b(?:the\s+)?(?:highest|best|top)[-\s]rated\b|\bhighest\s+rating\b|"
                                r"\bbest\s+(?:rating|reviews|reviewed)\b|\bbest[-\s]reviewed\b")),
    ("rating", False, re.compile(r"(?:평점|별점|리뷰\s*점수|점수|평가)\s*(?:이|가|은|는)?\s*" + _MOST_KO + r"(?:낮|나쁜|안좋)|"
                                 + _MOST_KO + r"(?:평점|별점|평가)\s*(?:이|가)?\s*(?:낮|나쁜)|"
                                 r"\b(?:the\s+)?(?:lowest|worst)[-\s]rated\b|\blowest\s+rating\b|\bworst\s+reviews\b")),
)
# "젤 싼 거 몇번?", "which is the cheapest", "what's the best-rated one": asking which product it is, not about it.
_WHICH = re.compile(r"몇\s*번|어느\s*(?:거|게|것|제품)|어떤\s*(?:거|게)\s*(?:야|예요|에요|인가|이야)|뭐(?:야|예요|에요|임|지|인가)|"
                    r"뭔(?:가요|지)|누구|\bwhich\b|\bwhat(?:s| is)\s+the\b")
# The superlative said as a wish for the next list: "제일 싼 걸로 보여줘", "가장 저렴한 거 추천해줘", "show me the cheapest".
_LIST_WISH = re.compile(r"(?:걸로|거로|것으로|제품으로)|(?:추천|보여|찾아|골라)|\b(?:show|find|recommend|give|list|sort)\b")


def said(spaced: str) -> list[tuple[str, bool, re.Match[str]]]:
    """Every superlative of a held property the message says, in order and apart: (property, highest?, where)."""
    found = sorted(((m.start(), key, high, m) for key, high, pattern in _SAID for m in pattern.finditer(spaced)),
                   key=lambda f: (f[0], -f[3].end()))
    kept: list[tuple[str, bool, re.Match[str]]] = []
    for _, key, high, m in found:
        if not kept or m.start() >= kept[-1][2].end():
            kept.append((key, high, m))
    return kept


def pick(key: str, highest: bool, shown: Sequence[str], products: Sequence[Product]) -> int | None:
    """The rank of the shown product with the highest (lowest) ``key``; None on a tie or a product not known."""
    by_id = {p["id"]: p for p in products}
    if not shown or any(pid not in by_id for pid in shown):
        return None
    known = [float(by_id[pid]["price"] if key == "price" else by_id[pid]["rating"]) for pid in shown]
    best = max(known) if highest else min(known)
    if known.count(best) != 1:
        return None  # two share it: which one is meant is asked, not guessed
    return known.index(best) + 1


def by_property(r: Reading, text: str, context: dict[str, Any], products: Sequence[Product]) -> Reading:
    """The message read again with its superlative said as the rank it picks ("제일 비싼 거 소음 어때요" is read as
    "2번 거 소음 어때요"), when it asks about, compares or anchors on that product; else ``r`` as it was."""
    shown = [str(p.get("id")) for p in context.get("recommendations") or []]
    spaced = normalise(text)
    # a number said too: "cheapest one vs the second" compares them; "2번이 제일 싸?" asks whether #2 is (nothing picked)
    own = not r.ranks or "compare" in r.flags
    found = said(spaced) if len(shown) >= 2 and own and not context.get("clickedAnchorId") else []
    if not found:
        return r
    said_as, tied = spaced, False
    for key, highest, m in reversed(found):  # from the end, so the earlier spans stay where they are
        rank = pick(key, highest, shown, products)
        tied = tied or rank is None  # two products share it: said as no product at all
        named = "" if rank is None else f"{rank}번" if re.search(r"[가-힣]", m.group(0)) else f"#{rank}"
        said_as = said_as[:m.start()] + named + said_as[m.end():]
    again = read(said_as, shown=len(shown), expecting_budget=context.get("awaiting") == "budget")
    if tied:  # "평점 제일 높은 거 소음 어때?" with two rated alike: a question about a product, which one is asked
        asks = again.mentioned and "question" in again.flags and not (again.ranks or again.stated)
        return again if asks else r
    if _WHICH.search(spaced) and not again.mentioned and len(again.ranks) < 2:
        return r  # "젤 싼 거 몇번?", "which is the cheapest": which one that is (the router's COMPARE over the shown)
    # "제일 싼 거랑 비슷한데 조용한 거", "cheapest vs #2": around it or beside another, a wish though it may be
    around = "anchor" in again.flags or ("compare" in again.flags and len(again.ranks) >= 2)
    if around or ("question" in again.flags and not again.stated) or (again.mentioned and not (
            again.stated or _LIST_WISH.search(again.text))):
        return again
    return r  # "제일 싼 걸로 보여줘", "가장 저렴한 거 추천": a wish for the next list, no product asked about
