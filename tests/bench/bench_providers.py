"""Time to the first text event: straight from the SDK, through Session, and through the
app's HTTP/SSE endpoint, against the fake server streaming 50 tokens at a fixed pace.

    python -m tests.bench.bench_providers
Goals: Session adds no more than 20 ms at p50 over the SDK (issue 5); the HTTP path adds no
more than 25 ms over Session, measured side by side in this run (issue 8).
"""

from __future__ import annotations

import os
import socket
import statistics
import tempfile
import threading
import time

N = 30
PACE = 0.004  # seconds between the 50 token frames


def main() -> None:
    os.environ["PLAYGROUND_DB"] = tempfile.mkdtemp(prefix="pg-bench-prov-") + "/bench.duckdb"
    os.environ["PLAYGROUND_DAILY_LIMIT"] = str(10**9)
    import httpx
    import openai
    import uvicorn

    from agents.core.agent import register_agent
    from agents.core.providers.openai_adapter import OpenAIProvider
    from agents.core.session import Session
    from tests.support.fake_openai import FakeOpenAI, Reply, responses_stream
    from tests.support.notes_agent import AGENT

    register_agent(AGENT)
    fake = FakeOpenAI()
    text = " ".join(f"w{i}" for i in range(50))

    def queue() -> None:
        fake.queue(Reply("/v1/responses", frames=responses_stream(text=text), pace=PACE))

    client = openai.OpenAI(api_key="bench", base_url=fake.base_url, max_retries=0)
    sdk = []
    for _ in range(N):
        queue()
        start = time.perf_counter()
        for event in client.responses.create(model="m", input="hi", stream=True):
            if event.type == "response.output_text.delta":
                sdk.append((time.perf_counter() - start) * 1000)
                break
        fake.replies.clear()
        time.sleep(PACE * 60)  # let the server finish writing the abandoned stream

    session_ms = []
    provider = OpenAIProvider(api_key="bench", base_url=fake.base_url, model="m", max_retries=0)
    for i in range(N):
        queue()
        session = Session("notes", provider=provider)
        start = time.perf_counter()
        stream = session.send(f"hi {i}")
        for event in stream:
            if event.type == "text_delta":
                session_ms.append((time.perf_counter() - start) * 1000)
                break
        for _ in stream:  # finish the turn so it is stored
            pass

    os.environ["OPENAI_BASE_URL"] = fake.base_url
    os.environ["OPENAI_API_KEY"] = "bench"
    os.environ["PLAYGROUND_BURST_LIMIT"] = "1000"  # N turns in a few seconds is the point here
    from pages.gradio.shell import build_server

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(build_server(), host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    http_ms = []
    with httpx.Client(timeout=30) as http:
        for i in range(N):
            queue()
            start = time.perf_counter()
            with http.stream("POST", f"http://127.0.0.1:{port}/api/v1/agents/notes/chat",
                             json={"message": f"hi {i}", "provider": "openai", "model": "m"}) as response:
                first = None
                for line in response.iter_lines():
                    if first is None and line == "event: text_delta":
                        first = (time.perf_counter() - start) * 1000
                http_ms.append(first or float("nan"))
    server.should_exit = True
    fake.close()
    p50 = statistics.median
    print(f"time to first text, p50 over {N} runs (50 tokens, {PACE * 1000:.0f} ms apart):")
    print(f"  straight from the SDK          {p50(sdk):7.2f} ms")
    print(f"  through Session                {p50(session_ms):7.2f} ms   (+{p50(session_ms) - p50(sdk):.2f} ms; goal <= +20 ms)")
    print(f"  through the app's HTTP/SSE API {p50(http_ms):7.2f} ms   (+{p50(http_ms) - p50(sdk):.2f} ms; "
          f"+{p50(http_ms) - p50(session_ms):.2f} ms over Session, goal <= +25 ms)")


if __name__ == "__main__":
    main()
