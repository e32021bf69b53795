"""Code assertions for the eval tests (``python: tests.support.eval_checks:NAME``): each gets the step's reply and
its context, as a suite's own functions would."""

from __future__ import annotations

from typing import Any


def lists_notes(reply: str, context: dict[str, Any]) -> tuple[bool, str]:
    called = [c["name"] for c in context["tool_calls"]]
    return "list_notes" in called, f"tools called: {called}, step {context['step']}"


def says_notes(reply: str, context: dict[str, Any]) -> bool:
    return "notes" in reply


def verdict_dict(reply: str, context: dict[str, Any]) -> dict[str, Any]:
    return {"pass": bool(context["cards"]), "reason": f"{len(context['cards'])} card(s)"}


def not_a_verdict(reply: str, context: dict[str, Any]) -> int:
    return 5


def explodes(reply: str, context: dict[str, Any]) -> bool:
    raise ValueError("the check itself is broken")


NOT_CALLABLE = 3
