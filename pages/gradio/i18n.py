"""UI language in the Gradio app: component labels go through ``gr.I18n`` (translated in the
browser); text the server writes into the chat (errors, headings, notices) is picked from the
neutral catalogue in ``agents/view/texts.py`` with the request's ``Accept-Language`` (see ``lang_of``).
"""

from __future__ import annotations

import gradio as gr
from gradio.i18n import I18nData

from agents.view.registry import agent_texts
from agents.view.texts import ERRORS, LABELS, TEXTS, Lang, error_parts, error_text, lang_from, t
from agents.view.texts_lab import API_TEXTS, LAB_TEXTS

__all__ = ["ERRORS", "LABELS", "TEXTS", "Lang", "error_parts", "error_text", "i18n", "label", "lang_of", "t"]


def lang_of(request: gr.Request | None) -> Lang:
    """The browser's first language: Korean unless it prefers another one."""
    return lang_from(request.headers.get("accept-language") if request is not None else None)


def i18n() -> gr.I18n:
    """The browser's translations: the shared labels and every registered agent's own (``AgentSpec.ui.texts``),
    built when the app is (not at import: the registry may still refuse a bad entry then)."""
    catalogue = {**agent_texts(), **LAB_TEXTS, **API_TEXTS, **LABELS}
    return gr.I18n(ko={k: v[0] for k, v in catalogue.items()}, en={k: v[1] for k, v in catalogue.items()})


def label(key: str) -> I18nData:
    """A label translated in the browser (the key, looked up in ``i18n()``'s catalogue there)."""
    return I18nData(key)
