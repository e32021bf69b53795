"""Issue 26 (B): no key reaches what the app stores, streams or logs.

Every key variable gets a fake value that matches no well-known key shape (so only the rule on
configured values can catch it), each upstream fails in a way that echoes its key (Tavily's error
body, a Google Maps connection error whose URL carries ``key=``, OpenAI and Gemini error bodies, for
keys from the environment over HTTP and for keys typed in the browser over the Session API), and then
the DuckDB file, its WAL, the SSE streams, the Session events, the exports (HTTP and CLI) and the logs
(caplog and a log file, at DEBUG) are searched for every value: zero hits."""

from __future__ import annotations

import io
import json
import logging
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from uvicorn.logging import AccessFormatter

from agents.cli.main import main as cli
from agents.core.providers import make_provider
from agents.core.session import Session
from agents.http.api import create_api
from tests.support.fake_openai import FakeOpenAI, error, gemini_error
from tests.support.fake_tavily import FakeTavily, SearchReply
from tests.support.raw_http import free_port

KEYS = {  # none has a known key shape: only "mask every configured value" can catch them
    "OPENAI_API_KEY": "openai-ENV-key-Q7w9e8r7t6y5",
    "GEMINI_API_KEY": "gemini-ENV-key-Z1x2c3v4b5n6",
    "GOOGLE_API_KEY": "google-ENV-key-M9n8b7v6c5x4",
    "GOOGLE_MAPS_API_KEY": "AIza-maps-ENV-key-P0o9i8u7",  # the googlemaps SDK insists on the AIza prefix
    "TAVILY_API_KEY": "tavily-ENV-key-L1k2j3h4g5f6",
    "HF_TOKEN": "hf-ENV-token-A1s2d3f4g5h6j7",
    "PLAYGROUND_SECRET": "playground-ENV-secret-W3e4r5t6",
    "OAUTH_CLIENT_SECRET": "oauth-ENV-secret-Y7u8i9o0p1",
}
TYPED = {"openai": "typed-openai-key-R4t5y6u7i8o9", "gemini": "typed-gemini-key-F4g5h6j7k8l9"}
GEMINI_PATH = "/v1/models/fake-gemini:streamGenerateContent"


def _echo_openai(fake: FakeOpenAI, key: str) -> None:
    # Responses first, then the chat.completions fallback: both refuse the request, quoting the key.
    for path in ("/v1/responses", "/v1/chat/completions"):
        fake.queue(error(path, 400, f"Malformed request from key {key}; see https://x.test/?api_key={key}"))


@pytest.fixture
def upstreams(monkeypatch, tmp_path):
    models, tavily = FakeOpenAI(), FakeTavily()
    for name, value in KEYS.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("OPENAI_BASE_URL", models.base_url)
    monkeypatch.setenv("GEMINI_BASE_URL", models.root_url)
    monkeypatch.setenv("TAVILY_BASE_URL", tavily.base_url)
    monkeypatch.setenv("GOOGLE_MAPS_BASE_URL", f"http://127.0.0.1:{free_port()}")  # nobody listens: refused
    # The legacy web service puts the key in its URL (Places API (New) sends it in a header, so only the
    # legacy path can leak it into a logged URL: tests/travel/test_places_new.py covers the new one).
    monkeypatch.setenv("PLAYGROUND_PLACES_API", "legacy")
    from agents.travel import places

    places.clear_cache()
    yield models, tavily
    models.close()
    tavily.close()


@pytest.fixture
def log_file(tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    path = tmp_path / "server.log"
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    yield path
    root.removeHandler(handler)
    handler.close()


def test_no_key_reaches_the_store_the_streams_the_exports_or_the_logs(store, upstreams, log_file, caplog,
                                                                      tmp_path, capsys) -> None:
    models, tavily = upstreams
    http = TestClient(create_api("local", burst_limit=1000))
    streams: list[str] = []

    def chat(agent: str, message: str, **body: str) -> str:
        answer = http.post(f"/api/v1/agents/{agent}/chat", json={"message": message, **body})
        assert answer.status_code == 200, answer.text
        streams.append(answer.text)
        return answer.text

    # Keys from the environment, over HTTP.
    tavily.queue(SearchReply(status=401, detail=f"Unauthorized: invalid API key {KEYS['TAVILY_API_KEY']}"))
    english = chat("english", "Hi! I like technology and travel.")
    assert '"fallback":"corpus"' in english and "InvalidAPIKeyError: Unauthorized: invalid API key [redacted]" in english
    chat("travel", "라멘집 추천해줘")
    _echo_openai(models, KEYS["OPENAI_API_KEY"])
    assert "Malformed request from key [redacted]; see https://x.test/?api_key=[redacted]" in chat(
        "notes", "list my notes", provider="openai", model="fake-model")
    models.queue(gemini_error(GEMINI_PATH, 400, f"Invalid argument for key {KEYS['GEMINI_API_KEY']}",
                              "INVALID_ARGUMENT"))
    assert "Gemini refused the request (400): Invalid argument for key [redacted]" in chat(
        "notes", "list my notes", provider="gemini", model="fake-gemini")
    # Keys typed in the browser for one session, over the Session API (what Gradio and Streamlit call).
    _echo_openai(models, TYPED["openai"])
    models.queue(gemini_error(GEMINI_PATH, 400, f"Invalid argument for key {TYPED['gemini']}", "INVALID_ARGUMENT"))
    for name, model in (("openai", "fake-model"), ("gemini", "fake-gemini")):
        provider = make_provider(name, api_key=TYPED[name], model=model)
        events = Session("notes", provider=provider).run("list my notes")
        assert events[-1].type == "error" and "[redacted]" in events[-1].message
        streams.extend(e.model_dump_json() for e in events)
    assert "key=[redacted]" in caplog.text  # the Maps connection error was logged, its URL masked

    # The exports, over HTTP and from the CLI.
    exports = [http.get("/api/v1/lab/export", params={"kind": "traces", "format": fmt, "full": "true"}).text
               for fmt in ("jsonl", "csv")]
    for fmt in ("csv", "jsonl"):
        out = tmp_path / f"traces.{fmt}"
        assert cli(["export", "traces", "--format", fmt, "--full", "--out", str(out)]) == 0
        exports.append(out.read_text(encoding="utf-8"))
    capsys.readouterr()

    db = Path(store.path)
    wal = db.with_name(db.name + ".wal")
    surfaces = {
        "wal": wal.read_bytes().decode("latin-1") if wal.exists() else "",
        "sse and session events": "\n".join(streams),
        "exports": "\n".join(exports),
        "caplog": caplog.text,
        "log file": log_file.read_text(encoding="utf-8"),
    }
    store.db.execute("CHECKPOINT")
    surfaces["db file"] = db.read_bytes().decode("latin-1")
    surfaces["db values"] = "\n".join(_every_text_value(store))
    assert surfaces["wal"] or surfaces["db file"]
    values = [*KEYS.values(), *TYPED.values()]
    hits = {where: {v: text.count(v) for v in values if v in text} for where, text in surfaces.items()}
    print("\nkey hits per surface:", json.dumps(hits, indent=1))
    assert hits == {where: {} for where in surfaces}
    assert all(surfaces[where] for where in ("sse and session events", "exports", "caplog", "log file"))


def _every_text_value(store) -> list[str]:
    out: list[str] = []
    for table, column, kind in store.db.fetchall(
            "SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'main' "
            "AND table_catalog = current_database()"):
        if kind in ("VARCHAR", "JSON") or kind.endswith("[]"):
            out += [str(v) for (v,) in store.db.fetchall(f'SELECT "{column}" FROM "{table}"') if v is not None]
    return out



# --- the rule itself ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "masked"), [
    ("GET /maps/api/place/textsearch/json?query=x&key=AIzaSyA-1234567890abcdefghijklmnopqrs&language=ko",
     "GET /maps/api/place/textsearch/json?query=x&key=[redacted]&language=ko"),
    ("https://x.test/cb?access_token=abc.def&state=1", "https://x.test/cb?access_token=[redacted]&state=1"),
    ("Authorization: Bearer pgt_abcdefghijklmnopqrstuvwxyz", "Authorization: Bearer [redacted]"),
    ("{'authorization': 'Basic dXNlcjpwYXNzd29yZA=='}", "{'authorization': 'Basic [redacted]'}"),
    ('{"api_key": "abc12345", "model": "gpt-4o-mini"}', '{"api_key": "[redacted]", "model": "gpt-4o-mini"}'),
    ("x-goog-api-key: whatever-it-is", "x-goog-api-key: [redacted]"),
    ("retry with bearer 0123456789abcdef later", "retry with bearer [redacted] later"),
    ("Incorrect API key provided: sk-proj-AbCdEf0123456789XyZ_-abc.", "Incorrect API key provided: [redacted]."),
    ("keys: AIzaSyA-1234567890abcdefghijklmnopqrs tvly-dev-0123456789abcdef hf_0123456789abcdefghijKLMNOP",
     "keys: [redacted] [redacted] [redacted]"),
    # Left alone: ordinary words, names and numbers that only look a little like credentials.
    ("SK-Innovation-Co-Ltd-Korea, desk-organizer-with-drawers-large", None),
    ("max_tokens=5, the key is important, monkey=banana, 토큰 5개", None),
])
def test_the_rule_masks_credentials_and_leaves_ordinary_text(text, masked) -> None:
    from agents.core.redact import redact

    assert redact(text) == (text if masked is None else masked)


def test_configured_values_are_masked_and_typed_keys_only_when_they_look_like_keys(monkeypatch) -> None:
    from agents.core.redact import redact, remember_secret

    monkeypatch.setenv("TAVILY_API_KEY", "plain.value+with/signs")
    monkeypatch.setenv("OPENAI_API_KEY", "local")  # a local server's placeholder: too short to be a secret
    assert redact("got plain.value+with/signs back") == "got [redacted] back"
    assert redact("a local model") == "a local model"
    remember_secret("a visitor typed this-one-0123456789")  # not one word: not a key, never masks for everyone
    remember_secret("short-typed-key")  # 15 characters
    remember_secret("visitor-typed-0123456789")
    assert redact("a visitor typed this-one-0123456789, short-typed-key") == \
        "a visitor typed this-one-0123456789, short-typed-key"
    assert redact("echo: visitor-typed-0123456789") == "echo: [redacted]"


def test_every_log_record_is_masked_whatever_logger_or_handler(monkeypatch, tmp_path) -> None:
    from agents.core.redact import install_log_redaction

    monkeypatch.setenv("GOOGLE_MAPS_API_KEY", "maps-secret-0123456789")
    install_log_redaction()
    path = tmp_path / "late.log"
    late = logging.FileHandler(path, encoding="utf-8")  # added after the redaction was installed
    logger = logging.getLogger("agents.some.child")
    logger.addHandler(late)
    logger.setLevel(logging.INFO)
    try:
        logger.warning("validating %r failed: %s", "센소지", ConnectionError("url: /x?key=maps-secret-0123456789"))
        logger.info("%d calls, key=%s", 3, "maps-secret-0123456789")
        try:
            raise RuntimeError("upstream said maps-secret-0123456789")
        except RuntimeError:
            logger.exception("tool failed")
        # uvicorn's access formatter unpacks the record's five arguments: they stay five, the path masked.
        access, stream = logging.getLogger("uvicorn.access"), io.StringIO()
        handler = logging.StreamHandler(stream)
        handler.setFormatter(AccessFormatter('%(client_addr)s "%(request_line)s" %(status_code)s', use_colors=False))
        access.addHandler(handler)
        access.setLevel(logging.INFO)
        access.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "GET", "/api/v1/x?token=abcdefgh123", "1.1", 200)
        access.removeHandler(handler)
    finally:
        logger.removeHandler(late)
        late.close()
    text = path.read_text(encoding="utf-8")
    assert "maps-secret-0123456789" not in text
    assert "validating '센소지' failed: url: /x?key=[redacted]" in text
    assert "3 calls, key=[redacted]" in text and "RuntimeError: upstream said [redacted]" in text
    assert stream.getvalue() == '127.0.0.1:5 "GET /api/v1/x?token=[redacted] HTTP/1.1" 200 OK\n'



def test_an_export_masks_rows_stored_before_the_key_was_known(store, monkeypatch, tmp_path) -> None:
    from datetime import datetime

    from agents.core.store import TraceRow
    from agents.services.lab.access import LabUser
    from agents.services.lab.export import export

    leaked = "old-leaked-key-0123456789"
    store.traces.insert(TraceRow(  # written directly, as an older version of the app did
        turn_id="turn_old", conversation_id=None, user_id="demo", agent_id="notes", provider="openai",
        model="m", status="error", error_code="bad_request", started_at=datetime(2026, 11, 1), latency_ms=1.0,
        ttft_ms=None, input_tokens=0, output_tokens=0, message=f"my key is {leaked}",
        events=[{"type": "error", "message": f"rejected {leaked}; see /x?key=abc123"}]))
    monkeypatch.setenv("OPENAI_API_KEY", leaked)
    for fmt in ("csv", "jsonl", "parquet"):
        path, count = export(store, LabUser.cli(), "traces", fmt, now=datetime(2026, 11, 2), full=True,
                             folder=tmp_path)
        assert count == 1
        data = path.read_bytes()
        assert leaked.encode() not in data and b"key=abc123" not in data, fmt
    rows = [json.loads(line) for line in path.with_suffix(".jsonl").read_text().splitlines()]
    assert rows[0]["message"] == "my key is [redacted]"
    assert rows[0]["events"] == [{"type": "error", "message": "rejected [redacted]; see /x?key=[redacted]"}]  # JSON
