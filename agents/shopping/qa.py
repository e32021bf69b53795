"""Product Q&A: BM25 (rank-bm25) over one product's review sentences and specs,
answered extractively from what was retrieved, with no review numbers."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, TypedDict

from agents.nlu import josa
from agents.nlu.patterns import compiled
from agents.shopping import english
from agents.shopping.reading import lexicon
from agents.shopping.topics import TOPIC_NAMES

if TYPE_CHECKING:
    from agents.shopping.catalog import Product, Review

# Question topics -> (pro tag that answers "yes", con tag that answers "no").
TOPICS: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [
    (r"소음|시끄|조용", ("quiet",), ("noise-loud",)),
    (r"세척|씻|청소|관리", ("hygiene-easy",), ("hard-clean",)),
    (r"온도", ("temp-precise",), ("temp-drift",)),
    (r"끓|데우|가열", ("fast-boil",), ("slow-heat",)),
    (r"보온", ("keep-warm",), ()),
    (r"용량|몇\s*개|수납", ("large-capacity",), ()),
    (r"무게|무거|가벼|휴대|들고", ("lightweight", "portable"), ("heavy", "bulky")),
    (r"건조|말리", ("dry-fast",), ("slow-dry",)),
    (r"살균|소독|uv", ("uv-sterilize",), ()),
    (r"냄새", (), ("smell",)),
    (r"화질|선명", ("clear-video",), ()),
    (r"야간|밤에|적외선", ("night-vision",), ()),
    (r"앱|어플", ("app-easy",), ("app-complex",)),
    (r"배터리|충전", ("long-battery",), ("short-battery",)),
    (r"연결|와이파이|끊", (), ("wifi-unstable",)),
    (r"착용|메기|입기", ("easy-wear", "comfortable"), ("hard-wear",)),
    (r"허리", ("back-support",), ()),
    (r"어깨", (), ("shoulder-pain",)),
    (r"더워|덥|통기|땀", ("breathable",), ("hot",)),
    (r"디자인|예뻐|예쁜", ("design",), ()),
    (r"가격|비싸|비싼", (), ("pricey",)),
    (r"자세|앞보기", ("multi-position",), ()),
]
_PARTICLES = re.compile(r"(은|는|이|가|을|를|에|의|도|만|로|으로|해|해요|했어요|요|나요|까|편해|돼)$")


def tokens(text: str) -> list[str]:
    """Words without trailing particles, plus Korean character bigrams (no tokenizer needed)."""
    out: list[str] = []
    for word in re.findall(r"[가-힣]+|[a-zA-Z]+|\d+", text.lower()):
        stem = _PARTICLES.sub("", word) or word
        out.append(stem)
        out += [stem[i:i + 2] for i in range(len(stem) - 1)] if re.match(r"[가-힣]", stem) else []
    return out


def passages(product: Product, reviews: list[Review]) -> list[str]:
    sentences = [s.strip() for r in reviews for s in re.split(r"(?<=[.!?요])\s+", r["text"]) if s.strip()]
    specs = [f"{k}: {v}" for k, v in product["specs"].items()]
    return list(dict.fromkeys(sentences + specs))


def _topic_tags(question: str, topic: str | None) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """(good tags, bad tags) for the question: the lexicon's topic when the router found one."""
    topics = lexicon()["topics"]
    if topic in topics and (topics[topic].get("pros") or topics[topic].get("cons")):
        return [(tuple(topics[topic].get("pros", [])), tuple(topics[topic].get("cons", [])))]
    low = question.lower()
    return [(good, bad) for pattern, good, bad in TOPICS if compiled(pattern).search(low)]


def _verdict_en(question: str, product: Product, labels: dict[str, str],
                topic: str | None = None) -> tuple[str, list[str]]:
    title = english.name(product, True)
    for good, bad in _topic_tags(question, topic):
        has_good = [t for t in good if t in product["pros"]]
        has_bad = [t for t in bad if t in product["cons"]]
        if has_good and not has_bad:
            return f"Yes: many reviews of the {title} say it is {english.tag(has_good[0], labels, True)}.", has_good
        if has_bad:
            return f"Unfortunately, some reviews of the {title} say it is {english.tag(has_bad[0], labels, True)}.", has_bad
        strengths = ", ".join(english.tag(t, labels, True) for t in product["pros"])
        about = english.TOPICS_EN.get(topic or "", "that")
        return (f"Reviews of the {title} neither clearly praise nor complain about {about}. "
                f"What they praise instead: {strengths}.", [])
    return "", []


def _verdict(question: str, product: Product, labels: dict[str, str],
             topic: str | None = None, en: bool = False) -> tuple[str, list[str]]:
    if en:
        return _verdict_en(question, product, labels, topic)
    title = product["title"]
    for good, bad in _topic_tags(question, topic):
        has_good = [t for t in good if t in product["pros"]]
        has_bad = [t for t in bad if t in product["cons"]]
        if has_good and not has_bad:
            return f"네, {title}{josa(title, '은')} '{labels[has_good[0]]}'라는 평가가 많아요.", has_good
        if has_bad:
            return f"아쉽게도 {title}{josa(title, '은')} '{labels[has_bad[0]]}'라는 의견이 있어요.", has_bad
        strengths = ", ".join(labels[t] for t in product["pros"])
        about = f"{TOPIC_NAMES[topic]}에 대한" if topic in TOPIC_NAMES else "그 점에 대한"
        return (f"{product['title']}의 리뷰에는 {about} 뚜렷한 칭찬이나 불만이 없어요. "
                f"대신 이런 점이 좋다는 평가가 많아요: {strengths}.", [])
    return "", []


def _expansion(question: str) -> str:
    """The topic's other words ("소음" also searches "조용", "시끄"), so reviews that say it
    differently are still found."""
    low = question.lower()
    words = [re.sub(r"\\s\*|\\s|[^가-힣a-z]", "", w) for pattern, _, _ in TOPICS if re.search(pattern, low)
             for w in pattern.split("|")]
    return " ".join(w for w in words if len(w) >= 1)


class Answer(TypedDict):
    answer: str
    evidence: list[str]  # the review or spec sentences quoted
    product_id: str
    matched_tags: list[str]


def answer(question: str, product: Product, reviews: list[Review], labels: dict[str, str],
           topic: str | None = None, en: bool = False) -> Answer:
    """The verdict on the asked topic and up to two review or spec sentences as evidence; ``en``: the
    verdict in English, the evidence quoted as the catalogue wrote it (Korean), which the answer says."""
    question = re.sub(r"\d+\s*번\s*(제품|째)?", " ", question)  # the product number is not content
    if en:  # the reviews are Korean: an English question searches them by its topic's Korean words
        question = TOPIC_NAMES.get(topic or "", "")
    from rank_bm25 import BM25Okapi  # and NumPy under it: loaded by the first product question, not at start

    docs = passages(product, reviews)
    bm25 = BM25Okapi([tokens(d) for d in docs])
    scores = bm25.get_scores(tokens(question + " " + _expansion(question))) if question.strip() else [0.0] * len(docs)
    ranked = sorted(range(len(docs)), key=lambda i: (-scores[i], i))
    best = scores[ranked[0]] if docs else 0.0
    # Weak matches (a shared bigram or two) are noise, not evidence.
    hits = [docs[i] for i in ranked[:3] if best >= 1.5 and scores[i] >= best * 0.4]
    verdict, asked = _verdict(question, product, labels, topic, en)
    quoted = " ".join(hits[:2])
    if not hits and not verdict:
        text = (f"I found nothing about that in the reviews and specs of the {english.name(product, True)}. "
                "Ask me about another point." if en else
                f"{product['title']}의 리뷰와 스펙에서 그 질문에 대한 내용을 찾지 못했어요. 다른 점을 물어봐 주세요.")
    elif en:
        text = (verdict + " " if verdict else "") + (
            f"From the reviews and specs {english.KOREAN_NOTE}: {quoted}" if quoted else "")
    else:
        text = (verdict + " " if verdict else "") + (f"리뷰와 스펙을 보면: {quoted}" if quoted else "")
    return {"answer": text.strip(), "evidence": hits, "product_id": product["id"], "matched_tags": asked}
