"""The tutor's questions back and their answers: a reading (what a message asks, or the question to ask with
choices, in Korean and English), which stock a bare name means, which side an order screen opens, and the
choice a learner clicked read back as its kind. Kept apart from ``reading``, which decides what is asked."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agents.nlu import compact, normalise
from agents.nlu.dialogue import instead
from agents.tutor.catalog import hit, lexicon
from agents.tutor.charts import name as stock_label
from agents.tutor.names import Mentions
from agents.tutor.sandbox import AppState
from agents.tutor.sandbox_data import cases, default_portfolio, glossary, stock_name

LABELS = {"nav_stock": "종목 차트 보기", "explain_move": "주가 움직임 설명", "concept": "용어 설명",
          "case_info": "교육 사례 알아보기", "portfolio_summary": "내 자산 요약", "nav_education": "교육 화면으로",
          "visualize": "차트 그리기", "canvas": "캔버스 노트로 정리"}
# The same choices for a learner who writes English (each reads back as its kind when clicked).
LABELS_EN = {"nav_stock": "show a stock chart", "explain_move": "explain the move", "concept": "explain a term",
             "case_info": "tell me about a case", "portfolio_summary": "how is my portfolio doing?",
             "nav_education": "open lessons", "visualize": "draw a chart", "canvas": "make me a study note"}


@dataclass
class Reading:
    kind: str | None  # an action id or an answer kind; None: ask
    args: dict[str, Any] = field(default_factory=dict)
    question: str = ""
    choices: list[str] = field(default_factory=list)
    source: str = "rule"
    question_en: str = ""  # the question and choices for a learner who writes English
    choices_en: list[str] = field(default_factory=list)




def ask(question: tuple[str, str], choices: tuple[list[str], list[str]] | list[str], **known: Any) -> Reading:
    """A question with choices, in Korean and in English (plain lists are the same in both)."""
    ko, en = choices if isinstance(choices, tuple) else (choices, choices)
    return Reading(None, dict(known), question[0], ko[:6], "ask", question[1], en[:6])




def which(text: str, mentions: Mentions) -> Reading:
    """Ask which of the stocks a bare name could mean, keeping what was asked (a move, a link, a chart)."""
    names = [stock_name(c_) or c_ for c_ in mentions.ambiguous]
    names_en = [stock_label(c_, "en") for c_ in mentions.ambiguous]
    action = ("explain_move" if hit(text, "why") or hit(text, "move") else
              "open_external_link" if hit(text, "link") else
              "open_order" if hit(text, "order") else "remove_holding" if hit(text, "remove") else "nav_stock")
    extra: dict[str, Any] = {}
    if action == "open_external_link" and (link := lexicon().value(text, "link")):
        extra["link"] = link
    if action == "open_order" and (side := side_of(text)):
        extra["side"] = side
    return ask((f"{' / '.join(names)} 중 어느 종목인가요?", f"Which one: {' / '.join(names_en)}?"), (names, names_en),
                action=action, **extra)


def ask_side(code: str | None) -> Reading:
    return ask(("매수 화면과 매도 화면 중 어느 쪽을 열까요?", "Should I open the buy screen or the sell screen?"),
                (["매수", "매도"], ["buy", "sell"]), action="open_order", **({"code": code} if code else {}))


def side_of(text: str) -> str | None:
    """The order side the learner said (매수 / 매도, buy / sell), if any; both said ("매수를 할지 매도를 할지") is none."""
    if hit(text, "order_sell") and hit(text, "order_buy"):
        kept = instead(text)  # "매수 말고 매도로", "sell instead of buy": the side kept
        return side_of(kept) if compact(kept) != compact(normalise(text)) else None
    return "sell" if hit(text, "order_sell") else "buy" if hit(text, "order_buy") else None


def held() -> tuple[list[str], list[str]]:
    """Choices for "which stock?": the sandbox portfolio's holdings, by Korean and English name."""
    codes = [h["code"] for h in default_portfolio()["holdings"]]
    return [stock_label(c) for c in codes], [stock_label(c, "en") for c in codes]




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
            return ask(("어떤 종목을 볼까요?", "Which stock should I show?"), held(), action="nav_stock")
        case "visualize":
            return Reading("visualize", {"kind": "price", "codes": [here]})
        case "concept":
            terms = ["PER", "공매도", "ETF", "배당수익률"]
            return ask(("어떤 용어가 궁금해요?", "Which term?"),
                        (terms, [glossary_en(t) for t in terms]), action="concept")
        case "case_info":
            shown = list(cases().values())[:6]
            return ask(("어떤 사례를 알려 드릴까요?", "Which case?"),
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


def unsure(candidates: list[str], question: str, choices: list[str]) -> Reading:
    en = [LABELS_EN[c] for c in candidates]
    return ask((question, "What can I help with? Pick one: " + " / ".join(en) + "."), (choices, en),
                candidates=candidates)
