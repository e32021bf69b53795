"""Per-agent model settings from the seeds, checked at the wire (the fake servers record the bodies
they received): temperature 0.7 and 8,192 output tokens (travel, seed 001), temperature 0.7
(marketing, seed 000); a turn's override (side-by-side, eval matrix) wins; retries with backoff on
429 / 5xx, counted in the trace; the circuit breaker opens, refuses without calling the server,
then half-opens."""

from __future__ import annotations

import pytest

from agents.core.agent import get_agent
from agents.core.providers import resilience
from agents.core.providers.base import ModelOptions
from agents.core.providers.gemini_adapter import GeminiProvider
from agents.core.providers.openai_adapter import OpenAIProvider
from agents.core.session import Session
from agents.core.turn import TurnSettings
from agents.services.lab.access import LabUser
from agents.services.lab.traces import trace_detail
from agents.view.lab import detail_view
from tests.support.fake_openai import Reply, chat_stream, error, gemini_error, gemini_stream, responses_stream
from tests.support.helpers import text_of

R, C = "/v1/responses", "/v1/chat/completions"
G = "/v1/models/fake-gemini:streamGenerateContent"
FAST = ModelOptions(backoff_s=0.01)  # the retry policy's shape, without seconds of waiting


@pytest.fixture(autouse=True)
def _fresh_breakers():
    """Breakers live per endpoint for the process: a later fake may get a closed one's port."""
    from agents.core.providers.resilience import reset_breakers

    reset_breakers()
    yield
    reset_breakers()


def openai_at(fake, **kw) -> OpenAIProvider:
    return OpenAIProvider(api_key="sk-settings-test-0123456789", base_url=fake.base_url, model="fake-model", **kw)


def gemini_at(fake) -> GeminiProvider:
    return GeminiProvider(api_key="AIza-settings-test-0123456789", base_url=fake.root_url, model="fake-gemini")


def test_the_built_in_agents_declare_their_seeds_settings() -> None:
    assert get_agent("travel").model_options.settings() == {"temperature": 0.7, "max_output_tokens": 8192}
    assert get_agent("marketing").model_options.settings() == {"temperature": 0.7}


def test_travel_on_openai_sends_temperature_and_the_output_limit_in_both_apis(store, fake) -> None:
    fake.queue(Reply(R, frames=responses_stream(text="도쿄 여행 좋아요")))
    events = Session("travel", provider=openai_at(fake, api="responses")).run("hello")
    assert "도쿄 여행 좋아요" in text_of(events)
    body = fake.requests[0]["body"]
    assert (body["temperature"], body["max_output_tokens"]) == (0.7, 8192)
    fake.queue(Reply(C, frames=chat_stream(text="좋아요")))
    Session("travel", provider=openai_at(fake, api="chat")).run("hello again")
    body = fake.requests[1]["body"]
    assert (body["temperature"], body["max_tokens"]) == (0.7, 8192)  # chat.completions' name for the limit
    trace = store.traces.get(events[-1].turn_id)
    assert trace.spans[0]["settings"] == {"temperature": 0.7, "max_output_tokens": 8192}
    assert trace.spans[0]["retries"] == []
    shown = detail_view(trace_detail(store, trace.turn_id, LabUser("demo", "local")))
    assert "**모델 설정**: temperature 0.7 · max_output_tokens 8,192" in shown.header


def test_travel_on_gemini_sends_the_seeds_generation_config(store, fake) -> None:
    fake.queue(Reply(G, frames=gemini_stream(text="좋아요")))
    Session("travel", provider=gemini_at(fake)).run("hello")
    config = fake.requests[0]["body"]["generationConfig"]
    assert (config["temperature"], config["maxOutputTokens"]) == (0.7, 8192)


def test_marketing_sends_its_temperature_and_no_limit_it_never_set(store, fake) -> None:
    fake.queue(Reply(R, frames=responses_stream(text="ok")))
    Session("marketing", provider=openai_at(fake, api="responses")).run("hello")
    body = fake.requests[0]["body"]
    assert body["temperature"] == 0.7 and "max_output_tokens" not in body


def test_a_turns_override_wins_over_the_agents_settings_field_by_field(store, fake) -> None:
    fake.queue(Reply(G, frames=gemini_stream(text="ok")))
    settings = TurnSettings(options=ModelOptions(temperature=0.2))
    Session("travel", provider=gemini_at(fake), settings=settings).run("hello")
    config = fake.requests[0]["body"]["generationConfig"]
    assert (config["temperature"], config["maxOutputTokens"]) == (0.2, 8192)


@pytest.mark.parametrize("api", ["responses", "chat"])
def test_429_twice_then_200_is_three_requests_and_two_retries_in_the_trace(store, fake, api) -> None:
    path = R if api == "responses" else C
    ok = responses_stream(text="third time") if api == "responses" else chat_stream(text="third time")
    fake.queue(error(path, 429, "slow down", "rate_limit_exceeded"), error(path, 429, "slow down", "rate_limit_exceeded"),
               Reply(path, frames=ok))
    events = Session("notes", provider=openai_at(fake, api=api),
                     settings=TurnSettings(options=FAST.model_copy(update={"retries": 2}))).run("hi")
    assert text_of(events).strip() == "third time" and events[-1].type == "done"
    assert [r["path"] for r in fake.requests] == [path, path, path]
    assert events[-1].meta["model_retries"] == 2
    [span] = [s for s in store.traces.get(events[-1].turn_id).spans if s["kind"] == "model"]
    assert [(r["attempt"], r["reason"]) for r in span["retries"]] == [(1, "rate_limited"), (2, "rate_limited")]
    assert span["retries"][1]["wait_s"] >= span["retries"][0]["wait_s"] > 0  # exponential backoff
    shown = detail_view(trace_detail(store, events[-1].turn_id, LabUser("demo", "local")))
    assert "retries 2 · backoff_s 0.01 · 재시도함 2×: rate_limited, rate_limited" in shown.header


def test_gemini_429_twice_then_200_is_three_requests_and_two_retries(store, fake) -> None:
    fake.queue(gemini_error(G, 429, "quota", "RESOURCE_EXHAUSTED"), gemini_error(G, 503, "busy", "UNAVAILABLE"),
               Reply(G, frames=gemini_stream(text="finally")))
    events = Session("notes", provider=gemini_at(fake), settings=TurnSettings(options=FAST)).run("hi")
    assert text_of(events) == "finally" and len(fake.requests) == 3
    [span] = [s for s in store.traces.get(events[-1].turn_id).spans if s["kind"] == "model"]
    assert [(r["attempt"], r["reason"]) for r in span["retries"]] == [(1, "rate_limited"), (2, "provider_unavailable")]


def test_retries_run_out_into_a_named_error_after_retries_plus_one_requests(store, fake) -> None:
    fake.queue(*[error(R, 500, "boom") for _ in range(2)])
    events = Session("notes", provider=openai_at(fake, api="responses"),
                     settings=TurnSettings(options=FAST.model_copy(update={"retries": 1}))).run("hi")
    assert [e.type for e in events] == ["error"] and events[0].code == "provider_unavailable"
    assert len(fake.requests) == 2


def test_a_bad_request_is_not_retried(store, fake) -> None:
    fake.queue(error(R, 400, "bad input"))
    events = Session("notes", provider=openai_at(fake, api="responses"), settings=TurnSettings(options=FAST)).run("hi")
    assert events[-1].code == "bad_request" and len(fake.requests) == 1


def test_the_breaker_opens_after_n_failures_refuses_without_a_request_then_half_opens(store, fake,
                                                                                       monkeypatch) -> None:
    # The breaker reads a stepped clock: a slow turn on a loaded machine must not half-open it early (it did, with
    # a 0.4 s wall-clock cool-down: "provider_unavailable" where "circuit_open" was due).
    now = [1000.0]

    class SteppedBreaker(resilience.CircuitBreaker):
        def __init__(self, name: str) -> None:
            super().__init__(name, clock=lambda: now[0])

    monkeypatch.setattr(resilience, "CircuitBreaker", SteppedBreaker)
    resilience.reset_breakers()
    options = ModelOptions(retries=0, breaker_failures=3, breaker_cooldown_s=30)
    settings = TurnSettings(options=options)

    def turn() -> list:
        return Session("notes", provider=openai_at(fake, api="responses"), settings=settings).run("hi")

    fake.queue(*[error(R, 500, "down") for _ in range(3)])
    assert [turn()[-1].code for _ in range(3)] == ["provider_unavailable"] * 3
    assert len(fake.requests) == 3
    refused = turn()
    assert [e.type for e in refused] == ["error"] and refused[0].code == "circuit_open"
    assert "server was not called" in refused[0].message and "잠시 호출을 멈췄습니다" in refused[0].message
    assert len(fake.requests) == 3  # the server never saw it
    now[0] += 29.9
    assert turn()[-1].code == "circuit_open" and len(fake.requests) == 3  # still cooling down
    now[0] += 0.1  # the cool-down: half-open, one trial goes through; it fails, so the breaker opens again
    fake.queue(error(R, 500, "still down"))
    assert turn()[-1].code == "provider_unavailable" and len(fake.requests) == 4
    assert turn()[-1].code == "circuit_open" and len(fake.requests) == 4
    now[0] += 30  # half-open again; this trial succeeds and closes it
    fake.queue(Reply(R, frames=responses_stream(text="back")), Reply(R, frames=responses_stream(text="and again")))
    assert text_of(turn()) == "back"
    assert text_of(turn()) == "and again" and len(fake.requests) == 6  # closed: calls go through


def test_the_breaker_is_per_endpoint(store, fake) -> None:
    from tests.support.fake_openai import FakeOpenAI

    other = FakeOpenAI()
    try:
        settings = TurnSettings(options=ModelOptions(retries=0, breaker_failures=1, breaker_cooldown_s=60))
        fake.queue(error(R, 500, "down"))
        assert Session("notes", provider=openai_at(fake, api="responses"), settings=settings).run("a")[-1].code \
            == "provider_unavailable"
        assert Session("notes", provider=openai_at(fake, api="responses"), settings=settings).run("b")[-1].code \
            == "circuit_open"
        other.queue(Reply(R, frames=responses_stream(text="fine here")))
        events = Session("notes", provider=openai_at(other, api="responses"), settings=settings).run("c")
        assert text_of(events) == "fine here"
    finally:
        other.close()


def test_the_offline_model_applies_no_settings_so_its_trace_shows_none(store) -> None:
    events = Session("travel", provider="offline").run("라멘집 추천해줘")
    spans = [s for s in store.traces.get(events[-1].turn_id).spans if s["kind"] == "model"]
    assert spans and all(s["settings"] == {} and s["retries"] == [] for s in spans)
    shown = detail_view(trace_detail(store, events[-1].turn_id, LabUser("demo", "local")))
    assert "모델 설정" not in shown.header
