"""The fallback paths a turn can take, named once: the runner records them in the trace and the
Lab's metrics count them. Each is read from ``done.meta``, where the code that took it says so."""

from __future__ import annotations

from collections.abc import Callable

# name -> (done.meta key, does this value mean the fallback was taken)
FALLBACKS: dict[str, tuple[str, Callable[[object], bool]]] = {
    # OpenAI adapter: the Responses API failed or is missing, chat.completions answered.
    "responses_to_chat": ("responses_api_fallback", bool),
    # Travel §3.3: the model named places in plain text; the text parser made the cards.
    "travel_parse": ("parse_fallback", lambda v: isinstance(v, dict) and bool(v.get("used"))),
    # Shopping: the summary call failed or was empty; the cumulative list of requests was kept.
    "shopping_summary": ("summary_fallback", bool),
    # English: article analysis failed validation twice; the predefined NewsAnalysis was used.
    "english_analysis": ("analysis_fallback", bool),
}


def fallback_names(meta: dict[str, object] | None) -> list[str]:
    """The fallbacks ``done.meta`` says the turn took, in FALLBACKS order."""
    meta = meta or {}
    return [name for name, (key, taken) in FALLBACKS.items() if key in meta and taken(meta[key])]
