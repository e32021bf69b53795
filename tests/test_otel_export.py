"""OpenTelemetry export (issue 31): with PLAYGROUND_OTLP_ENDPOINT set, every turn goes to an OTLP/HTTP
collector as spans in the GenAI semantic conventions (the turn; each model call, tool call and guard under it;
an eval case as the parent of its turns and judge calls), built from the recorded, redacted trace with its
real times. Checked against an in-process receiver that decodes the protobuf. Export runs in the background:
a hanging or refusing collector leaves the turn's events identical, and the turn finishes while the export
is still stuck. Without the variable the SDK is never imported."""

from __future__ import annotations

import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from agents.core import telemetry
from agents.core.events import Event
from agents.core.session import Session
from agents.services.evals.loader import parse_suite
from agents.services.evals.runner import run_suite
from tests.support.fake_openai import FakeOpenAI, Reply, responses_stream
from tests.support.otlp_receiver import OTLPReceiver

ROOT = Path(__file__).resolve().parents[1]
SECRET = "sk-otelsecretvalue1234567890"
ASK = "이번 주 성과 어때?"


@pytest.fixture(autouse=True)
def _fresh_exporter(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv(telemetry.ENDPOINT_ENV, raising=False)
    monkeypatch.delenv(telemetry.HEADERS_ENV, raising=False)
    telemetry.reset()
    yield
    telemetry.reset()


@pytest.fixture
def receiver(monkeypatch: pytest.MonkeyPatch) -> Iterator[OTLPReceiver]:
    server = OTLPReceiver()
    monkeypatch.setenv(telemetry.ENDPOINT_ENV, server.url)
    # The Langfuse form: a basic-auth header, its space %-encoded as in OTEL_EXPORTER_OTLP_HEADERS.
    monkeypatch.setenv(telemetry.HEADERS_ENV, "Authorization=Basic%20cGstbGYtMTIzOnNrLWxmLTQ1Ng==, x-team=lab")
    yield server
    server.close()


def by_name(spans: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    return [s for s in spans if s["name"] == name]


def children(spans: list[dict[str, Any]], parent: dict[str, Any]) -> list[dict[str, Any]]:
    return sorted((s for s in spans if s["parent_id"] == parent["span_id"]), key=lambda s: s["start_ns"])


def shape(events: list[Event]) -> list[tuple[Any, ...]]:
    """What a person sees of a turn, without its ids and times."""
    out: list[tuple[Any, ...]] = []
    for e in events:
        detail = {"text_delta": "content", "tool_call": "name", "tool_result": "summary", "data_card": "card_type",
                  "error": "code", "thinking": "message", "suggested_questions": "questions"}.get(e.type)
        out.append((e.type, e.seq, getattr(e, detail) if detail else None))
    return out


def test_a_marketing_turn_is_exported_as_a_genai_span_tree_with_real_times_and_attributes(receiver):
    before = time.time_ns()
    session = Session("marketing", user_id="otel-user")
    events = session.run(ASK)
    after = time.time_ns()
    done = events[-1]
    assert done.type == "done"
    assert telemetry.flush()

    spans = receiver.spans
    [turn] = by_name(spans, "invoke_agent marketing")
    assert turn["parent_id"] == "" and len({s["trace_id"] for s in spans}) == 1
    assert turn["resource"]["service.name"] == "agent-playground"
    inner = children(spans, turn)
    assert [s["name"] for s in inner] == [
        "guards", "persist user message", "chat rules-v1", "execute_tool getPerformanceKPI", "chat rules-v1",
        "persist reply, actions and state"]
    assert len(spans) == 1 + len(inner)  # nothing else, nothing loose
    # Real wall-clock times: inside the call, each child inside the turn, in the order they ran.
    assert before <= turn["start_ns"] <= turn["end_ns"] <= after
    assert all(turn["start_ns"] <= s["start_ns"] <= s["end_ns"] <= turn["end_ns"] for s in inner)
    assert [s["start_ns"] for s in inner] == sorted(s["start_ns"] for s in inner)

    a = turn["attributes"]
    assert (a["gen_ai.operation.name"], a["gen_ai.agent.name"], a["gen_ai.provider.name"], a["gen_ai.system"],
            a["gen_ai.request.model"]) == ("invoke_agent", "marketing", "offline", "offline", "rules-v1")
    assert (a["gen_ai.usage.input_tokens"], a["gen_ai.usage.output_tokens"]) == (done.usage.input_tokens,
                                                                                   done.usage.output_tokens)
    assert a["gen_ai.conversation.id"] == done.conversation_id == a["session.id"]
    assert a["playground.turn_id"] == done.turn_id and a["playground.origin"] == "chat"
    assert a["input.value"] == ASK
    assert a["output.value"] == "".join(e.content for e in events if e.type == "text_delta")
    assert turn["status"] == 0  # unset: the turn ended with done

    first, second = by_name(inner, "chat rules-v1")
    for model in (first, second):
        m = model["attributes"]
        assert (m["gen_ai.operation.name"], m["gen_ai.request.model"], m["gen_ai.provider.name"],
                m["openinference.span.kind"]) == ("chat", "rules-v1", "offline", "LLM")
    assert first["attributes"]["playground.tool_calls"] == ["getPerformanceKPI"]
    assert (first["attributes"]["gen_ai.usage.input_tokens"] + second["attributes"]["gen_ai.usage.input_tokens"],
            first["attributes"]["gen_ai.usage.output_tokens"] + second["attributes"]["gen_ai.usage.output_tokens"]
            ) == (done.usage.input_tokens, done.usage.output_tokens)
    assert json.loads(first["attributes"]["input.value"]) == [{"role": "user", "content": ASK}]

    [tool] = by_name(inner, "execute_tool getPerformanceKPI")
    [call] = [e for e in events if e.type == "tool_call"]
    [result] = [e for e in events if e.type == "tool_result"]
    t = tool["attributes"]
    assert (t["gen_ai.operation.name"], t["gen_ai.tool.name"], t["gen_ai.tool.call.id"]) == (
        "execute_tool", "getPerformanceKPI", call.call_id)
    assert json.loads(t["gen_ai.tool.call.arguments"]) == call.args
    assert t["gen_ai.tool.call.result"] == result.summary
    [guard] = by_name(inner, "guards")
    assert guard["attributes"] == {"playground.guard.passed": True, "openinference.span.kind": "GUARDRAIL"}

    # The collector's own headers went with the request, decoded.
    assert receiver.paths == ["/v1/traces"]
    assert receiver.headers[0]["authorization"] == "Basic cGstbGYtMTIzOnNrLWxmLTQ1Ng=="
    assert receiver.headers[0]["x-team"] == "lab"
    # ...and its key is masked wherever this process writes it (a log line of an export error, say).
    from agents.core.redact import redact

    assert redact("export to collector failed, sent cGstbGYtMTIzOnNrLWxmLTQ1Ng==") == (
        "export to collector failed, sent [redacted]")


def test_secrets_are_redacted_and_a_refused_turn_exports_its_guard_as_the_error(receiver, monkeypatch):
    monkeypatch.setenv("PLAYGROUND_MAX_INPUT_CHARS", "200")
    session = Session("marketing", user_id="otel-user")
    events = session.run(f"내 키는 {SECRET} 이야. {ASK}")
    assert events[-1].type == "done"
    refused = Session("marketing", user_id="otel-user").run("가" * 300)
    assert [e.type for e in refused] == ["error"] and refused[0].code == "input_too_large"
    assert telemetry.flush()

    assert receiver.bodies and not any(SECRET.encode() in body for body in receiver.bodies)
    [turn, refusal] = sorted(by_name(receiver.spans, "invoke_agent marketing"), key=lambda s: s["start_ns"])
    assert "[redacted]" in turn["attributes"]["input.value"]
    assert refusal["status"] == 2 and refusal["status_message"] == "input_too_large"
    assert refusal["attributes"]["playground.status"] == "refused"
    assert refusal["attributes"]["error.type"] == "input_too_large"
    [guard, persist] = children(receiver.spans, refusal)
    assert (guard["name"], guard["status"], guard["attributes"]["playground.guard.passed"],
            guard["attributes"]["playground.guard.refusal"]) == ("guards", 2, False, "input_too_large")
    assert persist["name"] == "persist user message"


SUITE = """\
suite: otel
agent: marketing
cases:
  - name: 성과 두 번 묻기
    turns:
      - user: 이번 주 성과 어때?
        expect:
          - tool: getPerformanceKPI
          - judge: {rubric: The reply summarises this week's performance., provider: openai, model: gpt-4o-mini}
      - user: 지난 30일 성과는?
        expect:
          - no_error: true
"""


def test_an_eval_case_is_the_parent_span_of_its_turns_and_its_judge_calls(receiver, monkeypatch):
    fake = FakeOpenAI()
    try:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
        fake.queue(Reply("/v1/responses", frames=responses_stream(text='{"pass": true, "reason": "It does."}',
                                                                  usage=(120, 30))))
        [run] = run_suite(parse_suite(SUITE, "otel.yaml"), concurrency=1)
    finally:
        fake.close()
    assert run.passed, run.cases[0].results
    outcome = run.cases[0]
    assert telemetry.flush()

    spans = receiver.spans
    [case] = by_name(spans, "eval case 성과 두 번 묻기")
    assert case["parent_id"] == "" and {s["trace_id"] for s in spans} == {case["trace_id"]}
    c = case["attributes"]
    assert (c["playground.eval.run_id"], c["playground.eval.case_index"], c["playground.eval.status"],
            c["playground.eval.assertions"], c["gen_ai.agent.name"]) == (run.id, 0, "passed", 3, "marketing")
    under = children(spans, case)
    assert [s["name"] for s in under] == ["invoke_agent marketing", "chat gpt-4o-mini", "invoke_agent marketing"]
    first, judge, second = under
    assert [first["attributes"]["playground.turn_id"], second["attributes"]["playground.turn_id"]] == [
        s.turn_id for s in outcome.steps]
    assert {first["attributes"]["playground.origin"], second["attributes"]["playground.origin"]} == {"eval"}
    # each turn keeps its own tree under it
    assert "execute_tool getPerformanceKPI" in [s["name"] for s in children(spans, first)]
    assert all(case["start_ns"] <= s["start_ns"] <= s["end_ns"] <= case["end_ns"] for s in under)
    j = judge["attributes"]
    assert (j["gen_ai.operation.name"], j["gen_ai.provider.name"], j["gen_ai.request.model"],
            j["gen_ai.usage.input_tokens"], j["gen_ai.usage.output_tokens"], j["playground.purpose"],
            j["playground.judge.status"]) == ("chat", "openai", "gpt-4o-mini", 120, 30, "judge", "ok")
    assert "summarises this week's performance" in j["input.value"]
    assert json.loads(j["output.value"]) == {"pass": True, "reason": "It does."}


def test_a_hanging_collector_never_holds_a_turn_and_its_events_are_the_same(monkeypatch):
    baseline = shape(Session("marketing", user_id="otel-user").run(ASK))
    hanging = OTLPReceiver(hang=True)
    try:
        monkeypatch.setenv(telemetry.ENDPOINT_ENV, hanging.url)
        first = shape(Session("marketing", user_id="otel-user").run(ASK))
        flushing = threading.Thread(target=telemetry.flush, daemon=True)
        flushing.start()  # the export is now in flight, and the collector holds it
        assert hanging.received.wait(30)
        second = shape(Session("marketing", user_id="otel-user").run(ASK))
        assert not hanging.release.is_set() and flushing.is_alive()  # the turn finished while the export hung
        assert first == second == baseline
    finally:
        hanging.close()


def test_a_refusing_collector_changes_nothing(monkeypatch):
    baseline = shape(Session("marketing", user_id="otel-user").run(ASK))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv(telemetry.ENDPOINT_ENV, f"http://127.0.0.1:{port}")  # nothing listens there
    assert telemetry.exporter() is not None
    assert telemetry.exporter().endpoint == f"http://127.0.0.1:{port}/v1/traces"  # a bare host gets the path
    assert shape(Session("marketing", user_id="otel-user").run(ASK)) == baseline


@pytest.mark.parametrize(("name", "value", "said"), [
    (telemetry.ENDPOINT_ENV, "ftp://collector:21/v1/traces", "must be an http:// or https:// URL"),
    (telemetry.ENDPOINT_ENV, "http://collector:port/v1/traces", "is not a URL"),
    (telemetry.ENDPOINT_ENV, "http://x/" + "a" * 9000, "is too long"),
    (telemetry.HEADERS_ENV, "Authorization", "item 1 is not name=value"),
    (telemetry.HEADERS_ENV, "a=1,bad name=2", "item 2 is not name=value"),
    (telemetry.HEADERS_ENV, ",".join(f"h{i}=v" for i in range(40)), "more than 32 headers"),
])
def test_a_bad_setting_is_named_once_and_turns_run_without_export(monkeypatch, caplog, name, value, said):
    monkeypatch.setenv(telemetry.ENDPOINT_ENV, "http://127.0.0.1:9/v1/traces")
    monkeypatch.setenv(name, value)
    with caplog.at_level(logging.ERROR, logger="agents.core.telemetry"):
        events = Session("marketing", user_id="otel-user").run(ASK)
        events += Session("marketing", user_id="otel-user2").run(ASK)
    assert [e.type for e in events].count("done") == 2
    assert telemetry.exporter() is None
    [record] = [r for r in caplog.records if r.name == "agents.core.telemetry"]
    assert name in record.getMessage() and said in record.getMessage()


def test_without_the_variable_nothing_is_exported_and_the_sdk_is_never_imported(tmp_path):
    assert telemetry.exporter() is None
    code = ("import sys, json\nfrom agents.cli.main import main\nmain(['chat', 'marketing', '안녕', '--json'])\n"
            "sys.stderr.write('OTEL ' + json.dumps(sorted(m for m in sys.modules if m.startswith('opentelemetry'))))")
    env = {k: v for k, v in os.environ.items() if k != telemetry.ENDPOINT_ENV}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=tmp_path,
                          env={**env, "PYTHONPATH": str(ROOT)})
    line = [x for x in done.stderr.splitlines() if x.startswith("OTEL ")]
    assert line, done.stderr
    assert json.loads(line[-1][5:]) == []
    assert '"type":"done"' in done.stdout


@pytest.mark.parametrize(("given", "used"), [
    ("http://localhost:6006/v1/traces", "http://localhost:6006/v1/traces"),  # Phoenix
    ("https://cloud.langfuse.com/api/public/otel", "https://cloud.langfuse.com/api/public/otel/v1/traces"),
    ("https://cloud.langfuse.com/api/public/otel/v1/traces", "https://cloud.langfuse.com/api/public/otel/v1/traces"),
    ("http://collector:4318/", "http://collector:4318/v1/traces"),
])
def test_the_endpoint_takes_a_traces_url_or_a_base_url(given, used):
    assert telemetry.endpoint_of(given) == used


def test_a_cli_chat_exports_its_turn_before_the_process_exits(receiver, tmp_path):
    """The batch is sent at exit (within the 2 s the process gives it), so a one-shot CLI command is exported."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "agents.cli.main", "chat", "marketing", ASK, "--json"],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    turn_id = json.loads(done.stdout.splitlines()[0])["turn_id"]
    [turn] = by_name(receiver.spans, "invoke_agent marketing")
    assert turn["attributes"]["playground.turn_id"] == turn_id
    assert "execute_tool getPerformanceKPI" in [s["name"] for s in children(receiver.spans, turn)]


def test_the_exporter_is_made_when_the_store_opens_not_by_the_first_turn(receiver):
    """Its SDK import (0.45 s measured on the first turn before) is paid at start-up, not by a person's turn."""
    from agents.core.session import runtime_store

    assert telemetry._current is None
    runtime_store()
    assert telemetry._current is not None and telemetry._current[1] is not None
