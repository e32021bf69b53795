"""English tutor workspace (issue 13): "새 기사로 시작" (a new conversation, so a new article), the
session's article card (title, source, link, summary, vocabulary with examples, questions), the
profile editor (name, interests, level) and the recent corrections to review. Every handler takes
the viewer from ``header.who``; what it shows comes from ``english_view``."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import gradio as gr

from agents.core import identity
from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer
from agents.core.session import runtime_store
from agents.english.marker import BadMarker, decode
from agents.english.models import LEVEL_KO, LEVELS
from agents.english.news import interest_table
from agents.english.store import EnglishStore
from agents.english.view import article_html, card_from_marker, latest_article, recent_html
from agents.services import conversations
from agents.view.markup import inline_html
from agents.view.render import CardView, ChatView
from pages.gradio.workspace import TabContext, Workspace, register_workspace

START_TEXT = "새 기사로 시작"
HINT = ("메시지를 보내거나 **새 기사로 시작**을 누르면 관심사에 맞는 기사가 열려요. "
        "(Send a message or press the button to open today's article.)")


def _store() -> EnglishStore:
    return EnglishStore(runtime_store())


def _cards(view: ChatView | None) -> list[CardView]:
    return [m.card for m in (view.messages if view else []) if m.card is not None]


def _stored_article(view: ChatView | None, user: Viewer) -> CardView | None:
    """The session's article from its stored marker, when the loaded messages do not reach its card."""
    if view is None or not view.conversation_id:
        return None
    store = runtime_store()
    if conversations.find(store, identity.require(user), view.conversation_id) is None:
        return None
    text = EnglishStore(store).marker(view.conversation_id)
    try:
        return card_from_marker(decode(text)) if text else None
    except BadMarker:
        return None


def build_english_panel(ctx: TabContext) -> None:
    sid = ctx.spec.id
    start = gr.Button(f"📰 {START_TEXT}", variant="primary", size="sm", elem_id=f"pg-{sid}-new-article")
    article = gr.HTML(f'<div class="pg-empty">{inline_html(HINT)}</div>', elem_id=f"pg-{sid}-article")
    with gr.Accordion("👤 내 프로필 (profile)", open=False, elem_id=f"pg-{sid}-profile"):
        name = gr.Textbox(label="이름 (name)", max_lines=1, elem_id=f"pg-{sid}-name")
        choices = [(f"{i['label_ko']} · {i['label_en']}", i["id"]) for i in interest_table()]
        interests = gr.Dropdown(choices, multiselect=True, allow_custom_value=True, label="관심사 (interests)",
                                info="목록에서 고르거나 직접 입력하세요 (예: soccer, 요리).", elem_id=f"pg-{sid}-interests")
        level = gr.Radio([(f"{LEVEL_KO[v]} ({v})", v) for v in LEVELS], label="학습 수준 (level)",
                         elem_id=f"pg-{sid}-level")
        save = gr.Button("저장", size="sm", elem_id=f"pg-{sid}-save")
        saved = gr.Markdown("", elem_id=f"pg-{sid}-saved")
    with gr.Accordion("📝 최근 교정 (recent corrections)", open=True, elem_id=f"pg-{sid}-recent-box"):
        recent = gr.HTML("", elem_id=f"pg-{sid}-recent")
        clear = gr.Button("목록 비우기", size="sm", elem_id=f"pg-{sid}-recent-clear")

    profile_outputs = [name, interests, level, recent]
    # The profile the editor last showed: a later refresh that finds the same one leaves the fields alone,
    # so it never wipes what the learner is typing (opening the tab fires two refreshes; the second can
    # land after the first edit on a busy machine).
    drawn = gr.State(None)

    def profile_values(user: Viewer | None, shown: object = None) -> list[object]:
        if user is None:
            return [gr.skip()] * (len(profile_outputs) + 1)
        profile = _store().profile(identity.require(user), system_clock())
        recent_shown = recent_html([c.model_dump() for c in profile.recentCorrections])
        key = [user.user_id, profile.name, list(profile.interests), profile.learningLevel]
        if key == shown:
            return [gr.skip(), gr.skip(), gr.skip(), recent_shown, gr.skip()]
        known = {i["id"] for i in interest_table()}
        listed = [(i, i) for i in profile.interests if i not in known]
        return [profile.name, gr.update(value=profile.interests, choices=[*choices, *listed]), profile.learningLevel,
                recent_shown, key]

    def refresh(view: ChatView | None, user: Viewer | None, shown: object) -> list[object]:
        if user is None or (view is not None and view.running):
            return [gr.skip()] * (len(profile_outputs) + 2)
        card = latest_article(_cards(view)) or _stored_article(view, user)
        article_shown = (article_html(card, full=True) if card is not None
                         else f'<div class="pg-empty">{inline_html(HINT)}</div>')
        return [article_shown, *profile_values(user, shown)]

    # Drawn when the tab's view or workspace changes (its restore when it is opened, every turn), never
    # at page load: a hidden tab written to at load slows every later update of the page (pages/gradio/agent_tab).
    # One listener for both triggers, so its runs queue one after the other and the second sees `drawn`.
    gr.on([ctx.view_state.change, ctx.workspace_state.change], refresh, [ctx.view_state, ctx.header.who, drawn],
          [article, *profile_outputs, drawn], trigger_mode="always_last", show_progress="hidden")

    def save_profile(user: Viewer | None, new_name: str, picked: list[str] | None, new_level: str) -> list[object]:
        try:
            profile = _store().save(identity.require(user), new_name, picked or [], new_level, system_clock())
        except PlaygroundError as exc:
            gr.Warning(exc.message)
            return [gr.skip()] * (len(profile_outputs) + 2)
        note = (f"✅ 저장했어요: {profile.name} · {LEVEL_KO[profile.learningLevel]} · {', '.join(profile.interests)}. "
                "새 관심사는 다음 새 기사부터 적용돼요.")
        return [*profile_values(user), note]

    save.click(save_profile, [ctx.header.who, name, interests, level], [*profile_outputs, drawn, saved])

    def clear_recent(user: Viewer | None) -> object:
        if user is None:
            return gr.skip()
        _store().clear_corrections(identity.require(user), system_clock())
        return recent_html([])

    clear.click(clear_recent, [ctx.header.who], [recent])

    def wire_start() -> None:
        def new_article(view: ChatView, lang: str, provider: str, model: str, api_key: str,
                        user: Viewer | None) -> Iterator[Sequence[object]]:
            """A new conversation, so a new article: the first turn opens it at once."""
            assert ctx.run is not None
            yield from ctx.run(START_TEXT, ChatView(), lang, provider, model, api_key, user, extra={"start": True})

        start.click(new_article, ctx.inputs, ctx.outputs, show_progress="hidden")

    ctx.later(wire_start)


register_workspace("english", Workspace(build=build_english_panel))
