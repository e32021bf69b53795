"""What a serving process runs beside its requests, whatever its UI (the Gradio app and the
Streamlit app both start these once): classifier warm-up and the periodic alert checks."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from contextlib import ExitStack
from datetime import datetime
from typing import TYPE_CHECKING

from agents.core.agent import list_agents

if TYPE_CHECKING:
    from agents.core.store.db import AnyDatabase

log = logging.getLogger(__name__)
ALERT_INTERVAL_SECONDS = 15 * 60
ALERT_LOCK = "playground.alert_timer"


class Leadership:
    """Whether this process runs a periodic job. Processes sharing one PostgreSQL database each try to take
    the advisory lock ``name`` at every tick; the one that has it keeps it for as long as it runs (so the job
    runs in one process at a time), and when it dies the lock goes with its connection and another takes
    over at its next tick. On DuckDB one process holds the file: it always leads."""

    def __init__(self, db: AnyDatabase, name: str = ALERT_LOCK) -> None:
        self.db, self.name = db, name
        self._held = ExitStack()
        self.leading = False

    def claim(self) -> bool:
        if not self.leading:
            if self._held.enter_context(self.db.advisory(self.name, wait=0)):
                self.leading = True
            else:
                self._held.close()
        return self.leading

    def release(self) -> None:
        self._held.close()
        self.leading = False


def warm_up() -> threading.Thread:
    """At start-up, off the request path: load every agent's exemplar classifier and the injection
    guard's from the model cache (fitting them, with scikit-learn, when the training data changed),
    plus the english checker's dictionaries, so the first visitor's first message is as fast as the rest."""
    from agents.core import guards

    def run() -> None:
        for spec in list_agents():
            try:
                if spec.warm is not None:
                    spec.warm()
            except Exception:  # a failed warm-up only means the first turn trains it (logged)
                log.exception("warming %s failed", spec.id)
        guards.warm()

    thread = threading.Thread(target=run, name="warm-up", daemon=True)
    thread.start()
    return thread


def start_alert_checks(interval: float = ALERT_INTERVAL_SECONDS, stop: threading.Event | None = None,
                       clock: Callable[[], datetime] | None = None) -> threading.Thread:
    """Every 15 minutes while the app is up: run each agent's alert check for its users, and expire
    pending actions whose time ran out (so nobody has to open the conversation for it to happen)."""
    stop = stop or threading.Event()
    from agents.core.actions import ActionService
    from agents.core.clock import system_clock
    from agents.core.sandbox import is_sandbox_user
    from agents.core.session import runtime_store

    now = clock or system_clock

    def loop() -> None:
        leader = Leadership(runtime_store().db)
        try:
            while not stop.is_set():
                try:
                    leading = leader.claim()
                except Exception:  # the database is unreachable this tick: try again at the next
                    log.exception("taking the alert timer's lock failed")
                    leading = False
                if leading:
                    _tick()
                stop.wait(interval)
        finally:
            leader.release()

    def _tick() -> None:
        try:
            ActionService(runtime_store(), now).sweep_expired()
        except Exception:  # logged; the alert checks still run
            log.exception("sweeping expired actions failed")
        for spec in list_agents():
            if spec.alert_check is None or spec.alert_users is None:
                continue
            store = runtime_store()
            try:
                for user_id in spec.alert_users(store):
                    if is_sandbox_user(user_id):  # a side-by-side side: nobody reads its alerts
                        continue
                    spec.alert_check(store, user_id, now())
            except Exception:  # a failed check must not stop the next one (logged)
                log.exception("alert check for %s failed", spec.id)

    thread = threading.Thread(target=loop, name="alert-checks", daemon=True)
    thread.start()
    return thread
