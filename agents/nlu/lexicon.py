"""Phrases as data: an agent's trigger phrases per intent and its slot vocabularies live in a
YAML file beside its package, so adding a phrasing is a data edit, not a regex in code.

```yaml
intents: {getPerformanceKPI: [성과, how did]}
slots: {period: {7d: [이번 주, this week]}}
```
Korean phrases match space-insensitively inside the text; English phrases match whole words."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path

from agents.nlu import yaml_cache
from agents.nlu.text import contains, find


def load_yaml(text: str) -> object:
    """``yaml.safe_load`` (libyaml's loader when present), kept parsed on disk (agents/nlu/yaml_cache.py)."""
    return yaml_cache.parsed(text)


def mapping(value: object, where: str) -> dict[str, object]:
    """``value`` read as a YAML mapping (None: an empty one); anything else is an error naming ``where``."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ValueError(f"{where}: expected a mapping, got {type(value).__name__}")
    return {str(k): v for k, v in value.items()}


def strings(values: object, where: str) -> list[str]:
    if not isinstance(values, list):
        raise ValueError(f"{where}: expected a list of phrases, got {type(values).__name__}")
    flags = [v for v in values if isinstance(v, bool)]
    if flags:  # YAML 1.1 reads a bare yes/no/on/off as a boolean: str() would make the phrase "True"
        raise ValueError(f"{where}: {len(flags)} phrase(s) read as true/false; quote a bare yes, no, on or off")
    return [str(v) for v in values]  # YAML reads 1080 as a number


class Lexicon:
    def __init__(self, data: Mapping[str, object], *, source: str = "<lexicon>") -> None:
        self.data = data
        self.source = source
        self.intents: dict[str, list[str]] = {
            name: strings(phrases, f"{source} intents.{name}") for name, phrases in mapping(data.get("intents"), f"{source} intents").items()}
        self.slots: dict[str, dict[str, list[str]]] = {
            slot: {value: strings(phrases, f"{source} slots.{slot}.{value}")
                   for value, phrases in mapping(values, f"{source} slots.{slot}").items()}
            for slot, values in mapping(data.get("slots"), f"{source} slots").items()}

    def section(self, key: str) -> dict[str, object]:
        """A top-level mapping beside ``intents`` and ``slots`` (absent: empty)."""
        return mapping(self.data.get(key), f"{self.source} {key}")

    def phrases(self, key: str) -> list[str]:
        """A top-level list of phrases beside ``intents`` and ``slots`` (absent: empty)."""
        value = self.data.get(key)
        return [] if value is None else strings(value, f"{self.source} {key}")

    @classmethod
    def load(cls, path: str | Path) -> Lexicon:
        return _load(str(Path(path).resolve()))

    # --- intents -----------------------------------------------------------------------------
    def hits(self, text: str, intent: str) -> list[str]:
        """The intent's trigger phrases found in ``text``."""
        return [p for p in self.intents.get(intent, []) if contains(text, p)]

    def intents_hit(self, text: str) -> dict[str, int]:
        """Intent -> length of its longest phrase found (longer phrases are more specific)."""
        out: dict[str, int] = {}
        for intent in self.intents:
            found = self.hits(text, intent)
            if found:
                out[intent] = max(len(p) for p in found)
        return out

    # --- slots -------------------------------------------------------------------------------
    def words(self, slot: str, value: str | None = None) -> list[str]:
        values = self.slots.get(slot, {})
        if value is not None:
            return values.get(value, [])
        return [p for phrases in values.values() for p in phrases]

    def has(self, text: str, slot: str, value: str | None = None) -> bool:
        return any(contains(text, p) for p in self.words(slot, value))

    def matches(self, text: str, slot: str) -> list[tuple[int, int, str, str]]:
        """(position, -length, value, phrase) of every phrase of ``slot`` found, in text order."""
        out = []
        for value, phrases in self.slots.get(slot, {}).items():
            for phrase in phrases:
                at = find(text, phrase)
                if at >= 0:
                    out.append((at, -len(phrase), value, phrase))
        return sorted(out)

    def value(self, text: str, slot: str) -> str | None:
        """The value whose phrase match is longest (earliest on ties); None when none matches."""
        found = self.matches(text, slot)
        if not found:
            return None
        return min(found, key=lambda m: (m[1], m[0]))[2]

    def values(self, text: str, slot: str) -> list[str]:
        """Every value found, in text order, once each; a phrase inside a longer match is dropped."""
        found = self.matches(text, slot)
        kept: list[tuple[int, int, str]] = []
        for at, neg, value, _ in sorted(found, key=lambda m: (m[1], m[0])):
            end = at - neg
            if any(a <= at and end <= e for a, e, _ in kept):
                continue
            kept.append((at, end, value))
        out: list[str] = []
        for _, _, value in sorted(kept):
            if value not in out:
                out.append(value)
        return out


@cache
def _load(path: str) -> Lexicon:
    data = load_yaml(Path(path).read_text(encoding="utf-8")) or {}
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a lexicon is a mapping with 'intents' and 'slots'")
    return Lexicon(data, source=Path(path).name)
