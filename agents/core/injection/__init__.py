"""The prompt-injection guard, built on the offline-understanding kit: the same normalisation,
pattern families kept as data (``patterns.yaml``) and an exemplar classifier trained on labelled
attempts and on benign messages that mention instructions, systems, rules, keys and roles
(``training.yaml``). A pattern hit refuses; otherwise the classifier refuses only when it is sure."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from agents.core.nlu import ExemplarClassifier, normalise

HERE = Path(__file__).parent
FAMILIES = ("instruction_override", "prompt_extraction", "role_switch", "fake_system", "secret_exfiltration")
LABELS = {  # what the refusal names, in both languages
    "instruction_override": ("지시 무시 요청", "instruction override"),
    "prompt_extraction": ("프롬프트 유출 요청", "prompt extraction"),
    "role_switch": ("역할·모드 전환", "role or mode switch"),
    "fake_system": ("가짜 시스템 메시지", "fake system message"),
    "secret_exfiltration": ("비밀 정보 요청", "secret exfiltration"),
}
# The classifier alone refuses only above this probability that the message is an attack (all
# families together) and with an attack family on top: benign refusals cost more than a miss the
# rules and the model's own training still stand behind.
ATTACK_PROBABILITY = 0.72


@dataclass(frozen=True)
class Finding:
    family: str
    source: str  # "pattern" | "classifier"
    score: float

    @property
    def label_ko(self) -> str:
        return LABELS[self.family][0]

    @property
    def label_en(self) -> str:
        return LABELS[self.family][1]


@cache
def patterns() -> dict[str, list[re.Pattern[str]]]:
    data = yaml.safe_load((HERE / "patterns.yaml").read_text(encoding="utf-8"))
    unknown = set(data) - set(FAMILIES)
    if unknown:
        raise ValueError(f"patterns.yaml: unknown families {sorted(unknown)}")
    return {family: [re.compile(p, re.M) for p in data[family]] for family in FAMILIES}


def classifier() -> ExemplarClassifier:
    return ExemplarClassifier.from_yaml(HERE / "training.yaml")


def _raw_lines(text: str) -> str:
    # Fake system lines are about line starts: normalise each line but keep the breaks.
    return "\n".join(normalise(line) for line in text.splitlines())


def scan(text: str) -> Finding | None:
    """The attack family the message belongs to, or None for an ordinary message."""
    flat = normalise(text)
    lines = _raw_lines(text)
    for family, compiled in patterns().items():
        for pattern in compiled:
            if pattern.search(flat) or (family == "fake_system" and pattern.search(lines)):
                return Finding(family, "pattern", 1.0)
    guess = classifier().classify(text)
    attack = sum(p for name, p in guess.ranked if name != "benign")
    if guess.intent != "benign" and attack >= ATTACK_PROBABILITY:
        return Finding(guess.intent, "classifier", attack)
    return None
