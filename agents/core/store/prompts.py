"""Versioned system prompts per agent (table ``prompts``), which one is active (``prompt_activations``,
an append-only log) and per-conversation picks (``prompt_picks``).

Version 0 is the agent's built-in prompt from its code; it is never stored, so it always matches
the code. Only this process writes the file (DuckDB allows one), so reads are cached here and the
cache is dropped on every write.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime

from pydantic import BaseModel, ConfigDict
from typing_extensions import TypedDict  # pydantic refuses typing.TypedDict in its models before 3.12

from agents.core.errors import InvalidArgs
from agents.core.messages import say
from agents.core.store.db import AnyDatabase

BUILTIN = 0
MAX_PROMPT_CHARS = 16_000
MAX_LABEL_CHARS = 60
MAX_NOTE_CHARS = 500
SYSTEM_AUTHOR = "system"
_COLS = "agent_id, version, content, label, note, created_by, shared, created_at"


class VersionSummary(TypedDict):
    """A version as ``versions`` lists it (PromptVersion's fields, in its order)."""

    version: int
    content: str
    note: str | None
    created_at: datetime | None


class PromptVersion(BaseModel):
    model_config = ConfigDict(defer_build=True)  # built on first use: a chat turn seldom makes one

    agent_id: str
    version: int
    content: str
    label: str | None = None
    note: str | None = None
    created_by: str | None = None
    shared: bool = True
    created_at: datetime | None = None  # None for the built-in version


class Activation(BaseModel):
    model_config = ConfigDict(defer_build=True)  # built on first use: a chat turn seldom makes one

    agent_id: str
    seq: int
    version: int
    action: str
    activated_by: str
    activated_at: datetime


class InvalidPrompt(InvalidArgs):
    code = "invalid_prompt"

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def check_prompt(content: object) -> str:
    """The text of a new version, or a refusal that names the problem (Korean and English)."""
    if not isinstance(content, str):
        raise InvalidPrompt("content", say("prompt_not_text", kind=type(content).__name__))
    if any("\ud800" <= ch <= "\udfff" for ch in content):
        raise InvalidPrompt("content", say("prompt_surrogate"))
    visible = "".join(ch for ch in content if not ch.isspace() and unicodedata.category(ch) not in ("Cf", "Cc"))
    if not visible:
        raise InvalidPrompt("content", say("prompt_empty"))
    if len(content) > MAX_PROMPT_CHARS:
        raise InvalidPrompt("content", say("prompt_too_long", n=len(content), most=MAX_PROMPT_CHARS))
    bad = next((ch for ch in content if unicodedata.category(ch) == "Cc" and ch not in "\n\t\r"), None)
    if bad is not None:
        raise InvalidPrompt("content", say("prompt_control", char=bad))
    return content.replace("\r\n", "\n")


def _short(value: object, field: str, limit: int) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidPrompt(field, say("prompt_field_not_text", field=field))
    value = " ".join(value.split())
    if any("\ud800" <= ch <= "\udfff" for ch in value):
        raise InvalidPrompt(field, say("prompt_field_surrogate", field=field))
    if len(value) > limit:
        raise InvalidPrompt(field, say("prompt_field_too_long", field=field, most=limit, n=len(value)))
    return value or None


class PromptRepo:
    def __init__(self, db: AnyDatabase) -> None:
        self.db = db
        self._active: dict[str, int] = {}
        self._content: dict[tuple[str, int], str | None] = {}
        self._picks: dict[str, int | None] = {}

    # --- versions ------------------------------------------------------------------

    def create(self, agent_id: str, content: str, now: datetime, *, label: str | None = None,
               note: str | None = None, created_by: str = SYSTEM_AUTHOR, shared: bool = True) -> int:
        """Store a new version (not active until activated); returns its number."""
        content = check_prompt(content)
        label = _short(label, "label", MAX_LABEL_CHARS)
        note = _short(note, "note", MAX_NOTE_CHARS)

        def write() -> int:
            cur = self.db.cursor()
            row = cur.execute("SELECT coalesce(max(version), 0) FROM prompts WHERE agent_id = ?", [agent_id]).fetchone()
            version = int(row[0]) + 1 if row else 1
            cur.execute(f"INSERT INTO prompts ({_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        [agent_id, version, content, label, note, created_by, shared, now])
            return version

        return self.db.write(write)

    def get(self, agent_id: str, version: int) -> PromptVersion | None:
        rows = self.db.fetch_dicts(f"SELECT {_COLS} FROM prompts WHERE agent_id = ? AND version = ?",
                                   [agent_id, version])
        return PromptVersion(**rows[0]) if rows else None

    def list_versions(self, agent_id: str) -> list[PromptVersion]:
        """Stored versions, newest first (the built-in version 0 is not among them)."""
        rows = self.db.fetch_dicts(f"SELECT {_COLS} FROM prompts WHERE agent_id = ? ORDER BY version DESC",
                                   [agent_id])
        return [PromptVersion(**r) for r in rows]

    def content(self, agent_id: str, version: int) -> str | None:
        key = (agent_id, version)
        if key not in self._content:
            row = self.db.fetchone("SELECT content FROM prompts WHERE agent_id = ? AND version = ?", [agent_id, version])
            self._content[key] = None if row is None else str(row[0])
        return self._content[key]

    def set_shared(self, agent_id: str, version: int) -> None:
        self.db.execute("UPDATE prompts SET shared = true WHERE agent_id = ? AND version = ?", [agent_id, version])

    # --- activation ----------------------------------------------------------------

    def active_version(self, agent_id: str) -> int:
        """The app-wide active version of the agent; 0 (built-in) when none was ever activated."""
        if agent_id not in self._active:
            row = self.db.fetchone("SELECT version FROM prompt_activations WHERE agent_id = ? ORDER BY seq DESC LIMIT 1",
                                   [agent_id])
            self._active[agent_id] = int(row[0]) if row else BUILTIN
        return self._active[agent_id]

    def active(self, agent_id: str) -> tuple[int, str] | None:
        """(version, text) of the active stored version; None while the built-in prompt is active."""
        version = self.active_version(agent_id)
        if version == BUILTIN:
            return None
        text = self.content(agent_id, version)
        return None if text is None else (version, text)

    def activate(self, agent_id: str, version: int, by: str, now: datetime, action: str = "activate") -> Activation:
        """Record ``version`` as active (version 0 = the built-in prompt). The caller checks who may."""
        if version != BUILTIN and self.get(agent_id, version) is None:
            raise InvalidPrompt("version", say("prompt_no_version", agent=agent_id, version=version))

        def write() -> Activation:
            cur = self.db.cursor()
            row = cur.execute("SELECT coalesce(max(seq), 0) FROM prompt_activations WHERE agent_id = ?",
                              [agent_id]).fetchone()
            seq = int(row[0]) + 1 if row else 1
            cur.execute("INSERT INTO prompt_activations VALUES (?, ?, ?, ?, ?, ?)",
                        [agent_id, seq, version, action, by, now])
            if version != BUILTIN:  # everyone's turns now use it: it is no longer a private draft
                cur.execute("UPDATE prompts SET shared = true WHERE agent_id = ? AND version = ?", [agent_id, version])
            return Activation(agent_id=agent_id, seq=seq, version=version, action=action, activated_by=by,
                              activated_at=now)

        result = self.db.write(write)
        self._active.pop(agent_id, None)
        return result

    def activations(self, agent_id: str) -> list[Activation]:
        rows = self.db.fetch_dicts("SELECT * FROM prompt_activations WHERE agent_id = ? ORDER BY seq DESC", [agent_id])
        return [Activation(**r) for r in rows]

    def previous_version(self, agent_id: str) -> int | None:
        """The version that was active before the current one (what Roll back returns to)."""
        log = self.activations(agent_id)
        if not log:
            return None
        current = log[0].version
        earlier = next((a.version for a in log[1:] if a.version != current), None)
        return BUILTIN if earlier is None else earlier

    # --- per-conversation picks ------------------------------------------------------

    def pick(self, conversation_id: str, agent_id: str, user_id: str, version: int | None, now: datetime) -> None:
        """Pin ``version`` for one conversation (None: follow the active version again)."""
        if version is None:
            self.db.execute("DELETE FROM prompt_picks WHERE conversation_id = ?", [conversation_id])
        else:
            self.db.execute("""INSERT INTO prompt_picks VALUES (?, ?, ?, ?, ?) ON CONFLICT (conversation_id)
                               DO UPDATE SET version = excluded.version, picked_at = excluded.picked_at""",
                            [conversation_id, agent_id, user_id, version, now])
        self._picks[conversation_id] = version

    def picked(self, conversation_id: str | None) -> int | None:
        if conversation_id is None:
            return None
        if conversation_id not in self._picks:
            row = self.db.fetchone("SELECT version FROM prompt_picks WHERE conversation_id = ?", [conversation_id])
            self._picks[conversation_id] = None if row is None else int(row[0])
        return self._picks[conversation_id]

    def picks_for_user(self, user_id: str, agent_id: str) -> dict[str, int]:
        rows = self.db.fetchall("SELECT conversation_id, version FROM prompt_picks WHERE user_id = ? AND agent_id = ?",
                                [user_id, agent_id])
        return {str(c): int(v) for c, v in rows}

    def count_picks(self, agent_id: str) -> int:
        """How many conversations (of every user) pin their own version: an activation leaves them alone."""
        row = self.db.fetchone("SELECT count(*) FROM prompt_picks WHERE agent_id = ?", [agent_id])
        return int(row[0]) if row else 0

    def forget_conversation(self, conversation_id: str) -> None:
        self._picks.pop(conversation_id, None)

    # --- what a turn uses ------------------------------------------------------------

    def resolve(self, agent_id: str, conversation_id: str | None, override: int | None = None) -> tuple[int, str | None]:
        """(version, stored text or None for built-in) for a turn: an explicit override (a comparison
        side, an eval run), else the conversation's pick, else the active version."""
        version = override if override is not None else self.picked(conversation_id)
        if version is None:
            version = self.active_version(agent_id)
        if version == BUILTIN:
            return BUILTIN, None
        text = self.content(agent_id, version)
        if text is None:  # a pick of a version that no longer exists: the active one, said in the trace
            version = self.active_version(agent_id)
            return version, (None if version == BUILTIN else self.content(agent_id, version))
        return version, text

    # --- before core_030 -------------------------------------------------------------

    def save(self, agent_id: str, content: str, now: datetime, note: str | None = None) -> int:
        """Create a version and make it active at once (the CLI's and tests' short way)."""
        version = self.create(agent_id, content, now, note=note)
        self.activate(agent_id, version, SYSTEM_AUTHOR, now)
        return version

    def versions(self, agent_id: str) -> list[VersionSummary]:
        return [VersionSummary(version=v.version, content=v.content, note=v.note, created_at=v.created_at)
                for v in self.list_versions(agent_id)]
