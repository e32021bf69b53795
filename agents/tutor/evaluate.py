"""Measure the tutor's offline model on the labelled phrasings (tests/tutor/phrasings.yaml and
phrasings_wild.yaml, phrasings_long.yaml and phrasings_c.yaml, written apart from ``training.yaml``): each is read on its screen and checked for
the kind and every labelled argument (``playground nlu-report tutor``). A follow-up (``before:``) runs its
earlier messages through the real agent first (``Rehearsal``; the app sends its screen with every message,
as the turns moved it) and is checked on the policy's reading of its last turn."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import model_validator

from agents.core.followups import Rehearsal, Step, earlier
from agents.core.labelled import Item, load_items
from agents.core.session import Session
from agents.nlu import Outcome, Report, compact
from agents.tutor import contract, screen
from agents.tutor.policy import read_request
from agents.tutor.questions import Reading
from agents.tutor.reading import HIGH_RISK, read
from agents.tutor.sandbox import state_for_route

PHRASINGS = Path(__file__).resolve().parents[2] / "tests" / "tutor" / "phrasings.yaml"
# Phrasings as strangers type (casual, polite, typos, English and mixed), written apart from both the
# exemplars and the first set: how far the understanding generalises.
WILD = PHRASINGS.with_name("phrasings_wild.yaml")
# Long polite messages of several clauses, the request in one of them (mostly the last), the others context.
LONG = PHRASINGS.with_name("phrasings_long.yaml")
# Hold-out C's tune half, written blind from the file header and data/tutor/*.json only.
HOLDOUT_C = PHRASINGS.with_name("phrasings_c.yaml")
# Follow-ups: the labelled message comes after earlier ones in the same conversation (``before:``).
FOLLOWUP = PHRASINGS.with_name("phrasings_followup.yaml")
USER = "demo"
NOW = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)  # follow-ups run at a fixed time, so runs agree


def _same(key: str, want: object, have: object) -> bool:
    if key == "keyword":
        return have is not None and compact(str(have)).lower() == compact(str(want)).lower()
    return have == want


def _screen_now(session: Session, rehearsal: Rehearsal, route: str) -> str:
    """What the app sends beside a message: its current screen, which earlier turns may have moved."""
    conversation = session.conversation_id
    state = screen.load(rehearsal.store, conversation, USER) if conversation else None
    return contract.build(state or state_for_route(route), rehearsal.clock()).to_text()


def _follow_up(item: dict[str, Any], rehearsal: Rehearsal | None) -> tuple[Reading | None, list[str]]:
    """The policy's reading of the labelled message's turn, after the earlier messages ran for real."""
    if rehearsal is None:
        with Rehearsal("tutor", USER, NOW) as own:
            return _follow_up(item, own)
    session = rehearsal.session()
    problems: list[str] = []
    for text in earlier(item):
        turn = rehearsal.play([Step(text, {"context_text": _screen_now(session, rehearsal, item["screen"])})], session)
        if turn.error():
            problems.append(f"earlier message {text!r}: {turn.error()}")
    final = rehearsal.play([Step(item["text"], {"context_text": _screen_now(session, rehearsal, item["screen"])})],
                           session)
    request = final.request()
    if problems or request is None:
        return None, problems or [final.error() or "the turn made no model call"]
    return read_request(request), []


def check(item: dict[str, Any], rehearsal: Rehearsal | None = None) -> Outcome:
    expected = "clarify" if item.get("clarify") else item.get("action") or item["answer"]
    if item.get("before"):
        reading, problems = _follow_up(item, rehearsal)
        if reading is None:
            return Outcome(text=item["text"], expected=expected, got="error", ok=False, problems=problems, item=item)
    else:
        reading, problems = read(item["text"], state_for_route(item["screen"])), []
    got = reading.kind or "clarify"
    if got != expected:
        problems.append(f"kind {got} != {expected}")
        if got in HIGH_RISK and expected == "clarify":
            problems.append("a high-risk action was read where the model had to ask")
    elif expected == "clarify" and len(reading.choices) < 2:
        problems.append("a question without choices")
    else:
        for key, want in (item.get("args") or {}).items():
            if not _same(key, want, reading.args.get(key)):
                problems.append(f"{key}: {reading.args.get(key)!r} != {want!r}")
    return Outcome(text=item["text"], expected=expected, got=got, ok=not problems, problems=problems, item=item)


class TutorItem(Item):
    """What ``check`` reads of an item (tests/PHRASINGS_FORMAT.md, tutor)."""

    screen: str
    action: str | None = None
    answer: str | None = None

    @model_validator(mode="after")
    def _labelled(self) -> TutorItem:
        if self.action is None and self.answer is None and not self.clarify:
            raise ValueError("needs 'action', 'answer' or 'clarify: true'")
        state_for_route(self.screen)  # ValueError names a route the sandbox app does not have
        return self


def load(path: Path = PHRASINGS) -> list[dict[str, Any]]:
    return load_items(path, TutorItem)


def run_report(path: Path | None = None, name: str = "tutor") -> Report:
    items = load(path or PHRASINGS)
    if not any(item.get("before") for item in items):
        return Report(name, [check(item) for item in items])
    with Rehearsal("tutor", USER, NOW) as rehearsal:  # one throwaway store for the file's follow-ups
        return Report(name, [check(item, rehearsal) for item in items])


def nlu_report(path: Path | None = None) -> Report | list[Report]:
    """What ``playground nlu-report tutor`` prints (AgentSpec.nlu_report): the five labelled
    sets, or the one file given."""
    if path is not None:
        return run_report(path, "tutor")
    return [run_report(PHRASINGS, "tutor"), run_report(WILD, "tutor (wild)"), run_report(LONG, "tutor (long)"),
            run_report(HOLDOUT_C, "tutor (hold-out C)"), run_report(FOLLOWUP, "tutor (follow-up)")]
