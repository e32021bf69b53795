"""The offline model's replies, written from the tool results only (names, distances, ratings
and counts all come from the payloads), in the language the user wrote in."""

from __future__ import annotations

from collections.abc import Mapping

from agents.nlu.particles import with_josa


def compose(results: list[tuple[str, dict[str, object]]], en: bool = False) -> str:
    return "\n\n".join(_one(name, payload, en) for name, payload in results).strip()


def _obj(value: object) -> Mapping[str, object]:
    """A JSON object of a tool payload, {} when it is missing (payloads are parsed JSON: keys are strings)."""
    return value if isinstance(value, dict) else {}


def _objs(value: object) -> list[Mapping[str, object]]:
    """A JSON list of objects of a tool payload ([] when missing); other items are left out."""
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _strs(value: object) -> list[str]:
    return [str(item) for item in value] if isinstance(value, list) else []


def _place_line(p: Mapping[str, object], en: bool) -> str:
    name = p.get("name_en") if en and p.get("name_en") else p.get("name", "")
    parts = [f"**{name}**"]
    if p.get("distanceFromReference") is not None:
        parts.append(f"{p['distanceFromReference']:.1f}km")
    if p.get("rating") is not None:
        parts.append(f"★{p['rating']:.1f}" + (f" ({p['userRatingsTotal']:,})" if p.get("userRatingsTotal") else ""))
    if not p.get("isVerified"):
        parts.append("unverified" if en else "미검증")
    return "- " + " · ".join(parts)


def _one(name: str, payload: Mapping[str, object], en: bool) -> str:
    if payload.get("status") == "pending_confirmation":
        summary = str(payload.get("summary", ""))
        return (f"Please confirm on the card: {summary}. Nothing changes until you press confirm." if en else
                f"확인 카드에서 '{summary}'을(를) 확인해 주세요. 실행을 누르기 전에는 바뀌지 않아요.")
    if not payload.get("ok", False):
        return f"⚠️ {payload.get('error') or payload.get('summary') or ('That did not work.' if en else '요청을 처리하지 못했습니다.')}"
    data = _obj(payload.get("data"))
    match name:
        case "recommend_places" | "search_nearby_places":
            places = _objs(data.get("places"))
            sandbox = any(p.get("sandbox") for p in places)
            if name == "search_nearby_places":
                head = (f"{len(places)} near {data.get('reference_en') or data.get('reference')}, nearest first:" if en else
                        f"{data.get('reference') or ''}에서 가까운 순으로 {len(places)}곳이에요:")
            elif data.get("near"):
                head = (f"{len(places)} place{'s' if len(places) != 1 else ''}, nearest to {data.get('near_en') or data['near']} first:" if en else
                        f"{data['near']}에서 가까운 순으로 {len(places)}곳을 추천해요:")
            else:
                head = (f"{len(places)} place{'s' if len(places) != 1 else ''}, nearest to your saved places first:" if en else
                        f"저장한 장소에서 가까운 순으로 {len(places)}곳을 추천해요:")
            lines = [head, *(_place_line(p, en) for p in places)]
            if data.get("dropped"):
                lines.append(("Already saved, left out: " if en else "이미 저장된 곳은 뺐어요: ") + ", ".join(_strs(data["dropped"])))
            if sandbox:
                lines.append("(Ratings are sandbox values of the offline places data.)" if en else
                             "(평점은 오프라인 장소 데이터의 샌드박스 값이에요.)")
            return "\n".join(lines)
        case "generate_itinerary":
            preview = _obj(data.get("preview"))
            days = _objs(preview.get("days"))
            count = sum(len(_objs(d.get("items"))) for d in days)
            text = (f"Here is a preview: {len(days)} days, {count} visits. It is not saved yet: press **Apply** "
                    "to keep it, or **Regenerate** for another." if en else
                    f"일정 미리보기를 만들었어요: {len(days)}일 {count}곳. 아직 저장되지 않았어요. "
                    "마음에 들면 **적용하기**, 다른 안이 필요하면 **다시 생성**을 눌러 주세요.")
            if preview.get("unmatched"):
                text += (" Skipped (not saved places): " if en else " 저장된 장소와 맞지 않아 뺀 항목: ") + ", ".join(_strs(preview["unmatched"]))
            return text
        case "show_itinerary" if en:
            days = _objs(data.get("itinerary"))
            if not days:
                return ("There is nothing planned for that yet. I can draft a plan from your saved places: "
                        "say \"make a plan\".")
            lines = ["Here is your itinerary:"]
            for day in days:
                lines.append(f"Day {day.get('day_number')} ({day.get('date')}):")
                lines += [f"  {i.get('start_time') or '-'} {i.get('place_name')}" for i in _objs(day.get("items"))]
            return "\n".join(lines)
        case "open_trip":
            count = len(_objs(data.get("places")))
            if en:
                return (f"{'Created and opened' if data.get('created') else 'Opened'} your {data.get('destination_en')} "
                        f"trip \"{data.get('title_en') or data.get('title')}\" ({data.get('days')} days, {count} saved places).")
            return (f"{data.get('destination_name')} 여행 '{data.get('title')}'{'을 만들고' if data.get('created') else '을'} "
                    f"열었어요 ({data.get('days')}일, 저장된 장소 {count}곳).")
        case "askClarification":
            options = _strs(data.get("options"))
            return str(data.get("question", "")) + ("\n" + " / ".join(options) if options else "")
        case _:
            return str(payload.get("summary", ""))


def proposal_sentence(tool: str, args: Mapping[str, object], en: bool = False) -> str:
    """The reply sentence that comes with a change's confirmation card (answer first: what will change,
    and that the card's button makes it happen); "" for a call that changes nothing."""
    place = str(args.get("placeName") or "")
    if tool == "add_place_to_itinerary":
        day, start = args.get("dayNumber"), args.get("startTime")
        if en:
            return (f"Shall I add {place} to day {day}{f' at {start}' if start else ''}? Press Confirm on the card "
                    "to put it in the itinerary; nothing changes before that.")
        return (f"{day}일째{f' {start}' if start else ''}에 {with_josa(f'{place!r}', '을')} 일정에 넣을까요? "
                "확인 카드의 [확인]을 누르면 일정에 반영돼요.")
    if tool == "remove_saved_place":
        if en:
            return (f"Shall I remove {place} from your saved places (and any visits to it in the itinerary)? Press Confirm "
                    "on the card to remove it; nothing changes before that.")
        return (f"저장된 장소에서 {with_josa(f'{place!r}', '을')} 삭제할까요? 일정에 들어 있으면 그 방문도 함께 빠져요. "
                "확인 카드의 [확인]을 누르면 삭제돼요.")
    return ""
