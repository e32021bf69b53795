"""A click on a button drawn by ``gr.render`` is not lost when the render runs again (the dock's confirmation
cards, the shopping Top 3).

A click is sent with the handler index of the drawing it landed on. When the render runs again before the
server takes that click (the person's id or language arriving after a reload, a tab opened again, another card),
the server used to replace every handler of the drawing, and the click reached an index it no longer had
(``KeyError`` in the server log; nothing happened on the page). Each test holds the click on its way to the
server (a Playwright route), makes the render run again, waits until the server has drawn it anew, and only then
lets the click through: the race, made certain instead of left to the machine's load. A drawing made again with
other handlers (the next turn's Top 3) keeps the ones it dropped reachable for such a click
(pages/gradio/render_clicks.py).
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from agents.core.session import runtime_store
from tests.browser.conftest import _serve, eventually

pytestmark = pytest.mark.browser


@pytest.fixture
def app_blocks() -> dict[str, Any]:
    return {}


@pytest.fixture
def server(store, app_blocks: dict[str, Any]) -> Iterator[str]:
    """The app as ``conftest.server`` serves it, with its Blocks kept to read how often a render ran."""
    from pages.gradio.shell import build_server

    app = build_server()
    app_blocks["blocks"] = next(r.app.blocks for r in app.routes if getattr(getattr(r, "app", None), "blocks", None))
    yield from _serve(app)


def _iterations(blocks: Any, name: str, agent: str | None = None) -> int:
    """How many times the renders whose drawing function is called ``name`` (of ``agent``'s tab) have run on the
    server."""
    return sum(r.render_iteration for r in blocks.renderables if r.fn.__qualname__.endswith(name)
               and (agent is None or getattr(inspect.getclosurevars(r.fn).nonlocals.get("spec"), "id", "") == agent))


class Held:
    """Holds the next queue request the page sends once armed (the click), until ``release``."""

    def __init__(self, page: Any) -> None:
        self.armed, self.routes = False, []
        page.route("**/queue/join*", self._route)

    def _route(self, route: Any) -> None:
        if self.armed:
            self.armed = False
            self.routes.append(route)
        else:
            route.continue_()

    def click(self, page: Any, selector: str) -> int:
        """Click ``selector``; the request it sends is held. Returns the handler index it names."""
        self.armed = True
        page.click(selector)
        _wait(page, lambda: self.routes, timeout=30)  # Playwright runs the route only while the page is waited on
        return int(json.loads(self.routes[-1].request.post_data)["fn_index"])

    def release(self) -> None:
        while self.routes:
            self.routes.pop().continue_()


def _send(page: Any, agent: str, text: str) -> None:
    page.fill(f"#pg-{agent}-input textarea", text)
    page.click(f"#pg-{agent}-send")


def _idle(page: Any, agent: str) -> None:
    page.wait_for_function(f"() => !document.querySelector('#pg-{agent}-send').disabled", timeout=60_000)


def _wait(page: Any, until: Callable[[], object], timeout: float = 60) -> None:
    """Wait for a server-side condition while the page keeps running its events (and the routes)."""
    assert eventually(lambda: (page.wait_for_timeout(100), until())[1], timeout=timeout), "timed out"


def _open_top3(page: Any) -> None:
    """The shopping tab's first Top 3, drawn and settled."""
    page.click("button[role=tab]:has-text('쇼핑 재추천')")
    page.wait_for_selector("#pg-shopping-start-button", timeout=30_000)
    page.click("#pg-shopping-start-button")
    page.wait_for_selector("#pg-tab-shopping .pg-anchor", timeout=30_000)
    _idle(page, "shopping")


def test_a_top3_click_survives_the_cards_drawn_again(page: Any, app_blocks: dict[str, Any]) -> None:
    """Opening the shopping tab again draws its Top 3 again with the same cards; an anchor click made on the
    drawing before it is taken (before: lost, ``KeyError`` on its handler index; now: the turn runs)."""
    blocks = app_blocks["blocks"]
    _open_top3(page)
    held = Held(page)
    held.click(page, "#pg-tab-shopping .pg-anchor >> nth=1")
    before = _iterations(blocks, "draw_side")
    page.click("button[role=tab]:has-text('마케팅')")
    page.click("button[role=tab]:has-text('쇼핑 재추천')")
    _wait(page, lambda: _iterations(blocks, "draw_side") > before)  # the server drew the Top 3 anew
    held.release()
    page.wait_for_selector("#pg-tab-shopping >> text=기준 제품", timeout=60_000)
    state = eventually(lambda: runtime_store().conversations.list("demo", agent_id="shopping")[0].state,
                       until=lambda s: s.get("anchor"))
    assert state["anchor"]


def test_a_top3_click_survives_the_next_turns_top3(page: Any, app_blocks: dict[str, Any]) -> None:
    """A new turn draws a new Top 3 (its cards are keyed by the turn) and the server drops the anchors of the one
    before as soon as it has drawn it, while the page may still show it (the chat's copy of the new card comes
    first, the side column's drawing after it). An anchor click made on the Top 3 before, taken after that, runs
    that anchor (before: lost, ``KeyError`` on its handler index; the shopping flow clicked twice for it)."""
    blocks = app_blocks["blocks"]
    _open_top3(page)
    held = Held(page)
    index = held.click(page, "#pg-tab-shopping .pg-anchor >> nth=1")
    session = json.loads(held.routes[-1].request.post_data)["session_hash"]
    _send(page, "shopping", "10만원 아래로 다시 보여줘")
    page.wait_for_selector("#pg-shopping-workspace .pg-summary:has-text('예산 10만원 이하')", timeout=60_000)
    _idle(page, "shopping")
    assert index not in blocks.state_holder[session].blocks_config.fns  # the server drew the next Top 3 without it
    held.release()
    state = eventually(lambda: runtime_store().conversations.list("demo", agent_id="shopping")[0].state,
                       until=lambda s: s.get("anchor"))
    assert state.get("anchor"), "the anchor click was lost"


def test_a_dock_click_survives_another_card_drawn(page: Any, app_blocks: dict[str, Any]) -> None:
    """A second proposal draws the dock again with the first card unchanged; Cancel clicked on the first card
    before that is taken (before: lost and the card stayed; now: cancelled)."""
    blocks = app_blocks["blocks"]
    _send(page, "marketing", "봄 시즌 세일 예산 20% 늘려줘")
    page.wait_for_selector(".pg-cancel", timeout=60_000)
    _idle(page, "marketing")
    [first] = [r for r in runtime_store().actions.list_for_user("demo") if r.status.value == "PENDING"]
    held = Held(page)
    held.click(page, "#pg-marketing-dock .pg-cancel >> nth=0")
    before = _iterations(blocks, "build_dock.<locals>.draw")
    _send(page, "marketing", "신규 회원 전환 잠깐 멈춰줘")
    page.wait_for_selector("#pg-marketing-dock .pg-action >> nth=1", timeout=60_000)  # both cards drawn
    _idle(page, "marketing")
    _wait(page, lambda: _iterations(blocks, "build_dock.<locals>.draw") > before)
    held.release()
    status = eventually(lambda: runtime_store().actions.get(first.id).status.value,
                        until=lambda s: s != "PENDING", timeout=60)
    assert status == "CANCELLED"
    # the dock drawn again without the cancelled card, the other one still there
    page.wait_for_function("() => !document.querySelector('#pg-marketing-dock').innerText.includes('봄 시즌 세일')",
                           timeout=30_000)
    assert "신규 회원 전환" in page.inner_text("#pg-marketing-dock")

