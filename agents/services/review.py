"""The review queue (issue 31), for every front end: a person's 👎 turns and failed eval cases wait here to be
labelled (correct / incorrect, which step went wrong, a note), saved as a test case in one action (the
existing save-case: ``agents/services/evals/from_chat.py``), or dismissed.

Items are read from their source rows (``feedback``, the eval tables); only the decisions are stored
(``review_items``). Every read and write is the caller's own: another user's item reads as not found.
Refusals are PlaygroundErrors in Korean, then English, naming the input.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Literal

from pydantic import BaseModel

from agents.core.errors import PlaygroundError
from agents.core.inputs import InvalidInput
from agents.core.store import Store
from agents.core.store.review import Decision, DislikedTurn
from agents.services.evals import library
from agents.services.evals.from_chat import Suggestion, suggest_case
from agents.services.evals.rows import FailedCase
from agents.services.evals.store import EvalRepo
from agents.services.messages import one, say

Source = Literal["feedback", "eval"]
SOURCES: tuple[str, ...] = ("feedback", "eval")
LABELS: tuple[str, ...] = ("correct", "incorrect")
STATUS_FILTERS: tuple[str, ...] = ("open", "all")
WAITING = ("open", "labelled")  # what the open list shows: not yet saved or dismissed
MAX_NOTE_CHARS = 2000
MAX_LIMIT = 500
SCAN = 2000  # source rows read per list: bounds a list's time whatever a user has piled up
ITEM_ID = re.compile(r"^(?:fb-(?P<turn>[A-Za-z0-9_]{1,76})|ev-(?P<run>[A-Za-z0-9_]{1,60})-(?P<case>\d{1,6}))$")
SUITE_NAME = re.compile(r"^[\w.-]{1,100}$")


class ReviewItemNotFound(PlaygroundError):
    code = "review_item_not_found"


class ReviewItem(BaseModel):
    id: str
    source: str  # feedback or eval
    agent: str
    title: str  # the user's message, or the case's name
    detail: str  # the 👎 comment, or the first failure
    conversation_id: str | None
    turn_id: str | None = None
    run_id: str | None = None
    case_index: int | None = None
    suite: str | None = None  # the eval run's suite
    steps: int  # what wrong_step counts: the turn's trace spans, or the case's steps
    at: datetime
    status: str = "open"  # open, labelled, saved or dismissed
    label: str | None = None
    wrong_step: int | None = None
    note: str | None = None
    saved_suite: str | None = None
    saved_case: str | None = None


def _from_feedback(row: DislikedTurn) -> ReviewItem:
    problem = row.get("error_code") or ""
    return ReviewItem(id=f"fb-{row['turn_id']}", source="feedback", agent=row["agent_id"],
                      title=(row.get("message") or "").strip()[:200] or row["turn_id"],
                      detail=(row.get("comment") or "").strip() or (f"👎 ({problem})" if problem else "👎"),
                      conversation_id=row.get("conversation_id"), turn_id=row["turn_id"], steps=int(row["steps"] or 0),
                      at=row["updated_at"])


def _from_case(row: FailedCase, detail: str | None) -> ReviewItem:
    failed = f"{row['failures']} failed assertion(s)" if row.get("failures") else row["status"]
    return ReviewItem(id=f"ev-{row['run_id']}-{row['case_index']}", source="eval", agent=row["agent_id"],
                      title=row["name"], detail=(row.get("error") or detail or failed)[:400],
                      conversation_id=row.get("conversation_id"), run_id=row["run_id"], case_index=row["case_index"],
                      suite=row["suite"], steps=int(row["steps"] or 0), at=row["started_at"])


def _decided(item: ReviewItem, decision: Decision | None) -> ReviewItem:
    if decision is None:
        return item
    return item.model_copy(update={"status": decision["status"], "label": decision["label"],
                                   "wrong_step": decision["wrong_step"], "note": decision["note"],
                                   "saved_suite": decision["suite"], "saved_case": decision["case_name"]})


def _one_of(name: str, choices: tuple[str, ...] | list[str], value: object) -> str:
    """``name`` is status, source or label: each has its entry (its Korean particle differs)."""
    return say(f"review_{name}_bad", choices_ko=f" {one('word_or', 'ko')} ".join(choices),
               choices_en=f" {one('word_or', 'en')} ".join(choices), shown=str(value)[:40])


def list_items(store: Store, owner: str, *, status: str = "open", source: str | None = None,
               limit: int = 100) -> list[ReviewItem]:
    """The owner's items, newest first: ``open`` (not yet saved or dismissed) or ``all``."""
    if status not in STATUS_FILTERS:
        raise InvalidInput("status", _one_of("status", STATUS_FILTERS, status))
    if source is not None and source not in SOURCES:
        raise InvalidInput("source", _one_of("source", SOURCES, source))
    if not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise InvalidInput("limit", say("review_limit_bad", most=MAX_LIMIT))
    items: list[ReviewItem] = []
    if source in (None, "feedback"):
        items += [_from_feedback(r) for r in store.review.disliked(owner, SCAN)]
    unexplained: set[str] = set()  # failed cases with no error: their first failure is read once shown
    if source in (None, "eval"):
        for row in EvalRepo(store.db).failed_cases(owner, SCAN):
            items.append(_from_case(row, None))
            if not row.get("error") and row.get("failures"):
                unexplained.add(items[-1].id)
    decisions = store.review.decisions(owner)
    items = [_decided(i, decisions.get(i.id)) for i in items]
    if status == "open":
        items = [i for i in items if i.status in WAITING]
    items.sort(key=lambda i: (i.at, i.id), reverse=True)
    out = items[:limit]
    evals = EvalRepo(store.db)
    return [i.model_copy(update={"detail": (evals.first_failure(i.run_id, i.case_index) or i.detail)[:400]})
            if i.id in unexplained and i.run_id is not None and i.case_index is not None else i for i in out]


def get_item(store: Store, owner: str, item_id: str) -> ReviewItem:
    """One of the owner's items; another user's, or none, reads as not found."""
    match = ITEM_ID.match(item_id) if isinstance(item_id, str) else None
    if match is None:
        raise InvalidInput("id", say("review_id_bad", shown=str(item_id)[:80]))
    item: ReviewItem | None = None
    if match["turn"]:
        row = store.review.disliked_turn(owner, match["turn"])
        item = _from_feedback(row) if row is not None else None
    else:
        evals = EvalRepo(store.db)
        case = evals.failed_case(owner, match["run"], int(match["case"]))
        item = _from_case(case, evals.first_failure(case["run_id"], case["case_index"])) if case else None
    if item is None:
        raise ReviewItemNotFound(say("review_not_found", shown=item_id, user=owner))
    return _decided(item, store.review.decision(owner, item_id))


def label(store: Store, owner: str, item_id: str, verdict: str, now: datetime, *, wrong_step: int | None = None,
          note: str | None = None) -> ReviewItem:
    """Label one item: correct or incorrect, which step went wrong (from 1), a note."""
    item = get_item(store, owner, item_id)
    if verdict not in LABELS:
        raise InvalidInput("label", _one_of("label", LABELS, verdict))
    if wrong_step is not None:
        if isinstance(wrong_step, bool) or not isinstance(wrong_step, int):
            raise InvalidInput("wrong_step", say("review_step_not_int"))
        top = max(item.steps, 1)
        if not 1 <= wrong_step <= top:
            raise InvalidInput("wrong_step", say("review_step_outside", step=wrong_step, top=top))
        if verdict == "correct":
            raise InvalidInput("wrong_step", say("review_step_correct"))
    if note is not None and not isinstance(note, str):
        raise InvalidInput("note", say("review_note_not_text"))
    text = (note or "").strip() or None
    if text is not None and len(text) > MAX_NOTE_CHARS:
        raise InvalidInput("note", say("review_note_too_long", n=len(text), most=MAX_NOTE_CHARS))
    status = item.status if item.status in ("saved", "dismissed") else "labelled"
    decision = store.review.decide(owner, item.id, item.source, now, status=status, label=verdict,
                                   wrong_step=wrong_step, note=text)
    return _decided(item, decision)


def dismiss(store: Store, owner: str, item_id: str, now: datetime) -> ReviewItem:
    item = get_item(store, owner, item_id)
    return _decided(item, store.review.decide(owner, item.id, item.source, now, status="dismissed"))


def save_case(store: Store, owner: str, item_id: str, now: datetime, *, suite: str | None = None,
              name: str | None = None) -> tuple[ReviewItem, str, int]:
    """Turn the item into a test case (the existing save-case) in one of the owner's suites, created when new:
    (the item, the suite's name, its case count). A 👎 turn's case ends at that turn; a failed case's is its
    run's conversation. The label and note go into the case's description, and an ``incorrect`` label with
    a note selects the note as a judge rubric on the step that went wrong."""
    item = get_item(store, owner, item_id)
    suite_name = (suite or f"{item.agent}-review").strip()
    if not SUITE_NAME.match(suite_name):
        raise InvalidInput("suite", say("suite_name_bad", shown=suite_name[:40]))
    if name is not None and (not isinstance(name, str) or not name.strip() or len(name) > 200):
        raise InvalidInput("name", say("case_name_bad"))
    if not item.conversation_id:
        raise PlaygroundError(say("review_no_conversation", id=item.id), code="empty_conversation")
    draft = suggest_case(store, item.conversation_id, _conversation_user(store, owner, item),
                         name=name.strip() if name else f"{item.title[:60]} ({item.id[-6:]})")
    if item.turn_id is not None:
        cut = next((i for i, s in enumerate(draft.steps) if s.turn_id == item.turn_id), len(draft.steps) - 1)
        draft.steps = draft.steps[:cut + 1]
    if item.label == "incorrect" and item.note:
        index = min(max((item.wrong_step or 1) - 1, 0), len(draft.steps) - 1) if item.turn_id is None \
            else len(draft.steps) - 1
        draft.steps[index].suggestions.append(Suggestion(assertion={"judge": f"The reply avoids this problem: "
                                                                              f"{item.note}"}, why="review note"))
    verdict = f"; review: {item.label}" + (f" at step {item.wrong_step}" if item.wrong_step else "") \
        + (f": {item.note}" if item.note else "") if item.label else ""
    draft.description = f"From review item {item.id}{verdict}"
    draft.tags = [*draft.tags, "review", *([item.label] if item.label else [])]
    case = draft.to_case()
    loaded = library.add_saved_case(store, owner, suite_name, case, draft.agent)
    decision = store.review.decide(owner, item.id, item.source, now, status="saved", suite=suite_name,
                                   case_name=case.name)
    return _decided(item, decision), suite_name, len(loaded.suite.cases)


def _conversation_user(store: Store, owner: str, item: ReviewItem) -> str:
    """Whose conversation the item's is: the owner's own for a 👎, the sandbox user a case ran as (the run is
    the owner's: ``get_item`` checked it)."""
    if item.run_id is None or item.case_index is None:
        return owner
    case = EvalRepo(store.db).failed_case(owner, item.run_id, item.case_index)
    return str(case["user_id"]) if case else owner
