"""What the page does per send, for speed (issue 10): the typed message and the reply's first words in
one repaint, charts serialised once, hidden tabs left alone at page load. Figures in tests/bench."""

from __future__ import annotations

import threading
from typing import Any

import gradio as gr
import plotly.graph_objects as go
import pytest

from agents.core.identity import Viewer
from agents.core.session import Session
from agents.core.streaming import QUIET, pumped
from agents.view.render import ChatView, MessageView, add_user_message, has_reply
from pages.gradio import agent_tab
from pages.gradio.chat_gradio import plot_message
from pages.gradio.identity import AppConfig
from tests.support.gradio_app import shared_app

CHAT, SEND, STOP = 1, 13, 14  # positions in the tab's outputs (view_state, chatbot, badge, textbox, ...)


def _send_handler(demo: gr.Blocks, agent_id: str) -> Any:
    box = next(b for b in demo.blocks.values() if getattr(b, "elem_id", None) == f"pg-{agent_id}-input")
    return next(fn.fn for fn in demo.fns.values() if (box._id, "submit") in [tuple(t) for t in fn.targets])


def _frames(monkeypatch, wait: float, text: str = "이번 주 성과 어때?") -> list[list[Any]]:
    """Every frame the marketing tab's Send handler yields, called as Gradio calls it."""
    monkeypatch.setattr(agent_tab, "FIRST_FRAME_WAIT", wait)
    send = _send_handler(shared_app(AppConfig(offline_pace_ms=0)), "marketing")
    return list(send(text, ChatView(), "ko", "offline", "", "", Viewer("demo", "local")))


def _roles(frame: list[Any]) -> list[str]:
    return [m["role"] for m in frame[CHAT]]


def test_the_typed_message_and_the_first_words_come_in_one_frame(store, monkeypatch) -> None:
    frames = _frames(monkeypatch, wait=30)
    first = frames[0]
    assert _roles(first)[:2] == ["user", "assistant"]  # never a frame with the typed message alone
    assert first[CHAT][0]["content"] == "이번 주 성과 어때?"
    assert first[CHAT][1]["content"].startswith("이번")  # the reply's first words, as the offline model says them
    assert first[3] == ""  # the input is cleared in that same frame
    assert first[SEND]["interactive"] is False and first[STOP]["interactive"] is True
    last = frames[-1]
    assert last[SEND]["interactive"] is True and last[STOP]["interactive"] is False


def test_a_slow_model_still_shows_the_typed_message_at_once(store, monkeypatch) -> None:
    send, release = Session.send, threading.Event()

    def slow(self, *args, **kwargs):
        release.wait(10)  # the model says nothing until the page has drawn its first frame
        yield from send(self, *args, **kwargs)

    monkeypatch.setattr(Session, "send", slow)
    monkeypatch.setattr(agent_tab, "FIRST_FRAME_WAIT", 0.05)
    handler = _send_handler(shared_app(AppConfig(offline_pace_ms=0)), "marketing")
    stream = handler("이번 주 성과 어때?", ChatView(), "ko", "offline", "", "", Viewer("demo", "local"))
    first = next(stream)  # comes while the model is still silent
    assert _roles(first) == ["user"] and first[2] == "…"  # the typed message alone, with a busy badge
    assert first[3] == "" and first[SEND]["interactive"] is False and first[STOP]["interactive"] is True
    release.set()
    rest = list(stream)
    assert _roles(rest[-1])[:2] == ["user", "assistant"]
    assert rest[-1][SEND]["interactive"] is True


def test_pumped_says_quiet_after_a_silence_and_keeps_the_order() -> None:
    resume = threading.Event()

    def events():
        yield "a"
        resume.wait(10)
        yield "b"
        yield "c"

    stream = pumped(events(), quiet_after=0.01)
    assert next(stream) == "a"
    assert next(stream) is QUIET
    resume.set()
    assert [item for item in stream if item is not QUIET] == ["b", "c"]
    resume.clear()
    unpaced = pumped(events())  # without quiet_after: nothing but the events
    assert next(unpaced) == "a"
    resume.set()
    assert list(unpaced) == ["b", "c"]


def test_has_reply_looks_after_the_last_user_message() -> None:
    view = add_user_message(ChatView(messages=[MessageView(role="assistant", text="earlier")]), "hi")
    assert not has_reply(view)
    view.messages.append(MessageView(role="assistant", text=""))  # an empty text bubble shows nothing
    assert not has_reply(view)
    view.messages[-1].text = "Hel"
    assert has_reply(view)
    step = add_user_message(view, "again")
    step.messages.append(MessageView(kind="step", name="getPerformanceKPI", status="running"))
    assert has_reply(step)


def test_a_chart_message_is_what_gradio_would_build_and_costs_nothing_per_update() -> None:
    figure = go.Figure(go.Scatter(x=list(range(30)), y=list(range(30))))
    chatbot = gr.Chatbot(render=False)
    theirs = chatbot.postprocess([{"role": "assistant", "content": gr.Plot(figure, show_label=False)}]).model_dump()
    ours = chatbot.postprocess([{"role": "assistant", "content": plot_message(figure)}]).model_dump()
    assert ours == theirs
    figure.to_json = lambda: pytest.fail("serialised again")  # the message holds the JSON already
    message = plot_message(go.Figure(go.Bar(x=[1], y=[2])))
    for _ in range(3):
        assert chatbot.postprocess([{"role": "assistant", "content": message}]).root[0].content[0].value == \
            message.value


def test_only_the_first_tab_restores_itself_at_page_load(store) -> None:
    demo = shared_app()
    config = demo.get_config_file()
    ready = [d for d in config["dependencies"] if any(t[1] == "load" for t in d["targets"])]
    chained = [d for d in config["dependencies"] if d.get("trigger_after") in {r["id"] for r in ready}]
    restoring = {c["props"].get("elem_id") for d in chained for c in config["components"]
                 if c["id"] in d["outputs"] and (c["props"].get("elem_id") or "").endswith("-chat")}
    assert restoring == {"pg-marketing-chat"}  # the other tabs restore when they are opened
    selects = [d for d in config["dependencies"] if any(t[1] == "select" for t in d["targets"])]
    opened = {c["props"].get("elem_id") for d in selects for c in config["components"]
              if c["id"] in d["outputs"] and (c["props"].get("elem_id") or "").endswith("-chat")}
    assert {"pg-travel-chat", "pg-shopping-chat", "pg-tutor-chat"} <= opened


def _page_load_events(config: dict[str, Any]) -> list[dict[str, Any]]:
    """Every dependency that runs when the page opens: load events and the chains after them."""
    deps = config["dependencies"]
    found = [d for d in deps if any(t[1] == "load" for t in d["targets"])]
    for dep in found:  # grows while walking: a chain's `then` steps
        found += [d for d in deps if d.get("trigger_after") == dep["id"] and d not in found]
    return found


def test_hidden_progress_is_kept_on_one_invisible_leaf_met_first(store) -> None:
    config = shared_app(AppConfig()).get_config_file()
    sink = next(c for c in config["components"] if c.get("props", {}).get("elem_id") == "pg-progress-sink")
    assert sink["props"]["visible"] is False
    hidden = [d for d in config["dependencies"] if d["show_progress"] == "hidden"]
    assert len(hidden) > 100  # every agent tab's chat events among them
    assert all(d["show_progress_on"] == [sink["id"]] for d in hidden)
    # The page looks a status up by a depth-first search of the layout: the sink is its first leaf.
    node = config["layout"]
    while node.get("children"):
        node = node["children"][0]
    assert node["id"] == sink["id"]


def test_nothing_the_page_runs_at_load_keeps_a_loading_status_on_its_outputs(store) -> None:
    """Each such status is refreshed on every later streamed update of any event in the page."""
    config = shared_app(AppConfig()).get_config_file()
    at_load = _page_load_events(config)
    assert len(at_load) >= 10  # identity, language, restore, alerts, workspaces, renders
    shown = [(d["id"], d["show_progress"]) for d in at_load if d["show_progress"] != "hidden"]
    # A gr.State with a callable default is filled by Gradio's own load event; a State has no status.
    states = {c["id"] for c in config["components"] if c["type"] == "state"}
    assert [s for s in shown if not set(config["dependencies"][s[0]]["outputs"]) <= states] == []
