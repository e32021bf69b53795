"""The questions the travel planner asks when a message leaves two readings open, with their choices, in the
person's language: which tool, which place, which day, which kind of place. The reader wraps them in a reading."""

from __future__ import annotations

from agents.nlu import with_josa

LABELS = {"recommend_places": "장소 추천", "generate_itinerary": "일정 만들기", "show_itinerary": "일정 보기",
          "add_place_to_itinerary": "일정에 장소 넣기", "remove_place": "저장한 장소 삭제", "open_trip": "다른 여행 열기"}
LABELS_EN = {"recommend_places": "Recommend places", "generate_itinerary": "Plan the itinerary",
             "show_itinerary": "Show the itinerary", "add_place_to_itinerary": "Add a place to a day",
             "remove_place": "Remove a saved place", "open_trip": "Open another trip"}
Asked = tuple[str, list[str]]  # the question and its choices


def which_tool(names: list[str], en: bool) -> Asked:
    labels = LABELS_EN if en else LABELS
    choices = [labels[c] for c in names]
    question = ("I am not sure what you would like. Choose one: " if en else
                "무엇을 도와드릴까요? 하나를 골라 주세요: ") + " / ".join(choices)
    return question, choices


def which_place(what: str, saved: list[str], en: bool) -> Asked:
    if en:
        question = {"remove": "Which saved place should I remove?", "near": "Near which place should I look?",
                    "about": "Which place do you mean?"}.get(what, "Which place should I add, and on which day?")
    else:
        question = {"remove": "어느 저장된 장소를 삭제할까요?", "near": "어느 장소 근처를 찾아볼까요?",
                    "about": "어느 장소를 말씀하시는 건가요?"}.get(what, "어떤 장소를 몇째 날에 넣을까요?")
    return question, saved


def which_day(days: int, place: str | None, en: bool) -> Asked:
    choices = [f"Day {d}" if en else f"{d}일째" for d in range(1, days + 1)]
    if en:
        question = f"Which day of the trip (1-{days})" + (f" should {place} go on?" if place else "?")
    else:
        question = (f"{with_josa(place, '을')} 여행 몇째 날에 넣을까요? " if place else "여행 몇째 날을 말씀하시는 건가요? ") + \
                   f"(1~{days}일째)"
    return question, choices


def which_kind(en: bool) -> Asked:
    if en:
        return "What kind of place are you looking for?", ["Restaurants", "Cafes", "Sights"]
    return "어떤 장소를 찾으세요? 맛집, 카페, 관광지 중에서 골라 주세요.", ["맛집", "카페", "관광지"]
