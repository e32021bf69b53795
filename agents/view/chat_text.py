"""The words of chat entries that are not plain text (tool steps, action outcomes), shared by
both front ends: ``pages/gradio/chat_gradio.py`` puts them into ``gr.Chatbot`` metadata, the Streamlit
app into ``st.status`` blocks. Pure functions of the view model; no UI framework import."""

from __future__ import annotations

import json

from agents.view.render import MessageView
from agents.view.texts import Lang, t

TOOL_ICON = "🛠️"


def step_title(message: MessageView, lang: Lang) -> str:
    """A tool step's (or intent's) one-line heading, with its state."""
    title = f"{TOOL_ICON} {message.name}" if message.call_id else f"🧭 {message.name}"
    if message.status == "awaiting":
        title += f" · ⏸ {t('awaiting', lang)}"
    elif message.action_status:
        title += f" · {t(message.action_status, lang)}"
    elif message.status == "failed":
        title += " · ⚠️"
    return title


def step_body(message: MessageView, lang: Lang) -> str:
    """Its input as JSON and its output with a mark, as markdown ("" when it has neither)."""
    parts = []
    if message.args:
        parts.append(f"**{t('input', lang)}**\n```json\n{json.dumps(message.args, ensure_ascii=False, indent=1)}\n```")
    if message.output:
        mark = "⚠️" if message.status == "failed" else "✅"
        parts.append(f"**{t('output', lang)}** {mark} {message.output}")
    return "\n\n".join(parts)


def outcome_text(message: MessageView, lang: Lang) -> str:
    """The outcome of Confirm / Cancel / expiry, as markdown."""
    heading = t(message.action_status or "COMPLETED", lang)
    return f"**{heading}** · `{message.name}`\n\n{message.text}"
