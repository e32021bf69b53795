"""The turn pump: an abandoned or stopped consumer never leaves a conversation locked."""

from __future__ import annotations

import gc
import time

from agents.core.locks import conversation_lock
from agents.core.providers.base import Finish, TextChunk
from agents.core.providers.offline import OfflineProvider, say
from agents.core.session import Session
from agents.core.streaming import pumped


class _Slow(OfflineProvider):
    """A model that types: 400 words, 5 ms apart (the scripted provider answers at once)."""

    def stream(self, request):
        for i in range(400):
            time.sleep(0.005)
            yield TextChunk(f"w{i} ")
        yield Finish()


def _long_session(clock):
    session = Session("notes", provider=OfflineProvider.scripted(say("first")), clock=clock)
    session.run("one")
    session.provider = _Slow()
    return session


def test_closing_a_pumped_stream_interrupts_the_turn_and_frees_the_lock(store, clock) -> None:
    session = _long_session(clock)
    stream = pumped(session.send("two"))
    assert next(stream).type == "text_delta"
    stream.close()  # what Gradio's Stop does to the handler's generator
    lock = conversation_lock(session.conversation_id)
    deadline = time.monotonic() + 5
    while lock.locked() and time.monotonic() < deadline:
        time.sleep(0.001)
    assert not lock.locked()
    last = session.history()[-1]
    assert last.role == "assistant" and last.status == "interrupted" and last.content.startswith("w0")


def test_an_abandoned_pumped_stream_still_finishes_and_frees_the_lock(store, clock) -> None:
    session = _long_session(clock)
    stream = pumped(session.send("two"))
    next(stream)
    del stream  # a consumer that vanished without closing anything
    gc.collect()
    lock = conversation_lock(session.conversation_id)
    deadline = time.monotonic() + 5
    while lock.locked() and time.monotonic() < deadline:
        time.sleep(0.001)
    assert not lock.locked()
    assert session.history()[-1].role == "assistant"


def test_pumped_passes_events_through_in_order(store, clock) -> None:
    direct = [e.type for e in Session("notes", provider=OfflineProvider.scripted(say("a b c")), clock=clock).run("x")]
    through = [e.type for e in pumped(
        Session("notes", provider=OfflineProvider.scripted(say("a b c")), clock=clock).send("x"))]
    assert through == direct and through[-1] == "done"
