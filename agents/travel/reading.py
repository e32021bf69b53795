"""The travel planner's offline understanding (issue 11): one message and the trip on screen in,
one reading out: which tool with which arguments, or a question with choices. Rules over the
lexicon and the gazetteer's names come first; the exemplar classifier decides what they leave
open; a mutation (add, remove) is only ever read from the user's own words, never guessed."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from agents.nlu import ExemplarClassifier, compact, decide, normalise
from agents.nlu.dialogue import instead
from agents.nlu.language import reply_english
from agents.nlu.text import contains
from agents.nlu.text import find as _find
from agents.travel import numbers, questions
from agents.travel.among import listed_choice
from agents.travel.boarding import boarding
from agents.travel.names import Gazetteer, Mention, gazetteer, lexicon
from agents.travel.questions import LABELS
from agents.travel.trips import another_trip
from agents.travel.understood import Reading
from agents.travel.wording import (
    dismissal,
    fold_kind_typos,
    landmark_of,
    lodging_reference,
    meal_named,
    split_verbs,
    unknown_dish_shop,
    without,
    worth_question,
)

TRAINING = Path(__file__).with_name("training.yaml")
MUTATIONS = frozenset({"add_place_to_itinerary", "remove_place"})
_AGAIN = frozenset({"다시", "again", "한 번 더", "한번 더", "once more", "one more"})  # weak: may mean "see again"
# "ㄴㄴ X로", "아니 X", "no, X", "actually X": a correction whose new value follows (the last one counts).
_CORRECTED = re.compile(r"(?:ㄴㄴ|\u1102\u1102|(?<![가-힣])아니(?:요|야)?|\bno|\bnope|\bactually)(?=[\s,.!]|$)")
TIME_OF_DAY_START = {"morning": "10:00", "afternoon": "14:00", "evening": "18:00"}


@dataclass(frozen=True)
class TripView:
    """What the offline model sees of the trip (read back from the context section)."""

    destination: str
    saved: tuple[str, ...] = ()  # saved place names as the trip lists them
    days: int = 4
    has_itinerary: bool = False


def classifier() -> ExemplarClassifier:
    return ExemplarClassifier.from_yaml(TRAINING, threshold=0.45, margin=0.1)


def read(text: str, trip: TripView) -> Reading:
    return _Reader(text, trip).read()


class _Reader:
    def __init__(self, text: str, trip: TripView) -> None:
        self.raw, self.trip = text, trip
        self.text = fold_kind_typos(normalise(text), trip.destination)  # "맛칩" is 맛집 typed one letter off
        self.lex = lexicon()
        self.g: Gazetteer = gazetteer(trip.destination)
        self.hits = self.lex.intents_hit(text)
        if "relative_day" in self.hits and "masks" in self.hits:  # "내 일정" is not "내일"
            masked = compact(text)
            for phrase in self.lex.hits(text, "masks"):
                masked = masked.replace(compact(phrase), " ")
            if not any(compact(p) in masked for p in self.lex.hits(text, "relative_day")):
                del self.hits["relative_day"]
        for intent in split_verbs(text):  # "take teamLab off my list", "fit Ueno Park into day 1"
            self.hits.setdefault(intent, 3)
        if "after_visit" in self.hits:  # "팀랩 끝나고 저녁": somewhere near the place visited first
            self.hits.setdefault("near", self.hits["after_visit"])
        self.saved_ids = self._saved_ids()
        self.lodging = lodging_reference(text, self.lex, self.g)
        if self.lodging:  # the lodging words are a reference, not a kind of place wanted ("숙소 근처 맛집")
            self.text = text = without(self.text, self.lex.hits(text, "lodging"))
        # a name inside a longer one is no mention of its own ("스카이" of 시부야 스카이 inside "스카이트리")
        found = self.g.place_mentions(text)
        self.places = [m for m in found if not any(o.start <= m.start and m.start + m.length <= o.start + o.length
                                                   and o.length > m.length for o in found)]
        self.areas = self.g.area_mentions(text)
        self.en = reply_english(self.raw)

    # --- slots -----------------------------------------------------------------------------
    def _saved_ids(self) -> set[str]:
        wanted = {compact(n) for n in self.trip.saved}
        return {pid for pid, p in self.g.places.items() if compact(p.name_ko) in wanted or compact(p.name) in wanted}

    def saved_lodging(self) -> list[str]:
        return [pid for pid in sorted(self.saved_ids) if self.g.places[pid].category == "accommodation"]

    def place(self, *, saved_first: bool = True) -> Mention | None:
        places = self.places
        new = instead(self.raw)
        if new == normalise(self.raw) and (last := list(_CORRECTED.finditer(new))):
            new = new[last[-1].end():]  # "ㄴㄴ 도쿄 타워로 할게": what follows the no
        if new != normalise(self.raw):  # "센소지 말고 메이지 신궁": the place said instead
            said = {m.id for m in self.g.place_mentions(new)}
            places = [m for m in places if m.id in said] or places
        if not places:
            return None
        if saved_first:
            saved = [m for m in places if m.id in self.saved_ids]
            top = places[0].strength
            if saved and saved[0].strength >= min(top, 2):
                return saved[0]
        return places[0]

    def name(self, m: Mention) -> str:
        return self.g.places[m.id].name_ko

    def category(self) -> str | None:
        spans = [(m.start, m.length) for m in self.places + self.areas if m.strength >= 2]
        spans += [(at, len(compact(p))) for p, at in self._near_at(visits_only=True)]  # "구경하고 나서" names no kind
        words = [(m[1], m[0], m[2], m[3]) for m in self.lex.matches(self.text, "category")
                 if not any(a <= m[0] < a + n for a, n in spans)]  # "호텔" in "제국호텔" is a name
        if (new := instead(self.text)) != self.text:  # "디저트 말고 밥 먹을 데로": the kind said before 말고 is taken back
            after = compact(self.text).rfind(compact(new))
            words = [w for w in words if w[1] >= after] or words
        weak = {compact(w) for w in self.lex.phrases("generic_category")}
        named = [w for w in words if compact(w[3]) not in weak]  # "가볼만한 쇼핑 스팟": the kind named wins
        words = named if named and len(named) < len(words) else words
        found = min(words)[2] if words else None
        if found == "shopping" and self._dish_shop() and self._keyword_kind() in ("restaurant", "cafe"):
            return self._keyword_kind()  # "soba shop", "라멘 가게": the shop sells the dish, it is no shopping
        if found is None and (k := self.keyword()) is not None:
            kinds = [p.category for p in self.g.places.values() if compact(k) in {compact(x) for x in p.keywords}]
            if kinds and (self._dish_shop() or max(set(kinds), key=kinds.count) in ("restaurant", "cafe")):
                top = max(set(kinds), key=kinds.count)
                return top if top in ("restaurant", "cafe") else "restaurant"
        if found is None and unknown_dish_shop(self.text, self.lex):
            return "restaurant"  # "삼겹살 구이집": a dish the gazetteer does not know, and a shop word after it
        if found is None and meal_named(self.text, self.lex) and self.day() is None \
                and (self.has("near") or self.has("recommend")):
            return "restaurant"  # "시부야 근처 점심": a meal asked for around a place
        return found

    def _keyword_kind(self) -> str | None:
        """The category most places with the text's keyword have."""
        k = self.keyword()
        kinds = [p.category for p in self.g.places.values() if k and compact(k) in {compact(x) for x in p.keywords}]
        return max(set(kinds), key=kinds.count) if kinds else None

    def _dish_shop(self) -> bool:
        """A dish or theme right before a shop word ("라멘집", "ramen place")."""
        ck = compact(self.text)
        for at, k in self.keyword_hits():
            end = at + len(compact(k))
            rest = ck[end:end + 8]
            if any(rest.startswith(compact(w)) for w in self.lex.phrases("shop_words") if not w.isascii()):
                return True
            if k.isascii() and any(contains(self.text, f"{k} {w}") for w in self.lex.phrases("shop_words")
                                   if w.isascii()):
                return True
        return False

    def keyword_hits(self) -> list[tuple[int, str]]:
        # the span as typed: "tokyo tower" is longer than 도쿄타워, and its "tower" is the name, no keyword
        spans = [(m.start, max(m.length, len(compact(self.g.places[m.id].name_ko)))) for m in self.places if m.strength >= 2]
        spans += [(m.start, len(compact(m.id))) for m in self.areas]
        # the end of a kind-of-place word ("볼거리" ends in 거리, a street) is no keyword; its start ("museums") is
        kinds = [(at, len(compact(w))) for at, _, _, w in self.lex.matches(self.text, "category")]
        return [(at, k) for at, k in self.g.keyword_hits(self.text)
                if not any(a <= at < a + n for a, n in spans)
                and not any(a < at and at + len(compact(k)) <= a + n for a, n in kinds)
                and compact(k) not in {compact(a) for names in self.g.areas.values() for a in names}]

    def keyword(self) -> str | None:
        hits = self.keyword_hits()
        if not hits:
            return None
        generic = {compact(w) for w in self.lex.phrases("not_keywords")}
        generic |= {compact(w) for w in self.lex.words("category")}
        specific = [(at, k) for at, k in hits if compact(k) not in generic] or hits
        return max(specific, key=lambda h: (len(compact(h[1])), -h[0]))[1]

    def day(self) -> int | None:
        return numbers.day_number(self.text, self.lex, self.trip.days)

    def time(self) -> dict[str, str]:
        """The time said, outside the names of the places named (성산일출봉 holds 일출 and says no sunrise)."""
        names = [n for m in self.places if m.strength >= 2 and (p := self.g.places.get(m.id)) is not None
                 for n in (p.name_ko, p.name, p.name_en) if n]
        return numbers.clock(without(self.text, names) if names else self.text, self.lex)

    def trip_length(self) -> int | None:
        return numbers.trip_length(self.text, itinerary=self.has("itinerary"))

    def count(self) -> int | None:
        return numbers.count(self.text, self.lex)

    # --- intents ---------------------------------------------------------------------------
    def has(self, intent: str) -> bool:
        return intent in self.hits

    def read(self) -> Reading:
        if (rule := self.rule()) is not None:
            return rule
        guess = classifier().classify(self.raw)
        decision = decide(None, guess, mutations=MUTATIONS, labels=LABELS)
        if decision.intent is None or decision.intent in MUTATIONS:
            return self.ask_intent(decision.candidates)
        return self.build(decision.intent, source="classifier")

    def rule(self) -> Reading | None:
        # "다시 짜줘" plans without naming the plan: 짜다 is itself an itinerary verb
        # a fact asked about the trip's days ("2박 3일 동안 날씨 어때?") sizes nothing either
        fare = any(self.has(i) for i in ("pass", "price", "flight", "general")) and not (
            self.has("itinerary") or self.has("make"))
        sized = self.trip_length() is not None and not fare  # "rail pass for 5 days": the length sizes the pass
        itinerary = self.has("itinerary") or self.has("from_saved") or sized or (
            self.has("easy") and self.day() is not None and (self.has("make") or self.has("regenerate"))) or any(
            h.startswith("짜") or h in ("replan", "re-plan") for h in self.lex.hits(self.text, "make")
            + self.lex.hits(self.text, "regenerate"))
        if dismissal(self.raw):  # "아니 됐어", "never mind": nothing to do, and no question about what to do
            return Reading("freeformResponse", {"kind": "dismiss"})
        if self.has("off_topic") and not (self.places or self.areas):
            return Reading("freeformResponse", {"kind": "general"})
        # getting somewhere (a flight, a ferry, a route: "오사카행 비행기 얼마야", "a ferry to Jeju?") is no request about
        # the places there: the plain answer, whichever city it names
        if (boarded := boarding(self)) is not None:  # "우도 가는 배 어디서 타?": the port, a place the data has
            return boarded
        if self._flight_only():
            return Reading("freeformResponse", {"kind": "general", "topic": "flight"})
        if self._transit():
            return Reading("freeformResponse", {"kind": "general", "topic": "directions"})
        if (elsewhere := another_trip(self)) is not None:
            return elsewhere
        if self.has("pace") and not any(self.has(i) for i in ("make", "regenerate", "add", "remove", "easy")):
            return Reading("freeformResponse", {"kind": "general", "topic": "pace"})  # "이거 하루에 다 돌 수 있어?"
        if (compared := self._compared()) is not None:
            return compared
        # "is a Suica worth it", "is the city pass worth it" ("city" is only a weak name of a place with City in it)
        fare_only = not self._named() and any(self.has(i) for i in ("pass", "price", "general"))
        if (self.has("hours") or self.has("best_time") or worth_question(self.text, self.lex)) and not fare_only and not any(
                self.has(i) for i in ("itinerary", "near", "add", "remove", "flight")):  # "거기 밤에 가는 게 나아?": when
            return self._about_place("hours" if self.has("hours") else "when" if self.has("best_time") else "worth")
        if self._skips() and itinerary and self.places and (self.has("make") or self.has("regenerate")) \
                and not self.has("show"):
            return self.build("generate_itinerary")  # "X 빼고 새로 짜줘": a new plan without X
        if self.has("add") and itinerary and self.places and (self.has("make") or self.has("regenerate")) \
                and not self.has("show") and not self._skips():
            return self.build("generate_itinerary")  # "X 넣어서 다시 짜줘": a new plan with X in it (re-planning wins)
        if self.has("remove") and not (itinerary and self.has("make") and not self.places):
            return self.build("remove_place")
        if self.has("add") and not self._add_is_something_else(itinerary):
            return self.build("add_place_to_itinerary")
        # "다시 볼 수 있을까요" sees the plan again; "다시 짜줘", "다른 버전" make a new one
        replan = self.has("regenerate") and (not self.has("show") or any(
            h not in _AGAIN for h in self.lex.hits(self.text, "regenerate")))
        # a trip length beside a kind of place ("당일치기 맛집") sizes the outing, it asks for no plan
        length_only = not (self.has("itinerary") or self.has("make") or replan) and self.category() is not None
        if itinerary and (self.has("make") or self.has("from_saved") or replan or sized) and not length_only:
            return self.build("generate_itinerary")
        if self.has("itinerary") and (self.has("show") or not self._wants_places()):
            if replan:
                return self.build("generate_itinerary")
            return self.build("show_itinerary")
        if self.day() is not None and self.places and not (self.has("near") or self.has("recommend") or self.has("show")):
            return self.build("add_place_to_itinerary")  # "둘째 날 오후 센소지": a day, a time and a place
        if self.day() is not None and not self.places and (self.has("show") or self.has("itinerary")):
            return self.build("show_itinerary")
        if (self.has("general") and not self.has("recommend") and self.lex.value(self.text, "category") is None) or (
                self.has("price") and not self.has("recommend")) or (
                (self.has("flight") or self.has("pass")) and not (self._named() or self.areas)) or (
                self.has("flight") and self.category() in (None, "transport") and not self.has("recommend")):
            # "which airport is closer, Haneda or Narita?": a flight question, not a list of airports
            return Reading("freeformResponse", {"kind": "general", **({"topic": "flight"} if self.has("flight") else {})})
        if self.has("near") and self.has("pronoun") and not (self.places or self.areas):
            return self.ask_place("near")
        if self.has("relative_day") and (m := self.place()) is not None and not (
                self.category() or self._theme() or self.has("near")):
            return self.ask_day("add", self.name(m))  # "내일 스카이트리 가고 싶어": which trip day is 내일?
        if self._wants_places():
            return self.build("recommend_places")
        if self.has("vague") and not self.places:
            return self.ask_intent([])
        if (self.has("thanks") or self.has("greeting") or self.has("general")) and not self.places:
            return Reading("freeformResponse", {"kind": self._small_talk()})
        return None

    def _about_place(self, topic: str) -> Reading:
        """About the one place named; a pointer naming none asks which (the follow-up reader fills it first)."""
        named = list(dict.fromkeys(self.name(m) for m in self.places if m.strength >= 2 or len(self.places) == 1))
        when = {k: str(v) for k, v in self.time().items()} if topic == "when" else {}  # the time asked about
        if len(named) == 1:
            return Reading("freeformResponse", {"kind": "place", "topic": topic, "place": named[0], **when})
        if self.has("pronoun") and not named:
            return self.ask_place("about", topic=topic, **when)
        return Reading("freeformResponse", {"kind": "general"})

    def _named(self) -> list[Mention]:  # places named by a name of their own ("city", "팀랩" alone are weak)
        return [m for m in self.places if m.strength >= 2]

    def _transit(self) -> bool:
        """A route, a travel time or a timetable ("서울역에서 공항 가는 법", "how long from A to B", "막차 몇 시"): not in the
        data, a plain answer and no places; a kind of place asked for beside it ("가는 길에 카페 추천") is a search."""
        return self.has("directions") and not (self.has("recommend") and self.category() not in (None, "transport")) \
            and not (self.has("add") and self.day() is not None)

    def _compared(self) -> Reading | None:
        """"A랑 B 중에 어디가 나아?", "which is better, A or B?": places weighed against each other, a plain answer."""
        named = list(dict.fromkeys(self.name(m) for m in self._named()))
        if not self.has("compare") or len(named) < 2 or any(self.has(i) for i in ("add", "remove", "near", "itinerary")):
            return None
        return Reading("freeformResponse", {"kind": "place", "topic": "compare", "place": named[0], "places": named[:3]})

    def _flight_only(self) -> bool:  # a flight asked about, no place or plan beside it ("cheap flights to Osaka")
        return self.has("flight") and not (self.has("recommend") or self.has("itinerary") or self.has("add")
                                           or self._named()) and self.category() in (None, "transport")

    def _theme(self) -> str | None:  # the keyword, unless a named place's own short name ("팀랩" of 팀랩 플래닛)
        names = compact(" ".join(f"{self.name(m)} {self.g.places[m.id].name_en}" for m in self.places)).lower()
        return None if (k := self.keyword()) is None or compact(k) in names else k

    def _skips(self) -> bool:
        return self.has("remove") or bool(self.lex.hits(self.raw, "skip"))

    def _small_talk(self) -> str:
        return next((k for k in ("thanks", "greeting") if self.has(k)), "general")

    def _add_is_something_else(self, itinerary: bool) -> bool:
        """"추가로 카페 추천해줘", "schedule 보여줘": an add word that asks for something else."""
        if itinerary and self.has("show") and not self.places:
            return True  # "what's on my schedule for day 2": a question about the plan
        itinerary_words = {compact(w) for w in self.lex.hits(self.text, "itinerary")}
        if not self.places and all(compact(w) in itinerary_words for w in self.lex.hits(self.text, "add")):
            return True  # "day 3 schedule?": the add word is the plan's own noun, and nothing to add is named
        if self.day() is not None or self.places:
            return False
        if self.has("recommend") and (self.category() or self.keyword()):
            return True
        return itinerary and (self.has("show") or self.has("make"))

    def _wants_places(self) -> bool:
        return bool(self.category() or self.keyword() or (self.has("near") and self.lodging)
                    or (self.has("recommend") and (self.places or self.areas))
                    or (self.has("near") and (self.places or self.areas)))

    def build(self, tool: str, source: str = "rule") -> Reading:
        match tool:
            case "remove_place":
                if (listed := listed_choice(self, "remove")) is not None:  # "A랑 B 중에 하나", then which one
                    return Reading(tool, {"place": listed}, source=source) if isinstance(listed, str) else listed
                m = self.place()
                if m is None:
                    return self.ask_place("remove")
                return Reading(tool, {"place": self.name(m)}, source=source)
            case "add_place_to_itinerary":
                return self._add(source)
            case "generate_itinerary":
                args: dict[str, object] = {}
                if (n := self.trip_length()) is not None:
                    args["days"] = n
                if self.has("regenerate"):
                    args["regenerate"] = True
                if self.has("easy"):  # "첫날은 여유있게": that day (the first when none is named) is light
                    args["easy_day"] = self.day() or 1
                if self._skips() and self.places:  # "skip X": the plan leaves those saved places out
                    args["skip"] = list(dict.fromkeys(self.name(m) for m in self.places))
                elif self.has("add") and self.places:  # "X 넣어서 다시": the plan keeps those places in
                    args["include"] = list(dict.fromkeys(self.name(m) for m in self.places))
                return Reading(tool, args, source=source)
            case "show_itinerary":
                if (d := self.day()) is not None:
                    return Reading(tool, {"day": d}, source=source)
                if self.has("relative_day"):
                    return self.ask_day("show")
                return Reading(tool, {}, source=source)
            case "recommend_places" | "search_nearby_places":
                return self._places(source)
            case _:
                return Reading("freeformResponse", {"kind": self._small_talk()}, source=source)

    def _add(self, source: str) -> Reading:
        m = self.place(saved_first=True)
        day = self.day()
        if m is None:
            return self.ask_place("add")
        if isinstance(listed := listed_choice(self, "add"), Reading):
            return listed
        # "A랑 B 중에 어디가 나아? 둘째 날 넣게": which one is not said (an answer to the question, said last, is)
        weighed = list(dict.fromkeys(self.name(n) for n in self._named()))
        chosen = [n for n in weighed if compact(self.text).rstrip("?!.~").endswith(compact(n))]
        if self.has("compare") and len(weighed) >= 2 and len(chosen) != 1:
            question, _ = questions.which_place("add", [], self.en)
            return Reading(None, {"missing": "place", "for": "add", **({"day": day} if day else {})}, question,
                           weighed[:4], "ask")
        if day is None or day > self.trip.days:
            return self.ask_day("add", self.name(m))
        args: dict[str, object] = {"place": listed or (chosen[0] if self.has("compare") and chosen else self.name(m)), "day": day,
                                   **self.time()}
        return Reading("add_place_to_itinerary", args, source=source)

    def _places(self, source: str) -> Reading:
        args: dict[str, object] = {}
        if c := self.category():
            args["category"] = c
        if k := self.keyword():
            args["keyword"] = k
        if self.lodging:
            hotels = self.saved_lodging()
            if len(hotels) != 1:
                return self.ask_place("near")  # no saved hotel, or several: which one
            args["reference"] = self.g.places[hotels[0]].name_ko
            if n := self.count():
                args["max_results"] = n
            return Reading("search_nearby_places", args, source=source)
        anchor = self._anchor()
        if anchor is not None and anchor.id not in self.g.places:  # an area that is also a saved place's first word
            named = [pid for pid in self.saved_ids if landmark_of(compact(self.g.places[pid].name_ko), compact(anchor.id))]
            if len(named) == 1:  # "북촌 근처" with 북촌 한옥마을 saved: near the saved place
                anchor = Mention(named[0], anchor.strength, anchor.start, anchor.length)
        if anchor is not None and anchor.id in self.g.places and args.get("keyword") and any(
                compact(str(args["keyword"])) in compact(n) for n in (self.g.places[anchor.id].name_ko,
                                                                      self.g.places[anchor.id].name,
                                                                      self.g.places[anchor.id].name_en) if n):
            del args["keyword"]  # "팀랩 근처", "near teamLab": the place's short name is no dish or theme asked for
        if anchor is not None and anchor.id in self.saved_ids:
            args["reference"] = self.name(anchor)
            if n := self.count():
                args["max_results"] = n
            return Reading("search_nearby_places", args, source=source)
        if anchor is not None:
            args["near"] = self.name(anchor) if anchor.id in self.g.places else anchor.id
        if not args:
            return self.ask_category()
        if n := self.count():  # "top 3 sights around Asakusa": as many as asked for
            args["max_results"] = n
        return Reading("recommend_places", args, source=source)

    def _near_at(self, *, visits_only: bool = False) -> list[tuple[str, int]]:
        """The "근처/near" phrases and the after-a-visit ones ("X 끝나고"), with their positions in the compact text."""
        phrases = self.lex.hits(self.text, "after_visit") + ([] if visits_only else self.lex.hits(self.text, "near"))
        return [(p, at) for p in phrases if (at := _find(self.text, p)) >= 0]

    def _anchor(self) -> Mention | None:
        """The place or area the request is about: the one next to "근처/near" when there is one."""
        near = [at for _phrase, at in self._near_at()]
        # a weak name (a keyword only that place has) counts next to "근처" and for a saved place only
        places = [m for m in self.places if m.strength >= 2 or (m.id in self.saved_ids and near)]
        candidates = places + [a for a in self.areas if not any(
            p.start <= a.start and a.start + a.length <= p.start + p.length and p.length > a.length for p in places)]
        if not candidates:
            return None
        if (new := instead(self.text)) != self.text:  # "아사쿠사 말고 우에노 쪽": the place said after the turn
            after = compact(self.text).rfind(compact(new))
            candidates = [m for m in candidates if m.start >= after] or candidates
            near = [at for at in near if at >= after] or near
        if near:
            at = min(near)
            return min(candidates, key=lambda m: (abs(m.start - at), -m.strength))
        return max(candidates, key=lambda m: (m.strength + (0.5 if m.id in self.saved_ids else 0), -m.start))

    # --- questions -------------------------------------------------------------------------
    def ask_intent(self, candidates: list[str]) -> Reading:
        names = ([c for c in candidates if c in LABELS] or ["recommend_places", "generate_itinerary", "show_itinerary"])[:3]
        question, choices = questions.which_tool(names, self.en)
        return Reading(None, {"candidates": names}, question, choices, "ask")

    def ask_place(self, what: str, **extra: str) -> Reading:
        question, choices = questions.which_place(what, list(self.trip.saved[:4]), self.en)
        return Reading(None, {"missing": "place", "for": what, **extra}, question, choices, "ask")

    def ask_day(self, what: str, place: str | None = None) -> Reading:
        question, choices = questions.which_day(self.trip.days, place, self.en)
        return Reading(None, {"missing": "day", "for": what, "place": place}, question, choices, "ask")

    def ask_category(self) -> Reading:
        question, choices = questions.which_kind(self.en)
        return Reading(None, {"missing": "category", "for": "recommend"}, question, choices, "ask")
