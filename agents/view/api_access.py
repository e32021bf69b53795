"""The API access page as a framework-neutral view: the tokens table, the mode's note, the usage example and
what a tested token counts for, in the viewer's language. The Gradio tab and the Streamlit page draw these;
the tokens themselves come from ``agents.services.access``."""

from __future__ import annotations

import json
from datetime import datetime

from agents.core.agent import list_agents
from agents.core.errors import PlaygroundError
from agents.core.identity import Mode, Viewer
from agents.core.store import ApiTokenRow, Store
from agents.services import access
from agents.view.texts import Lang, t


# The label first and the id last, so a phone shows what matters without scrolling sideways.
def columns(lang: Lang = "ko") -> list[str]:
    return [t(k, lang) for k in ("api_h_label", "api_h_prefix", "api_h_status", "api_h_last_used", "api_h_created")
            ] + ["ID"]


def mode_note_key(mode: Mode) -> str:
    return "api_shared" if mode == "shared" else "api_local"


def mode_note(mode: Mode, lang: Lang = "ko") -> str:
    return t(mode_note_key(mode), lang)




def token_table(rows: list[ApiTokenRow], lang: Lang = "ko") -> list[list[str]]:
    """Rows for the table: never the token itself (only its first characters are kept)."""
    def when(moment: datetime | None) -> str:
        return f"{moment:%Y-%m-%d %H:%M}" if moment else "—"

    return [[r.label, r.prefix + "…",
             t("api_active", lang) if r.active else t("api_revoked", lang, day=f"{r.revoked_at:%Y-%m-%d}"),
             when(r.last_used_at) if r.last_used_at else t("api_never_used", lang), when(r.created_at), r.id]
            for r in rows]


def revoke_choices(rows: list[ApiTokenRow]) -> list[tuple[str, str]]:
    return [(f"{r.label} · {r.prefix}…", r.id) for r in rows if r.active]


def usage_parts(viewer: Viewer | None, base_url: str, token: str | None = None,
                lang: Lang = "ko") -> tuple[str, str, str]:
    """(whom tokens act as, a curl command for the first agent, where every endpoint is listed)."""
    who = f"`{viewer.user_id}`" if viewer else t("api_loading", lang)
    shown = token or t("api_token_placeholder", lang)
    agents = list_agents()  # the example talks to the first agent, with its first example
    agent = agents[0].id if agents else "AGENT"
    body = json.dumps({"message": agents[0].examples[0] if agents and agents[0].examples else "..."},
                      ensure_ascii=False).replace("'", "'\\''")  # inside the shell's single quotes
    command = (f"curl -N {base_url}api/v1/agents/{agent}/chat \\\n  -H 'Authorization: Bearer {shown}' \\\n"
               f"  -H 'Content-Type: application/json' -d '{body}'")
    return (t("api_acts_as", lang, who=who), command,
            f"{t('api_endpoints', lang)}: [{base_url}api/docs]({base_url}api/docs) (OpenAPI)")


def usage_text(viewer: Viewer | None, base_url: str, token: str | None = None, lang: Lang = "ko") -> str:
    acts_as, command, endpoints = usage_parts(viewer, base_url, token, lang)
    return f"{acts_as}\n\n```bash\n{command}\n```\n{endpoints}"




def token_verdict(store: Store, mode: Mode, token: str, now: datetime, lang: Lang) -> tuple[str, str]:
    """What ``token`` counts for on this server, as ``/api/v1/whoami`` would answer it: checked by the same
    service (a valid token's "last used" is noted), said in the viewer's language, with its kind ("success",
    "warning", "error"). The token itself is never echoed."""
    token = (token or "").strip()
    if not token:
        return "warning", t("api_test_empty", lang)
    header = f"Bearer {token[:200]}"
    if mode == "shared":
        try:
            owner = access.token_owner(store, header, now)
        except PlaygroundError:
            return "error", t("api_verdict_refused", lang)
        return "success", t("api_verdict_shared", lang, user=owner)
    status, known = access.token_status(store, header, now)
    if status == "valid":
        return "success", t("api_verdict_valid", lang, user=known)
    return "warning", t("api_verdict_unknown", lang)
