"""Seed 001 §3.3: when a real model lists places in text and calls no tool, pull the names out
(a JSON block, JSON anywhere, a numbered list, quoted names) and send them through
recommend_places. Each use is recorded as ``meta.parse_fallback`` so its frequency shows."""

from __future__ import annotations

import json
import re
from typing import Any

_JSON_BLOCK = re.compile(r"```(?:json)?\s*(\{.*?\}|\[.*?\])\s*```", re.S)
_JSON_ANY = re.compile(r"(\{[^{}]*\"(?:places|name)\"[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|\[\s*\{.*?\}\s*\])", re.S)
_NUMBERED = re.compile(r"^\s*(?:\d+[.)]|[-*•])\s*\**([^*\n:–—(]{2,60}?)\**\s*(?:[:–—(-]|$)", re.M)
_QUOTED = re.compile(r"[「『\"“]([^」』\"”]{2,60})[」』\"”]")


def _from_json(value: object) -> list[dict[str, object]]:
    if isinstance(value, dict):
        value = value.get("places", [value] if "name" in value else [])
    return [p for p in value if isinstance(p, dict) and isinstance(p.get("name"), str)] if isinstance(value, list) else []


def parse_places(text: str) -> tuple[str | None, list[dict[str, Any]]]:
    """(which method matched, the places), trying the seed's four methods in order."""
    for method, pattern in (("json_block", _JSON_BLOCK), ("json", _JSON_ANY)):
        for match in pattern.finditer(text):
            try:
                places = _from_json(json.loads(match.group(1)))
            except json.JSONDecodeError:
                continue
            if places:
                return method, [{"name": p["name"], "name_en": p.get("name_en"),
                                 "category": p.get("category", "etc"), "description": p.get("description")}
                                for p in places]
    numbered = [m.strip() for m in _NUMBERED.findall(text) if m.strip()]
    if len(numbered) >= 2:
        return "numbered_list", [{"name": n} for n in dict.fromkeys(numbered)]
    quoted = [q.strip() for q in _QUOTED.findall(text)]
    if quoted:
        return "quoted", [{"name": n} for n in dict.fromkeys(quoted)]
    return None, []
