"""GENERAL answers (seed 003 priority 5): small talk, a kind of product the catalogue does not carry
(named as such, with the four it carries), parenting questions and how-to-choose questions
(answered from the catalogue's own review tags, never turned into a product clarification).
Korean, or English when the user wrote English."""

from __future__ import annotations

from typing import TYPE_CHECKING

from agents.nlu import josa
from agents.nlu.language import conversation_language
from agents.shopping import router
from agents.shopping.catalog import Catalog
from agents.shopping.normal import normalise
from agents.shopping.reading import CHOSEN, lexicon

if TYPE_CHECKING:
    from agents.core.turn import Turn

_EMPATHY = ("힘들", "지쳐", "피곤", "잠을 못", "우울", "속상", "tired", "exhausted")
_THANKS = ("고마", "감사", "thank")
_CATEGORY_EN = {"분유포트": "formula kettles", "젖병소독기": "bottle sterilizers", "베이비모니터": "baby monitors",
                "아기띠": "baby carriers"}
_UNCARRIED_EN = {"유모차": "strollers", "카시트": "car seats", "기저귀": "diapers", "젖병": "baby bottles",
                 "아기 욕조": "baby bathtubs", "보행기": "baby walkers", "바운서": "bouncers", "아기침대": "cribs",
                 "분유": "formula itself", "장난감": "toys"}


def english(turn: Turn) -> bool:
    """Is this turn answered in English: the language the person wrote in (``agents.nlu.language``), where a
    bare "2" or "ok" keeps the conversation's."""
    return conversation_language([m.content or "" for m in turn.history if m.role == "user"], turn.text) == "en"


def _carried(catalog: Catalog, en: bool) -> str:
    names = catalog.categories()
    return ", ".join(_CATEGORY_EN.get(c, c) for c in names) if en else ", ".join(names)


def _related(catalog: Catalog, topic: str | None) -> list[str]:
    """The carried categories whose review tags speak to the question's topic (water temperature: kettles)."""
    if not topic:
        return []
    wanted = set(lexicon()["topics"].get(topic, {}).get("pros", []))
    return [c for c in catalog.categories() if wanted & set(catalog.category_tags(c)["pros"])]


def _guide(catalog: Catalog, category: str, en: bool) -> str:
    """How to choose a category: the qualities its reviews praise and the drawbacks they name."""
    labels = catalog.tag_labels()
    tags = catalog.category_tags(category)
    pros = ", ".join(labels[t] for t in tags["pros"][:6])
    cons = ", ".join(labels[t] for t in tags["cons"][:4])
    if en:
        name = _CATEGORY_EN.get(category, category)
        return (f"When choosing {name}, look at what reviews of the {len(catalog.products(category))} in this catalogue "
                f"praise: {pros}; and watch for the drawbacks they mention: {cons}. Tell me which of these matter most "
                f"(and a budget), and I will pick a Top 3 for it.")
    return (f"{category}{josa(category, '을')} 고를 때는 이 카탈로그의 {category} {len(catalog.products(category))}개 후기에서 "
            f"갈리는 점을 보세요. 좋은 평: {pros}. 아쉬운 평: {cons}. 이 중 중요한 점(과 예산)을 말씀해주시면 그 조건으로 "
            f"Top 3를 골라드릴게요.")


def general(catalog: Catalog, intent: router.Intent, text: str, category: str | None, en: bool) -> str:
    if intent.uncarried:
        name = _UNCARRIED_EN.get(intent.uncarried, intent.uncarried) if en else intent.uncarried
        if en:
            return (f"This catalogue does not carry {name}. It carries four kinds of baby products: "
                    f"{_carried(catalog, en)}. Tell me which one to look at (for example \"formula kettle under 100k\").")
        return (f"{with_topic(name)} 이 카탈로그에서 다루지 않아요. 다루는 제품은 {_carried(catalog, en)} 네 가지예요. "
                "이 중에서 찾으시는 게 있으면 말씀해주세요. 예: \"분유포트 10만원 아래로 추천해줘\"")
    if intent.advice:
        asked = intent.category
        if asked:
            return _guide(catalog, asked, en)
        related = _related(catalog, intent.topic or intent.hint)
        if en:
            answer = ("That is a parenting question. I have no medical or childcare source to check it against, so I "
                      "would rather not guess: your pediatrician or a nurse line can answer it safely.")
            if related:
                answer += f" Related products I can show: {', '.join(_CATEGORY_EN.get(c, c) for c in related)}."
            return answer
        answer = ("육아에 관한 질문이네요. 저는 아기용품 추천 도우미라 의학·육아 정보를 확인할 자료가 없어 추측해서 답하지 않을게요. "
                  "정확한 기준은 소아과나 육아 상담 전화에서 확인하시는 게 안전해요.")
        if related:
            answer += f" 관련 제품으로는 {', '.join(related)}{josa(related[-1], '이')} 있어요. 원하시면 조건에 맞춰 추천해드릴게요."
        return answer
    empathy = ""
    if any(w in text.lower() for w in _EMPATHY):
        empathy = "Parenting is hard work. I hope you get a moment to rest. " if en else \
            "육아 정말 힘드시죠. 잠깐이라도 숨 돌리실 시간이 있으면 좋겠어요. "
    elif CHOSEN.search(normalise(text)):  # "그거 살게요": the choice acknowledged, nothing looked up again
        empathy = "Good choice! " if en else "좋은 선택이에요! "
    elif any(w in text.lower() for w in _THANKS):
        empathy = "Glad it helped! " if en else "도움이 되었다니 기뻐요! "
    if en:
        if category:
            return (f"{empathy}You were looking at {_CATEGORY_EN.get(category, category)}. Tell me what to change: "
                    "\"under 100k\", \"easy to clean\", \"is #1 noisy?\", \"compare #1 and #2\".")
        return (f"{empathy}I recommend baby products: {_carried(catalog, en)}. Tell me which one you need, "
                "for example \"formula kettle under 100k\".")
    if category:
        return (f"{empathy}{category}{josa(category, '을')} 고르고 계셨죠? 원하는 조건을 말씀해주시면 다시 추천해드릴게요. "
                "예: \"10만원 아래로\", \"세척 쉬운 걸로\", \"1번 제품 소음 어때?\", \"1번이랑 2번 비교해줘\"")
    return (f"{empathy}{_carried(catalog, en)} 중에 찾으시는 제품이 있으면 말씀해주세요. "
            "예: \"분유포트 10만원 아래로 추천해줘\"")


def with_topic(name: str) -> str:
    return f"{name}{josa(name, '은')}"
