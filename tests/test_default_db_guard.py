"""No test may reach the user's real database (it was found truncated after a run once)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from agents.core.store.db import default_db_path


def test_the_default_path_is_not_the_users_during_tests(monkeypatch) -> None:
    monkeypatch.delenv("PLAYGROUND_DB")
    real = Path.home() / ".local" / "share" / "agent-playground"
    assert real not in default_db_path().parents
    # a child that loses PLAYGROUND_DB inherits the throw-away data home as well
    env = {k: v for k, v in os.environ.items() if k != "PLAYGROUND_DB"}
    out = subprocess.run([sys.executable, "-c", "from agents.core.store.db import default_db_path; print(default_db_path())"],
                         env=env, capture_output=True, text=True, check=True).stdout.strip()
    assert not out.startswith(str(real)), out
