"""PRODUCT_QA, COMPARE and GENERAL answers."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from agents.core.events import DataCard, Event
from agents.nlu import josa
from agents.nlu.korean_money import format_man
from agents.shopping import english, qa, router
from agents.shopping.card_data import Compare
from agents.shopping.catalog import Catalog, Product
from agents.shopping.general import english as is_english

if TYPE_CHECKING:
    from agents.core.turn import Turn


def _rank_label(state: dict[str, Any], product_id: str) -> str:
    ids = [p["id"] for p in state.get("top3", [])]
    return f"{ids.index(product_id) + 1}번 " if product_id in ids else ""


def _price_answer_en(state: dict[str, Any], product: Product) -> str:
    ids = [p["id"] for p in state.get("top3", [])]
    rank = f"#{ids.index(product['id']) + 1} " if product["id"] in ids else ""
    text = f"{rank}{english.name(product, True)} costs **₩{product['price']:,}**."
    budget = state.get("budget") or {}
    high, low = budget.get("max"), budget.get("min", 0)
    if high is not None and product["price"] > high:
        text += f" That is ₩{product['price'] - high:,} over your budget (up to ₩{high:,})."
    elif high is not None or low:
        text += " It fits your budget."
    others = [p for p in state.get("top3", []) if p["id"] != product["id"]]
    if others and all(product["price"] <= p["price"] for p in others):
        text += " It is the cheapest of the products shown."
    return text


def _price_answer(state: dict[str, Any], product: Product) -> str:
    name = _rank_label(state, product["id"]) + product["title"]
    text = f"{name}{josa(product['title'], '은')} **{product['price']:,}원**이에요."
    budget = state.get("budget") or {}
    high, low = budget.get("max"), budget.get("min", 0)
    if high is not None and product["price"] > high:
        text += f" 지금 예산({format_man(high)} 이하)보다 {product['price'] - high:,}원 비싸요."
    elif high is not None or low:
        text += " 지금 예산 안에 들어요."
    others = [p for p in state.get("top3", []) if p["id"] != product["id"]]
    if others:
        cheapest = min([*others, {"id": product["id"], "price": product["price"], "title": product["title"]}],
                       key=lambda p: p["price"])
        if cheapest["id"] == product["id"]:
            text += " 지금 추천 중에서 가장 저렴해요."
    return text


def product_qa(turn: Turn, catalog: Catalog, state: dict[str, Any], intent: router.Intent) -> Iterator[Event]:
    product = catalog.product(intent.product_ids[0])
    assert product is not None
    pending = state.get("pending") or {}
    question = turn.text
    if intent.topic is None and pending.get("ask") == "product" and pending.get("topic"):
        # "세척 편해?" -> "몇 번 제품이 궁금하세요?" -> "1번": the first question is the one answered.
        intent.topic, question = pending["topic"], pending.get("question", turn.text)
    en = is_english(turn)
    if intent.topic == "price":
        yield from turn.say(_price_answer_en(state, product) if en else _price_answer(state, product))
        return
    result = qa.answer(question, product, catalog.reviews(product["id"]), catalog.tag_labels(), topic=intent.topic,
                       en=en)
    yield from turn.say(result["answer"])


def compare(turn: Turn, catalog: Catalog, state: dict[str, Any], intent: router.Intent) -> Iterator[Event]:
    ids = intent.product_ids[:3]
    found = [catalog.product(pid) for pid in ids]
    products = [p for p in found if p is not None]
    assert len(products) == len(found)  # the router keeps only catalogue ids
    labels = catalog.tag_labels()
    if is_english(turn):
        yield from _compare_en(turn, state, products, labels, intent)
        return
    ranks = [_rank_label(state, pid).strip() or f"{i}." for i, pid in enumerate(ids, 1)]
    rows = [["가격", *[f"{p['price']:,}원" for p in products]], ["평점", *[f"{p['rating']:.1f}" for p in products]],
            ["장점", *[", ".join(labels[t] for t in p["pros"]) for p in products]],
            ["단점", *[", ".join(labels[t] for t in p["cons"]) for p in products]]]
    for key in dict.fromkeys(k for p in products for k in p["specs"]):
        rows.append([key, *[str(p["specs"].get(key, "-")) for p in products]])
    cheaper = min(products, key=lambda p: p["price"])
    better = max(products, key=lambda p: (p["rating"], -p["price"]))
    text = [*_lead(ranks, [p["title"] for p in products], products, intent, labels, en=False),
            f"{' vs '.join(ranks)} 비교예요.", ""]
    for r, p in zip(ranks, products, strict=True):
        text.append(f"- **{r} {p['title']}**: 장점은 {', '.join(labels[t] for t in p['pros'])}, "
                    f"아쉬운 점은 {', '.join(labels[t] for t in p['cons'])}.")
    diff = max(p["price"] for p in products) - cheaper["price"]
    most = "더" if len(products) == 2 else "가장"
    text += ["", f"가격은 {cheaper['title']}{josa(cheaper['title'], '이')} {diff:,}원 저렴하고, 평점은 "
                 f"{better['title']}{josa(better['title'], '이')} {better['rating']:.1f}점으로 {most} 높아요."]
    yield from turn.say("\n".join(text))
    yield turn.emit(DataCard, card_type="compare", title="제품 비교", data=Compare(
        columns=["항목", *[f"{r} {p['title']}" for r, p in zip(ranks, products, strict=True)]], rows=rows))


def _compare_en(turn: Turn, state: dict[str, Any], products: list[Product],
                labels: dict[str, str], intent: router.Intent) -> Iterator[Event]:
    """The comparison for a user who wrote English: names, tags and spec names in English; the spec values
    are the catalogue's."""
    shown = [p["id"] for p in state.get("top3", [])]
    ranks = [f"#{shown.index(p['id']) + 1}" if p["id"] in shown else f"{i}." for i, p in enumerate(products, 1)]
    names = [english.name(p, True) for p in products]

    def tags(p: Product, key: Literal["pros", "cons"]) -> str:
        return ", ".join(english.tag(t, labels, True) for t in p[key])

    rows = [["Price", *[f"₩{p['price']:,}" for p in products]], ["Rating", *[f"{p['rating']:.1f}" for p in products]],
            ["Pros", *[tags(p, "pros") for p in products]], ["Cons", *[tags(p, "cons") for p in products]]]
    for key in dict.fromkeys(k for p in products for k in p["specs"]):
        rows.append([english.spec(key, True), *[str(p["specs"].get(key, "-")) for p in products]])
    cheaper = min(products, key=lambda p: p["price"])
    better = max(products, key=lambda p: (p["rating"], -p["price"]))
    text = [*_lead(ranks, names, products, intent, {t: english.tag(t, labels, True) for t in labels}, en=True),
            f"Comparing {' vs '.join(ranks)}:", ""]
    for r, n, p in zip(ranks, names, products, strict=True):
        text.append(f"- **{r} {n}**: good: {tags(p, 'pros')}; not so good: {tags(p, 'cons')}.")
    diff = max(p["price"] for p in products) - cheaper["price"]
    most = "the higher" if len(products) == 2 else "the highest"
    text += ["", f"The {english.name(cheaper, True)} is ₩{diff:,} cheaper, and the {english.name(better, True)} "
                 f"has {most} rating ({better['rating']:.1f}). Spec values are {english.KOREAN_NOTE[1:-1]}."]
    yield from turn.say("\n".join(text))
    yield turn.emit(DataCard, card_type="compare", title="Product comparison", data=Compare(
        columns=["Item", *[f"{r} {n}" for r, n in zip(ranks, names, strict=True)]], rows=rows))


def _lead(ranks: list[str], names: list[str], products: list[Product], intent: router.Intent,
          labels: dict[str, str], *, en: bool) -> list[str]:
    """The answer first, when the comparison was asked a question: "젤 싼 거 몇번?" names the cheapest, "which is
    the quietest?" the products whose reviews praise quietness (the catalogue's tags are the only source)."""
    rows = list(zip(ranks, names, products, strict=True))
    if intent.direction in ("cheaper", "pricier"):
        r, n, p = (min if intent.direction == "cheaper" else max)(rows, key=lambda row: row[2]["price"])
        if en:
            return [f"The {'cheapest' if intent.direction == 'cheaper' else 'dearest'} is **{r} {n}** "
                    f"(₩{p['price']:,}).", ""]
        return [f"{'가장 저렴한' if intent.direction == 'cheaper' else '가장 비싼'} 건 **{r} {n}**"
                f"({p['price']:,}원)이에요.", ""]
    wanted = list((intent.tag_changes or {}).get("add_pros") or [])
    if not wanted:
        return []
    tag = wanted[0]
    having = [(r, n) for r, n, p in rows if tag in p["pros"]]
    label = labels.get(tag, tag)
    if not having:
        return [f"None of them has '{label}' in its reviews." if en else f"'{label}' 후기가 있는 제품은 없어요.", ""]
    said = ", ".join(f"**{r} {n}**" for r, n in having)
    if en:
        return [f"Reviews praise '{label}' for {said}.", ""]
    return [f"'{label}'라는 후기가 있는 건 {said}예요.", ""]
