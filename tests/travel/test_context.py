"""Seed 001 §4: the context builder (last 10 messages verbatim, a keyword summary of the older
ones kept on the conversation, preferences, the itinerary) and the enhanced system prompt."""

from __future__ import annotations

from agents.core.actions import ActionService
from agents.core.providers.base import ModelRequest
from agents.core.providers.offline import OfflineProvider, say
from agents.core.session import Session
from agents.travel.context import RECENT, SYSTEM_PROMPT, preferences, summarize
from agents.travel.service import TripService

TURNS = ["'센소지' 근처 맛집 알려줘", "카페도 찾아줘", "쇼핑은 '돈키호테' 어때?", "질문 4", "질문 5", "숙소는 '제국호텔'",
         "질문 7", "질문 8", "질문 9", "질문 10", "질문 11"]


def test_after_ten_turns_the_model_gets_ten_messages_and_a_summary_of_the_rest(store, clock) -> None:
    seen: list[ModelRequest] = []
    s = Session("travel", provider=OfflineProvider.scripted(*[say(f"답 {i}", check=seen.append) for i in range(1, 12)]),
                clock=clock)
    for text in TURNS:
        s.run(text)
    assert RECENT == 10
    # Turns 1-5 have at most 10 messages (the new one included): nothing to summarise yet.
    assert all("## 이전 대화 요약" not in r.system for r in seen[:5])
    # Turn 6: the first user message falls out of the window and is summarised.
    assert "## 이전 대화 요약\n논의 주제: 맛집. 언급된 장소: 센소지. 이전 대화 1개 메시지" in seen[5].system
    # Turn 11 (after ten turns): 20 messages stored plus the new one; the oldest 11 are summarised.
    last = seen[10]
    assert ("## 이전 대화 요약\n논의 주제: 맛집, 카페, 쇼핑, 숙소. 언급된 장소: 센소지, 돈키호테, 제국호텔. "
            "이전 대화 11개 메시지") in last.system
    verbatim = [(m.role, m.content) for m in last.messages]
    # The window is the last 10 stored messages; the core starts it at a user message, so 답 6 is dropped.
    assert verbatim == [("user", "질문 7"), ("assistant", "답 7"), ("user", "질문 8"), ("assistant", "답 8"),
                        ("user", "질문 9"), ("assistant", "답 9"), ("user", "질문 10"), ("assistant", "답 10"),
                        ("user", "질문 11")]
    state = s.conversation().state
    assert state["summary"] == {"text": "논의 주제: 맛집, 카페, 쇼핑, 숙소. 언급된 장소: 센소지, 돈키호테, 제국호텔. "
                                        "이전 대화 11개 메시지", "messages": 11}


def test_summary_counts_quoted_names_once_and_keeps_five() -> None:
    from agents.core.store import MessageRow

    def msg(text: str) -> MessageRow:
        return MessageRow.model_construct(role="user", content=text)

    rows = [msg(f"'{name}' 가고 싶어") for name in ("A", "B", "A", "C", "D", "E", "F")] + [msg("교통은?")]
    assert summarize(rows) == "논의 주제: 교통. 언급된 장소: A, B, C, D, E. 이전 대화 8개 메시지"
    assert summarize([msg("hello")]) == "이전 대화 1개 메시지"


def test_preferences_itinerary_and_tool_rules_in_the_prompt(store, clock) -> None:
    seen: list[ModelRequest] = []
    s = Session("travel", provider=OfflineProvider.scripted(say("a", check=seen.append), say("b", check=seen.append)),
                clock=clock)
    s.run("안녕")
    trip = TripService(store).active("demo")
    counts = {c: sum(p.category == c for p in trip.places) for c in {p.category for p in trip.places}}
    top = preferences(trip)
    assert top == sorted(counts, key=lambda c: (-counts[c], c))[:3]
    assert "## 현재 일정" not in seen[0].system
    sensoji = next(p for p in trip.places if p.name == "센소지")
    preview = {"title": "t", "days": [{"dayNumber": 1, "date": "", "items": [
        {"order": 1, "placeName": "센소지", "placeId": sensoji.id, "startTime": "09:00"}]}]}
    action = ActionService(store, clock).propose(user_id="demo", conversation_id=s.conversation_id, agent_id="travel",
                                                 tool_name="apply_itinerary",
                                                 args={"trip_id": trip.id, "preview": preview, "mode": "overwrite"})
    assert s.confirm_action(action.id).ok
    s.run("일정 어때?")
    system = seen[1].system
    assert system.startswith(SYSTEM_PROMPT)
    for section in ("## 도구 사용 규칙", "## 여행\n도쿄 3박 4일", "## 저장된 장소 (이름 | 영문 | 카테고리 | 좌표)",
                    "## 사용자 선호\n선호 카테고리: ", f"## 현재 일정\nDay 1 ({trip.start_date.isoformat()}):\n  09:00 센소지"):
        assert section in system, section
    assert f"- {action.id} apply_itinerary: COMPLETED" in system  # the real status of the action


def test_the_prompt_is_versioned_in_the_prompts_table(store, clock) -> None:
    seen: list[ModelRequest] = []
    version = store.prompts.save("travel", "당신은 간결한 여행 비서입니다.\n## 도구 사용 규칙\n- 짧게", clock(), note="shorter")
    s = Session("travel", provider=OfflineProvider.scripted(say("a", check=seen.append)), clock=clock)
    s.run("안녕")
    assert version == 1 and store.prompts.active("travel") == (1, "당신은 간결한 여행 비서입니다.\n## 도구 사용 규칙\n- 짧게")
    assert seen[0].system.startswith("당신은 간결한 여행 비서입니다.") and SYSTEM_PROMPT not in seen[0].system
    assert "## 저장된 장소" in seen[0].system  # the context sections still follow the stored prompt
