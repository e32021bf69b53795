"""Lab · Prompt studio: an agent's system-prompt versions, an editor that starts from any version, a
side-by-side diff, Activate and Roll back (who may is said on the page), and a pick for one of
your conversations."""

from __future__ import annotations

from typing import Any

import gradio as gr

from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer
from agents.core.session import runtime_store
from agents.core.store.prompts import MAX_LABEL_CHARS, MAX_NOTE_CHARS, MAX_PROMPT_CHARS
from agents.services.conversations import list_conversations
from agents.services.lab import figures, prompts
from agents.services.lab.access import ADMINS_ENV, LabUser
from agents.view.lab import VERSION_HEADERS, change_text, diff_html, version_choices, version_rows
from pages.gradio.lab.context import LabContext, LabView

FOLLOW_ACTIVE = -1  # the pick dropdown's "follow the active version"
# The diff's box scrolls to its first change (marked by agents/view/lab.diff_html), not the page.
SCROLL_TO_FIRST_CHANGE = """() => { const go = () => { const box = document.querySelector('#pg-lab-diff-view .pg-diff-scroll');
  const row = box && box.querySelector('tr.pg-diff-first'); if (!row) return false;
  const head = box.querySelector('thead'); box.scrollTop = Math.max(0, row.offsetTop - (head ? head.offsetHeight : 0) - 8);
  return true; }; if (!go()) setTimeout(go, 150); }"""


def rights_note(who: LabUser) -> str:
    """Who may change the app-wide version, said plainly."""
    if who.mode == "local":
        return ("🔓 로컬 모드: 이 컴퓨터의 누구나 활성화·롤백할 수 있습니다 (모든 대화에 적용). "
                "*Local mode: anyone at this machine may activate or roll back; it applies to every conversation.*")
    if who.admin:
        return (f"🔑 `{who.user_id}`님은 프롬프트 관리자입니다: 활성화·롤백은 **모든 방문자**의 대화에 적용됩니다. "
                f"*You are a prompt admin ({ADMINS_ENV}); activation changes every visitor's turns.*")
    return ("🔒 공유 모드: 활성 버전은 모든 방문자에게 적용되므로 **관리자만** 바꿀 수 있습니다. 내가 만든 버전은 나만 보는 "
            "초안이며, 내 대화나 나란히 비교에서 골라 써 볼 수 있습니다. *Shared mode: only prompt admins change the "
            "app-wide version. Your versions are private drafts: pick one for your own conversation or a "
            "side-by-side comparison.*")


def history_text(store: Any, agent_id: str) -> str:
    log = prompts.history(store, agent_id)[:8]
    if not log:
        return "활성화 기록 없음: 기본 프롬프트(v0)를 씁니다. *Never activated: the built-in prompt (v0) runs.*"
    return "**활성화 기록 (activations)**\n" + "\n".join(
        f"- {figures.when(a.activated_at)} · {figures.version(a.version)} · "
        f"{'↩ 롤백' if a.action == 'rollback' else '✅ 활성화'} · `{a.activated_by}`" for a in log)


def build(ctx: LabContext) -> None:
    gr.Markdown("#### 📝 프롬프트 스튜디오 (Prompt studio)", elem_id="pg-lab-prompts-title")
    rights = gr.Markdown("", elem_id="pg-lab-rights")
    gr.Markdown("⚠️ offline 모델은 규칙 기반이라 프롬프트 문장을 읽지 않습니다: 프롬프트 비교는 실제 모델(openai, gemini)로 하세요. "
                "*The offline rule-based model ignores the prompt text; compare prompts on a real model.*",
                elem_id="pg-lab-offline-note")
    agent_ids = [a.id for a in ctx.agents]
    with gr.Row(elem_classes=["pg-lab-inline"]):
        agent = gr.Dropdown(choices=agent_ids, value=agent_ids[0] if agent_ids else None, label="에이전트 (agent)",
                            scale=2, elem_id="pg-lab-p-agent")
        reload = gr.Button("↻", size="sm", scale=0, min_width=50, elem_id="pg-lab-p-reload")
    table = gr.Dataframe(headers=VERSION_HEADERS, value=[], interactive=False, wrap=True, max_height=280,
                         show_label=False, elem_id="pg-lab-versions")
    with gr.Row(elem_classes=["pg-lab-inline"]):
        target = gr.Dropdown(choices=[], label="버전 (version)", scale=2, min_width=160, elem_id="pg-lab-p-target")
        activate = gr.Button("✅ 활성화 (Activate)", variant="primary", scale=1, min_width=120,
                             elem_id="pg-lab-activate")
        rollback = gr.Button("↩ 롤백 (Roll back)", scale=1, min_width=120, elem_id="pg-lab-rollback")
    # Activate and Roll back change every conversation: the page says what and for whom, then asks.
    with gr.Group(visible=False, elem_id="pg-lab-confirm", elem_classes=["pg-lab-confirm"]) as confirm_box:
        confirm_text = gr.Markdown("", elem_id="pg-lab-confirm-text")
        with gr.Row(elem_classes=["pg-lab-inline"]):
            confirm_yes = gr.Button("확인 (Yes, change it)", variant="primary", size="sm", elem_id="pg-lab-confirm-yes")
            confirm_no = gr.Button("취소 (Cancel)", size="sm", elem_id="pg-lab-confirm-no")
    pending = gr.State(None)  # {"rolling": bool, "number": int | None} while the question is open
    history = gr.Markdown("", elem_id="pg-lab-history")

    with gr.Accordion("✏️ 새 버전 만들기 (new version)", open=True):
        with gr.Row(elem_classes=["pg-lab-inline"]):
            base = gr.Dropdown(choices=[], label="기반 버전 (start from)", scale=2, min_width=160,
                               elem_id="pg-lab-p-base")
            load = gr.Button("편집기로 불러오기 (Load)", size="sm", scale=1, min_width=120, elem_id="pg-lab-p-load")
        editor = gr.Textbox(label="시스템 프롬프트 (system prompt)", lines=10, max_lines=30,
                            max_length=MAX_PROMPT_CHARS * 2, elem_id="pg-lab-editor",
                            info=f"최대 {MAX_PROMPT_CHARS:,}자 (up to {MAX_PROMPT_CHARS:,} characters)")
        with gr.Row(elem_classes=["pg-lab-inline"]):
            name = gr.Textbox(label="이름 (label)", max_length=MAX_LABEL_CHARS * 2, scale=1, elem_id="pg-lab-label")
            note = gr.Textbox(label="메모 (note: why)", max_length=MAX_NOTE_CHARS * 2, scale=2, elem_id="pg-lab-note")
            save = gr.Button("💾 새 버전 저장 (Save)", variant="primary", scale=1, min_width=120, elem_id="pg-lab-save")

    with gr.Accordion("↔️ 두 버전 비교 (diff)", open=True):
        with gr.Row(elem_classes=["pg-lab-inline"]):
            left = gr.Dropdown(choices=[], label="A", scale=1, min_width=120, elem_id="pg-lab-diff-a")
            right = gr.Dropdown(choices=[], label="B", scale=1, min_width=120, elem_id="pg-lab-diff-b")
            compare = gr.Button("비교 (Diff)", size="sm", scale=0, min_width=90, elem_id="pg-lab-diff")
        diff = gr.HTML("", elem_id="pg-lab-diff-view")

    with gr.Accordion("💬 내 대화 하나에만 쓰기 (pick for one conversation)", open=False):
        gr.Markdown("활성화하지 않고 내 대화 하나에서만 이 버전을 씁니다. *Use a version in one of your conversations "
                    "without activating it.*")
        with gr.Row(elem_classes=["pg-lab-inline"]):
            conversation = gr.Dropdown(choices=[], label="대화 (conversation)", scale=2, min_width=180,
                                       elem_id="pg-lab-pick-conversation")
            chosen = gr.Dropdown(choices=[], label="버전 (version)", scale=1, min_width=140,
                                 elem_id="pg-lab-pick-version")
            apply = gr.Button("적용 (Use)", size="sm", scale=0, min_width=80, elem_id="pg-lab-pick")

    views = [rights, table, target, activate, rollback, history, base, left, right, conversation, chosen]

    def refresh(agent_id: str | None, viewer: Viewer | None) -> list[Any]:
        if viewer is None or not agent_id:
            return [gr.skip()] * len(views)
        who, store = ctx.lab_user(viewer), runtime_store()
        try:
            listed = prompts.versions(store, agent_id, who)
        except PlaygroundError as exc:
            gr.Warning(exc.message)
            return [gr.skip()] * len(views)
        options = version_choices(listed)
        active = next((v.version for v in listed if v.active), 0)
        newest = listed[0].version
        older = listed[1].version if len(listed) > 1 else newest  # the diff opens on the two newest
        rows = list_conversations(store, who.user_id, agent_id=agent_id, archived=None, limit=50)
        picks = store.prompts.picks_for_user(who.user_id, agent_id)
        conversations = [(f"{(r.title or r.id)[:40]}" + (f" · v{picks[r.id]}" if r.id in picks else ""), r.id)
                         for r in rows]
        return [rights_note(who), version_rows(listed), gr.update(choices=options, value=newest),
                gr.update(interactive=who.admin), gr.update(interactive=who.admin), history_text(store, agent_id),
                gr.update(choices=options, value=active), gr.update(choices=options, value=older),
                gr.update(choices=options, value=newest), gr.update(choices=conversations, value=None),
                gr.update(choices=[("활성 버전 따르기 (follow the active one)", FOLLOW_ACTIVE), *options], value=None)]

    inputs = [agent, ctx.header.who]
    agent.change(refresh, inputs, views)
    reload.click(refresh, inputs, views)
    ctx.on_show(refresh, inputs, views)

    def load_base(agent_id: str, number: int | None, viewer: Viewer | None) -> Any:
        if viewer is None or number is None:
            return gr.skip()
        try:
            return prompts.version(runtime_store(), agent_id, int(number), ctx.lab_user(viewer)).content
        except PlaygroundError as exc:
            gr.Warning(exc.message)
            return gr.skip()

    load.click(load_base, [agent, base, ctx.header.who], editor)

    def create(agent_id: str, content: str, label_: str, note_: str, viewer: Viewer | None) -> list[Any]:
        if viewer is None:
            return [gr.skip()] * (len(views) + 3)
        try:
            row = prompts.create(runtime_store(), agent_id, content, ctx.lab_user(viewer), system_clock(),
                                 label=label_ or None, note=note_ or None)
        except PlaygroundError as exc:
            gr.Warning(exc.message)
            return [gr.skip()] * (len(views) + 3)
        gr.Info(f"{agent_id} v{row.version}을(를) 저장했습니다 (활성화 전). Saved v{row.version}; not active yet.")
        return [*refresh(agent_id, viewer), "", "", ""]

    save.click(create, [agent, editor, name, note, ctx.header.who], [*views, editor, name, note])

    def ask(agent_id: str, number: int | None, viewer: Viewer | None, rolling: bool) -> list[Any]:
        """Open the in-page question naming what changes for whom (nothing changes yet)."""
        if viewer is None:
            return [gr.skip()] * 3
        try:
            if not rolling and number is None:
                raise PlaygroundError("활성화할 버전을 고르세요. (Pick the version to activate.)", code="invalid_args")
            preview = prompts.preview_change(runtime_store(), agent_id, None if rolling else int(number or 0),
                                             ctx.lab_user(viewer))
        except PlaygroundError as exc:
            gr.Warning(exc.message)
            return [gr.update(visible=False), "", None]
        return [gr.update(visible=True), change_text(preview), {"rolling": rolling, "number": number}]

    def change(agent_id: str, asked: dict[str, Any] | None, viewer: Viewer | None) -> list[Any]:
        closed = [gr.update(visible=False), None]
        if viewer is None or not asked:
            return [*closed, *([gr.skip()] * len(views))]
        try:
            who = ctx.lab_user(viewer)
            if asked["rolling"]:
                done = prompts.rollback(runtime_store(), agent_id, who, system_clock())
            else:
                done = prompts.activate(runtime_store(), agent_id, int(asked["number"]), who, system_clock())
        except PlaygroundError as exc:
            gr.Warning(exc.message)
            return [*closed, *([gr.skip()] * len(views))]
        gr.Info(f"{agent_id}: {figures.version(done.version)}이(가) 이제 활성 버전입니다. ({figures.version(done.version)} "
                "is now active for every conversation that has no pick.)")
        return [*closed, *refresh(agent_id, viewer)]

    asked = [confirm_box, confirm_text, pending]
    activate.click(lambda a, n, v: ask(a, n, v, False), [agent, target, ctx.header.who], asked)
    rollback.click(lambda a, v: ask(a, None, v, True), [agent, ctx.header.who], asked)
    confirm_yes.click(change, [agent, pending, ctx.header.who], [confirm_box, pending, *views])
    confirm_no.click(lambda: [gr.update(visible=False), None], None, [confirm_box, pending])
    agent.change(lambda: [gr.update(visible=False), None], None, [confirm_box, pending])

    def show_diff(agent_id: str, a: int | None, b: int | None, viewer: Viewer | None) -> Any:
        if viewer is None or a is None or b is None:
            return gr.skip()
        try:
            return diff_html(prompts.diff(runtime_store(), agent_id, int(a), int(b), ctx.lab_user(viewer)))
        except PlaygroundError as exc:
            gr.Warning(exc.message)
            return gr.skip()

    compare.click(show_diff, [agent, left, right, ctx.header.who], diff).then(None, js=SCROLL_TO_FIRST_CHANGE)

    def use(agent_id: str, conversation_id: str | None, number: int | None, viewer: Viewer | None) -> list[Any]:
        if viewer is None:
            return [gr.skip()] * len(views)
        if not conversation_id or number is None:
            gr.Warning("대화와 버전을 고르세요. (Pick a conversation and a version.)")
            return [gr.skip()] * len(views)
        version = None if int(number) == FOLLOW_ACTIVE else int(number)
        try:
            prompts.pick(runtime_store(), conversation_id, version, ctx.lab_user(viewer), system_clock(),
                         agent_id=agent_id)
        except PlaygroundError as exc:
            gr.Warning(exc.message)
            return [gr.skip()] * len(views)
        gr.Info("이 대화의 다음 턴부터 적용됩니다. (Applies from the conversation's next turn.)")
        return refresh(agent_id, viewer)

    apply.click(use, [agent, conversation, chosen, ctx.header.who], views)


VIEW = LabView("prompts", "📝 프롬프트 (Prompt studio)", build)
