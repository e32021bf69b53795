"""A click on a ``gr.render`` drawing is not lost while the drawing is made again (pages/gradio/render_clicks.py).

Over HTTP, as the page sends it: the click joins Gradio's queue with the handler index its drawing gave it. A
drawing function that waits on an event holds a render mid-way, which puts the click (or another session's
render) exactly inside the window instead of leaving it to the machine's load. Before: ``KeyError`` on the
index in the server (HTTP 500), and in the second case a drawing sent to the page with no handler at all."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import _start, eventually

HOLD = (99, 100)  # the values whose drawing waits, after it registered its handler, until ``release``


class App:
    def __init__(self) -> None:
        import gradio as gr
        from fastapi import FastAPI

        from pages.gradio.render_clicks import keep_render_clicks

        self.arm()
        with gr.Blocks() as demo:
            n, out = gr.Number(0), gr.Textbox()

            @gr.render(inputs=[n], triggers=[n.change])
            def draw(v: float) -> None:
                button = gr.Button("go", key="go")
                # keyed as the app keys its buttons: by what it is about (here: odd or even), so an even drawing
                # after an odd one replaces its handler
                button.click(lambda: self.wrote(f"clicked {v:g}"), None, out, key=("on-go", int(v) % 2))
                if v in HOLD:
                    self.inside.set()
                    self.release.wait(60)

        keep_render_clicks(demo)
        self.render = next(i for i, f in demo.fns.items() if f.renderable is not None)
        self.url, self.stop = _start(gr.mount_gradio_app(FastAPI(), demo, path="/"))

    def wrote(self, text: str) -> str:
        self.clicked.append(text)
        return text

    def arm(self) -> None:
        """Hold the next drawing of a ``HOLD`` value; forget the clicks made so far."""
        self.inside, self.release = threading.Event(), threading.Event()
        self.clicked: list[str] = []  # what the clicks wrote, in the order they ran

    def join(self, session: str, fn_index: int, data: list[Any]) -> tuple[int, str]:
        """Send an event as the page does: the HTTP status and the event's id."""
        import httpx

        answer = httpx.post(self.url + "gradio_api/queue/join", timeout=60, json={
            "data": data, "fn_index": fn_index, "session_hash": session, "event_data": None, "trigger_id": None})
        return answer.status_code, answer.json().get("event_id", "") if answer.status_code == 200 else ""

    def result(self, session: str, event_id: str, timeout: float = 60) -> dict[str, Any] | None:
        """The event's ``process_completed`` message (None if it did not come within ``timeout``)."""
        import httpx

        deadline = time.monotonic() + timeout  # the stream's heartbeats would outlast a read timeout alone
        try:
            with httpx.stream("GET", self.url + f"gradio_api/queue/data?session_hash={session}",
                              timeout=timeout) as stream:
                for line in stream.iter_lines():
                    message = json.loads(line[5:]) if line.startswith("data:") else {}
                    if message.get("msg") == "process_completed" and message.get("event_id") == event_id:
                        return message
                    if time.monotonic() > deadline:
                        break
        except httpx.TimeoutException:
            pass
        return None

    def draw(self, session: str, value: float) -> str:
        status, event_id = self.join(session, self.render, [value])
        assert status == 200
        return event_id

    def drawn(self, session: str, event_id: str) -> list[int]:
        """The handler indexes of the drawing the page gets."""
        message = self.result(session, event_id)
        assert message is not None and message["success"], message
        return [d["id"] for d in message["output"]["render_config"]["dependencies"] if d["targets"]]

    def click(self, session: str, fn_index: int) -> str | None:
        """The click's effect (the text it wrote), or None when the server refused it."""
        status, event_id = self.join(session, fn_index, [])
        message = self.result(session, event_id) if status == 200 else None
        return message["output"]["data"][0] if message and message["success"] else None


@pytest.fixture(scope="module")
def app() -> Iterator[App]:
    served = App()
    yield served
    served.release.set()
    served.stop()


def test_a_click_from_the_drawing_before_runs(app: App) -> None:
    """The drawing made again without the clicked handler (another product, a resolved card): the click sent from
    the drawing before runs the handler it was made on."""
    [odd] = app.drawn("w1", app.draw("w1", 1))
    [even] = app.drawn("w1", app.draw("w1", 2))
    assert even != odd
    assert app.click("w1", odd) == "clicked 1"
    assert app.click("w1", even) == "clicked 2"
    assert app.click("w1", 10_000) is None  # an index the session never had is still refused


def test_a_click_inside_the_redraw_runs(app: App) -> None:
    """A click taken while its drawing is being made again, the new handlers registered and the old not yet
    deleted: it runs (Gradio replaces a keyed handler in place and deletes the others only at the end: no window
    there, before either); the same click once the drawing is made runs too (before: refused)."""
    app.arm()
    [odd] = app.drawn("w3", app.draw("w3", 1))
    held = app.draw("w3", 100)
    assert app.inside.wait(60)
    # its result is read from the server: the session's stream is read once, for the drawing, below
    assert app.join("w3", odd, [])[0] == 200
    assert eventually(lambda: app.clicked[-1:], timeout=60) == ["clicked 1"]
    app.release.set()
    assert app.drawn("w3", held) != [odd]
    assert app.click("w3", odd) == "clicked 1"


def test_a_drawing_keeps_its_handlers_when_another_session_draws_it_too(app: App) -> None:
    """The same render finishing in another session while it runs in this one: the drawing keeps its (keyed)
    handler, and a click sent from it runs."""
    app.arm()
    [first] = app.drawn("w2", app.draw("w2", 1))
    held = app.draw("w2", 99)
    assert app.inside.wait(60)
    other = app.draw("w2-other", 1)
    # Before: the other session's render finished here, inside this one. Serialised, it waits; a short wait then
    # (it cannot finish before this one is released).
    finished_inside = app.result("w2-other", other, timeout=3) is not None
    app.release.set()
    assert app.drawn("w2", held) == [first], f"handler lost (the other render finished inside: {finished_inside})"
    assert app.click("w2", first) == "clicked 99"


def test_the_app_keeps_its_render_clicks() -> None:
    """Every render of the app is serialised and every session's handlers keep the deleted ones: fails if
    Gradio's render or session copy changes shape under ``keep_render_clicks``."""
    from gradio.state_holder import SessionState

    from pages.gradio.render_clicks import KeptFns
    from tests.support.gradio_app import shared_app

    demo = shared_app()
    renders = [f for f in demo.fns.values() if f.renderable is not None]
    assert renders and all(f.fn != f.renderable.apply and f.fn.__wrapped__ == f.renderable.apply for f in renders)
    assert isinstance(SessionState(demo).blocks_config.fns, KeptFns)
