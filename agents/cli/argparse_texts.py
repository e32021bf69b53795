"""argparse's own words ("usage:", "invalid choice", "the following arguments are required") in the CLI's language.

argparse routes every text it writes through gettext (``_`` and ``ngettext``, the way its how-to on translating
its output describes), but gettext picks a catalogue from the process's environment, once for every caller; a
server that runs relayed commands (agents/cli/relay.py) speaks each command's own ``--lang`` at once. So the
catalogue is a gettext translation object chosen per call through a context variable, and argparse's two
gettext names are pointed at it. English (and no language named) is argparse's own text, untouched."""

from __future__ import annotations

import argparse
import gettext
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from agents.core.messages import Lang

# msgid (argparse 3.11-3.13's English) -> Korean; the %-fields are argparse's own and must stay.
ARGPARSE_KO: dict[str, str] = {
    "usage: ": "사용법: ",
    "positional arguments": "위치 인자",
    "options": "옵션",
    "show this help message and exit": "이 도움말을 보여 주고 끝냅니다",
    "%(prog)s: error: %(message)s\n": "%(prog)s: 오류: %(message)s\n",
    "argument %(argument_name)s: %(message)s": "인자 %(argument_name)s: %(message)s",
    "the following arguments are required: %s": "다음 인자가 필요합니다: %s",
    "one of the arguments %s is required": "다음 인자 중 하나가 필요합니다: %s",
    "unrecognized arguments: %s": "알 수 없는 인자입니다: %s",
    "invalid choice: %(value)r (choose from %(choices)s)": "고를 수 없는 값입니다: %(value)r (다음 중에서 고르세요: %(choices)s)",
    "invalid %(type)s value: %(value)r": "올바른 %(type)s 값이 아닙니다: %(value)r",
    "unknown parser %(parser_name)r (choices: %(choices)s)":
        "알 수 없는 명령입니다: %(parser_name)r (다음 중에서 고르세요: %(choices)s)",
    "not allowed with argument %s": "인자 %s와(과) 함께 쓸 수 없습니다",
    "ignored explicit argument %r": "이 옵션은 값을 받지 않습니다: %r",
    "expected one argument": "값이 하나 필요합니다",
    "expected at most one argument": "값은 하나까지만 줄 수 있습니다",
    "expected at least one argument": "값이 하나 이상 필요합니다",
    "expected %s argument": "값이 %s개 필요합니다",
    "expected %s arguments": "값이 %s개 필요합니다",
    "ambiguous option: %(option)s could match %(matches)s": "모호한 옵션입니다: %(option)s은(는) %(matches)s 중 어느 것도 될 수 있습니다",
    "unexpected option string: %s": "예상하지 못한 옵션입니다: %s",
    "can't open '%(filename)s': %(error)s": "'%(filename)s'을(를) 열 수 없습니다: %(error)s",
}


class KoreanArgparse(gettext.NullTranslations):
    """The Korean catalogue of argparse's texts; a text it lacks stays argparse's English."""

    def gettext(self, message: str) -> str:
        return ARGPARSE_KO.get(message, message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)


_ENGLISH = gettext.NullTranslations()
_KOREAN = KoreanArgparse()
_ACTIVE: ContextVar[gettext.NullTranslations] = ContextVar("argparse_lang", default=_ENGLISH)


def _gettext(message: str) -> str:
    return _ACTIVE.get().gettext(message)


def _ngettext(msgid1: str, msgid2: str, n: int) -> str:
    return _ACTIVE.get().ngettext(msgid1, msgid2, n)


def _columns(text: str) -> int:
    """How many terminal columns ``text`` takes: a Hangul syllable (East Asian wide) takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


_PLAIN_USAGE = argparse.HelpFormatter._format_usage


def _format_usage(self: argparse.HelpFormatter, usage: str | None, actions: object, groups: object,
                  prefix: str | None) -> str:
    """argparse indents a wrapped usage under ``prog`` by counting characters; "사용법: " is 5 characters but 8
    columns, so the continuation lines are moved right by the difference."""
    text: str = _PLAIN_USAGE(self, usage, actions, groups, prefix)  # type: ignore[arg-type]
    shown = _gettext("usage: ") if prefix is None else prefix
    extra = _columns(shown) - len(shown)
    if extra <= 0:
        return text
    head, *rest = text.split("\n")
    return "\n".join([head, *((" " * extra + line) if line.strip() else line for line in rest)])


@contextmanager
def argparse_lang(lang: Lang | None) -> Iterator[None]:
    """argparse speaks ``lang`` inside the block (Korean for ``ko``; its own English otherwise)."""
    setattr(argparse, "_", _gettext)  # noqa: B010 -- argparse's module-level gettext name, read at each call
    setattr(argparse, "ngettext", _ngettext)  # noqa: B010
    setattr(argparse.HelpFormatter, "_format_usage", _format_usage)  # noqa: B010 -- the width of "사용법: "
    token = _ACTIVE.set(_KOREAN if lang == "ko" else _ENGLISH)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def translated(message: str) -> str:
    """One of argparse's own texts (its msgid) in the language of the block: for the relay parser, which writes
    argparse's error line itself."""
    return _gettext(message)
