"""The "API 접근 (API access)" tab: the viewer creates, lists and revokes their own HTTP API tokens.

Every handler takes the user from ``header.who`` (the server-side viewer), never from a component
value, so nobody can mint or revoke a token for someone else.
"""

from __future__ import annotations

import json
from typing import Any

import gradio as gr

from agents.core import identity
from agents.core.agent import list_agents
from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.identity import Mode, Viewer
from agents.core.session import runtime_store
from agents.core.store import ApiTokenRow
from agents.services import access

# The label first and the id last, so a phone shows what matters without scrolling sideways.
COLUMNS = ["이름 (label)", "앞부분 (prefix)", "상태 (status)", "마지막 사용 (UTC)", "만든 때 (UTC)", "ID"]


def mode_note(mode: Mode) -> str:
    if mode == "shared":
        return ("이 서버는 **공유 모드**입니다: 모든 `/api/v1` 호출에 `Authorization: Bearer <토큰>`이 필요하고, "
                "토큰을 가진 사람은 **당신으로** 행동합니다. 토큰은 한 번만 보이니 안전한 곳에 보관하세요.  \n"
                "*Shared mode: every `/api/v1` call needs `Authorization: Bearer <token>`; a token acts as you.*")
    return ("이 서버는 **로컬 모드**입니다: API는 `user` 파라미터로 사용자를 받으므로 토큰이 없어도 됩니다. "
            "**토큰은 공유 모드에서만 검사합니다**: 여기서는 틀린 토큰을 보내도 요청이 처리됩니다. 내 토큰이 맞는지는 아래 "
            "'이 토큰 테스트'로 확인하세요. 여기서 만든 토큰은 같은 데이터베이스로 공유 모드 서버를 띄울 때 쓰입니다.  \n"
            "*Local mode: the API takes a `user` parameter. Tokens are only checked in shared mode: a wrong token "
            "still works here. Use 'Test this token' below to check yours.*")


# fetch() from the page: the same origin serves the API (pages/gradio/shell.py mounts the UI on it).
TEST_TOKEN_JS = r"""async (token) => {
  const t = (token || '').trim();
  const headers = t ? {'Authorization': 'Bearer ' + t} : {};
  try {
    const r = await fetch('api/v1/whoami', {headers});
    const body = await r.json();
    const said = body.message || (body.error && body.error.message) || '';
    const who = body.user ? ` · user \`${body.user}\`` : '';
    return `**HTTP ${r.status}**${who} · ${said}\n\n\`\`\`json\n${JSON.stringify(body, null, 2)}\n\`\`\``;
  } catch (e) {
    return `API에 연결하지 못했습니다 (the API could not be reached): ${e}`;
  }
}"""


def token_table(rows: list[ApiTokenRow]) -> list[list[str]]:
    """Rows for the table: never the token itself (only its first characters are kept)."""
    def when(moment: Any) -> str:
        return f"{moment:%Y-%m-%d %H:%M}" if moment else "—"

    return [[r.label, r.prefix + "…", "사용 중 (active)" if r.active else f"폐기됨 (revoked {r.revoked_at:%Y-%m-%d})",
             when(r.last_used_at) if r.last_used_at else "사용 전", when(r.created_at), r.id] for r in rows]


def revoke_choices(rows: list[ApiTokenRow]) -> list[tuple[str, str]]:
    return [(f"{r.label} · {r.prefix}…", r.id) for r in rows if r.active]


def usage_text(viewer: Viewer | None, base_url: str, token: str | None = None) -> str:
    who = f"`{viewer.user_id}`" if viewer else "(로딩 중)"
    shown = token or "<토큰>"
    agents = list_agents()  # the example talks to the first agent, with its first example
    agent = agents[0].id if agents else "AGENT"
    body = json.dumps({"message": agents[0].examples[0] if agents and agents[0].examples else "..."},
                      ensure_ascii=False).replace("'", "'\\''")  # inside the shell's single quotes
    return (f"토큰은 {who} 사용자로 동작합니다. *Tokens act as {who}.*\n\n"
            f"```bash\ncurl -N {base_url}api/v1/agents/{agent}/chat \\\n  -H 'Authorization: Bearer {shown}' \\\n"
            f"  -H 'Content-Type: application/json' -d '{body}'\n```\n"
            f"모든 엔드포인트: [{base_url}api/docs]({base_url}api/docs) (OpenAPI)")


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


def build_api_access(header: Any, mode: Mode) -> None:
    gr.Markdown("### 🔑 API 접근 (API access)\n" + mode_note(mode), elem_id="pg-api-note")
    with gr.Row(elem_classes=["pg-api-row"]):
        label = gr.Textbox(label="토큰 이름 (label)", placeholder="예: nightly eval", max_length=access.MAX_LABEL_CHARS,
                           scale=3, elem_id="pg-api-label")
        create = gr.Button("토큰 만들기 (Create token)", variant="primary", scale=1, min_width=160,
                           elem_id="pg-api-create")
    fresh = gr.Textbox(label="새 토큰: 한 번만 보입니다 (shown once)", interactive=False,
                       buttons=["copy"], visible=False, elem_id="pg-api-fresh")
    with gr.Row(elem_classes=["pg-api-row"]):
        probe = gr.Textbox(label="테스트할 토큰 (token to test)", placeholder="pgt_…", type="password", scale=3,
                           max_length=200, elem_id="pg-api-probe")
        test = gr.Button("이 토큰 테스트 (Test this token)", scale=1, min_width=160, elem_id="pg-api-test")
    answer = gr.Markdown("", elem_id="pg-api-answer")
    usage = gr.Markdown(usage_text(None, "http://127.0.0.1:7860/"), elem_id="pg-api-usage")
    table = gr.Dataframe(headers=COLUMNS, value=[], interactive=False, wrap=True, label="내 토큰 (your tokens)",
                         elem_id="pg-api-tokens")
    with gr.Row(elem_classes=["pg-api-row"]):
        pick = gr.Dropdown(label="폐기할 토큰 (token to revoke)", choices=[], scale=3, elem_id="pg-api-pick")
        revoke = gr.Button("폐기 (Revoke)", variant="stop", scale=1, min_width=160, elem_id="pg-api-revoke")

    def refresh(viewer: Viewer | None, request: gr.Request) -> list[Any]:
        rows = _rows(viewer)
        return [token_table(rows), gr.update(choices=revoke_choices(rows), value=None),
                usage_text(viewer, _base_url(request))]

    def make(name: str, viewer: Viewer | None, request: gr.Request) -> list[Any]:
        try:
            row, plain = access.issue_token(runtime_store(), identity.require(viewer), name, system_clock())
        except PlaygroundError as exc:
            gr.Warning(f"토큰을 만들지 못했습니다: {exc.message}")
            return [gr.skip(), gr.skip(), gr.skip(), gr.skip(), gr.skip()]
        gr.Info(f"'{row.label}' 토큰을 만들었습니다. 지금 복사하세요: 다시 보이지 않습니다.")
        rows = _rows(viewer)
        return [gr.update(value=plain, visible=True), "", token_table(rows),
                gr.update(choices=revoke_choices(rows), value=None), usage_text(viewer, _base_url(request), plain)]

    def drop(token_id: str | None, viewer: Viewer | None, request: gr.Request) -> list[Any]:
        if not token_id:
            gr.Warning("폐기할 토큰을 먼저 고르세요. (Pick a token to revoke first.)")
            return [gr.skip(), gr.skip(), gr.skip(), gr.skip()]
        try:
            row = access.revoke_token(runtime_store(), identity.require(viewer), token_id, system_clock())
        except PlaygroundError as exc:
            gr.Warning(f"토큰을 폐기하지 못했습니다: {exc.message}")
            return [gr.skip(), gr.skip(), gr.skip(), gr.skip()]
        gr.Info(f"'{row.label}' 토큰을 폐기했습니다. 이 토큰으로 오는 요청은 이제 401을 받습니다.")
        rows = _rows(viewer)
        return [gr.update(value="", visible=False), token_table(rows),
                gr.update(choices=revoke_choices(rows), value=None), usage_text(viewer, _base_url(request))]

    def make_and_probe(name: str, viewer: Viewer | None, request: gr.Request) -> list[Any]:
        made = make(name, viewer, request)
        fresh_value = made[0].get("value") if isinstance(made[0], dict) else None
        return [*made, fresh_value if fresh_value else gr.skip()]  # the new token is the one to test

    create.click(make_and_probe, [label, header.who], [fresh, label, table, pick, usage, probe])
    label.submit(make_and_probe, [label, header.who], [fresh, label, table, pick, usage, probe])
    # The browser itself calls the API with the token (as a script would) and shows the answer as it came;
    # then the table is read again, so "last used" shows the call.
    test.click(None, [probe], [answer], js=TEST_TOKEN_JS).then(refresh, header.who, [table, pick, usage])
    revoke.click(drop, [pick, header.who], [fresh, table, pick, usage])
    header.identity.after_ready(refresh, header.who, [table, pick, usage])

    def forget(viewer: Viewer | None, request: gr.Request) -> list[Any]:
        return [gr.update(value="", visible=False), *refresh(viewer, request)]

    header.identity.after_switch(forget, header.who, [fresh, table, pick, usage])
