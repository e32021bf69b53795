"""A hostile HTTP client for body-size tests: it sends a huge body (with a Content-Length or chunked)
from one thread while another reads the answer, so a server that answers before reading the body is
seen to do so, and one that reads everything is measured doing it. Also the server's memory from /proc."""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHUNK = 64 * 1024


@dataclass
class Answer:
    status: int
    body: bytes
    seconds: float
    sent: int  # body bytes the client managed to send before the server stopped reading


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def json_message_body(chars: int) -> bytes:
    """``{"message": "..."}`` of ``chars`` letters that do not repeat in short runs (no compression tricks)."""
    block = bytes(os.urandom(CHUNK).hex()[:CHUNK], "ascii")
    text = (block * (chars // len(block) + 1))[:chars]
    return b'{"message": "' + text + b'"}'


def post(port: int, path: str, body: bytes, *, chunked: bool, timeout: float = 120.0) -> Answer:
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    head = [f"POST {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Content-Type: application/json",
            "Connection: close"]
    head.append("Transfer-Encoding: chunked" if chunked else f"Content-Length: {len(body)}")
    sent = [0]

    def send() -> None:
        try:
            sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
            for start in range(0, len(body), CHUNK):
                piece = body[start:start + CHUNK]
                sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
                sent[0] += len(piece)
            if chunked:
                sock.sendall(b"0\r\n\r\n")
        except OSError:  # the server answered and closed without reading the rest: what we want
            pass

    started = time.perf_counter()
    sender = threading.Thread(target=send, daemon=True)
    sender.start()
    response = http.client.HTTPResponse(sock)
    try:
        response.begin()
        data = response.read()
    finally:
        seconds = time.perf_counter() - started
        sock.close()
    sender.join(timeout=timeout)
    return Answer(response.status, data, seconds, sent[0])


class ServerProcess:
    """``tests.support.body_server`` in a subprocess, with its memory readable from /proc."""

    def __init__(self, db: Path, extra_env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        env = {**os.environ, "PLAYGROUND_DB": str(db), "PYTHONPATH": str(ROOT), **(extra_env or {})}
        self.log = db.with_suffix(".log")
        self._out = self.log.open("wb")
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.support.body_server", str(self.port)], cwd=ROOT,
                                     env=env, stdout=self._out, stderr=subprocess.STDOUT)
        deadline = time.time() + 180
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text(errors='replace')[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError("the server did not start within 180 s")

    def _status(self, field: str) -> int:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
        raise KeyError(field)

    def rss(self) -> int:
        return self._status("VmRSS")

    def reset_peak(self) -> None:
        """Start a new peak-memory window (Linux: writing 5 to clear_refs resets VmHWM)."""
        Path(f"/proc/{self.proc.pid}/clear_refs").write_text("5")

    def peak(self) -> int:
        return self._status("VmHWM")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)
        self._out.close()
