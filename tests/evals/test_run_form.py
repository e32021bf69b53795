"""The Lab's eval Run form (issue 31) takes what `playground eval run` takes: repeat, the response cache
(read | write | off) and the judge model, and they reach the same service call (start_suite). The Gradio
handler is driven directly; the cache and the judge are checked at the wire on the fake OpenAI server. The
Streamlit form is in tests/streamlit/test_lab_run_form.py."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

from agents.core.identity import Viewer
from agents.core.session import runtime_store
from agents.services.evals import library
from agents.services.evals.report import run_detail
from agents.services.evals.store import EvalRepo
from tests.evals.test_hostile_yaml import _gradio_handler
from tests.support.fake_openai import Reply, responses_stream

R = "/v1/responses"
DEMO = Viewer("demo", "local")
PLAIN = """\
suite: form-plain
agent: notes
cases:
  - name: hello
    turns:
      - user: hello
        expect:
          - no_error: true
"""
JUDGED = """\
suite: form-judged
agent: notes
cases:
  - name: graded
    turns:
      - user: list my notes
        expect:
          - judge: The reply talks about the user's notes.
"""


@pytest.fixture
def openai_env(fake, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("OPENAI_BASE_URL", fake.base_url)
    return fake


def run_form(name: str, *, providers: list[str] | None = None, repeat: float | str | None = None, cache: str = "off",
             judge: str = "", lang: str = "en") -> list[Any]:
    """Drive the Run button's handler to its end; its last update."""
    start = _gradio_handler("start")
    updates = list(start(name, providers or ["offline"], "", "", 1, repeat, cache, judge, DEMO, lang, ""))
    return updates[-1]


def stored_runs() -> list[dict[str, Any]]:
    return EvalRepo(runtime_store().db).runs("demo")


def test_repeat_reaches_the_run_and_gives_pass_rates(store) -> None:
    library.save(store, "demo", PLAIN)
    run_form("form-plain", repeat=3)
    [run] = stored_runs()
    [case] = run_detail(EvalRepo(store.db), run["id"], "demo")["cases"]
    assert (case["repeats"], case["passes"], case["pass_rate"], case["status"]) == (3, 3, 1.0, "passed")
    assert len(case["repetitions"]) == 3


@pytest.mark.parametrize("empty", [None, "", "  "])
def test_empty_repeat_keeps_the_suites_own(store, empty) -> None:
    """Before: the Gradio box (a number box) sent an empty repeat as 0, refused by its own minimum in the browser."""
    library.save(store, "demo", PLAIN.replace("cases:", "repeat: 2\ncases:"))
    run_form("form-plain", repeat=empty)
    [run] = stored_runs()
    [case] = run_detail(EvalRepo(store.db), run["id"], "demo")["cases"]
    assert case["repeats"] == 2


def test_the_cache_written_then_read_costs_no_second_call(store, openai_env) -> None:
    fake = openai_env
    library.save(store, "demo", PLAIN)
    fake.queue(Reply(R, frames=responses_stream(text="hello there", usage=(50, 5))))
    run_form("form-plain", providers=["openai"], cache="write")
    assert len(fake.requests) == 1
    run_form("form-plain", providers=["openai"], cache="read")
    assert len(fake.requests) == 1  # replayed from the cache: the server was not called again
    second, first = stored_runs()  # newest first
    cases = {r["id"]: run_detail(EvalRepo(store.db), r["id"], "demo")["cases"][0] for r in (first, second)}
    assert (cases[first["id"]]["cached"], cases[second["id"]]["cached"]) == (False, True)
    assert cases[second["id"]]["status"] == "passed"


def test_off_calls_the_model_every_time(store, openai_env) -> None:
    fake = openai_env
    library.save(store, "demo", PLAIN)
    fake.queue(Reply(R, frames=responses_stream(text="one")), Reply(R, frames=responses_stream(text="two")))
    run_form("form-plain", providers=["openai"], cache="write")
    run_form("form-plain", providers=["openai"], cache="off")
    assert len(fake.requests) == 2


def test_the_judge_model_typed_in_the_form_grades_the_rubric(store, openai_env) -> None:
    fake = openai_env
    library.save(store, "demo", JUDGED)
    fake.queue(Reply(R, frames=responses_stream(text='{"pass": true, "reason": "It lists them."}', usage=(90, 9))))
    run_form("form-judged", judge="openai/gpt-4.1-nano")  # the agent under test stays offline
    assert [r["body"]["model"] for r in fake.requests] == ["gpt-4.1-nano"]
    [run] = stored_runs()
    [case] = run_detail(EvalRepo(store.db), run["id"], "demo")["cases"]
    assert case["status"] == "passed"
    assert [(s["provider"], s["model"], s["status"]) for s in case["spans"]] == [("openai", "gpt-4.1-nano", "ok")]


def test_without_a_judge_the_rubric_is_skipped_not_passed(store) -> None:
    library.save(store, "demo", JUDGED)
    run_form("form-judged")
    [run] = stored_runs()
    [case] = run_detail(EvalRepo(store.db), run["id"], "demo")["cases"]
    assert case["status"] == "skipped"


@pytest.mark.parametrize(("field", "value", "said"), [
    ("judge", "nope/model-x", "Judge model names an unknown provider 'nope'"),
    ("judge", "openai/gpt 4o", "Judge model 'openai/gpt 4o' cannot be read"),
    ("judge", "openai/" + "x" * 5000, "at most 200 characters"),
    ("repeat", 0, "repeat must be from 1 to 100, not 0"),
    ("repeat", 101, "repeat must be from 1 to 100, not 101"),
    ("repeat", 2.5, "repeat must be a whole number, not 2.5"),
    ("repeat", "2.5", "repeat must be a whole number, not 2.5"),  # the Gradio form's box is text
    ("repeat", "three", "repeat must be a whole number, not three"),
    ("repeat", "0", "repeat must be from 1 to 100, not 0"),
    ("cache", "sometimes", "The cache mode is one of read, write, off, not 'sometimes'"),
])
def test_a_bad_input_is_refused_by_name_and_nothing_runs(store, field, value, said) -> None:
    library.save(store, "demo", PLAIN)
    options: dict[str, Any] = {field: value}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run_form("form-plain", **options)
    messages = [str(w.message) for w in caught]
    assert any(said in m and m.startswith("Not started: ") for m in messages), messages
    assert stored_runs() == []


def test_a_bad_repeat_is_refused_in_korean_in_the_korean_ui(store) -> None:
    library.save(store, "demo", PLAIN)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run_form("form-plain", repeat=2.5, lang="ko")
    assert [str(w.message) for w in caught if "repeat" in str(w.message)] == [
        "실행하지 못했습니다: repeat(반복 횟수)는 정수여야 합니다 (2.5)."]
    assert stored_runs() == []
