"""HTTP API processes (uvicorn, local mode) on free local ports, for tests and benchmarks that need more than one
process on one database: ``with api_processes(env, 2) as bases: ...``."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tests.support.postgres import free_port

ROOT = Path(__file__).resolve().parents[2]
_APP = """
import sys, uvicorn
from agents.http.api import create_api
uvicorn.run(create_api("local", burst_limit=10**6), host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""


@contextmanager
def api_processes(env: dict[str, str], count: int, start_seconds: float = 300) -> Iterator[list[str]]:
    """``count`` processes with ``env`` (the whole environment), each answering ``/api/v1/agents``; their base
    URLs. Stopped (terminated, then killed) at the end."""
    ports = [free_port() for _ in range(count)]
    procs = [subprocess.Popen([sys.executable, "-c", _APP, str(p)], env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True) for p in ports]
    bases = [f"http://127.0.0.1:{p}" for p in ports]
    try:
        deadline = time.monotonic() + start_seconds
        for proc, base in zip(procs, bases, strict=True):
            while True:
                if proc.poll() is not None:
                    raise RuntimeError(f"an app process exited: {proc.communicate()[1][-3000:]}")
                try:
                    if httpx.get(f"{base}/api/v1/agents", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError("an app process did not start")
                time.sleep(0.2)
        yield bases
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
