"""What a message names in a destination: gazetteer places (full names, short names, English,
typos), areas (Korean, with English names from the lexicon) and dish or theme keywords."""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from agents.nlu import FuzzyIndex, Lexicon, compact, normalise
from agents.nlu.lexicon import mapping, strings
from agents.nlu.text import contains, find

DATA = Path(__file__).resolve().parents[2] / "data" / "travel"
LEXICON = Path(__file__).with_name("lexicon.yaml")
# Words a place name ends with that people leave out ("메이지 신궁" -> "메이지").
_KO_SUFFIXES = ("해수욕장", "전망대", "시장", "공원", "신궁", "신사", "동상", "해변", "폭포", "정원", "본점", "거리", "골목", "상점가",
                "타워", "마을", "미술관", "박물관")
# Words too common in names to name one place by themselves.
_GENERIC_WORDS = frozenset({"스트리트", "호텔", "타워", "공원", "시장", "신사", "거리", "골목", "본점", "공항", "해변", "카페", "커피", "전망대",
                            "outer", "hotel", "tower", "grand", "coffee", "street", "market", "station", "international",
                            "national", "center", "centre", "building", "main", "store", "house", "world", "resort"})
_EN_SUFFIXES = ("temple", "shrine", "market", "park", "gardens", "garden", "station", "tower", "street", "statue",
                "museum", "beach", "falls", "waterfall", "mountain", "island", "village", "observatory", "crossing")


def lexicon() -> Lexicon:
    return Lexicon.load(LEXICON)


def fold(text: str) -> str:
    """ASCII letters for an English name ("Sensō-ji" -> "senso-ji")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()


@dataclass(frozen=True)
class Place:
    id: str
    name_ko: str
    name: str
    name_en: str
    category: str
    area: str
    keywords: tuple[str, ...]
    lat: float
    lng: float


@dataclass(frozen=True)
class Mention:
    id: str  # place id, or area name for areas
    strength: int  # 3 full name, 2 short name, 1 fuzzy
    start: int  # position in the compact text, for order
    length: int = 0  # length of the matched name in the compact text


class Gazetteer:
    """One destination's names, built once from the shipped data."""

    def __init__(self, destination: str) -> None:
        raw = json.loads((DATA / "places" / f"{destination}.json").read_text(encoding="utf-8"))["places"]
        self.destination = destination
        self.places = {p["id"]: Place(p["id"], p.get("name_ko") or p["name"], p["name"], p.get("name_en") or "",
                                      p["category"], p.get("area") or "", tuple(p.get("keywords") or ()), p["lat"],
                                      p["lng"]) for p in raw}
        self.areas: dict[str, list[str]] = {}
        for p in self.places.values():
            self.areas.setdefault(p.area, [p.area])
        for area, english in mapping(lexicon().section("areas_en").get(destination), f"areas_en {destination}").items():
            self.areas.setdefault(area, [area]).extend(strings(english, f"areas_en {destination}.{area}"))
        self.keyword_keys = {compact(k) for p in self.places.values() for k in p.keywords}
        self.keywords = sorted({k for p in self.places.values() for k in p.keywords}, key=len, reverse=True)
        owners: dict[str, set[str]] = {}
        for p in self.places.values():
            for k in p.keywords:
                owners.setdefault(compact(k), set()).add(p.id)
        dest = self._dest_names()
        self.full: dict[str, list[str]] = {}
        self.short: dict[str, list[str]] = {}
        for p in self.places.values():
            self.full[p.id] = [n for n in {p.name_ko, p.name, fold(p.name_en), fold(p.name_en).split(",")[0]} if n]
            self.short[p.id] = _short_names(p, dest)
        # single words of a name ("팀랩", "kaiyukan") and keywords only one place has ("남산타워") name it too
        words: dict[str, set[str]] = {}
        for p in self.places.values():
            for w in _name_words(p, dest):
                words.setdefault(w, set()).add(p.id)
        for w, pids in words.items():
            if len(pids) == 1 and w not in _GENERIC_WORDS and not (owners.get(compact(w), set()) - pids):
                self.short[next(iter(pids))].append(w)
        self.unique_keywords: dict[str, list[str]] = {pid: [] for pid in self.places}
        area_keys = {compact(a) for a in self.areas}
        generic = {compact(w) for w in lexicon().phrases("not_keywords")}
        for k, pids in owners.items():
            if len(pids) == 1 and len(k) >= 3 and not k.isascii() and k not in area_keys and k not in generic:
                self.unique_keywords[next(iter(pids))].append(k)
        # a short name another place uses as a keyword is a theme, not a name, also after the destination's
        # own name ("제주 흑돼지" of 제주 흑돼지거리 is Jeju's black pork, which 돈사돈 serves too)
        for pid in self.places:
            self.short[pid] = [n for n in dict.fromkeys(self.short[pid])
                               if not any(owners.get(k, set()) - {pid} for k in (compact(n), _after(compact(n), dest)))]
        for pid, forms in lexicon().section("place_aliases").items():
            if pid in self.short:
                self.short[pid].extend(strings(forms, f"place_aliases {pid}"))
        self.index = FuzzyIndex({pid: [p.name_ko, fold(p.name_en)] for pid, p in self.places.items()})

    def _dest_names(self) -> tuple[str, ...]:
        dest = json.loads((DATA / "destinations.json").read_text(encoding="utf-8"))["destinations"]
        d = next(x for x in dest if x["id"] == self.destination)
        return d["name_ko"], d["name_en"].lower()

    def place_mentions(self, text: str) -> list[Mention]:
        """Places the text names, strongest first (then earliest)."""
        found: dict[str, Mention] = {}
        area_names = {compact(a) for a in self.areas} | {compact(e) for v in self.areas.values() for e in v}
        starts = word_starts(text, area_names | {compact(d) for d in self._dest_names()})
        for pid in self.places:
            shorts = [n for n in self.short[pid] if compact(n) not in area_names]
            area_like = [n for n in self.short[pid] if compact(n) in area_names]
            themes = [n for n in shorts if compact(n) in self.keyword_keys]  # "덴푸라" is a dish before a name
            shorts = [n for n in shorts if compact(n) not in self.keyword_keys]
            for strength, names in ((3, self.full[pid]), (2, shorts), (1, area_like + themes + self.unique_keywords[pid])):
                at, length = _first(text, names, starts=None if strength == 3 else starts)
                if at >= 0 and (pid not in found or found[pid].strength < strength):
                    found[pid] = Mention(pid, strength, at, length)
        if not any(m.strength == 3 for m in found.values()):
            ck = compact(text)
            for pid, score in self.index.find(text, cutoff=88):  # a typo'd full name
                if pid not in found and score < 100:
                    at = max(0, ck.find(compact(self.places[pid].name_ko)[:2]))
                    found[pid] = Mention(pid, 1, at, 2)
        return sorted(found.values(), key=lambda m: (-m.strength, m.start))

    def area_mentions(self, text: str) -> list[Mention]:
        out = []
        for area, names in self.areas.items():
            at, length = _first(text, names)
            if at >= 0:
                out.append(Mention(area, 2, at, length))
        # "니시신주쿠" also contains "신주쿠": keep the longest area at a position
        out.sort(key=lambda m: (m.start, -len(m.id)))
        kept: list[Mention] = []
        for m in out:
            if not any(k.start <= m.start < k.start + len(compact(k.id)) for k in kept):
                kept.append(m)
        return kept

    def keyword_hits(self, text: str) -> list[tuple[int, str]]:
        """Gazetteer keywords in the text, (position, keyword), longest first at a position."""
        hits: list[tuple[int, str]] = []
        folded = vowel_fold(compact(text))
        for k in self.keywords:
            form = next((f for f in (k, k + "s", k + "es") if contains(text, f)), None) if k.isascii() else k
            at = find(text, form) if form and contains(text, form) else -1
            if at < 0 and not k.isascii() and len(compact(k)) >= 2:  # "라맨" for 라멘: ㅐ and ㅔ typed for each other
                at = folded.find(vowel_fold(compact(k)))
            if at >= 0 and not any(a <= at < a + len(compact(h)) for a, h in hits):
                hits.append((at, k))
        for k, listed in lexicon().section("keyword_aliases").items():
            phrases = strings(listed, f"keyword_aliases {k}")
            if compact(k) in self.keyword_keys and not any(h == k for _, h in hits):
                at = min((find(text, p) for p in phrases if contains(text, p)), default=-1)
                if at >= 0:
                    hits = [(a, h) for a, h in hits if not at <= a < at + 4] + [(at, k)]
        return sorted(hits)


def word_starts(text: str, known: set[str]) -> frozenset[int]:
    """Positions in the compact text where a Korean name may begin: a word's start, or right after a
    known name or a non-Korean run the word opens with ("오사카도톤보리", "2일차도톤보리"). A short
    name inside another word is no mention: "지로" in "관광지로", "거리" in "길거리"."""
    out: set[int] = set()
    at = 0
    for word in normalise(text).split(" "):
        out.add(at)
        for i in range(1, len(word)):
            prefix = word[:i]
            if not re.fullmatch(r"[가-힣]+", prefix) or any(prefix.endswith(k) for k in known if k):
                out.add(at + i)
        at += len(word)
    return frozenset(out)


def vowel_fold(text: str) -> str:
    """Hangul with ㅐ/ㅔ and ㅒ/ㅖ made one (people type them for each other: 라맨, 카패), and a loanword's tense
    initial made aspirated (타코야끼 / 타코야키, 까페 / 카페: ㄲㄸㅃㅉ -> ㅋㅌㅍㅊ); same length."""
    out = []
    for ch in text:
        code = ord(ch) - 0xAC00
        if 0 <= code < 11172:
            if (code // 28) % 21 in (1, 3):  # ㅐ -> ㅔ, ㅒ -> ㅖ
                code += 4 * 28
            if (initial := code // 588) in _TENSE:
                code += (_TENSE[initial] - initial) * 588
            ch = chr(0xAC00 + code)
        out.append(ch)
    return "".join(out)


_TENSE = {1: 15, 4: 16, 8: 17, 13: 14}  # ㄲ -> ㅋ, ㄸ -> ㅌ, ㅃ -> ㅍ, ㅉ -> ㅊ (initial consonant indexes)


def _first(text: str, names: list[str], starts: frozenset[int] | None = None) -> tuple[int, int]:
    """Where the earliest of ``names`` is (longest on ties), and its length; (-1, 0) when none. With
    ``starts``, a Korean name counts only where it begins there (see ``word_starts``)."""
    best, length = -1, 0
    for n in names:
        if len(compact(n)) < 2:
            continue
        at = find(text, n) if contains(text, n) else -1
        if at >= 0 and starts is not None and not n.isascii() and at not in starts:
            at = _next_start(text, n, starts)
        if at >= 0 and (best < 0 or at < best or (at == best and len(compact(n)) > length)):
            best, length = at, len(compact(n))
    return best, length


def _next_start(text: str, name: str, starts: frozenset[int]) -> int:
    """A later occurrence of ``name`` that begins a word ("관광지로 말고 지로 예약": the second one)."""
    ck, key = compact(text), compact(name)
    at = ck.find(key)
    while at >= 0 and at not in starts:
        at = ck.find(key, at + 1)
    return at


def _after(key: str, dest: tuple[str, ...]) -> str:
    """A compact name without the destination's name in front ("제주흑돼지" -> "흑돼지")."""
    for d in dest:
        if key.startswith(compact(d)) and len(key) > len(compact(d)):
            return key[len(compact(d)):]
    return key


def _name_words(p: Place, dest: tuple[str, ...]) -> set[str]:
    ko_words = [w for w in p.name_ko.split() if len(w) >= 2 and w != dest[0]]
    en_words = [w for w in re.findall(r"[a-z]{5,}", fold(p.name_en)) if w not in _EN_SUFFIXES and w != dest[1]]
    return set((ko_words if len(p.name_ko.split()) > 1 else []) + en_words)


def _short_names(p: Place, dest: tuple[str, ...]) -> list[str]:
    out: set[str] = set()
    ko = p.name_ko
    for prefix in (dest[0] + " ", p.area + " "):
        if ko.startswith(prefix):
            out.add(ko[len(prefix):])
    if ko.endswith(" " + dest[0]):
        out.add(ko[: -len(dest[0]) - 1])
    for suffix in _KO_SUFFIXES:
        for name in (ko, *out):
            if name.endswith(suffix) and len(compact(name)) - len(suffix) >= 2:
                out.add(name[: -len(suffix)].strip())
    en = fold(p.name_en).split(",")[0].split("(")[0].strip()
    words = [w for w in re.split(r"\s+", en) if w and w not in ("the", dest[1])]
    while words and words[-1] in _EN_SUFFIXES:
        words = words[:-1]
    if words:
        short = " ".join(words)
        out.add(short)
        out.add(short.replace("-", ""))
        out.add(short.replace("-", " "))
        # "Tsukiji market" for Tsukiji Outer Market: a generic word inside the name left out, the kind kept
        full = [w for w in re.split(r"\s+", en) if w and w not in ("the", dest[1])]
        plain = [w for w in full[:-1] if w not in _GENERIC_WORDS] + full[-1:]
        if 2 <= len(plain) < len(full) and plain[-1] in _EN_SUFFIXES:
            out.add(" ".join(plain))
    return [n for n in out if len(compact(n)) >= 2 and compact(n) not in {compact(d) for d in dest}
            and normalise(n) not in {"tokyo", "osaka", "seoul", "jeju"}]


@functools.cache
def gazetteer(destination: str) -> Gazetteer:
    return Gazetteer(destination)
