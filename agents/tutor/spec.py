"""The stock and investing-education tutor (seed 002, the Agent Control Contract): a sandbox app
(home / stock / education / my) reports its screen in ``context_text`` and runs the ``ui_action``s
the agent emits; low risk at once, high risk after confirmation."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from agents.core.agent import AgentSpec
from agents.core.agent_ui import AgentUI, lazy
from agents.core.store import Store
from agents.core.tools import Tool, ToolKind, ToolOutput, ToolRegistry
from agents.tutor import tools as t
from agents.tutor.context import SYSTEM_PROMPT, build_context
from agents.tutor.inputs import TutorInputs
from agents.tutor.migrations import MIGRATIONS
from agents.tutor.pipeline import pipeline
from agents.tutor.policy import policy
from agents.tutor.reading import classifier
from agents.tutor.store import PortfolioStore
from agents.tutor.texts import TEXTS

if TYPE_CHECKING:
    from fastapi import APIRouter

    from agents.http.auth import Caller


def _tools() -> ToolRegistry:
    r = ToolRegistry()
    q = ToolKind.QUERY
    r.register(Tool("ui_action", "샌드박스 앱의 화면을 조작합니다. action_id는 현재 action_catalog의 id, params는 그 "
                                 "params_schema에 맞게. low risk는 즉시 실행, high risk는 확인 후 실행.",
                    t.UIActionArgs, q, _pipeline_only))
    r.register(Tool("visualization", "샌드박스 가격 차트를 그립니다: price(한 종목), compare(두 종목), allocation(내 자산 비중).",
                    t.VisualizationArgs, q, t.visualization))
    r.register(Tool("lookup_stock", "종목 정보와 기간 통계(샌드박스 가격)를 조회합니다.", t.StockArgs, q, t.lookup_stock))
    r.register(Tool("explain_move", "종목(또는 시장 전체)의 기간 등락을 시장·업종과 비교한 수치로 조회합니다.", t.MarketArgs, q,
                    t.explain_move))
    r.register(Tool("lookup_case", "교육 사례(요약, 본문, 핵심 용어, 퀴즈, 샌드박스 차트 구간)를 조회합니다.", t.CaseArgs, q,
                    t.lookup_case))
    r.register(Tool("lookup_term", "투자 용어의 정의를 용어집에서 찾습니다.", t.TermArgs, q, t.lookup_term))
    r.register(Tool("get_portfolio", "내 샌드박스 포트폴리오(보유 종목, 현금, 평가손익)를 조회합니다.", t.PortfolioArgs, q,
                    t.get_portfolio))
    r.register(Tool("open_canvas", "답을 캔버스(학습 노트)에 마크다운으로 보여주도록 바꿉니다.", t.CanvasArgs, q, t.open_canvas))
    r.register(Tool("askClarification", "요청이 모호하거나 종목·방향이 불분명할 때 선택지와 함께 되묻습니다.", t.ClarifyArgs,
                    ToolKind.META, t.ask_clarification))
    # The high-risk half of ui_action: proposed by the pipeline, run only after the learner confirms.
    r.register(Tool("confirm_ui_action", "고위험 UI 액션을 실행합니다 (확인 후).", t.ConfirmUIArgs, ToolKind.MUTATION,
                    t.confirm_ui_action, t.ui_confirmation, model_visible=False))
    return r


def _pipeline_only(args: t.UIActionArgs, ctx: object) -> ToolOutput:
    # The tutor pipeline checks ui_action against the screen's catalog before anything runs.
    return ToolOutput(ok=False, summary="ui_action runs only inside the tutor's turn.")


def setup_user(store: Store, user_id: str, now: datetime) -> None:
    PortfolioStore(store).ensure(user_id, now)


AGENT = AgentSpec(
    order=3,
    id="tutor",
    title="주식 튜터",
    title_en="Stock Tutor",
    description="샌드박스 앱(홈·종목·교육·내 자산)을 보며 배우는 주식·투자 교육 튜터. 화면을 직접 움직이고(저위험 즉시, "
                "고위험은 확인 후), 차트를 그리고, 사례와 용어를 설명합니다. 가격은 생성된 샌드박스 데이터입니다.",
    description_en="A stock and investing tutor you learn with while looking at a sandbox app (home, stocks, lessons, "
                   "my assets). It moves the screen itself (low risk at once, high risk after you confirm), draws "
                   "charts and explains cases and terms. Prices are generated sandbox data.",
    system_prompt=SYSTEM_PROMPT,
    tools=_tools(),
    pipeline=pipeline,
    offline_policy=policy,
    examples=("삼성전자 차트 보여줘", "이 종목 왜 떨어졌어?", "코로나 폭락 사례 알려줘", "매수 화면 열어줘"),
    examples_en=("Show me the Samsung Electronics chart", "Why did this stock drop?", "Tell me about the COVID crash case",
                 "Open the buy screen"),
    context=build_context,
    migrations=MIGRATIONS,
    setup_user=setup_user,
    http_routes=lambda caller: _routes(caller),
    inputs=TutorInputs,
    nlu_report=lazy("agents.tutor.evaluate:nlu_report"),  # loaded by `playground nlu-report` only
    warm=lambda: classifier().warm(),
    evals=Path(__file__).with_name("evals.yaml"),
    eval_screen=lazy("agents.tutor.eval_screen:context_for_screen"),
    eval_screen_of=lazy("agents.tutor.eval_screen:screen_of"),
    ui=AgentUI(icon="📚", texts=TEXTS, on_done=lazy("agents.tutor.view:done_meta"),
               gradio="agents.tutor.gradio", streamlit="agents.tutor.streamlit"),
)


def _routes(caller: Callable[..., Caller]) -> APIRouter:
    from agents.tutor.http import tutor_routes  # FastAPI only when the HTTP API is built

    return tutor_routes(caller)
