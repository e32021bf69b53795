"""The travel planner (seed 001): trips with saved places, place recommendations validated
against Places and ranked by route, itinerary previews applied only after confirmation."""

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
from agents.travel import reading as travel_reading
from agents.travel import tools as t
from agents.travel import trips
from agents.travel.context import RECENT, SYSTEM_PROMPT, build_context
from agents.travel.inputs import TravelInputs
from agents.travel.itinerary import ApplyArgs, GenerateArgs
from agents.travel.migrations import MIGRATIONS
from agents.travel.pipeline import pipeline
from agents.travel.policy import policy
from agents.travel.service import TripService
from agents.travel.texts import TEXTS

if TYPE_CHECKING:
    from fastapi import APIRouter

    from agents.http.auth import Caller


def _tools() -> ToolRegistry:
    r = ToolRegistry()
    q, m = ToolKind.QUERY, ToolKind.MUTATION
    r.register(Tool("recommend_places", "여행지에서 조건에 맞는 장소를 추천합니다. 반드시 이 도구를 사용하여 장소를 추천하세요.",
                    t.RecommendArgs, q, t.recommend_places))
    r.register(Tool("generate_itinerary", "저장된 장소를 기반으로 여행 일정 미리보기를 만듭니다 (사용자가 적용하기를 눌러야 저장).",
                    GenerateArgs, q, t.generate_itinerary))
    r.register(Tool("search_nearby_places", "저장된 장소 근처의 다른 장소를 검색합니다.", t.NearbyArgs, q,
                    t.search_nearby_places))
    r.register(Tool("show_itinerary", "현재 여행의 저장된 일정을 보여줍니다.", t.ShowArgs, q,
                    t.show_itinerary))
    r.register(Tool("add_place_to_itinerary", "일정의 특정 날짜에 장소 하나를 넣습니다. 확인 후 실행됩니다.", t.AddItemArgs, m,
                    t.add_place_to_itinerary, t.add_item_confirmation))
    r.register(Tool("remove_saved_place", "저장된 장소를 삭제합니다. 확인 후 실행됩니다.", t.RemovePlaceArgs, m,
                    t.remove_saved_place, t.remove_confirmation))
    # The user's own choice (or request) to move to another destination's trip: no data is lost, so no card.
    r.register(Tool("open_trip", "다른 여행지의 여행을 엽니다 (없으면 만듭니다). 사용자가 그 여행지를 고르거나 열어 달라고 할 때만.",
                    trips.OpenTripArgs, q, trips.open_trip))
    r.register(Tool("askClarification", "정보가 부족하거나 요청이 모호할 때 선택지와 함께 되묻습니다.", t.ClarifyArgs,
                    ToolKind.META, t.ask_clarification))
    # Started by the preview card's 적용하기 button (or the HTTP apply endpoint), never by the model.
    r.register(Tool("apply_itinerary", "일정 미리보기를 여행에 적용합니다 (덮어쓰기 또는 병합).", ApplyArgs, m,
                    t.apply_itinerary, t.apply_confirmation, model_visible=False))
    return r


def setup_user(store: Store, user_id: str, now: datetime) -> None:
    TripService(store).setup_user(user_id, now)


AGENT = AgentSpec(
    # Seed 001 §3.2: generationConfig {maxOutputTokens: 8192, temperature: 0.7} inside
    # geminiCircuitBreaker.execute; retries and the breaker take the adapters' defaults.
    model_options=ModelOptions(temperature=0.7, max_output_tokens=8192),
    order=1,
    id="travel",
    title="여행 플래너",
    title_en="Travel Planner",
    description="여행지 장소 추천(지명 사전 또는 Google Places로 검증, 동선 순), 일정 미리보기 → 적용(확인 후 저장), 근처 검색. "
                "평점·영업시간은 오프라인에서 샌드박스 값입니다.",
    description_en="Travel place recommendations (checked against a place list or Google Places, in route order), an "
                   "itinerary preview -> Apply (saved after you confirm), nearby search. Offline, ratings and opening "
                   "hours are sandbox values.",
    system_prompt=SYSTEM_PROMPT,
    tools=_tools(),
    pipeline=pipeline,
    offline_policy=policy,
    examples=("라멘집 추천해줘", "센소지 주변 맛집", "3박 4일 일정 짜줘", "둘째 날 오후에 츠키지 시장 넣어줘"),
    examples_en=("Recommend a ramen place", "Good places to eat around Senso-ji", "Plan a 4-day, 3-night itinerary",
                 "Add Tsukiji Market to the afternoon of day 2"),
    context=build_context,
    history_window=RECENT,  # seed §4.1: the last 10 messages verbatim, a summary of the older ones
    migrations=MIGRATIONS,
    setup_user=setup_user,
    http_routes=lambda caller: _routes(caller),
    inputs=TravelInputs,
    nlu_report=lazy("agents.travel.evaluate:nlu_report"),  # loaded by `playground nlu-report` only
    warm=lambda: travel_reading.classifier().warm(),
    evals=Path(__file__).with_name("evals.yaml"),
    ui=AgentUI(icon="🧳", slots=(Slot(key="latest", card_types=("place", "itinerary_preview", "itinerary")),),
               texts=TEXTS, gradio="agents.travel.gradio", streamlit="agents.travel.streamlit"),
)


def _routes(caller: Callable[..., Caller]) -> APIRouter:
    from fastapi import APIRouter

    from agents.travel.http import travel_routes  # FastAPI only when the HTTP API is built
    from agents.travel.seed_http import seed_routes

    router = APIRouter()
    router.include_router(travel_routes(caller))
    router.include_router(seed_routes(caller))
    return router
