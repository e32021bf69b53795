"""The prompt-injection guard, built on the offline-understanding kit: the same normalisation,
pattern families kept as data (``patterns.yaml``) and an exemplar classifier trained on labelled
attempts and on benign messages that mention instructions, systems, rules, keys and roles
(``training.yaml``). A pattern hit refuses; otherwise the classifier refuses only when it is sure."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from agents.nlu import ExemplarClassifier, normalise
from agents.nlu.lexicon import load_yaml, mapping, strings
from agents.nlu.literals import Needs, could_match, needs_of
from agents.nlu.patterns import compiled

HERE = Path(__file__).parent
FAMILIES = ("instruction_override", "prompt_extraction", "role_switch", "fake_system", "secret_exfiltration")
LABELS = {  # what the refusal names, in both languages
    "instruction_override": ("지시 무시 요청", "instruction override"),
    "prompt_extraction": ("프롬프트 유출 요청", "prompt extraction"),
    "role_switch": ("역할·모드 전환", "role or mode switch"),
    "fake_system": ("가짜 시스템 메시지", "fake system message"),
    "secret_exfiltration": ("비밀 정보 요청", "secret exfiltration"),
}
# The classifier alone refuses only when one attack family is clearly on top (its own probability,
# not the five families summed: five classes against one make any unfamiliar sentence look like an
# attack) and "benign" is unlikely. A benign refusal costs more than a miss the rules and the model's
# own training still stand behind.
FAMILY_PROBABILITY = 0.5
BENIGN_AT_MOST = 0.12


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


@dataclass(frozen=True)
class Rule:
    """One pattern of a family, compiled the first time a text it could match is searched (agents/nlu/literals.py:
    an ordinary message holds none of most patterns' words, and compiling all of them cost ~40 ms a process)."""

    source: str
    needs: Needs

    def search(self, text: str) -> bool:
        return could_match(self.needs, text) and compiled(self.source, re.M).search(text) is not None


@cache
def patterns() -> dict[str, list[Rule]]:
    data = mapping(load_yaml((HERE / "patterns.yaml").read_text(encoding="utf-8")), "patterns.yaml")
    unknown = set(data) - set(FAMILIES) - {"benign_contexts"}
    if unknown:
        raise ValueError(f"patterns.yaml: unknown families {sorted(unknown)}")
    sources = {family: strings(data[family], f"patterns.yaml {family}") for family in FAMILIES}
    needs = needs_of([source for family in FAMILIES for source in sources[family]], re.M)  # parsed: a bad one raises
    return {family: [Rule(source, needs[source]) for source in sources[family]] for family in FAMILIES}


@cache
def benign_contexts() -> dict[str, list[re.Pattern[str]]]:
    data = mapping(load_yaml((HERE / "patterns.yaml").read_text(encoding="utf-8")), "patterns.yaml")
    contexts = mapping(data.get("benign_contexts"), "patterns.yaml benign_contexts")
    return {family: [re.compile(p) for p in strings(items, f"patterns.yaml benign_contexts.{family}")]
            for family, items in contexts.items()}


def classifier() -> ExemplarClassifier:
    return ExemplarClassifier.from_yaml(HERE / "training.yaml")


def _raw_lines(text: str) -> str:
    # Fake system lines are about line starts: normalise each line but keep the breaks.
    return "\n".join(normalise(line) for line in text.splitlines())


_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s"})


def _unleet(text: str) -> str:
    """"1gn0re y0ur prev10us 1nstruct10ns" read as letters: only words mixing letters and digits
    are folded, so "30%" or "2026" stay numbers."""
    return re.sub(r"\b(?=\w*[a-z])(?=\w*[0-9@$])[\w@$]+\b", lambda m: m.group().translate(_LEET), text)


def scan(text: str) -> Finding | None:
    """The attack family the message belongs to, or None for an ordinary message."""
    flat = _unleet(normalise(text))
    lines = _raw_lines(text)
    for family, rules in patterns().items():
        for rule in rules:
            if rule.search(flat) or (family == "fake_system" and rule.search(lines)):
                if any(c.search(flat) for c in benign_contexts().get(family, [])):
                    break  # the words are about something else; the other families still look
                return Finding(family, "pattern", 1.0)
    guess = classifier().classify(text)
    benign = dict(guess.ranked).get("benign", 0.0)
    if guess.intent != "benign" and guess.score >= FAMILY_PROBABILITY and benign <= BENIGN_AT_MOST:
        return Finding(guess.intent, "classifier", guess.score)
    return None
