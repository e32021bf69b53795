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
from typing import Literal

from agents.core.errors import Forbidden
from agents.core.identity import Mode
from agents.core.store.prompts import PromptVersion
from agents.services.messages import say

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
                raise Forbidden(say("lab_not_yours", requested=requested, user=self.user_id))
            return self.user_id
        return requested

    def may_see(self, version: PromptVersion) -> bool:
        return self.admin or version.shared or version.created_by == self.user_id

    def require_admin(self, change: Literal["activate", "rollback"]) -> None:
        if not self.admin:
            raise Forbidden(say(f"admin_only_{change}", env=ADMINS_ENV))
