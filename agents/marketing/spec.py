"""The marketing agent (seed 000): a Korean Meta-ads assistant over a sandbox ad account."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from agents.core.agent import AgentSpec
from agents.core.agent_ui import AgentUI, Slot, lazy
from agents.core.providers.base import ModelOptions
from agents.core.store import Store
from agents.core.tools import Tool, ToolKind, ToolRegistry
from agents.marketing import alerts, compare, mutations, nlu, progress, queries
from agents.marketing.context import build_context
from agents.marketing.migrations import MIGRATIONS
from agents.marketing.policy import policy
from agents.marketing.store import MarketingStore
from agents.marketing.suggest import suggest

if TYPE_CHECKING:
    from fastapi import APIRouter

    from agents.http.auth import Caller

SYSTEM_PROMPT = """당신은 바투 AI 마케팅 어시스턴트입니다. 한국 커머스 사업자의 Meta 광고 캠페인(샌드박스 계정)을 관리합니다.

역할:
1. 캠페인 성과를 분석하고 인사이트를 제공합니다
2. 사용자의 요청에 따라 캠페인을 생성/수정/관리합니다
3. 이상 징후를 감지하고 최적화 방안을 제안합니다
4. 광고 카피를 생성합니다

규칙:
- 사용자가 쓴 언어로 응답합니다: 영어 메시지에는 영어로, 한국어 메시지에는 한국어로 답합니다 (캠페인 이름은 그대로)
- 데이터 기반으로 구체적인 수치를 포함해 답변하며, 도구 결과에 없는 수치는 만들지 않습니다
- 캠페인 생성/수정/삭제 등 실행 작업은 반드시 도구를 사용합니다. 확인 카드가 실행 전까지는 "완료"라고 말하지 않습니다
- 정보가 부족하면 askClarification으로 질문합니다 (생성: 목적 → 일일 예산 순, 이름은 목적+연월로 기본값)
- 예산 변경·일시정지·삭제를 제안할 때는 확인 카드와 함께 무엇이 어떻게 바뀌는지 한 문장으로 말합니다
- "그거 / 두번째 거 / 다시 / that one"은 [dialogue state]의 직전 도구·인자·캠페인·목록 순서로 해석하고, 두 가지로 읽히면 선택지를 주고 묻습니다
- 질문에는 먼저 답합니다: "CTR이 왜 떨어졌어?"에는 CTR 수치와 원인을 말합니다
- 금액은 원(₩) 단위 천 단위 구분, 비율은 소수점 2자리로 표시합니다
- 모든 변경은 샌드박스 계정에만 반영됩니다"""


def _tools() -> ToolRegistry:
    r = ToolRegistry()
    q, m, meta = ToolKind.QUERY, ToolKind.MUTATION, ToolKind.META
    r.register(Tool("getPerformanceKPI", "광고 성과 KPI(지출, 매출, ROAS, CTR, CPA, 전환)를 기간별로 조회하고 직전 같은 기간과 비교합니다.",
                    queries.KPIArgs, q, queries.get_performance_kpi))
    r.register(Tool("listCampaigns", "캠페인 목록을 상태 필터와 정렬로 조회합니다.", queries.ListArgs, q, queries.list_campaigns))
    r.register(Tool("getCampaignDetail", "캠페인 하나의 설정과 최근 14일 성과를 조회합니다 (id 또는 이름).",
                    queries.DetailArgs, q, queries.get_campaign_detail))
    r.register(Tool("compareCampaigns", "캠페인 2~4개의 지출·매출·ROAS·CTR·CPA·전환을 같은 기간으로 나란히 비교합니다.",
                    compare.CompareArgs, q, compare.compare_campaigns))
    r.register(Tool("generateReport", "주간 성과 보고서를 마크다운 표로 생성합니다.", queries.ReportArgs, q, queries.generate_report))
    r.register(Tool("checkAnomalies", "ROAS 30% 이상 급락, 지출 급증, CTR 급락 같은 이상 징후를 확인합니다.",
                    queries.AnomalyArgs, q, queries.check_anomalies))
    r.register(Tool("analyzeTrends", "기간 대비 추이, 성과 상위/하위 캠페인, 요일 패턴을 분석합니다.",
                    queries.TrendArgs, q, queries.analyze_trends))
    r.register(Tool("getBudgetRecommendation", "ROAS 기준으로 저성과 캠페인 예산을 고성과 캠페인으로 옮기는 재배분안을 수치와 함께 제안합니다.",
                    queries.BudgetAdviceArgs, q, queries.get_budget_recommendation))
    r.register(Tool("createCampaign", "새 캠페인을 생성합니다 (이름, 목적, 일일 예산 필요). 확인 후 실행됩니다.",
                    mutations.CreateArgs, m, mutations.create_campaign, mutations.create_confirmation))
    r.register(Tool("updateCampaignBudget", "캠페인 일일 예산을 금액 또는 비율로 변경합니다. 확인 후 실행됩니다.",
                    mutations.BudgetArgs, m, mutations.update_budget, mutations.budget_confirmation))
    for op, name, text in (("pause", "pauseCampaign", "캠페인을 일시정지합니다."),
                           ("resume", "resumeCampaign", "일시정지된 캠페인을 재개합니다."),
                           ("delete", "deleteCampaign", "캠페인을 삭제합니다 (성과 기록은 보관).")):
        r.register(Tool(name, text + " 확인 후 실행됩니다.", mutations.CampaignRef, m, mutations.status_handler(op),
                        mutations.status_confirmation(op)))
    r.register(Tool("generateAdCopy", "상품 광고 카피를 생성해 초안으로 저장합니다. 확인 후 실행됩니다.",
                    mutations.AdCopyArgs, m, mutations.generate_ad_copy, mutations.adcopy_confirmation))
    r.register(Tool("askClarification", "필요한 정보가 부족할 때 사용자에게 질문합니다 (slot, intent, known으로 진행 상황 유지).",
                    queries.ClarifyArgs, meta, queries.ask_clarification))
    r.register(Tool("freeformResponse", "도구가 필요 없는 일반 대화에 답합니다.", queries.FreeformArgs, meta,
                    queries.freeform_response))
    return r


def setup_user(store: Store, user_id: str, now: datetime) -> None:
    MarketingStore(store).ensure_account(user_id, now)


AGENT = AgentSpec(
    # Seed 000 §4: streamText(..., temperature: 0.7); retries and the breaker take the adapters' defaults.
    model_options=ModelOptions(temperature=0.7),
    order=0,
    id="marketing",
    title="마케팅 에이전트",
    title_en="Marketing Agent",
    description="Meta 광고 성과 분석, 캠페인 생성·예산 변경·일시정지(확인 후 실행), 이상 징후 알림. 샌드박스 계정 데이터입니다.",
    description_en="Meta ads performance analysis, creating campaigns, changing budgets and pausing (run after you "
                   "confirm), anomaly alerts. Sandbox account data.",
    system_prompt=SYSTEM_PROMPT,
    tools=_tools(),
    offline_policy=policy,
    pipeline=progress.pipeline,  # the tool loop with seed 000 progress stages
    examples=("이번 주 성과 어때?", "새 캠페인 만들고 싶어", "성과 좋은 캠페인은 어떤 거야?", "최근 이상 징후가 있어?"),
    examples_en=("How's performance this week?", "I want to create a new campaign", "Which campaigns are doing well?",
                 "Any anomalies lately?"),
    context=build_context,
    suggest=suggest,
    migrations=MIGRATIONS,
    setup_user=setup_user,
    alert_check=alerts.check,
    alert_prompt=alerts.analysis_prompt,
    alert_text=alerts.text_for,
    alert_users=lambda store: MarketingStore(store).users_with_accounts(),
    nlu_report=lazy("agents.marketing.evaluate:nlu_report"),  # loaded by `playground nlu-report` only
    warm=lambda: nlu.classifier().warm(),
    evals=Path(__file__).with_name("evals.yaml"),
    ui=AgentUI(icon="📈", slots=(Slot(key="kpi", card_types=("kpi_summary",)),),
               choices={"campaigns": mutations.campaign_choices},
               gradio="agents.marketing.gradio", streamlit="agents.marketing.streamlit"),
    http_routes=lambda caller: _routes(caller),
)


def _routes(caller: Callable[..., Caller]) -> APIRouter:
    from agents.marketing.seed_http import seed_routes  # FastAPI only when the HTTP API is built

    return seed_routes(caller)
