"""Streaming as a person sees it (issue 10): prints figures, asserts nothing about time.

    python -m tests.bench.bench_browser

In headless Debian Chromium, from Enter: the time to the first visible assistant content and to
the finished reply, for the offline model in the full app (at the app's own streaming pace) and,
in the same run, for a bare ``gr.ChatInterface`` echo bot (the reference). The two are sent to in
turn (echo, app, echo, app, ...) so that a busy machine slows both alike; the ratio printed is the
median of each pair's ratio. Goal: first visible text within 1.5x the bare echo's.

Only observers watch the page (no polling timer): a timer querying a long chat every few ms would
slow the app's page more than the echo's.
"""

from __future__ import annotations

import os
import socket
import statistics
import tempfile
import threading
import time

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
RUNS = int(os.environ.get("BENCH_RUNS", "5"))

# Before Enter: the clock starts at the Enter key press itself (captured before Gradio sees it), and
# observers note when the chat first shows assistant content and when Send is enabled again.
WATCH = """(args) => {
  const [sel, sendSel] = args;
  window.__first = null; window.__user = null; window.__done = null; window.__t0 = null;
  if (!window.__keyClock) {
    window.__keyClock = true;
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && window.__t0 === null) window.__t0 = performance.now();
    }, {capture: true});
    document.addEventListener('mousedown', () => {  // a card's button ("이 제품 기반으로")
      if (window.__t0 === null) window.__t0 = performance.now();
    }, {capture: true});
  }
  const root = document.querySelector(sel);
  const users = root.querySelectorAll('[data-testid="user"]').length;
  let busy = false;
  const check = () => {
    if (window.__t0 === null) return;
    const now = performance.now() - window.__t0;
    const all = root.querySelectorAll('[data-testid="user"], [data-testid="bot"]');
    const mine = root.querySelectorAll('[data-testid="user"]').length > users;
    if (window.__user === null && mine) window.__user = now;
    const last = all[all.length - 1];
    if (window.__first === null && mine && last && last.dataset.testid === 'bot' && last.innerText.trim().length)
      window.__first = now;
    const send = sendSel && document.querySelector(sendSel);
    if (send && send.disabled) busy = true;
    if (send && busy && !send.disabled && window.__done === null) window.__done = now;
  };
  window.__obs && window.__obs.disconnect();
  window.__obs = new MutationObserver(check);
  window.__obs.observe(root, {subtree: true, childList: true, characterData: true});
  const send = sendSel && document.querySelector(sendSel);
  if (send) window.__obs.observe(send, {attributes: true, attributeFilter: ['disabled']});
}"""


def _port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _serve(app: object) -> tuple[str, object]:
    import uvicorn

    port = _port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}/", server


def _echo_app():
    import gradio as gr
    from fastapi import FastAPI

    def echo(message: str, history: list) -> str:
        return f"echo: {message}"

    demo = gr.ChatInterface(echo, chatbot=gr.Chatbot(elem_id="echo-chat"))
    return gr.mount_gradio_app(FastAPI(), demo, path="/")


def _measure(page, chat: str, box: str, text: str, finished: str, send_button: str = "") -> tuple[float, float, float]:
    """(first visible assistant content, finished, typed message shown), in ms from Enter."""
    page.bring_to_front()
    page.fill(box, text)
    page.evaluate(WATCH, [chat, send_button])
    page.keyboard.press("Enter")  # no click actionability waits, for either page
    page.wait_for_function(finished, timeout=60_000)
    total = page.evaluate("() => window.__done ?? (performance.now() - window.__t0)")
    page.wait_for_function("() => window.__first !== null", timeout=60_000)
    return page.evaluate("() => window.__first"), total, page.evaluate("() => window.__user ?? -1")


def _shopping(page, runs: int) -> list[tuple[int, float, float]]:
    """The shopping tab as its side column fills: (turn, browser finished ms, server turn ms) per turn.

    Turns alternate a typed refinement and a click on a Top 3 card's "이 제품 기반으로", the flow in
    which the browser once fell seconds behind the server (issue 10: 3.68 s against 791 ms)."""
    from agents.core.session import runtime_store

    page.click("button[role=tab]:has-text('쇼핑 재추천')")
    page.wait_for_selector("#pg-shopping-start-button", timeout=60_000)
    page.click("#pg-shopping-start-button")
    page.wait_for_selector("#pg-tab-shopping .pg-anchor", timeout=60_000)
    page.wait_for_function("() => !document.querySelector('#pg-shopping-send').disabled", timeout=60_000)
    store, rows = runtime_store(), []
    texts = ["10만원 아래로 다시 보여줘", "세척 쉬운 걸로", "소음은 상관없어", "더 저렴한 걸로 다시 보여줘"]
    for i in range(runs):
        page.wait_for_timeout(300)
        page.evaluate(WATCH, ["#pg-shopping-chat", "#pg-shopping-send"])
        if i % 2:
            page.click(f"#pg-tab-shopping .pg-anchor >> nth={i % 3}", no_wait_after=True)
        else:
            page.fill("#pg-shopping-input textarea", texts[(i // 2) % len(texts)])
            page.keyboard.press("Enter")
        page.wait_for_function("() => window.__done !== null", timeout=60_000)
        browser_ms = page.evaluate("() => window.__done")
        latest = store.conversations.list("demo", agent_id="shopping")[0]
        server_ms = store.traces.for_conversation(latest.id)[-1].latency_ms or 0.0
        rows.append((i + 2, browser_ms, server_ms))
    return rows


def main() -> None:
    from playwright.sync_api import sync_playwright

    os.environ.setdefault("PLAYGROUND_DB", tempfile.mktemp(suffix=".duckdb"))
    os.environ["PLAYGROUND_MAP_TILES"] = "0"
    from pages.gradio.identity import APP_PACE_MS, AppConfig
    from pages.gradio.shell import build_server, warm_up

    warm_up().join()  # as `playground serve` does at start-up, before the first visitor

    app_url, app_server = _serve(build_server(AppConfig(offline_pace_ms=APP_PACE_MS)))
    echo_url, echo_server = _serve(_echo_app())
    figures: dict[str, list[tuple[float, float, float]]] = {"app": [], "echo": []}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        # Korean pages: the tab titles and the typed messages below are the Korean UI's (an en-US page shows
        # the English titles since issue 28).
        echo = browser.new_page(viewport={"width": 1440, "height": 1000}, locale="ko-KR")
        echo.goto(echo_url, wait_until="load")
        echo.wait_for_selector("textarea", timeout=60_000)
        app = browser.new_page(viewport={"width": 1440, "height": 1000}, locale="ko-KR")
        app.goto(app_url, wait_until="load")
        app.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
        app.wait_for_timeout(1500)  # the page-load events (restore, alerts) settle
        for i in range(RUNS):  # one conversation, growing as a person's would
            figures["echo"].append(_measure(
                echo, "#echo-chat", "textarea", f"hello {i}",
                f"() => document.querySelector('#echo-chat').innerText.includes('echo: hello {i}')"))
            echo.wait_for_timeout(200)
            figures["app"].append(_measure(app, "#pg-marketing-chat", "#pg-marketing-input textarea", "이번 주 성과 어때?",
                                           "() => window.__done !== null", "#pg-marketing-send"))
            app.wait_for_timeout(300)
        shopping = _shopping(app, max(RUNS, 6))
        browser.close()
    for server in (app_server, echo_server):
        server.should_exit = True
    if os.environ.get("BENCH_DEBUG"):
        for k, runs in figures.items():
            print(k, [tuple(round(x) for x in r) for r in runs])
    first = {k: statistics.median(v[0] for v in runs) for k, runs in figures.items()}
    total = {k: statistics.median(v[1] for v in runs) for k, runs in figures.items()}
    echoed = {k: statistics.median(v[2] for v in runs) for k, runs in figures.items()}
    ratio = statistics.median(a[0] / e[0] for a, e in zip(figures["app"], figures["echo"], strict=True))
    print(f"offline model in the app ({APP_PACE_MS:g} ms/chunk): first visible {first['app']:.0f} ms, "
          f"finished {total['app']:.0f} ms (median of {RUNS}; the typed message shows at {echoed['app']:.0f} ms)")
    print(f"reference: bare gr.ChatInterface echo:       first visible {first['echo']:.0f} ms, "
          f"finished {total['echo']:.0f} ms (the typed message shows at {echoed['echo']:.0f} ms)")
    print(f"first visible, app / echo: {ratio:.2f}x, median of the {RUNS} pairs (goal ≤ 1.5x)")
    print("shopping tab as its side column fills: turn, browser finished (Send enabled again), server turn time")
    for turn, browser_ms, server_ms in shopping:
        print(f"  turn {turn:2d}: browser {browser_ms:5.0f} ms, server {server_ms:5.0f} ms, "
              f"browser behind by {browser_ms - server_ms:5.0f} ms")


if __name__ == "__main__":
    main()
