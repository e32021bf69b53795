#!/usr/bin/env python3
"""Set-up with nothing but Python >= 3.11: `python3 dev.py run` or `python3 dev.py test`
(`python3 dev.py streamlit` starts the Streamlit front end instead of the Gradio app).

It creates (or reuses) .venv, installs the project when pyproject.toml changed, then
runs the app, the test suite or the benchmarks. Extra arguments go to the command.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("PLAYGROUND_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"


def ensure_env() -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py may be run by an older python3
        sys.exit(f"Python 3.11 or newer is needed; this is {sys.version.split()[0]}.")
    if not PY.exists():
        print(f"creating {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / ".installed"
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not stamp.exists() or stamp.read_text() != digest:
        print("installing agent-playground and its dependencies ...", flush=True)
        subprocess.run([PY, "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)
        # [dev] includes [streamlit]: `dev.py test` and `dev.py streamlit` both need it.
        subprocess.run([PY, "-m", "pip", "install", "-q", "-e", f"{ROOT}[dev,streamlit]"], check=True)
        stamp.write_text(digest)


def main() -> int:
    command, *rest = sys.argv[1:] or ["run"]
    commands = {
        "run": [PY, str(ROOT / "app.py"), *rest],
        # `streamlit run streamlit_app.py`, with the pages/ folder never served (see streamlit_ui/launch.py)
        "streamlit": [PY, "-m", "streamlit_ui.launch", *rest],
        "test": None,
        "bench": None,
        "lint": [BIN / "ruff", "check", str(ROOT)],
        "screenshots": [PY, "-m", "tests.screenshots", str(ROOT / "docs")],
    }
    if command not in commands:
        sys.exit(f"unknown command {command!r}; use one of: {', '.join(commands)}")
    ensure_env()
    os.chdir(ROOT)
    if command == "bench":
        codes = [subprocess.run([PY, "-m", f"tests.bench.{name}", *rest]).returncode
                 for name in ("bench_store", "bench_marketing", "bench_providers", "bench_shopping_nlu",
                              "bench_travel", "bench_lab", "bench_evals", "bench_browser")]
        return max(codes)
    if command == "test":
        lint = subprocess.run([BIN / "ruff", "check", "."])
        tests = subprocess.run([PY, "-m", "pytest", *rest])
        return lint.returncode or tests.returncode
    return subprocess.run(commands[command]).returncode


if __name__ == "__main__":
    raise SystemExit(main())
