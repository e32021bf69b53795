"""A headless Streamlit server for this app on 127.0.0.1, for the tests, the screenshots and the
benchmarks: ``with serve(env) as url: ...``."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "streamlit_app.py"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def serve(env: dict[str, str] | None = None, timeout: float = 90) -> Iterator[str]:
    """Start the app (``pages.streamlit.launch``) headless on a free loopback port; yields its URL once
    ``/_stcore/health`` answers 200, and stops it afterwards."""
    port = free_port()
    # pages.streamlit.launch: `streamlit run streamlit_app.py` with the pages/ folder ignored from the first session
    server = subprocess.Popen([sys.executable, "-m", "pages.streamlit.launch", "--server.headless", "true",
                               "--server.address", "127.0.0.1", "--server.port", str(port)],
                              cwd=ROOT, env={**os.environ, **(env or {})}, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.time() + timeout
        while True:
            try:
                with urllib.request.urlopen(url + "_stcore/health", timeout=5) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                if server.poll() is not None:
                    said = server.stdout.read() if server.stdout is not None else ""
                    raise RuntimeError(f"streamlit exited: {said}") from None
                if time.time() > deadline:
                    raise TimeoutError(f"streamlit did not answer on {url} in {timeout:.0f} s") from None
                time.sleep(0.3)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
