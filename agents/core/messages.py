"""The sentences the runtime and the services say to a person, keyed by code, in Korean and English.

A refusal is raised and recorded as ONE string, "Korean (English)" (``say``), as it always was: the error
events, the logs, the store and every client that reads ``message`` keep it. A front end shows one language
with ``in_lang``: it finds the catalogue entry the string was made from (the entries are templates, so a
stored message made days ago is read the same way) and gives the same values in that language. A string no
entry made (an exception's own text) is shown as it is.

Each layer adds its entries with ``register`` (the core's in ``messages_core.py``, ``messages_runtime.py`` and
``messages_store.py``, the services' in
``agents/services/messages.py``); ``agents/view/texts.py`` is where the front ends read them.
"""

from __future__ import annotations

import os
import re
import string
from collections.abc import Mapping
from functools import cache
from typing import Literal, Protocol

from agents.core.messages_core import CORE_MESSAGES
from agents.core.messages_runtime import RUNTIME_MESSAGES
from agents.core.messages_store import STORE_MESSAGES

Lang = Literal["ko", "en"]

CATALOGUE: dict[str, tuple[str, str]] = {}
_FIELD = re.compile(r"{(\w+)(?:![rsa])?(?::[^{}]*)?}")


def register(entries: dict[str, tuple[str, str]]) -> None:
    """Add a layer's entries; a key used twice for different words is a mistake, refused at import."""
    for key, value in entries.items():
        if CATALOGUE.get(key, value) != value:
            raise ValueError(f"message key {key!r} is defined twice with different words")
    CATALOGUE.update(entries)
    _patterns.cache_clear()


def say(key: str, **values: object) -> str:
    """The entry's Korean, then its English in brackets: one string, as the core has always raised."""
    ko, en = CATALOGUE[key]
    return f"{ko.format(**values)} ({en.format(**values)})"


def one(key: str, lang: Lang, **values: object) -> str:
    """One language of an entry (for a front end that builds the sentence itself)."""
    ko, en = CATALOGUE[key]
    return (ko if lang == "ko" else en).format(**values)


def in_lang(message: str, lang: Lang) -> str:
    """``message`` in one language, when the catalogue made it; otherwise ``message`` itself."""
    if not message:
        return message
    for head, tail, patterns, groups, template in _patterns():
        if not (message.startswith(head) and message.endswith(tail)):
            continue
        for pattern in patterns:
            found = pattern.fullmatch(message)
            if not found:
                continue
            values = found.groupdict()
            ko, en = (_filled(part, groups, values) for part in template)
            # A quoted value may hold " (" itself (a provider's error text): a split that does not give the same
            # values on both sides is the wrong one, so the other expression (greedy) is tried, then the raw text.
            if f"{ko} ({en})" == message:
                return ko if lang == "ko" else en
    return message


def _filled(template: str, groups: dict[tuple[str, str, str], str], values: dict[str, str]) -> str:
    return "".join(literal + ("" if field is None else values[groups[(field, conversion or "", spec or "")]])
                   for literal, field, spec, conversion in string.Formatter().parse(template))


def lang_of_tag(tag: str | None) -> Lang | None:
    """The language an Accept-Language header or a locale (``en_US.UTF-8``) asks for; None when it names none
    (no header, ``C``, ``POSIX``): the caller keeps the two-language message."""
    first = (tag or "").strip().lower().split(",")[0].split(";")[0].strip()
    if not first or first in ("*", "c", "posix") or first.startswith(("c.", "posix.")):
        return None
    return "ko" if first.startswith("ko") else "en"


def terminal_lang(environ: Mapping[str, str] | None = None) -> Lang | None:
    """The language a terminal asks for: PLAYGROUND_LANG (ko or en), else the locale as POSIX reads it (LC_ALL,
    LC_MESSAGES, LANG; ``ko_KR.UTF-8`` Korean, another named locale English); None for C/POSIX or none."""
    environ = os.environ if environ is None else environ
    chosen = environ.get("PLAYGROUND_LANG", "").strip().lower()
    if chosen in ("ko", "en"):
        return "ko" if chosen == "ko" else "en"
    locale = next((environ[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(k, "").strip()), None)
    return lang_of_tag(locale.replace("_", "-") if locale else None)


def for_terminal(message: str, environ: Mapping[str, str] | None = None) -> str:
    """A refusal printed to an operator's terminal (the app's start-up): in its language, or both."""
    lang = terminal_lang(environ)
    return message if lang is None else in_lang(message, lang)


class _Found(Protocol):
    def groupdict(self) -> dict[str, str]: ...


class _Pattern(Protocol):
    """What this module uses of an RE2 pattern (the re2 module ships no types)."""

    def fullmatch(self, text: str) -> _Found | None: ...


@cache
def _patterns() -> list[tuple[str, str, tuple[_Pattern, _Pattern], dict[tuple[str, str, str], str], tuple[str, str]]]:
    """Per entry: its fixed start and end, two RE2 expressions (linear time, whatever the message quotes) matching
    what ``say`` makes of it -- lazy, then greedy fields -- and the group holding each field as shown ({n} and
    {n!r} are two groups)."""
    import re2  # only a message shown in one language needs it: a chat command never loads it

    out: list[tuple[str, str, tuple[_Pattern, _Pattern], dict[tuple[str, str, str], str], tuple[str, str]]] = []
    for ko, en in CATALOGUE.values():
        lazy, greedy = ["(?s)"], ["(?s)"]
        groups: dict[tuple[str, str, str], str] = {}
        parts = list(string.Formatter().parse(f"{ko} ({en})"))
        head = parts[0][0]
        tail = parts[-1][0] if parts[-1][1] is None else ""
        for literal, field, spec, conversion in parts:
            lazy.append(re.escape(literal))
            greedy.append(re.escape(literal))
            if field is not None:
                shown = (field, conversion or "", spec or "")
                if shown in groups:  # shown the same way again: its first capture is the value
                    lazy.append("(?:.*?)")
                    greedy.append("(?:.*?)")
                else:
                    groups[shown] = f"g{len(groups)}"
                    lazy.append(f"(?P<{groups[shown]}>.*?)")
                    greedy.append(f"(?P<{groups[shown]}>.*)")
        out.append((head, tail, (re2.compile("".join(lazy)), re2.compile("".join(greedy))), groups, (ko, en)))
    # the most literal text first, so a template with fewer fields wins over a looser one
    out.sort(key=lambda item: -len(_FIELD.sub("", item[4][0] + item[4][1])))
    return out


register(CORE_MESSAGES)  # the core's own entries
register(RUNTIME_MESSAGES)
register(STORE_MESSAGES)
