"""The API access tab: the viewer creates, lists and revokes their own HTTP API tokens.

Every handler takes the user from ``header.who`` (the server-side viewer), never from a component
value, so nobody can mint or revoke a token for someone else.
"""

from __future__ import annotations

import json
from typing import TypedDict

import gradio as gr

from agents.core import identity
from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.identity import Mode, Viewer
from agents.core.session import runtime_store
from agents.core.store import ApiTokenRow
from agents.services import access
from agents.view.api_access import columns, mode_note_key, revoke_choices, token_table, usage_text
from agents.view.texts import Lang, t
from pages.gradio.header import Header
from pages.gradio.i18n import label as tr
from pages.gradio.i18n import lang_of
from pages.gradio.outputs import Outputs

# fetch() from the page: the same origin serves the API (pages/gradio/shell.py mounts the UI on it).
TEST_TOKEN_JS = r"""async (token, lang) => {
  const t = (token || '').trim();
  const headers = t ? {'Authorization': 'Bearer ' + t} : {};
  try {
    const r = await fetch('api/v1/whoami', {headers});
    const body = await r.json();
    const said = body.message || (body.error && body.error.message) || '';
    const who = body.user ? ` · user \`${body.user}\`` : '';
    return `**HTTP ${r.status}**${who} · ${said}\n\n\`\`\`json\n${JSON.stringify(body, null, 2)}\n\`\`\``;
  } catch (e) {
    return `${UNREACHABLE[lang] || UNREACHABLE.ko}: ${e}`;
  }
}""".replace("UNREACHABLE", json.dumps({"ko": t("api_unreachable", "ko"), "en": t("api_unreachable", "en")},
                                       ensure_ascii=False))


def _base_url(request: gr.Request | None) -> str:
    """The address the browser used, so the example can be pasted as is (Spaces proxy over https)."""
    if request is None:
        return "http://127.0.0.1:7860/"
    headers = {k.lower(): v for k, v in dict(request.headers).items()}
    host = headers.get("x-forwarded-host") or headers.get("host") or "127.0.0.1:7860"
    proto = headers.get("x-forwarded-proto") or ("https" if host.endswith(".hf.space") else "http")
    return f"{proto.split(',')[0].strip()}://{host.split(',')[0].strip()}/"


def _rows(viewer: Viewer | None) -> list[ApiTokenRow]:
    return access.list_tokens(runtime_store(), identity.require(viewer)) if viewer else []


class TableValue(TypedDict):
    """A ``gr.Dataframe`` value with its headers (in the request's language)."""

    headers: list[str]
    data: list[list[str]]


def build_api_access(header: Header, mode: Mode) -> None:
    gr.Markdown(tr("api_title"), elem_id="pg-api-title")
    gr.Markdown(tr(mode_note_key(mode)), elem_id="pg-api-note")
    with gr.Row(elem_classes=["pg-api-row"]):
        label = gr.Textbox(label=tr("api_label"), placeholder=tr("api_label_hint"), max_length=access.MAX_LABEL_CHARS,
                           scale=3, elem_id="pg-api-label")
        create = gr.Button(tr("api_create"), variant="primary", scale=1, min_width=160, elem_id="pg-api-create")
    fresh = gr.Textbox(label=tr("api_fresh"), interactive=False, buttons=["copy"], visible=False,
                       elem_id="pg-api-fresh")
    with gr.Row(elem_classes=["pg-api-row"]):
        probe = gr.Textbox(label=tr("api_probe"), placeholder="pgt_…", type="password", scale=3,
                           max_length=200, elem_id="pg-api-probe")
        test = gr.Button(tr("api_test"), scale=1, min_width=160, elem_id="pg-api-test")
    answer = gr.Markdown("", elem_id="pg-api-answer")
    usage = gr.Markdown(usage_text(None, "http://127.0.0.1:7860/"), elem_id="pg-api-usage")
    table = gr.Dataframe(headers=columns(), value=[], interactive=False, wrap=True, label=tr("api_tokens"),
                         elem_id="pg-api-tokens")
    with gr.Row(elem_classes=["pg-api-row"]):
        pick = gr.Dropdown(label=tr("api_pick"), choices=[], scale=3, elem_id="pg-api-pick")
        revoke = gr.Button(tr("api_revoke"), variant="stop", scale=1, min_width=160, elem_id="pg-api-revoke")

    def table_value(rows: list[ApiTokenRow], lang: Lang) -> TableValue:
        return {"headers": columns(lang), "data": token_table(rows, lang)}

    def refresh(viewer: Viewer | None, request: gr.Request) -> Outputs:
        rows, lang = _rows(viewer), lang_of(request)
        return [table_value(rows, lang), gr.update(choices=revoke_choices(rows), value=None),
                usage_text(viewer, _base_url(request), lang=lang)]

    def make(name: str, viewer: Viewer | None, request: gr.Request) -> Outputs:
        lang = lang_of(request)
        try:
            row, plain = access.issue_token(runtime_store(), identity.require(viewer), name, system_clock())
        except PlaygroundError as exc:
            gr.Warning(t("api_create_failed", lang, error=exc.text(lang)))
            return [gr.skip(), gr.skip(), gr.skip(), gr.skip(), gr.skip()]
        gr.Info(t("api_created", lang, label=row.label))
        rows = _rows(viewer)
        return [gr.update(value=plain, visible=True), "", table_value(rows, lang),
                gr.update(choices=revoke_choices(rows), value=None),
                usage_text(viewer, _base_url(request), plain, lang)]

    def drop(token_id: str | None, viewer: Viewer | None, request: gr.Request) -> Outputs:
        lang = lang_of(request)
        if not token_id:
            gr.Warning(t("api_pick_first", lang))
            return [gr.skip(), gr.skip(), gr.skip(), gr.skip()]
        try:
            row = access.revoke_token(runtime_store(), identity.require(viewer), token_id, system_clock())
        except PlaygroundError as exc:
            gr.Warning(t("api_revoke_failed", lang, error=exc.text(lang)))
            return [gr.skip(), gr.skip(), gr.skip(), gr.skip()]
        gr.Info(t("api_revoked_done", lang, label=row.label))
        rows = _rows(viewer)
        return [gr.update(value="", visible=False), table_value(rows, lang),
                gr.update(choices=revoke_choices(rows), value=None), usage_text(viewer, _base_url(request), lang=lang)]

    def make_and_probe(name: str, viewer: Viewer | None, request: gr.Request) -> Outputs:
        made = make(name, viewer, request)
        fresh_value = made[0].get("value") if isinstance(made[0], dict) else None
        return [*made, fresh_value if fresh_value else gr.skip()]  # the new token is the one to test

    create.click(make_and_probe, [label, header.who], [fresh, label, table, pick, usage, probe])
    label.submit(make_and_probe, [label, header.who], [fresh, label, table, pick, usage, probe])
    # The browser itself calls the API with the token (as a script would) and shows the answer as it came;
    # then the table is read again, so "last used" shows the call.
    test.click(None, [probe, header.lang], [answer], js=TEST_TOKEN_JS).then(refresh, header.who, [table, pick, usage])
    revoke.click(drop, [pick, header.who], [fresh, table, pick, usage])
    header.identity.after_ready(refresh, header.who, [table, pick, usage])

    def forget(viewer: Viewer | None, request: gr.Request) -> Outputs:
        return [gr.update(value="", visible=False), *refresh(viewer, request)]

    header.identity.after_switch(forget, header.who, [fresh, table, pick, usage])
