"""A go-ahead after a what-if: "X 예산 반으로 줄이면 얼마야?" is answered with the figure on a confirmation card;
"ㅇㅋ 그대로 가자", "ok do that" right after it asks for that very change. The same change is proposed again (a fresh card
with the same arguments) -- it still runs only when the person presses [실행], never from the text."""

from __future__ import annotations

import re

from agents.marketing.nlu import MUTATIONS, Understanding
from agents.nlu import normalise
from agents.nlu.dialogue import Dialogue
from agents.nlu.language import reply_english

MAX_GO_AHEAD = 40  # a go-ahead is short; anything longer says something of its own
# the message before asked what a change would give, not for the change
_WHAT_IF = re.compile(r"(?:면|다면|으면)\s*(?:얼마|몇|어떻게\s*돼|어떻게\s*되)|\bwhat\s+(?:would|will)\b.*\bif\b|"
                      r"\bif\s+we\b.*\b(?:how\s+much|what)\b", re.I)
_GO = re.compile(r"ㅇㅇ|ㄱㄱ|ㅇㅋ|그걸로|그렇게|그대로|진행|가자|해줘|해주세요|좋아|좋아요|오케이|콜|"
                 r"\b(?:ok|okay|yes|yeah|yep|sure|do\s+(?:it|that)|go\s+(?:ahead|with\s+(?:it|that))|let'?s\s+do)\b",
                 re.I)
_NOT = re.compile(r"아니|말고|취소|안\s*해|하지\s*마|\b(?:no|nope|don'?t|cancel|not)\b", re.I)


def go_ahead(text: str, earlier: str, dialogue: Dialogue) -> Understanding | None:
    """The change the what-if before proposed, proposed again; None for anything else."""
    said = normalise(text)
    if dialogue.tool not in MUTATIONS or dialogue.tool == "createCampaign" or len(said) > MAX_GO_AHEAD:
        return None
    if not _WHAT_IF.search(normalise(earlier)) or not _GO.search(said) or _NOT.search(said) or re.search(r"\d", said):
        return None
    en = reply_english(text, (earlier,))
    note = ("Here is that change again; it runs when you press [Confirm] on the card." if en
            else "말씀하신 변경을 다시 준비했어요. 확인 카드의 [실행]을 누르면 실행돼요.")
    return Understanding(dialogue.tool, dict(dialogue.args), note)
