"""The language a marketer wrote in, so the texts they are shown (confirmation cards, the sentence that comes
with them, rule-of-thumb answers) follow it: English for a message with no Hangul, or an English sentence that
only names a campaign in Korean ("pause 봄 시즌 세일 for now"); Korean otherwise."""

from __future__ import annotations

import re

from agents.core.tools import ToolContext

_LATIN = re.compile(r"\b[A-Za-z]{2,}\b")
_HANGUL = re.compile(r"[가-힣]+")
_RECENT = 20  # messages looked back through for the person's last one (tool results come between)


def english(text: str) -> bool:
    """Latin words and no Hangul ("ROAS" or "20%" alone stays Korean only when Hangul is there), or at least
    four English words and three times as many as Korean ones."""
    latin = len(_LATIN.findall(text))
    hangul = len(_HANGUL.findall(text))
    return latin > 0 and (hangul == 0 or (latin >= 4 and latin >= 3 * hangul))


def conversation_english(ctx: ToolContext) -> bool:
    """Did the person's last message in this conversation use English? A card is built in the turn (the message
    is stored before any model call) and rebuilt on Modify outside it: both read the same stored message."""
    for message in reversed(ctx.store.messages.recent(ctx.conversation_id, _RECENT)):
        if message.role == "user":
            return english(message.content or "")
    return False
