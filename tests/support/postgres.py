"""A throw-away PostgreSQL server for tests and benchmarks: ``initdb`` and ``pg_ctl`` in a temp dir,
listening on a free local port and on a unix socket inside that dir, stopped (and removed) at the end.

    with TempPostgres() as pg:          # or the session fixture ``postgres`` in tests/conftest.py
        url = pg.create_database("t1")  # postgresql://…/t1, empty

``binaries()`` finds the server's programs (PATH, then Debian's /usr/lib/postgresql/<v>/bin); when there
are none, ``missing_reason()`` says why a test that needs one is skipped.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType
from urllib.parse import quote

START_SECONDS = 60.0


def binaries() -> Path | None:
    """The folder holding initdb and pg_ctl, or None. PLAYGROUND_PG_BIN wins over the search."""
    env = os.environ.get("PLAYGROUND_PG_BIN")
    candidates = [Path(env)] if env else []
    found = shutil.which("initdb")
    if found:
        candidates.append(Path(found).parent)
    debian = Path("/usr/lib/postgresql")
    if debian.is_dir():
        candidates += sorted((p / "bin" for p in debian.iterdir()), key=lambda p: _version(p.parent.name), reverse=True)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    return None


def _version(name: str) -> float:
    try:
        return float(name)
    except ValueError:
        return 0.0


def missing_reason() -> str:
    return ("PostgreSQL's server binaries (initdb, pg_ctl) were not found on PATH or in /usr/lib/postgresql/*/bin "
            "(install the postgresql package, or set PLAYGROUND_PG_BIN)")


def server_user() -> str | None:
    """initdb refuses to run as root: as root, the server runs as ``postgres`` (Debian's) or ``nobody``."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise RuntimeError("running as root and there is no 'postgres' or 'nobody' user to run PostgreSQL as")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class TempPostgres:
    """One server. ``start()`` / ``stop()``, or use it as a context manager."""

    def __init__(self, bin_dir: Path | None = None, *, max_connections: int = 200, keep: Path | None = None) -> None:
        found = bin_dir or binaries()
        if found is None:
            raise RuntimeError(missing_reason())
        self.bin = found
        self.max_connections = max_connections
        # ``keep``: a folder that outlives the server (`dev.py run --postgres`), re-used by the next start.
        self.keep = keep
        if keep is not None:
            keep.mkdir(parents=True, exist_ok=True)
        self.root = keep if keep is not None else Path(tempfile.mkdtemp(prefix="pg-test-"))
        self.data = self.root / "data"
        self.socket_dir = self.root / "sock"
        self.port = 0
        self.user = "playground"
        self.os_user = server_user()
        if self.os_user is not None:
            entry = pwd.getpwnam(self.os_user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        self.running = False

    def _run(self, *args: str) -> None:
        done = subprocess.run(args, capture_output=True, text=True, timeout=START_SECONDS, user=self.os_user,
                              cwd=self.root)
        if done.returncode != 0:
            raise RuntimeError(f"{Path(args[0]).name} failed ({done.returncode}): {done.stderr.strip()[-800:]}")

    def start(self) -> TempPostgres:
        if not self.socket_dir.exists():
            self._run("mkdir", str(self.socket_dir))
        if not (self.data / "PG_VERSION").exists():
            self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", self.user, "-A", "trust", "-E", "UTF8",
                      "--locale=C", "--no-sync")
        # Speed over durability for a test database, which is thrown away (fsync off, no full-page writes).
        durability = "" if self.keep is not None else "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
        options = (f"-c listen_addresses=127.0.0.1 -c unix_socket_directories={self.socket_dir} "
                   f"-c max_connections={self.max_connections} {durability}-c shared_buffers=64MB")
        for _ in range(5):  # a port found free may be taken before the server binds it: try another
            self.port = free_port()
            log = self.root / "server.log"
            done = subprocess.run([str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(log), "-w",
                                   "-t", str(int(START_SECONDS)), "-o", f"{options} -p {self.port}", "start"],
                                  capture_output=True, text=True, timeout=START_SECONDS + 10, user=self.os_user,
                                  cwd=self.root)
            if done.returncode == 0:
                self.running = True
                return self
            if "could not bind" not in log.read_text(errors="replace"):
                break
        text = (self.root / "server.log").read_text(errors="replace")[-800:]
        self.cleanup()
        raise RuntimeError(f"PostgreSQL did not start: {text}")

    def stop(self) -> None:
        if self.running:
            mode = "fast" if self.keep is not None else "immediate"  # a kept server shuts down cleanly
            subprocess.run([str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop"],
                           capture_output=True, timeout=START_SECONDS, user=self.os_user, cwd=self.root)
            self.running = False
        self.cleanup()

    def cleanup(self) -> None:
        if self.keep is None:
            shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> TempPostgres:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()

    # --- databases -----------------------------------------------------------------------------------------

    def url(self, database: str = "postgres") -> str:
        """A URL over TCP on 127.0.0.1 (what a deployment would use)."""
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{quote(database)}"

    def socket_url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@/{quote(database)}?host={quote(str(self.socket_dir))}&port={self.port}"

    def admin(self, sql: str) -> None:
        """Run one statement outside a transaction (CREATE / DROP DATABASE) over the unix socket."""
        import psycopg

        with psycopg.connect(self.socket_url(), autocommit=True) as conn:
            conn.execute(sql)

    def create_database(self, name: str, template: str | None = None) -> str:
        """An empty database (or a copy of ``template``); its URL."""
        ident = '"' + name.replace('"', '""') + '"'
        suffix = "" if template is None else ' TEMPLATE "' + template.replace('"', '""') + '"'
        deadline = time.monotonic() + 10
        while True:
            try:
                self.admin(f"CREATE DATABASE {ident}{suffix}")
                break
            except Exception as exc:  # a template still in use by a closing connection: wait for it
                if "being accessed by other users" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        return self.socket_url(name)

    def drop_database(self, name: str) -> None:
        ident = '"' + name.replace('"', '""') + '"'
        self.admin(f"DROP DATABASE IF EXISTS {ident} WITH (FORCE)")


def ensure_database(server: TempPostgres, name: str) -> str:
    """``name``'s URL on ``server``, created when it is not there yet."""
    import psycopg

    with psycopg.connect(server.socket_url(), autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
    if not exists:
        server.create_database(name)
    return server.url(name)


def main(argv: list[str]) -> int:
    """`python -m tests.support.postgres FOLDER COMMAND...`: run COMMAND with PLAYGROUND_DATABASE_URL set to a
    local PostgreSQL whose data lives in FOLDER (kept between runs), stopped when COMMAND ends."""
    if len(argv) < 2:
        print("usage: python -m tests.support.postgres FOLDER COMMAND...", file=sys.stderr)
        return 2
    try:
        server = TempPostgres(keep=Path(argv[0]).resolve()).start()
    except RuntimeError as exc:
        print(f"PostgreSQL could not start: {exc}", file=sys.stderr)
        return 2
    try:
        url = ensure_database(server, "playground")
        print(f"PostgreSQL {server.bin.parent.name} on 127.0.0.1:{server.port}, data in {server.data}: "
              f"PLAYGROUND_DATABASE_URL={url}", flush=True)
        try:
            return subprocess.run(argv[1:], env={**os.environ, "PLAYGROUND_DATABASE_URL": url}).returncode
        except KeyboardInterrupt:
            return 130
    finally:
        server.stop()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
