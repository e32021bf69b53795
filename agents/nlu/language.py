"""The language a reply is written in, one rule for every agent: the language the person wrote in.

English for a message with Latin words and no Hangul, or an English sentence that only names something in
Korean ("pause 봄 시즌 세일 for now", "will 현대차 go up next week?": at least four English words and three
times as many as Korean runs, a run being Korean words one after another, as a name's are); Korean otherwise. A message that decides nothing (numbers, emoji, Korean
consonants alone such as "ㅇㅇ", a bare "ok") keeps the language of the person's last message that did, so
answering "2" to an English question gets English; with none, Korean (the product's first language)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Literal

Lang = Literal["ko", "en"]

_LATIN = re.compile(r"(?<![A-Za-z])[A-Za-z]{2,}(?![A-Za-z])")  # "1M", "005930" or "x" name no language
_HANGUL = re.compile(r"[가-힣]+(?:[\s\-·]+[가-힣]+)*")  # "봄 시즌 세일", "리타겟팅 - 장바구니": one run
# acknowledgements short enough to be said in either language's conversation ("ok" after a Korean question)
_NEUTRAL = frozenset({"ok", "okay", "okey", "kk", "ya", "yes", "yep", "yeah", "yup", "no", "nope", "sure"})
_WORD = re.compile(r"[A-Za-z]+")
MAX_NAMES = 200  # names looked for: an account's campaigns, a catalogue's products
MAX_LOOKED = 4000  # a hostile message is judged on its first characters: bounded time whatever its length


def language_of(text: str, names: Iterable[str] = ()) -> Lang | None:
    """The message's own language, or None when it decides nothing (see the module's note). ``names`` are names
    the agent knows (campaigns, products) in whatever script they are written: they are no one's language, so
    "Pause 브랜드 인지도 캠페인" is English and a message that is only a name (a choice clicked) decides nothing."""
    text = (text or "")[:MAX_LOOKED]
    for name in sorted({n for n in names if n and n.strip()}, key=len, reverse=True)[:MAX_NAMES]:
        text = text.replace(name, " ")
    hangul = len(_HANGUL.findall(text))
    latin_words = _LATIN.findall(text)
    latin = len(latin_words)
    if hangul == 0 and (latin == 0 or all(w.lower() in _NEUTRAL for w in _WORD.findall(text))):
        return None
    return "en" if latin > 0 and (hangul == 0 or (latin >= 4 and latin >= 3 * hangul)) else "ko"


def reply_language(text: str, earlier: Iterable[str] = (), names: Iterable[str] = ()) -> Lang:
    """The language to answer ``text`` in; ``earlier`` is the person's previous messages, newest first."""
    names = tuple(names)
    for message in (text, *earlier):
        lang = language_of(message, names)
        if lang is not None:
            return lang
    return "ko"


def reply_english(text: str, earlier: Iterable[str] = (), names: Iterable[str] = ()) -> bool:
    return reply_language(text, earlier, names) == "en"


def conversation_language(texts: Sequence[str], current: str | None = None, names: Iterable[str] = ()) -> Lang:
    """The language to answer the person's last message in; ``texts`` are their messages, oldest first, and
    ``current`` the one being answered when it may not be stored among them yet."""
    if current is not None and (not texts or texts[-1] != current):
        texts = [*texts, current]
    return reply_language(texts[-1], reversed(texts[:-1]), names) if texts else "ko"
