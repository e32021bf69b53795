"""The Lab's review queue as both front ends show it: the table's headers and rows, the item picker's choices,
what an action says, all from the text catalogue (``agents/view/texts.py``). No UI framework here."""

from __future__ import annotations

from agents.services.review import ReviewItem
from agents.view.texts import Lang, t

COLUMNS = ("status", "source", "agent", "what", "why", "label", "at")


def headers(lang: Lang) -> list[str]:
    return [t(f"review_col_{c}", lang) for c in COLUMNS]


def verdict_text(item: ReviewItem, lang: Lang) -> str:
    if not item.label:
        return ""
    step = f" · step {item.wrong_step}" if item.wrong_step else ""
    note = f" · {item.note[:60]}" if item.note else ""
    return t(f"review_{item.label}", lang) + step + note


def rows(items: list[ReviewItem], lang: Lang) -> list[list[str]]:
    return [[t(f"review_{i.status}", lang), t(f"review_{i.source}", lang), i.agent,
             i.title[:80] + (f" · {i.suite}" if i.suite else ""), i.detail[:120], verdict_text(i, lang),
             i.at.strftime("%Y-%m-%d %H:%M")] for i in items]


def choices(items: list[ReviewItem], lang: Lang) -> list[tuple[str, str]]:
    """(what the picker shows, the item id): the source, the status and the title."""
    return [(f"{t(f'review_{i.source}', lang)} · {t(f'review_{i.status}', lang)} · {i.title[:50]}", i.id)
            for i in items]


def source_choices(lang: Lang) -> list[tuple[str, str]]:
    return [(t("review_any", lang), ""), (t("review_feedback", lang), "feedback"), (t("review_eval", lang), "eval")]


def verdict_choices(lang: Lang) -> list[tuple[str, str]]:
    return [(t("review_correct", lang), "correct"), (t("review_incorrect", lang), "incorrect")]


def count_text(waiting: int, shown: int, lang: Lang) -> str:
    return t("review_empty", lang) if not shown else t("review_count", lang, open=waiting, shown=shown)


def parse_step(raw: object) -> int | None:
    """The wrong step as typed (a number box may hold a float, a text box a string); None when empty. A value
    that is not a whole number raises ValueError (the front end says so in the UI's language)."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    if isinstance(raw, bool):
        raise ValueError(raw)
    number = float(raw) if isinstance(raw, int | float) else float(str(raw))
    if not number.is_integer():
        raise ValueError(raw)
    return int(number)
