"""Seed 001 §4: the extended context (saved places, a keyword summary of older messages,
preferences, the current itinerary) and the enhanced system prompt built from it."""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any

from agents.core.referents import dialogue_context
from agents.core.store import MessageRow
from agents.travel.model import CATEGORY_KO, Trip
from agents.travel.service import TripService
from agents.travel.tools import format_itinerary

if TYPE_CHECKING:
    from agents.core.turn import Turn

RECENT = 10  # messages sent verbatim; older ones are summarised
_TOPICS = ("맛집", "카페", "관광", "쇼핑", "숙소", "교통")
_QUOTED = re.compile(r"[「『\"'](.*?)[」』\"']")

SYSTEM_PROMPT = """당신은 여행 플래너 AI입니다. 사용자의 여행(여행지, 날짜, 저장한 장소, 일정)을 보고 장소를 추천하고 일정을 짭니다.

역할:
1. 여행지에서 조건에 맞는 장소를 추천합니다 (최대 3곳, 저장한 장소와 가까운 곳 우선)
2. 저장된 장소로 날짜별 일정을 만듭니다 (미리보기 → 사용자가 적용하기를 눌러야 저장)
3. 저장된 장소 근처의 다른 장소를 찾습니다
4. 일정에 장소를 넣습니다 (확인 후 실행)

## 도구 사용 규칙
- 장소를 추천할 때는 반드시 recommend_places 도구를 사용하세요.
- 일정을 생성할 때는 반드시 generate_itinerary 도구를 사용하세요. placeName은 저장된 장소명과 정확히 같아야 합니다.
- 저장된 장소 근처를 찾을 때는 search_nearby_places를 사용하세요 (referencePlaceName은 저장된 장소).
- 일정에 하나를 넣을 때는 add_place_to_itinerary를 사용하세요. 사용자가 확인하기 전에는 "추가했다"고 말하지 마세요.
- 사용자가 지금 여행과 다른 여행지(도시)나 그곳의 장소를 말하면 askClarification으로 그 여행을 열지 먼저 물으세요. 사용자가 열기를 고르거나 열어 달라고 하면 open_trip을 부르고, 처음 요청(일정, 장소 추천)을 그 여행에서 이어 가세요.
- 사용자가 말한 지역이나 장소(저장되지 않은 곳) 근처를 추천할 때는 recommend_places의 near에 그 이름을 넣으세요.
- 항공권, 수하물, 비자, 날씨, 교통 패스, 가는 길과 시간표 같은 질문에는 도구 없이 짧게 답하고 장소를 추천하지 마세요.
- generate_itinerary의 title은 대화의 언어로 쓰세요: 한국어면 "도쿄 2박 3일 일정", 영어면 "Tokyo itinerary: 3 days, 2 nights" (두 언어를 섞지 마세요).
- 텍스트 응답에는 JSON을 포함하지 마세요.
- 도구 호출 전후로 자연스러운 설명을 추가하세요.
- 이미 저장된 장소는 다시 추천하지 마세요.
- 평점과 영업시간은 도구 결과에 있는 값만 말하세요 (오프라인 지명 사전의 값은 샌드박스 값입니다).
- 사용자가 한국어로 쓰면 한국어로, 영어로 쓰면 영어로 답하세요 (질문과 선택지도 같은 언어로). Reply in English to a message written in English."""


def summarize(messages: list[MessageRow]) -> str:
    """The seed's local keyword summary: topics, quoted place names, message count."""
    topics: list[str] = []
    places: list[str] = []
    for message in messages:
        text = message.content or ""
        topics += [t for t in _TOPICS if t in text and t not in topics]
        places += [p for p in _QUOTED.findall(text) if p and p not in places]
    parts = []
    if topics:
        parts.append(f"논의 주제: {', '.join(topics)}")
    if places:
        parts.append(f"언급된 장소: {', '.join(places[:5])}")
    parts.append(f"이전 대화 {len(messages)}개 메시지")
    return ". ".join(parts)


def preferences(trip: Trip) -> list[str]:
    """The top three categories among the saved places."""
    counts = Counter(p.category for p in trip.places)
    return [category for category, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:3]]


def context_sections(trip: Trip, summary: str | None) -> str:
    lines = [f"## 여행\n{trip.title} · 여행지: {trip.destination_name}" + (f" ({trip.country})" if trip.country else "")
             + f" · {trip.start_date.isoformat()} ~ {trip.end_date.isoformat()} ({trip.days}일) · trip_id: {trip.id}",
             "## 저장된 장소 (이름 | 영문 | 카테고리 | 좌표)"]
    lines += [f"- {p.name} | {p.name_en or ''} | {p.category} | "
              + (f"{p.latitude:.4f},{p.longitude:.4f}" if p.latitude is not None else "좌표 없음") for p in trip.places]
    if not trip.places:
        lines.append("- (없음)")
    if summary:
        lines.append(f"## 이전 대화 요약\n{summary}")
    if trip.itinerary:
        lines.append(f"## 현재 일정\n{format_itinerary(trip)}")
    top = preferences(trip)
    if top:
        lines.append(f"## 사용자 선호\n선호 카테고리: {', '.join(f'{c}({CATEGORY_KO.get(c, c)})' for c in top)}")
    return "\n".join(lines)


def build_context(turn: Turn) -> str:
    service = TripService(turn.store)
    service.setup_user(turn.user_id, turn.now)
    trip = service.active(turn.user_id)
    summary = None
    # message_count was read before this turn's message was stored: at RECENT, one message is already out
    if turn.conversation.message_count >= RECENT:
        everything = turn.store.messages.recent(turn.conversation.id, 500)
        older = [m for m in everything[:-RECENT] if m.role in ("user", "assistant") and m.content]
        if older:
            summary = summarize(older)
            turn.state["summary"] = {"text": summary, "messages": len(older)}  # kept on the conversation
    turn.meta["trip_id"] = trip.id
    dialogue = dialogue_context(turn)
    return context_sections(trip, summary) + (f"\n\n{dialogue}" if dialogue else "")


def parse_trip_context(system: str) -> dict[str, Any]:
    """What the offline policy reads back from the prompt: trip id, destination, saved places."""
    trip = re.search(r"trip_id: (\S+)", system)
    places = re.findall(r"^- (.+?) \| (.*?) \| (\w+) \| ", system, re.M)
    return {"trip_id": trip.group(1) if trip else None,
            "places": [{"name": n, "name_en": e or None, "category": c} for n, e, c in places]}
