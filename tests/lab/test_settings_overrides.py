"""The agent's model settings overridden per configuration: a side-by-side side (services, HTTP body,
CLI spec) and an eval matrix entry, checked at the wire on the fake OpenAI and Gemini servers."""

from __future__ import annotations

import pytest

from agents.cli.lab_studio import _side
from agents.core.inputs import InvalidInput
from agents.core.providers.gemini_adapter import GeminiProvider
from agents.core.providers.openai_adapter import OpenAIProvider
from agents.core.store.comparisons import SideConfig
from agents.services.evals import spec
from agents.services.evals.compare import matrix_grid
from agents.services.evals.loader import parse_suite
from agents.services.evals.runner import run_suite
from agents.services.evals.store import EvalRepo
from agents.services.lab import compare
from agents.view.lab_evals import config_label, settings_label
from tests.support.fake_openai import FakeOpenAI, Reply, gemini_stream, responses_stream

R, G = "/v1/responses", "/v1/models/fake-gemini:streamGenerateContent"


@pytest.fixture
def fake():
    server = FakeOpenAI()
    yield server
    server.close()


def test_a_side_by_side_side_overrides_the_agents_settings_at_the_wire(store, clock, local_lab, fake) -> None:
    cmp = compare.start(store, local_lab, "travel", SideConfig(provider="openai", temperature=0.1,
                                                               max_output_tokens=256),
                        SideConfig(provider="gemini"), clock())
    assert (cmp.config_a.temperature, cmp.config_a.max_output_tokens) == (0.1, 256)  # stored with the comparison
    other = FakeOpenAI()  # the sides run at once: one server each keeps each queue in order
    try:
        fake.queue(Reply(R, frames=responses_stream(text="A side")))
        other.queue(Reply(G, frames=gemini_stream(text="B side")))
        providers = {"a": OpenAIProvider(api_key="sk-side-a-0123456789", base_url=fake.base_url, model="fake-model",
                                         api="responses"),
                     "b": GeminiProvider(api_key="AIza-side-b-0123456789", base_url=other.root_url,
                                         model="fake-gemini")}
        list(compare.run_round(store, local_lab, cmp.id, "hello", providers=providers, clock=clock))
    finally:
        other.close()
    [a_body] = [r["body"] for r in fake.requests]
    assert (a_body["temperature"], a_body["max_output_tokens"]) == (0.1, 256)
    config = other.requests[0]["body"]["generationConfig"]
    assert (config["temperature"], config["maxOutputTokens"]) == (0.7, 8192)  # side B: travel's seed settings


def test_the_cli_side_spec_takes_settings_and_names_a_bad_one() -> None:
    side = _side("openai:gpt-4o-mini@2?temperature=0.3&max_output_tokens=1024", "--a")
    assert (side.provider, side.model, side.prompt_version, side.temperature, side.max_output_tokens) == (
        "openai", "gpt-4o-mini", 2, 0.3, 1024)
    with pytest.raises(InvalidInput, match=r"--a: unknown setting 'top_p'"):
        _side("openai?top_p=0.3", "--a")
    with pytest.raises(InvalidInput, match=r"--b: temperature must be a number, not 'hot'"):
        _side("openai?temperature=hot", "--b")
    with pytest.raises(InvalidInput, match=r"--a: temperature is out of range") as refused:
        _side("openai?temperature=9", "--a")
    assert "허용 범위를 벗어났습니다" in refused.value.message


def test_the_http_compare_body_names_an_out_of_range_temperature(local) -> None:
    answer = local.post("/api/v1/lab/compare", json={"agent": "travel", "message": "hi",
                                                          "a": {"temperature": 3}, "b": {}})
    assert answer.status_code == 422 and "temperature" in answer.text


MATRIX = """
suite: temps
agent: notes
defaults: {provider: openai, model: fake-model}
matrix:
  - {temperature: 0.0, max_output_tokens: 64}
  - {}
cases:
  - name: hello
    turns:
      - user: hi
        expect: [{no_error: true}]
"""


def test_an_eval_matrix_entry_overrides_the_settings_at_the_wire(store, fake) -> None:
    fake.queue(Reply(R, frames=responses_stream(text="one")), Reply(R, frames=responses_stream(text="two")))

    def factory(config: spec.Config, case: spec.Case) -> OpenAIProvider:
        return OpenAIProvider(api_key="sk-matrix-0123456789", base_url=fake.base_url, model="fake-model",
                              api="responses")

    cold, default = run_suite(parse_suite(MATRIX, "m.yaml"), provider_factory=factory, concurrency=1)
    assert cold.passed and default.passed
    sent = {(r["body"].get("temperature"), r["body"].get("max_output_tokens")) for r in fake.requests}
    assert sent == {(0.0, 64), (None, None)} and len(fake.requests) == 2  # notes declares no settings: the provider's defaults
    labels = [spec.Config(provider="openai", model="fake-model", temperature=0.0, max_output_tokens=64).label()]
    assert labels == ["openai/fake-model · temperature 0 · max 64 tokens"]
    # The runs record the overrides (evals_004), so the runs table and the matrix grid tell them apart.
    repo = EvalRepo(store.db)
    stored = [repo.run(cold.id), repo.run(default.id)]
    assert [(r["temperature"], r["max_output_tokens"]) for r in stored] == [(0.0, 64), (None, None)]
    assert [config_label(r) for r in stored] == ["openai/fake-model · temperature 0 · max 64 tokens",
                                                 "openai/fake-model"]
    grid = matrix_grid(repo, stored[0]["matrix_id"])
    assert [settings_label(c) for c in grid["columns"]] == [" · temperature 0 · max 64 tokens", ""]


def test_the_gradio_side_form_takes_the_settings_and_names_a_bad_one() -> None:
    from pages.gradio.lab.compare import ACTIVE, _config

    side = _config("openai", " gpt-4o-mini ", ACTIVE, 0.3, 1024.0)
    assert (side.provider, side.model, side.prompt_version, side.temperature, side.max_output_tokens) == (
        "openai", "gpt-4o-mini", None, 0.3, 1024)
    assert _config("offline", "", ACTIVE, None, None).temperature is None  # empty: the agent's own settings
    with pytest.raises(InvalidInput, match=r"temperature is out of range") as refused:
        _config("openai", "", ACTIVE, 2.5, None, "en")
    assert refused.value.field == "temperature" and "허용" not in refused.value.message  # English UI: English only
    with pytest.raises(InvalidInput) as refused:
        _config("openai", "", ACTIVE, 2.5, None)
    assert refused.value.message.startswith("temperature 값이 허용 범위를 벗어났습니다")
    assert "out of range" not in refused.value.message  # Korean UI: Korean only


def test_the_gradio_side_form_reads_its_text_boxes_and_keeps_empty_as_the_agents_own() -> None:
    """The overrides are text boxes: Gradio's number box sent 0 for an empty field (a temperature of 0, and a max
    of 0 that its own bound refused in English, so a side-by-side round with empty settings never ran)."""
    from pages.gradio.lab.compare import ACTIVE, _config

    empty = _config("offline", "", ACTIVE, "", "  ")
    assert (empty.temperature, empty.max_output_tokens) == (None, None)
    typed = _config("openai", "", ACTIVE, " 0.3 ", "1024")
    assert (typed.temperature, typed.max_output_tokens) == (0.3, 1024)
    assert _config("openai", "", ACTIVE, "0", "").temperature == 0.0  # 0 typed is a real 0
    for bad in ("warm", "nan", "inf", "1" * 41):
        with pytest.raises(InvalidInput, match=r"temperature must be a number") as refused:
            _config("openai", "", ACTIVE, bad, "", "en")
        assert refused.value.field == "temperature" and repr(bad[:40]) in refused.value.message
        with pytest.raises(InvalidInput) as refused:
            _config("openai", "", ACTIVE, bad, "")
        assert refused.value.field == "temperature" and refused.value.message.startswith("temperature 값은 숫자여야")
    with pytest.raises(InvalidInput, match=r"max_output_tokens must be a whole number"):
        _config("openai", "", ACTIVE, "", "100.5", "en")
    with pytest.raises(InvalidInput, match=r"max_output_tokens 값은 정수여야"):
        _config("openai", "", ACTIVE, "", "100.5")
    with pytest.raises(InvalidInput, match=r"max_output_tokens is out of range"):
        _config("openai", "", ACTIVE, "", "8", "en")
    with pytest.raises(InvalidInput, match=r"max_output_tokens 값이 허용 범위를 벗어났습니다"):
        _config("openai", "", ACTIVE, "", "8")
