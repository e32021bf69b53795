"""The english tutor's part of the store: each learner's profile (seed §5 ``UserProfile``) and the
article marker of a conversation. All SQL of the agent is here but its
tables' migrations (migrations.py), parameterised."""

from __future__ import annotations

import json
from datetime import datetime

from pydantic import ValidationError

from agents.core import inputs
from agents.core.inputs import InvalidInput
from agents.core.redact import redact
from agents.core.store import Store
from agents.core.store.conversations import loads
from agents.english.marker import PREFIX
from agents.english.models import LEVELS, CorrectionWithErrors, UserProfile

RECENT = 10  # the last corrections with errors kept on the profile (seed §5)
DEFAULT = UserProfile(name="Learner", interests=["technology", "travel", "food"], learningLevel="intermediate")


_COLS = "name, interests, learning_level, recent_corrections"


def _profile(row: tuple[object, ...]) -> UserProfile:
    name, interests, level, recent = row
    return UserProfile.model_validate({"name": name, "interests": loads(interests, []), "learningLevel": level,
                                       "recentCorrections": loads(recent, [])})


def clean_profile(name: object, interests: object, level: object) -> UserProfile:
    """A profile from editor or API values; each bad value is named with what to do."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 40:
        raise InvalidInput("name", "이름은 1-40자로 입력하세요. (Enter a name of 1-40 characters.)")
    inputs.text(name, "name")  # a lone surrogate can't be stored: named here, not a failed write
    if isinstance(interests, str):
        interests = [part for part in inputs.text(interests, "interests").replace("\n", ",").split(",")]
    if not isinstance(interests, list | tuple):
        raise InvalidInput("interests", "관심사는 목록으로 주세요. (Give the interests as a list.)")
    for i, interest in enumerate(interests):
        if not isinstance(interest, str):
            raise InvalidInput(f"interests[{i}]", f"관심사는 글자로 입력하세요 ({type(interest).__name__} 값을 받음). "
                                                  f"(Each interest is text, not {type(interest).__name__}.)")
        inputs.text(interest, f"interests[{i}]")
    cleaned = list(dict.fromkeys(str(i).strip() for i in interests if str(i).strip()))
    if not cleaned:
        raise InvalidInput("interests", "관심사를 하나 이상 고르거나 입력하세요 (예: technology, 여행). "
                                        "(Pick or type at least one interest, e.g. technology.)")
    if len(cleaned) > 8 or any(len(i) > 40 for i in cleaned):
        raise InvalidInput("interests", "관심사는 8개까지, 각각 40자 이내로 입력하세요. "
                                        "(Give at most 8 interests of up to 40 characters each.)")
    if level not in LEVELS:
        raise InvalidInput("learningLevel", f"학습 수준은 {', '.join(LEVELS)} 중 하나여야 합니다 ({level!r} 불가). "
                                            f"(learningLevel must be one of {', '.join(LEVELS)}, not {level!r}.)")
    try:
        return UserProfile(name=name.strip(), interests=cleaned, learningLevel=level)
    except ValidationError as exc:  # pragma: no cover - the checks above cover the model's rules
        raise InvalidInput("profile", str(exc)) from exc


class EnglishStore:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db

    # --- profile -------------------------------------------------------------------------

    def ensure(self, user_id: str, now: datetime) -> None:
        """Seed the default profile on first use (idempotent, race-safe)."""
        if self.db.fetchone("SELECT 1 FROM english_profiles WHERE user_id = ?", [user_id]) is None:
            self.db.write(lambda: self.db.execute(
                "INSERT INTO english_profiles (user_id, name, interests, learning_level, recent_corrections, "
                "news_cursor, updated_at) VALUES (?, ?, ?, ?, '[]', 0, ?) ON CONFLICT DO NOTHING",
                [user_id, DEFAULT.name, json.dumps(DEFAULT.interests), DEFAULT.learningLevel, now]))

    def profile(self, user_id: str, now: datetime) -> UserProfile:
        self.ensure(user_id, now)
        row = self.db.fetchone(f"SELECT {_COLS} FROM english_profiles WHERE user_id = ?", [user_id])
        return _profile(row) if row else DEFAULT.model_copy()

    def save(self, user_id: str, name: object, interests: object, level: object, now: datetime) -> UserProfile:
        """Name, interests and level from the editor; the corrections stay."""
        cleaned = clean_profile(name, interests, level)
        self.ensure(user_id, now)
        self.db.write(lambda: self.db.execute(
            "UPDATE english_profiles SET name = ?, interests = ?, learning_level = ?, updated_at = ? "
            "WHERE user_id = ?",
            [cleaned.name, json.dumps(cleaned.interests, ensure_ascii=False), cleaned.learningLevel, now, user_id]))
        return self.profile(user_id, now)

    def add_correction(self, user_id: str, correction: CorrectionWithErrors, now: datetime) -> list[CorrectionWithErrors]:
        """Append a correction that had errors; only the last ``RECENT`` are kept."""
        self.ensure(user_id, now)

        def append() -> list[CorrectionWithErrors]:
            row = self.db.fetchone("SELECT recent_corrections FROM english_profiles WHERE user_id = ?", [user_id])
            recent = [*loads(row[0] if row else "[]", []), correction.model_dump(mode="json")][-RECENT:]
            self.db.execute("UPDATE english_profiles SET recent_corrections = ?, updated_at = ? WHERE user_id = ?",
                            [json.dumps(recent, ensure_ascii=False), now, user_id])
            return [CorrectionWithErrors(**c) for c in recent]

        return self.db.write(append)

    def clear_corrections(self, user_id: str, now: datetime) -> None:
        self.db.write(lambda: self.db.execute(
            "UPDATE english_profiles SET recent_corrections = '[]', updated_at = ? WHERE user_id = ?", [now, user_id]))

    def next_article(self, user_id: str, now: datetime) -> int:
        """Claim the rotation's next position (one statement, so two new sessions never share one)."""
        self.ensure(user_id, now)
        row = self.db.write(lambda: self.db.fetchone(
            "UPDATE english_profiles SET news_cursor = news_cursor + 1, updated_at = ? WHERE user_id = ? "
            "RETURNING news_cursor - 1", [now, user_id]))
        return int(row[0]) if row else 0

    # --- the session marker ------------------------------------------------------------------

    def conversation_with_marker(self, user_id: str, text: str) -> str | None:
        """The user's newest english conversation that stored this exact marker (a stateless client's
        session, issue 30); the text is compared as stored, that is masked."""
        row = self.db.fetchone(
            """SELECT c.id FROM conversations c JOIN messages m ON m.conversation_id = c.id
               WHERE c.user_id = ? AND c.agent_id = 'english' AND m.role = 'system' AND m.content IN (?, ?)
               ORDER BY c.updated_at DESC, c.id DESC LIMIT 1""", [user_id, text, redact(text)])
        return row[0] if row else None

    def marker(self, conversation_id: str) -> str | None:
        """The conversation's ``SYSTEM_ARTICLE:`` message, however far back (the history window may not
        reach it)."""
        row = self.db.fetchone(
            "SELECT content FROM messages WHERE conversation_id = ? AND role = 'system' AND starts_with(content, ?) "
            "ORDER BY seq DESC LIMIT 1", [conversation_id, PREFIX])
        return row[0] if row else None
