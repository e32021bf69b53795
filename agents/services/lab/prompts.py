"""Prompt studio: an agent's system-prompt versions, a diff between any two, activate, roll back,
and a pick for one conversation. Version 0 is the built-in prompt from the agent's code.
Who may do what is ``access.LabUser``'s to say."""

from __future__ import annotations

import difflib
import re
from datetime import datetime
from typing import Literal

from pydantic import BaseModel

from agents.core.agent import get_agent
from agents.core.errors import ConversationNotFound, PlaygroundError
from agents.core.store import Store
from agents.core.store.prompts import BUILTIN, SYSTEM_AUTHOR, Activation, PromptVersion
from agents.services.lab.access import LabUser
from agents.services.messages import say


class PromptNotFound(PlaygroundError):
    code = "prompt_version_not_found"


class VersionView(PromptVersion):
    """A stored version as the Lab shows it: whether it is the active one, and its title."""

    active: bool = False

    @property
    def builtin(self) -> bool:
        return self.version == BUILTIN

    def title(self) -> str:
        name = self.label or (say("prompt_builtin") if self.builtin else "")
        return f"v{self.version}" + (f" · {name}" if name else "") + (" ✅" if self.active else "")


def _builtin(agent_id: str, active: bool) -> VersionView:
    spec = get_agent(agent_id)
    return VersionView(agent_id=agent_id, version=BUILTIN, content=spec.system_prompt, label="built-in",
                       note="the prompt in the agent's code", created_by=SYSTEM_AUTHOR, active=active)


def _view(row: PromptVersion, active: int) -> VersionView:
    return VersionView(**row.model_dump(), active=row.version == active)


def versions(store: Store, agent_id: str, who: LabUser) -> list[VersionView]:
    """Every version ``who`` may see, newest first; the built-in version 0 last."""
    get_agent(agent_id)
    active = store.prompts.active_version(agent_id)
    rows = [_view(r, active) for r in store.prompts.list_versions(agent_id) if who.may_see(r)]
    return [*rows, _builtin(agent_id, active == BUILTIN)]


def version(store: Store, agent_id: str, number: int, who: LabUser) -> VersionView:
    get_agent(agent_id)
    active = store.prompts.active_version(agent_id)
    if number == BUILTIN:
        return _builtin(agent_id, active == BUILTIN)
    row = store.prompts.get(agent_id, number)
    if row is None or not who.may_see(row):
        raise PromptNotFound(say("prompt_version_not_found", agent=agent_id, number=number))
    return _view(row, active)


def create(store: Store, agent_id: str, content: str, who: LabUser, now: datetime, *, label: str | None = None,
           note: str | None = None) -> VersionView:
    """A new version (not active). A shared-mode visitor who is not an admin makes a private draft."""
    get_agent(agent_id)
    number = store.prompts.create(agent_id, content, now, label=label, note=note,
                                  created_by=who.user_id, shared=who.admin)
    return version(store, agent_id, number, who)


def activate(store: Store, agent_id: str, number: int, who: LabUser, now: datetime) -> Activation:
    who.require_admin("activate")
    version(store, agent_id, number, who)  # exists and visible
    return store.prompts.activate(agent_id, number, who.user_id, now)


def rollback(store: Store, agent_id: str, who: LabUser, now: datetime) -> Activation:
    """Back to the version that was active before the current one."""
    who.require_admin("rollback")
    get_agent(agent_id)
    previous = store.prompts.previous_version(agent_id)
    if previous is None:
        raise _nothing_to_roll_back(agent_id)
    return store.prompts.activate(agent_id, previous, who.user_id, now, action="rollback")


class ChangePreview(BaseModel):
    """What an Activate or a Roll back would change, said before it runs: from which version to which,
    for every conversation of the agent (all users) except those that pin their own version."""

    agent_id: str
    rolling: bool
    current: int
    target: int
    target_label: str | None = None
    pinned: int = 0
    shared: bool = False  # shared mode: every visitor, not only this machine's users


def preview_change(store: Store, agent_id: str, number: int | None, who: LabUser) -> ChangePreview:
    """``number``: the version to activate; None: a Roll back (refused here when there is nothing to
    roll back to, so the page says so instead of asking)."""
    get_agent(agent_id)
    current = store.prompts.active_version(agent_id)
    if number is None:
        who.require_admin("rollback")
        previous = store.prompts.previous_version(agent_id)
        if previous is None:
            raise _nothing_to_roll_back(agent_id)
        target = previous
    else:
        who.require_admin("activate")
        target = version(store, agent_id, number, who).version
    label = None if target == BUILTIN else version(store, agent_id, target, who).label
    return ChangePreview(agent_id=agent_id, rolling=number is None, current=current, target=target,
                         target_label=label, pinned=store.prompts.count_picks(agent_id), shared=who.mode != "local")


def _nothing_to_roll_back(agent_id: str) -> PlaygroundError:
    return PlaygroundError(say("nothing_to_roll_back", agent=agent_id), code="nothing_to_roll_back")


def history(store: Store, agent_id: str) -> list[Activation]:
    get_agent(agent_id)
    return store.prompts.activations(agent_id)


def pick(store: Store, conversation_id: str, number: int | None, who: LabUser, now: datetime,
         agent_id: str | None = None) -> int | None:
    """Pin ``number`` for one of ``who``'s conversations without activating it (None: follow the
    active version again). Returns the pinned version."""
    row = store.conversations.get(conversation_id, who.user_id)
    if row is None or (agent_id is not None and row.agent_id != agent_id):
        raise ConversationNotFound(say("lab_conversation_not_found", shown=conversation_id, user=who.user_id))
    if number is not None:
        version(store, row.agent_id, number, who)
    store.prompts.pick(row.id, row.agent_id, who.user_id, number, now)
    return number


# --- diff ---------------------------------------------------------------------------

DiffTag = Literal["equal", "replace", "delete", "insert"]
_WORDS = re.compile(r"\s+|[^\s]+")


class Segment(BaseModel):
    text: str
    changed: bool = False


class DiffRow(BaseModel):
    tag: DiffTag
    left_no: int | None = None
    right_no: int | None = None
    left: list[Segment] = []
    right: list[Segment] = []


class DiffView(BaseModel):
    agent_id: str
    left: int
    right: int
    rows: list[DiffRow]
    unified: str
    added: int
    removed: int

    @property
    def same(self) -> bool:
        return self.added == 0 and self.removed == 0


def _words(left: str, right: str) -> tuple[list[Segment], list[Segment]]:
    """Word-level marks inside a changed line pair."""
    a, b = _WORDS.findall(left), _WORDS.findall(right)
    out_a: list[Segment] = []
    out_b: list[Segment] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if i2 > i1:
            out_a.append(Segment(text="".join(a[i1:i2]), changed=tag != "equal"))
        if j2 > j1:
            out_b.append(Segment(text="".join(b[j1:j2]), changed=tag != "equal"))
    return out_a, out_b


def diff(store: Store, agent_id: str, left: int, right: int, who: LabUser) -> DiffView:
    """A side-by-side diff of two versions: line rows with word-level marks, and a unified diff."""
    a, b = version(store, agent_id, left, who), version(store, agent_id, right, who)
    lines_a, lines_b = a.content.splitlines(), b.content.splitlines()
    rows: list[DiffRow] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, lines_a, lines_b, autojunk=False).get_opcodes():
        if tag == "equal":
            rows += [DiffRow(tag="equal", left_no=i1 + k + 1, right_no=j1 + k + 1, left=[Segment(text=lines_a[i1 + k])],
                             right=[Segment(text=lines_b[j1 + k])]) for k in range(i2 - i1)]
            continue
        for k in range(max(i2 - i1, j2 - j1)):
            la = lines_a[i1 + k] if i1 + k < i2 else None
            lb = lines_b[j1 + k] if j1 + k < j2 else None
            if la is not None and lb is not None:
                seg_a, seg_b = _words(la, lb)
                rows.append(DiffRow(tag="replace", left_no=i1 + k + 1, right_no=j1 + k + 1, left=seg_a, right=seg_b))
            elif la is not None:
                rows.append(DiffRow(tag="delete", left_no=i1 + k + 1, left=[Segment(text=la, changed=True)]))
            else:
                rows.append(DiffRow(tag="insert", right_no=j1 + k + 1, right=[Segment(text=lb or "", changed=True)]))
    unified = "\n".join(difflib.unified_diff(lines_a, lines_b, f"{agent_id} v{left}", f"{agent_id} v{right}",
                                             lineterm=""))
    added = sum(1 for r in rows if r.tag in ("insert", "replace"))
    removed = sum(1 for r in rows if r.tag in ("delete", "replace"))
    return DiffView(agent_id=agent_id, left=left, right=right, rows=rows, unified=unified, added=added, removed=removed)
