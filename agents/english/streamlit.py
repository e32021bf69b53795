"""English tutor workspace (issue 13), as the Gradio panel (``agents/english/gradio.py``): "새 기사로
시작" (a new conversation, so a new article), the session's article (title, source, summary,
vocabulary with examples, questions), the profile editor (name, interests, level; a bad value is
named and nothing is saved) and the recent corrections to review. What the article and the
corrections look like comes from ``agents/english/view`` (the same HTML as the Gradio app)."""

from __future__ import annotations

import json

import streamlit as st

from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.english.marker import BadMarker, decode
from agents.english.models import LEVEL_KO, LEVELS, UserProfile
from agents.english.news import interest_table
from agents.english.store import EnglishStore
from agents.english.view import article_html, card_from_marker, latest_article, recent_html
from agents.services import conversations
from agents.view.render import CardView
from pages.streamlit.context import PageContext
from pages.streamlit.panels import Panel, register_panel

START_TEXT = "새 기사로 시작"  # the message the Gradio panel sends too
HINT = ("메시지를 보내거나 **새 기사로 시작**을 누르면 관심사에 맞는 기사가 열려요. "
        "*(Send a message or press the button to open today's article.)*")
FIELD_LABEL = {"name": "이름 (name)", "interests": "관심사 (interests)", "learningLevel": "학습 수준 (level)"}


def _keys(ctx: PageContext) -> dict[str, str]:
    user = ctx.viewer.user_id
    return {k: f"pg_en_{k}:{user}" for k in ("name", "interests", "level", "seen", "problem", "saved")}


def _start(ctx: PageContext) -> None:
    """A new conversation, so a new article: its first turn opens it at once."""
    ctx.open(None)
    ctx.send(START_TEXT, {"start": True})


def _article(ctx: PageContext) -> CardView | None:
    """The open conversation's article: its card in the loaded messages, else its stored marker (a
    long conversation's first turn may not be loaded)."""
    cards = [m.card for m in ctx.view.messages if m.card is not None]
    card = latest_article(cards)
    conversation = ctx.view.conversation_id
    if card is not None or not conversation or conversations.find(ctx.store, ctx.viewer.user_id, conversation) is None:
        return card
    text = EnglishStore(ctx.store).marker(conversation)
    try:
        return card_from_marker(decode(text)) if text else None
    except BadMarker:
        return None


def _follow(ctx: PageContext, profile: UserProfile) -> None:
    """The editor shows the stored profile whenever that changes (a save, a turn, another user)."""
    keys = _keys(ctx)
    seen = json.dumps([profile.name, profile.interests, profile.learningLevel], ensure_ascii=False)
    if st.session_state.get(keys["seen"]) != seen:
        st.session_state[keys["seen"]] = seen
        st.session_state[keys["name"]] = profile.name
        st.session_state[keys["interests"]] = list(profile.interests)
        st.session_state[keys["level"]] = profile.learningLevel


def _save(ctx: PageContext) -> None:
    keys = _keys(ctx)
    st.session_state.pop(keys["problem"], None)
    st.session_state.pop(keys["saved"], None)
    try:
        profile = EnglishStore(ctx.store).save(ctx.viewer.user_id, st.session_state.get(keys["name"]) or "",
                                               st.session_state.get(keys["interests"]) or [],
                                               st.session_state.get(keys["level"]), system_clock())
    except PlaygroundError as exc:
        field = FIELD_LABEL.get(getattr(exc, "field", ""), "")
        st.session_state[keys["problem"]] = (f"**{field}**: " if field else "") + exc.message + \
            "\n\n저장하지 않았습니다. (Nothing was saved.)"
        return
    st.session_state[keys["saved"]] = (f"✅ 저장했어요: {profile.name} · {LEVEL_KO[profile.learningLevel]} · "
                                       f"{', '.join(profile.interests)}. 새 관심사는 다음 새 기사부터 적용돼요.")


def _clear(ctx: PageContext) -> None:
    EnglishStore(ctx.store).clear_corrections(ctx.viewer.user_id, system_clock())


def draw_english(ctx: PageContext) -> None:
    sid, keys = ctx.spec.id, _keys(ctx)
    st.button(f"📰 {START_TEXT}", key=f"pg_{sid}_new_article", type="primary", on_click=_start, args=(ctx,),
              width="stretch", disabled=ctx.view.running)
    card = _article(ctx)
    with st.container(border=True, key=f"pg-{sid}-article"):
        if card is None:
            st.markdown(HINT)
        else:
            st.markdown(article_html(card, full=True), unsafe_allow_html=True)
    profile = EnglishStore(ctx.store).profile(ctx.viewer.user_id, system_clock())
    _follow(ctx, profile)
    problem = st.session_state.get(keys["problem"])
    with st.expander("👤 내 프로필 (profile)", expanded=problem is not None):
        st.text_input("이름 (name)", key=keys["name"], max_chars=40)
        labels = {i["id"]: f"{i['label_ko']} · {i['label_en']}" for i in interest_table()}
        options = [*labels, *[i for i in st.session_state.get(keys["interests"]) or [] if i not in labels]]
        st.multiselect("관심사 (interests)", options, key=keys["interests"], accept_new_options=True,
                       format_func=lambda i: labels.get(i, i), help="목록에서 고르거나 직접 입력하세요 (예: soccer, 요리).")
        st.radio("학습 수준 (level)", list(LEVELS), key=keys["level"], horizontal=True,
                 format_func=lambda v: f"{LEVEL_KO[v]} ({v})")
        st.button("저장 (Save)", key=f"pg_{sid}_save", on_click=_save, args=(ctx,))
        if problem:
            st.error(problem, icon="⚠️")
        saved = st.session_state.pop(keys["saved"], None)
        if saved:
            st.success(saved)
    recent = [c.model_dump() for c in profile.recentCorrections]
    with st.expander(f"📝 최근 교정 (recent corrections) · {len(recent)}", expanded=True):
        st.markdown(recent_html(recent), unsafe_allow_html=True)
        if recent:
            st.button("목록 비우기 (clear)", key=f"pg_{sid}_recent_clear", on_click=_clear, args=(ctx,))


register_panel("english", Panel(draw=draw_english))
