"""Tutor follow-ups that point back ("그 사례에서 회복하는 데 얼마나 걸렸어?", "that stock, why?"): when the
reading of the message alone had to ask, a pronoun (the kit's ``pointer``) resolves to what the previous
answer was about (a case or a stock, from its look-up result) and the question is answered about it.
A confident reading is never overridden, and nothing is resolved when nothing was discussed."""

from __future__ import annotations

from agents.nlu.dialogue import pointer
from agents.tutor.reading import Reading


def resolve(reading: Reading, text: str, previous: dict[str, str] | None) -> Reading | None:
    if reading.kind is not None or not previous:
        return None
    p = pointer(text)
    if not p.pronoun or p.position is not None:
        return None
    if previous.get("case_id"):
        return Reading("case_info", {"case_id": previous["case_id"]})
    if previous.get("code"):
        return Reading("explain_move", {"code": previous["code"]})
    return None
