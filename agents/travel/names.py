"""What a message names in a destination: gazetteer places (full names, short names, English,
typos), areas (Korean, with English names from the lexicon) and dish or theme keywords."""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from agents.core.nlu import FuzzyIndex, Lexicon, compact, normalise
from agents.core.nlu.text import contains, find

DATA = Path(__file__).resolve().parents[2] / "data" / "travel"
LEXICON = Path(__file__).with_name("lexicon.yaml")
# Words a place name ends with that people leave out ("메이지 신궁" -> "메이지").
_KO_SUFFIXES = ("해수욕장", "전망대", "시장", "공원", "신궁", "신사", "동상", "해변", "폭포", "정원", "본점", "거리", "골목", "상점가",
                "타워", "마을", "미술관", "박물관")
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


class Gazetteer:
    """One destination's names, built once from the shipped data."""

    def __init__(self, destination: str) -> None:
        raw = json.loads((DATA / "places" / f"{destination}.json").read_text(encoding="utf-8"))["places"]
        self.destination = destination
        self.places = {p["id"]: Place(p["id"], p.get("name_ko") or p["name"], p["name"], p.get("name_en") or "",
                                      p["category"], p.get("area") or "", tuple(p.get("keywords") or ()), p["lat"],
                                      p["lng"]) for p in raw}
        self.full: dict[str, list[str]] = {}
        self.short: dict[str, list[str]] = {}
        for p in self.places.values():
            self.full[p.id] = [n for n in {p.name_ko, p.name, fold(p.name_en), fold(p.name_en).split(",")[0]} if n]
            self.short[p.id] = _short_names(p, self._dest_names())
        self.index = FuzzyIndex({pid: [p.name_ko, fold(p.name_en)] for pid, p in self.places.items()})
        self.areas: dict[str, list[str]] = {}
        for p in self.places.values():
            self.areas.setdefault(p.area, [p.area])
        for area, english in (lexicon().data.get("areas_en", {}).get(destination) or {}).items():
            self.areas.setdefault(area, [area]).extend(english)
        self.keywords = sorted({k for p in self.places.values() for k in p.keywords}, key=len, reverse=True)

    def _dest_names(self) -> tuple[str, ...]:
        dest = json.loads((DATA / "destinations.json").read_text(encoding="utf-8"))["destinations"]
        d = next(x for x in dest if x["id"] == self.destination)
        return d["name_ko"], d["name_en"].lower()

    def place_mentions(self, text: str) -> list[Mention]:
        """Places the text names, strongest first (then earliest)."""
        found: dict[str, Mention] = {}
        area_names = {compact(a) for a in self.areas} | {compact(e) for v in self.areas.values() for e in v}
        for pid in self.places:
            shorts = [n for n in self.short[pid] if compact(n) not in area_names]
            area_like = [n for n in self.short[pid] if compact(n) in area_names]
            for strength, names in ((3, self.full[pid]), (2, shorts), (1, area_like)):
                at = _first(text, names)
                if at >= 0 and (pid not in found or found[pid].strength < strength):
                    found[pid] = Mention(pid, strength, at)
        if not any(m.strength == 3 for m in found.values()):
            ck = compact(text)
            for pid, score in self.index.find(text, cutoff=86):
                if pid not in found and score < 100:
                    at = max(0, ck.find(compact(self.places[pid].name_ko)[:2]))
                    found[pid] = Mention(pid, 1, at)
        return sorted(found.values(), key=lambda m: (-m.strength, m.start))

    def area_mentions(self, text: str) -> list[Mention]:
        out = []
        for area, names in self.areas.items():
            at = _first(text, names)
            if at >= 0:
                out.append(Mention(area, 2, at))
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
        for k in self.keywords:
            at = find(text, k) if contains(text, k) else -1
            if at >= 0 and not any(a <= at < a + len(compact(h)) for a, h in hits):
                hits.append((at, k))
        return sorted(hits)


def _first(text: str, names: list[str]) -> int:
    best = -1
    for n in names:
        if len(compact(n)) < 2:
            continue
        at = find(text, n) if contains(text, n) else -1
        if at >= 0 and (best < 0 or at < best):
            best = at
    return best


def _short_names(p: Place, dest: tuple[str, ...]) -> list[str]:
    out: set[str] = set()
    ko = p.name_ko
    for prefix in (dest[0] + " ",):
        if ko.startswith(prefix):
            out.add(ko[len(prefix):])
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
    return [n for n in out if len(compact(n)) >= 2 and compact(n) not in {compact(d) for d in dest}
            and normalise(n) not in {"tokyo", "osaka", "seoul", "jeju"}]


@functools.cache
def gazetteer(destination: str) -> Gazetteer:
    return Gazetteer(destination)
