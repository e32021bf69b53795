"""Two readings the travel reader needs beside the gazetteer's names: the trip's own lodging used as a
reference ("숙소 근처", "near our hotel") and a dish the gazetteer does not know before a shop word
("삼겹살 구이집"). The words are in lexicon.yaml (``lodging``, ``near``, ``shop_words``, ``not_shops``)."""

from __future__ import annotations

import re
from functools import cache

from agents.nlu import Lexicon, Speller, compact, normalise
from agents.nlu.text import find
from agents.travel.names import Gazetteer


@cache  # lexicon phrases: compiled once, not on every turn
def phrase_pattern(phrase: str) -> re.Pattern[str]:
    """A lexicon phrase in the normalised text: Korean whatever the spacing, English as whole words."""
    if phrase.isascii():
        return re.compile(rf"(?<![a-z]){re.escape(normalise(phrase))}(?![a-z])")
    return re.compile(r"\s*".join(re.escape(ch) for ch in compact(phrase)))


# "take teamLab off my list", "cross Tsukiji off": a phrasal verb split by the place (the joined forms are in
# lexicon.yaml's remove)
_SPLIT_REMOVE = re.compile(r"\b(?:take|cross|strike|knock)\s+(?:[\w'-]+\s+){1,4}?off\b")
# "fit Ueno Park into day 1", "squeeze teamLab in on day 2", "work X into the plan": an add split by the place
_SPLIT_ADD = re.compile(r"\b(?:fit|squeeze|slot|work|pencil)\s+(?:[\w'-]+\s+){1,4}?(?:in|into)\b")


def split_verbs(text: str) -> list[str]:
    """The intents of phrasal verbs split by a place: "remove" for "take X off", "add" for "fit X into"."""
    t = normalise(text)
    return [intent for intent, pattern in (("remove", _SPLIT_REMOVE), ("add", _SPLIT_ADD)) if pattern.search(t)]


def without(text: str, phrases: list[str]) -> str:
    """The normalised ``text`` with ``phrases`` blanked out."""
    for phrase in phrases:
        text = phrase_pattern(phrase).sub(" ", text)
    return text


def lodging_reference(text: str, lex: Lexicon, g: Gazetteer) -> bool:
    """"숙소 근처", "호텔 주변", "near our hotel": the trip's lodging right next to a "near" word (a hotel
    named by its name is a place, not this)."""
    if any(g.places[m.id].category == "accommodation" and m.strength >= 2 for m in g.place_mentions(text)):
        return False
    near = [(at, len(compact(p))) for p in lex.hits(text, "near") if (at := find(text, p)) >= 0]
    for phrase in lex.hits(text, "lodging"):
        at, n = find(text, phrase), len(compact(phrase))
        # Korean says the lodging first ("숙소 근처"), English after ("near our hotel")
        if at >= 0 and any((0 <= at - (b + m) <= 3) if phrase.isascii() else (0 <= b - (at + n) <= 2)  # "숙소에서 가까운"
                           for b, m in near):
            return True
    return False


def meal_named(text: str, lex: Lexicon) -> bool:
    """A meal named as a word of its own ("점심", "야식은", "breakfast"), not a time ("저녁에", "저녁 7시")."""
    meals = {compact(w) for w in lex.phrases("meal_words")}
    return any(compact(re.sub(r"(?:은|는|도|좀|으로|로|이나|이랑|부터)$", "", token)) in meals
               for token in normalise(text).split(" "))


def worth_question(text: str, lex: Lexicon) -> bool:
    """"X 가 볼 만해?", "is X worth a visit?": yes/no about one place. An English phrase counts only in a
    question ("places worth visiting" asks for a list)."""
    hits = lex.hits(text, "worth_it")
    if any(not h.isascii() for h in hits):
        return True
    t = normalise(text)
    return bool(hits) and any(t.startswith(f"{w} ") for w in lex.phrases("yes_no_starts"))


def unknown_dish_shop(text: str, lex: Lexicon) -> bool:
    """A Korean word ending in 집/가게/전문점 after a dish of two syllables or more ("구이집", "곱창집"),
    not a home ("우리집")."""
    homes = {compact(w) for w in lex.phrases("not_shops")}
    shops = [w for w in lex.phrases("shop_words") if w in ("집", "가게", "전문점")]
    for token in re.findall(r"[가-힣]+", text):
        token = re.sub(r"(?:이|은|을|좀|에|도)$", "", token)
        if token not in homes and any(token.endswith(w) and len(token) - len(w) >= 2 for w in shops):
            return True
    return False


@cache
def _kind_words(destination: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The Korean kind-of-place words a typo is folded onto, and every Korean word the agent knows (a token holding
    one is no typo: "카레" is a dish, not "카페")."""
    from agents.travel.destinations import destinations
    from agents.travel.names import gazetteer, lexicon

    lex, g = lexicon(), gazetteer(destination)
    targets = tuple(w for ws in lex.slots.get("category", {}).values() for w in ws if " " not in w)
    known = {w for ws in lex.intents.values() for w in ws} | {w for vs in lex.slots.values() for ws in vs.values() for w in ws}
    known |= {w for p in g.places.values() for w in (p.name_ko, *p.keywords)} | set(g.areas)
    known |= {w for key in ("shop_words", "meal_words", "not_shops", "not_typos", "other_cities") for w in lex.phrases(key)}
    known |= {d.name for d in destinations().values()}  # "교토 맛집": a city, never 교통 typed one letter off
    return targets, tuple(sorted(w for w in known if not w.isascii() and len(w) >= 2))


@cache
def _speller(destination: str) -> Speller:
    """The English words the agent knows for a destination: its lexicon, its places' names and keywords, its areas."""
    from agents.travel.names import gazetteer, lexicon

    lex, g = lexicon(), gazetteer(destination)
    words = [w for ws in lex.intents.values() for w in ws] + [w for vs in lex.slots.values() for ws in vs.values() for w in ws]
    words += [w for key in ("shop_words", "meal_words", "not_keywords", "yes_no_starts") for w in lex.phrases(key)]
    words += [w for p in g.places.values() for w in (p.name_en, *p.keywords)] + [w for ws in g.areas.values() for w in ws]
    return Speller(w for w in words if w.isascii())


def fold_kind_typos(text: str, destination: str) -> str:
    """"맛칩", "카폐", "식딩" read as the kind of place they were typed for (one letter off, first consonant kept); an
    English word typed one letter off the agent's own ("ramne", "resturant", "musuem") as that word."""
    from agents.nlu.jamo import fold_onto

    targets, known = _kind_words(destination)
    folded = " ".join(fold_onto(text.split(), targets, known, same_leads=False))
    return _speller(destination).fix(folded) if re.search(r"[a-z]{5}", folded) else folded


# A message that only lets the last request go ("아니 됐어", "괜찮아요", "nah, never mind", "forget it"): nothing to do
_DISMISSAL = re.compile(r"^(?:(?:아|음|앗|oh|ah|um|hmm|ok|okay|nah|no|nope|아니|아니요|아냐|아뇨|[ㄴᄂ]{2}|그냥|이제|그럼)[\s,.!~]*)*"
                        r"(?:됐어요?|됐다|됐습니다|괜찮아요?|괜찮습니다|그만(?:할게요?|해도\s*돼요?)?|안\s*해도\s*돼요?|"
                        r"never\s*mind|forget\s+(?:it|that|about\s+it)|no\s+thank(?:s|\s+you)|that'?s\s+(?:all|fine|ok)|all\s+good)"
                        r"[\s,.!~]*(?:thanks?|thank\s+you|고마워요?|감사합니다)?[\s.!~]*$")


def dismissal(text: str) -> bool:
    return _DISMISSAL.match(normalise(text)) is not None


_LANDMARK_NOUNS = ("마을", "시장", "해수욕장", "해변", "공원", "폭포", "성", "궁", "타워", "거리", "신사", "사원")


def landmark_of(name: str, area: str) -> bool:
    """The place is the area's landmark: its name is the area and a landmark noun ("북촌 한옥마을", "함덕 해수욕장"),
    not a longer name that only starts there ("우메다 스카이빌딩 공중정원")."""
    rest = name[len(area):] if name.startswith(area) else ""
    return 0 < len(rest) <= 5 and rest.endswith(_LANDMARK_NOUNS)
