"""The language of the conversation a marketing card is built in: the texts a marketer is shown (confirmation
cards, the sentence that comes with them) follow the language they wrote in (``agents.nlu.language``)."""

from __future__ import annotations

from agents.core.store import Store
from agents.core.tools import ToolContext
from agents.marketing.store import MarketingStore
from agents.nlu.language import conversation_language

_RECENT = 20  # messages looked back through for the person's last ones (tool results come between)


def conversation_english(ctx: ToolContext) -> bool:
    """Is the conversation answered in English? A card is built in the turn (the message is stored before any
    model call) and rebuilt on Modify outside it: both read the same stored messages."""
    if ctx.meta.get("lang") in ("ko", "en"):  # the turn's own reading (agents/marketing/progress.py)
        return ctx.meta["lang"] == "en"
    recent = ctx.store.messages.recent(ctx.conversation_id, _RECENT)
    return conversation_language([m.content or "" for m in recent if m.role == "user"],
                                 names=campaign_names(ctx.store, ctx.user_id)) == "en"


def campaign_names(store: Store, user_id: str) -> list[str]:
    """The account's campaign names: no one's language ("Pause 봄 시즌 세일" is English)."""
    return [c["name"] for c in MarketingStore(store).campaigns(user_id, include_deleted=True)]
