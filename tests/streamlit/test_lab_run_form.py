"""The Streamlit Lab's eval Run form (AppTest, issue 31): a suite run from the page with repeat, the response
cache and a judge model, which reach the same start_suite call as the CLI's --repeat, --cache and --judge;
the cache and the judge are checked at the wire on the fake OpenAI server; a bad input is refused by name
and runs nothing."""

from __future__ import annotations

from typing import Any

import pytest

from agents.core.session import runtime_store
from agents.services.evals import library
from agents.services.evals.report import run_detail
from agents.services.evals.store import EvalRepo
from tests.evals.test_run_form import JUDGED, PLAIN
from tests.streamlit.conftest import open_page
from tests.support.fake_openai import FakeOpenAI, Reply, responses_stream

R = "/v1/responses"
K = ":demo"  # the Lab's widget keys are per user


@pytest.fixture
def fake(monkeypatch):
    server = FakeOpenAI()
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
    yield server
    server.close()


def evals_view(app):
    open_page(app, "lab")
    app.radio(key="pg_lab_view").set_value("evals").run()
    assert not app.exception, [e.value for e in app.exception]
    return app


def submit(app, suite: str, *, providers: list[str] | None = None, repeat: Any = None, cache: str = "off",
           judge: str = "") -> Any:
    app.selectbox(key=f"pg_lab_form_suite{K}").set_value(suite)
    app.multiselect(key=f"pg_lab_form_providers{K}").set_value(providers or ["offline"])
    app.number_input(key=f"pg_lab_form_concurrency{K}").set_value(1)
    app.number_input(key=f"pg_lab_form_repeat{K}").set_value(repeat)
    app.radio(key=f"pg_lab_form_cache{K}").set_value(cache)
    app.text_input(key=f"pg_lab_form_judge{K}").set_value(judge)
    [button] = [b for b in app.button if b.label == "▶ 실행"]
    button.click().run()
    assert not app.exception, [e.value for e in app.exception]
    return app


def only_case(run_id: str) -> dict[str, Any]:
    [case] = run_detail(EvalRepo(runtime_store().db), run_id, "demo")["cases"]
    return case


def test_the_form_runs_a_suite_with_repeat_and_shows_it(app, store) -> None:
    library.save(store, "demo", PLAIN)
    evals_view(app)
    assert any(e.label == "▶ 스위트 실행 (run a suite)" for e in app.expander)
    submit(app, "form-plain", repeat=3)
    [run] = EvalRepo(store.db).runs("demo")
    case = only_case(run["id"])
    assert (case["repeats"], case["passes"], case["status"]) == (3, 3, "passed")
    assert app.selectbox(key=f"pg_lab_run{K}").value == run["id"]  # the new run is the one shown
    assert "케이스 1/1 통과" in " ".join(m.value for m in app.markdown)


def test_the_cache_and_the_judge_reach_the_run_at_the_wire(app, store, fake) -> None:
    library.save(store, "demo", PLAIN)
    library.save(store, "demo", JUDGED)
    evals_view(app)
    fake.queue(Reply(R, frames=responses_stream(text="hello there", usage=(50, 5))))
    submit(app, "form-plain", providers=["openai"], cache="write")
    submit(app, "form-plain", providers=["openai"], cache="read")
    assert len(fake.requests) == 1  # the second run was replayed from the cache
    second, first = EvalRepo(store.db).runs("demo")
    assert (only_case(first["id"])["cached"], only_case(second["id"])["cached"]) == (False, True)

    fake.queue(Reply(R, frames=responses_stream(text='{"pass": true, "reason": "It lists them."}', usage=(90, 9))))
    submit(app, "form-judged", judge="openai/gpt-4.1-nano")  # the agent under test: offline
    assert [r["body"]["model"] for r in fake.requests[1:]] == ["gpt-4.1-nano"]
    judged = EvalRepo(store.db).runs("demo")[0]
    case = only_case(judged["id"])
    assert case["status"] == "passed" and [s["model"] for s in case["spans"]] == ["gpt-4.1-nano"]


@pytest.mark.parametrize(("options", "said"), [
    ({"judge": "nope/x"}, "심사 모델 (judge)의 제공자 'nope'을(를) 모릅니다"),
    ({"judge": "openai/gpt 4o"}, "'openai/gpt 4o'을(를) 읽을 수 없습니다"),
])
def test_a_bad_judge_is_refused_by_name_and_nothing_runs(app, store, options, said) -> None:
    library.save(store, "demo", PLAIN)
    evals_view(app)
    submit(app, "form-plain", **options)
    errors = [e.value for e in app.error]
    assert any(e.startswith("실행하지 못했습니다: ") and said in e for e in errors), errors
    assert EvalRepo(store.db).runs("demo") == []
