"""The English conversation tutor (seed 004): an orchestrator over five sub-agents. Profile, then on a
session's first turn only News (Tavily or the shipped corpus) and Analysis (stored as the session's
``SYSTEM_ARTICLE:`` marker), then Correction and the Conversation reply, every turn."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from agents.core.agent import AgentSpec
from agents.core.agent_ui import AgentUI, CardUI, lazy
from agents.core.store import Store
from agents.english.inputs import EnglishInputs
from agents.english.migrations import MIGRATIONS
from agents.english.pipeline import pipeline
from agents.english.policy import policy
from agents.english.prompts import SYSTEM_PROMPT
from agents.english.store import EnglishStore

if TYPE_CHECKING:
    from fastapi import APIRouter

    from agents.http.auth import Caller


def setup_user(store: Store, user_id: str, now: datetime) -> None:
    EnglishStore(store).ensure(user_id, now)


def _warm() -> None:
    from agents.english.checker import warm

    warm()


# The chips are English in a Korean UI too: a learner practises by sending them.
EXAMPLES = ("Hi! I'm ready to talk about today's news.", "I think this idea is good for students.",
            "What does the first word mean?")

AGENT = AgentSpec(
    order=4,
    id="english",
    title="영어 회화",
    title_en="English Conversation",
    description="관심사에 맞는 영어 뉴스 기사 한 편으로 대화하는 영어 회화 튜터. 매 메시지의 문법·철자를 교정하고, 기사의 "
                "단어와 토론 질문으로 수준에 맞춰 이어갑니다. 오프라인 기사는 프로젝트용으로 쓴 가상의 기사입니다.",
    description_en="An English conversation tutor that talks with you about one English news article matched to your "
                   "interests. It corrects the grammar and spelling of every message and carries on at your level with "
                   "the article's words and discussion questions. The offline articles are fictional, written for this "
                   "project.",
    system_prompt=SYSTEM_PROMPT,
    pipeline=pipeline,
    offline_policy=policy,
    examples=EXAMPLES,
    examples_en=EXAMPLES,  # its examples are English already: the same chips in both UIs
    history_window=20,
    migrations=MIGRATIONS,
    setup_user=setup_user,
    http_routes=lambda caller: _routes(caller),
    inputs=EnglishInputs,
    nlu_report=lazy("agents.english.evaluate:run_report"),  # loaded by `playground nlu-report` only
    warm=_warm,
    evals=Path(__file__).with_name("evals.yaml"),
    ui=AgentUI(icon="🗣️", css=(Path(__file__).with_name("english.css"),),
               # The article opens its reply (streamed before any text); the correction of what the
               # learner wrote sits under their own message.
               cards={"article": CardUI(place="lead", html=lazy("agents.english.view:article_html")),
                      "correction": CardUI(place="user", html=lazy("agents.english.view:correction_html"))},
               gradio="agents.english.gradio", streamlit="agents.english.streamlit"),
)


def _routes(caller: Callable[..., Caller]) -> APIRouter:
    from agents.english.http import english_routes  # FastAPI only when the HTTP API is built

    return english_routes(caller)
