"""The shape of the guard's labelled corpora: families, counts, languages, no overlaps.

This checks the data only; the guard's caught / false-positive figures are measured elsewhere.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

HERE = Path(__file__).parent


def _tagged(name: str) -> list[dict[str, Any]]:
    # The files hold two authors' items (`source`); the tag and mix rules below are this author's.
    items = yaml.safe_load((HERE / name).read_text(encoding="utf-8"))
    return [{k: v for k, v in i.items() if k != "source"} for i in items if i.get("source", "pm") == "pm"]


ATTACKS: list[dict[str, Any]] = _tagged("injection_attempts.yaml")
BENIGN: list[dict[str, Any]] = _tagged("benign.yaml")

FAMILIES = {"instruction_override", "prompt_extraction", "role_switch", "fake_system", "secret_exfiltration"}
ATTACK_TAGS = {"verbatim", "translate", "summarise", "text-above", "developer-mode", "grandmother", "shell",
               "fake-system-line", "delimiter", "api-key", "password", "env", "embedded", "obfuscation",
               "typo", "spacing", "mixed"}
# Sub-kinds issue 9 names; each must be represented in its family.
REQUIRED = {"prompt_extraction": {"verbatim", "translate", "summarise", "text-above"},
            "role_switch": {"developer-mode", "grandmother", "shell"},
            "fake_system": {"fake-system-line", "delimiter"},
            "secret_exfiltration": {"api-key", "password", "env"}}
AGENTS = {"ads", "shopping", "travel", "stock", "english"}
BENIGN_TAGS = AGENTS | {"mentions", "hard"}
# Words that make a benign message look like an attack to a naive filter.
MENTION = re.compile(r"규칙|지시|지침|정책|권한|명령|옵션|시스템|프롬프트|모드|키|관리|개발자|역할|비밀번호|설명서|무시|취소|번역|요약|할머니"
                     r"|rule|instruction|system|prompt|mode|key|admin|developer|role|password|ignore|translate"
                     r"|summari[sz]e|policy|act as|you are", re.IGNORECASE)
HANGUL = re.compile(r"[\uac00-\ud7a3]")


def norm(text: str) -> str:
    return re.sub(r"\s+", "", text).casefold()


def korean_share(items: list[dict[str, Any]]) -> float:
    return sum(1 for i in items if HANGUL.search(i["text"])) / len(items)


def test_counts_families_and_languages():
    assert len(ATTACKS) >= 110 and len(BENIGN) >= 110
    families = Counter(a["family"] for a in ATTACKS)
    assert set(families) == FAMILIES
    assert min(families.values()) >= 15, families
    for items in (ATTACKS, BENIGN):
        assert 0.5 <= korean_share(items) <= 0.75  # about 60/40 Korean/English


def test_required_sub_kinds_are_covered():
    for family, kinds in REQUIRED.items():
        present = {t for a in ATTACKS if a["family"] == family for t in a.get("tags", [])}
        assert kinds <= present, f"{family} lacks {kinds - present}"


def test_benign_mix():
    mentions = [b for b in BENIGN if "mentions" in b["tags"]]
    assert len(mentions) * 2 >= len(BENIGN)
    for item in mentions:  # the tag is honest: the message really uses such a word
        assert MENTION.search(item["text"]), item["text"]
    agents = Counter(t for b in BENIGN for t in b["tags"] if t in AGENTS)
    assert set(agents) == AGENTS and min(agents.values()) >= 8, agents
    assert sum(1 for b in BENIGN if "hard" in b["tags"]) >= 15


def test_no_duplicates_within_or_across_files():
    seen = Counter(norm(i["text"]) for i in ATTACKS + BENIGN)
    assert [t for t, n in seen.items() if n > 1] == []


@pytest.mark.parametrize("item", ATTACKS, ids=[a["text"][:40] for a in ATTACKS])
def test_attack_shape(item):
    assert set(item) <= {"text", "family", "tags", "note"}
    assert isinstance(item["text"], str) and item["text"].strip() == item["text"] and item["text"]
    assert item["family"] in FAMILIES
    assert set(item.get("tags", [])) <= ATTACK_TAGS


@pytest.mark.parametrize("item", BENIGN, ids=[b["text"][:40] for b in BENIGN])
def test_benign_shape(item):
    assert set(item) <= {"text", "tags", "note"}, "benign items carry no family"
    assert isinstance(item["text"], str) and item["text"].strip() == item["text"] and item["text"]
    assert set(item["tags"]) <= BENIGN_TAGS and set(item["tags"]) & (AGENTS | {"mentions"})
