"""Finding a campaign from what a person typed: id, exact name, part of a name, a typo, or an
English alias ("the summer launch campaign" -> 여름 신상품 런칭), with the kit's FuzzyIndex."""

from __future__ import annotations

import re
from functools import cache
from itertools import pairwise
from pathlib import Path

from agents.nlu import FuzzyIndex
from agents.nlu.lexicon import load_yaml
from agents.nlu.text import normalise

Roster = list[tuple[str, str]]  # (id, name)
LEXICON = Path(__file__).with_name("lexicon.yaml")


@cache
def aliases() -> dict[str, list[str]]:
    data = load_yaml(LEXICON.read_text(encoding="utf-8")) or {}
    return {str(k): [str(a) for a in v] for k, v in (data.get("aliases") or {}).items()}


def _names(name: str) -> list[str]:
    """The name and its aliases; a numbered copy ("봄 시즌 세일 2") keeps its number on each."""
    m = re.fullmatch(r"(.+?)\s+(\d+)", name)
    base, suffix = (m.group(1), f" {m.group(2)}") if m else (name, "")
    return [name] + [alias + suffix for alias in aliases().get(base, [])]


def index(roster: Roster) -> FuzzyIndex:
    return _index(tuple(roster))


@cache
def generic_words() -> frozenset[str]:
    """Objective words ("traffic", "인지도", "전환"): alone they describe a kind of campaign, so
    "traffic campaign please" is no reference to 인스타그램 트래픽."""
    data = load_yaml(LEXICON.read_text(encoding="utf-8")) or {}
    slots = data.get("slots") or {}
    words = [w for key in ("objective", "fresh", "metric") for values in (slots.get(key) or {}).values() for w in values]
    return frozenset(str(w) for w in words)


@cache
def _index(roster: tuple[tuple[str, str], ...]) -> FuzzyIndex:
    return FuzzyIndex({cid: _names(name) for cid, name in roster}, generic=generic_words())


def match_campaigns(query: str, campaigns: Roster) -> Roster:
    """Best matches for ``query`` (an id, a name or an alias); several means ambiguous."""
    by_id = {cid: (cid, name) for cid, name in campaigns}
    if query.strip() in by_id:
        return [by_id[query.strip()]]
    found = index(campaigns).find(query, cutoff=70)
    if not found:
        return []
    top = found[0][1]
    return [by_id[cid] for cid, score in found if score >= top - 2]


def mentioned_campaigns(text: str, campaigns: Roster) -> Roster:
    """Campaigns a sentence refers to, in the order they are named."""
    by_id = {cid: (cid, name) for cid, name in campaigns}
    ids = [by_id[cid] for cid in re.findall(r"cmp_[0-9a-z]+", text) if cid in by_id]
    if ids:
        return ids
    found = [(cid, score) for cid, score in index(campaigns).find(text, cutoff=80)
             if score >= 100 or not _contradicted(text, by_id[cid][1])]
    if not found:
        return []
    if found[0][1] >= 100:
        return _in_text_order(text, [by_id[cid] for cid, _ in found])
    top = found[0][1]
    return _in_text_order(text, [by_id[cid] for cid, score in found if score >= top - 6])


# Words before a name's word that say which one rather than naming another ("이번 세일", "그 세일").
_NOT_A_NAME = frozenset({"이번", "지난", "저번", "요즘", "오늘", "어제", "현재", "기존", "지금", "해당", "우리", "진행", "진행중",
                         "모든", "전체", "다른", "새로", "새로운", "최근", "이번주", "지난주", "올해", "작년", "올해의", "제일",
                         "가장", "아까", "방금", "위의", "아래", "첫번째", "두번째", "마지막"})
_PARTICLE = re.compile(r"(?<=[가-힣]{2})(?:캠페인|에서|으로|이랑|하고|은|는|이|가|을|를|의|도|만|에|랑|로|과|와)$")
_ADNOMINAL = re.compile(r"(?:은|는|던|한|된|운|인|할|될|난|단|린)$")  # "높은 세일", "진행 중인 세일": a description


def _contradicted(text: str, name: str) -> bool:
    """"겨울 아우터 세일" is not "봄 시즌 세일": a word of the name typed right after a noun the name does not
    hold names another campaign (one not on the roster), so the shared word alone is no reference."""
    ordered = re.findall(r"[가-힣]+|[a-z0-9]+", normalise(name))
    own = set(ordered)
    words = [_PARTICLE.sub("", w) or w for w in re.findall(r"[가-힣]+|[a-z0-9]+", normalise(text))]
    shared = own & set(words)
    if not shared or (len(shared) > 1 and ordered[0] in words):
        return False  # two words of the name typed ("여름 신상 런칭"): that name, shortened
    # "겨울 시즌 세일", "가을 신상품 런칭": the name typed with its leading word swapped for another is another name
    for before, word in pairwise(words):
        if word in own and before not in own and re.fullmatch(r"[가-힣]{2,}", before) \
                and before not in _NOT_A_NAME and not _ADNOMINAL.search(before) \
                and not any(w.startswith(before) for w in own):  # "신상" is 신상품 cut short
            return True
    return False


def named_all(text: str, campaigns: Roster) -> Roster:
    """Every campaign named by its full name or an alias, for "A랑 B 비교해줘"."""
    by_id = {cid: (cid, name) for cid, name in campaigns}
    idx = index(campaigns)
    hits = []
    # Korean joiners attach to the word before ("A랑 B"); English ones stand alone ("brand" holds no "and")
    for part in re.split(r"\s*(?:이랑|랑|하고|과|와)\s+|\s+(?:및|vs\.?|versus|and|against|with|대|대비)\s+"
                         r"|\s*[,/&]\s*|(?<=[가-힣])(?:vs\.?|versus)(?=[가-힣\s])", text):
        found = idx.find(part, cutoff=85) if part.strip() else []
        if found and (len(found) == 1 or found[1][1] < found[0][1] - 2):
            hits.append(by_id[found[0][0]])
    out: Roster = []
    for c in hits:
        if c not in out:
            out.append(c)
    return out


def _in_text_order(text: str, found: Roster) -> Roster:
    flat = re.sub(r"\s+", "", text.lower())

    def where(c: tuple[str, str]) -> int:
        at = flat.find(re.sub(r"\s+", "", c[1].lower()))
        return at if at >= 0 else len(flat)

    return sorted(found, key=where)


def names_of(name: str) -> list[str]:
    """A campaign's name and aliases, as typed in a sentence."""
    return _names(name)
