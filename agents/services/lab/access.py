"""Who may see and change what in the Lab.

- Turns: in ``shared`` mode each person sees only their own (their side-by-side sandbox turns
  included); in ``local`` mode (one machine, the user a free field) everyone's, with a user filter.
- Prompt activation is app-wide: every visitor's turns change. In ``local`` mode anyone at the
  machine may do it. In ``shared`` mode only the people named in ``PLAYGROUND_PROMPT_ADMINS``
  (comma-separated user ids, e.g. ``hf-alice``) may, and the server's CLI always may; an anonymous
  visitor of a public Space never can.
- Versions made by a shared-mode visitor who is not an admin are private drafts: only their author
  (and admins) see them, and their author may pick them for their own conversations and comparisons.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from agents.core.errors import Forbidden
from agents.core.identity import Mode
from agents.core.store.prompts import PromptVersion

ADMINS_ENV = "PLAYGROUND_PROMPT_ADMINS"


def prompt_admins() -> frozenset[str]:
    return frozenset(filter(None, (s.strip() for s in os.environ.get(ADMINS_ENV, "").split(","))))


@dataclass(frozen=True)
class LabUser:
    user_id: str
    mode: Mode
    # The server's own CLI: the operator, who may do anything (and sees everyone's turns).
    operator: bool = False

    @classmethod
    def cli(cls, user_id: str = "system") -> LabUser:
        return cls(user_id, "local", operator=True)

    @property
    def admin(self) -> bool:
        return self.operator or self.mode == "local" or self.user_id in prompt_admins()

    def owner_filter(self, requested: str | None = None) -> str | None:
        """Whose turns a read covers: shared mode, always the caller; local mode, ``requested``
        (None: everyone's)."""
        if self.mode == "shared" and not self.operator:
            if requested is not None and requested != self.user_id:
                raise Forbidden(f"다른 사용자({requested})의 기록은 볼 수 없습니다. (You are {self.user_id!r}; "
                                f"the turns of {requested!r} are theirs to see.)")
            return self.user_id
        return requested

    def may_see(self, version: PromptVersion) -> bool:
        return self.admin or version.shared or version.created_by == self.user_id

    def require_admin(self, ko: str, en: str) -> None:
        if not self.admin:
            raise Forbidden(
                f"{ko}은(는) 모든 방문자의 대화를 바꾸므로 프롬프트 관리자만 할 수 있습니다. 새 버전을 만들어 내 대화나 "
                f"비교에서 골라 써 보세요. (Only prompt admins may {en} on a shared server: it changes every visitor's "
                f"turns. Pick your version for one of your conversations or a side-by-side comparison instead; "
                f"the server owner lists admins in {ADMINS_ENV}.)")
