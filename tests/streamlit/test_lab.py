"""The Streamlit Lab page (AppTest): traces filtered and opened (detail values checked against the
stored trace), eval runs → a run's cases and failures → a failing turn's trace → two runs compared,
and in shared mode only the viewer's own turns and runs."""

from __future__ import annotations

import json

import pytest

from agents.core.session import Session, runtime_store
from agents.services.evals.loader import parse_suite
from agents.services.evals.runner import run_suite
from agents.services.evals.store import EvalRepo
from tests.evals.test_runner import MATRIX, scripted_by_model
from tests.streamlit.conftest import APP, click, open_page, send, texts


def table(at, index: int = 0):
    return at.dataframe[index].value


def lab_select(at, name: str, value: str, user: str = "demo"):
    at.selectbox(key=f"pg_lab_{name}:{user}").set_value(value).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_traces_filter_and_open_a_turn_with_its_stored_figures(app):
    send(app, "이번 주 성과 어때?")  # marketing, the default page
    open_page(app, "travel")
    send(app, "부산 2박 3일 여행 계획 짜줘")
    store = runtime_store()
    stored = store.db.execute("SELECT turn_id, agent_id, status FROM traces ORDER BY started_at DESC").df()
    assert stored["agent_id"].tolist() == ["travel", "marketing"]

    open_page(app, "lab")
    assert "### 🧪 Lab" in texts(app) and "로컬 모드" in texts(app)
    rows = table(app)
    assert rows["turn"].tolist() == stored["turn_id"].tolist()  # newest first, the turn id last
    assert rows["에이전트"].tolist() == ["travel", "marketing"]
    assert rows["제공자/모델"].str.startswith("offline/").all() and rows["비용"].tolist() == ["$0", "$0"]

    lab_select(app, "agent", "marketing")
    assert table(app)["turn"].tolist() == [stored["turn_id"][1]]
    lab_select(app, "status", "error")
    assert "조건에 맞는 턴이 없습니다" in texts(app) and not app.dataframe
    lab_select(app, "status", "")
    lab_select(app, "agent", "")
    app.text_input(key="pg_lab_text:demo").set_value("부산").run()
    assert table(app)["turn"].tolist() == [stored["turn_id"][0]]
    app.text_input(key="pg_lab_since:demo").set_value("last week").run()
    assert any("since 'last week'" in e.value for e in app.error)  # the bad filter named, nothing listed
    app.text_input(key="pg_lab_since:demo").set_value("7d").run()
    app.text_input(key="pg_lab_text:demo").set_value("").run()
    assert len(table(app)) == 2 and not app.error

    turn = stored["turn_id"][1]  # the marketing turn
    app.selectbox(key="pg_lab_pick:demo").set_value(turn).run()
    trace = store.traces.get(turn)
    shown = texts(app)
    assert f"### `{turn}`" in shown and "**marketing** · offline/" in shown and "✅ done" in shown
    assert "**getPerformanceKPI**" in shown and '"period": "7d"' in shown  # the tool call and its args
    assert "오류 없음" in shown and "피드백 없음" in shown
    assert f"{trace.input_tokens:,} → {trace.output_tokens:,}" in shown  # tokens (in → out) from the trace
    waterfall = json.loads(app.get("plotly_chart")[0].proto.spec)["data"][0]
    assert any("tool · getPerformanceKPI" in label for label in waterfall["y"])
    assert len(waterfall["y"]) == len(trace.phases) + len(trace.spans)
    assert [c.value for c in app.code] == [trace.system_prompt]  # the turn's system prompt, whole
    events = [j for j in app.json if isinstance(json.loads(j.value), list) and json.loads(j.value)
              and isinstance(json.loads(j.value)[0], dict) and "type" in json.loads(j.value)[0]]
    assert json.loads(events[-1].value) == json.loads(json.dumps(trace.events, default=str))

    # a turn id typed in opens that turn; an unknown one is named
    app.text_input(key="pg_lab_turn_id:demo").set_value("turn_nope").run()
    assert any("turn_nope" in e.value for e in app.error)


def test_thumbs_down_shows_in_the_detail_and_the_feedback_filter(app, clock):
    send(app, "이번 주 성과 어때?")
    turn = runtime_store().db.execute("SELECT turn_id FROM traces").fetchone()[0]
    runtime_store().feedback.rate(turn, "demo", "down", "too long", clock())
    open_page(app, "lab")
    lab_select(app, "feedback", "down")
    assert table(app)["turn"].tolist() == [turn] and table(app)["👍/👎"].tolist() == ["👎"]
    lab_select(app, "feedback", "up")
    assert not app.dataframe
    lab_select(app, "feedback", "")
    app.selectbox(key="pg_lab_pick:demo").set_value(turn).run()
    assert "- 👎 `demo`: too long" in texts(app)


def test_the_open_conversation_button_opens_it_in_its_agent_page(app):
    send(app, "이번 주 성과 어때?")
    conversation, turn = runtime_store().db.execute("SELECT conversation_id, turn_id FROM traces").fetchone()
    open_page(app, "travel")  # elsewhere, then the Lab
    open_page(app, "lab")
    app.selectbox(key="pg_lab_pick:demo").set_value(turn).run()
    click(app, "💬 에이전트 페이지에서 대화 열기")
    assert [m.name for m in app.chat_message][:2] == ["user", "assistant"]
    assert app.chat_message[0].markdown[0].value == "이번 주 성과 어때?"
    assert app.session_state["pg_view:demo:marketing"].conversation_id == conversation


def test_eval_runs_results_failing_traces_and_compare(app):
    good, bad = run_suite(parse_suite(MATRIX, "x.yaml"), provider_factory=scripted_by_model)
    repo = EvalRepo(runtime_store().db)
    newest = [r["id"] for r in repo.runs("demo")]
    assert set(newest) == {good.id, bad.id}
    open_page(app, "lab")
    app.radio(key="pg_lab_view").set_value("evals").run()
    runs = table(app)
    assert runs["실행 ID"].tolist() == newest
    assert runs["구성"].tolist() == [f"offline/{repo.run(i)['model']}" for i in newest]

    app.selectbox(key="pg_lab_run:demo").set_value(bad.id).run()
    shown = texts(app)
    assert "❌ **matrix** · offline/bad · 케이스 1/3 통과 · 검증 통과 1 · 실패 2" in shown
    cases = table(app, 1)
    assert cases["케이스"].tolist() == ["lists notes", "greets", "stays polite"]
    assert cases[""].tolist() == ["❌", "❌", "✅"]
    assert "list_notes was not called" in shown
    # each failing case's turn has a button that opens its trace
    steps = {c["name"]: c["steps"][0]["turn_id"] for c in
             [{**c, "steps": repo.steps(bad.id, c["case_index"])} for c in repo.cases(bad.id)]}
    click(app, "🔎 lists notes · 1단계")
    assert app.session_state["pg_lab_view"] == "traces"
    assert f"### `{steps['lists notes']}`" in texts(app) and "⚠️" not in [e.value for e in app.error]

    # compare: A the good run (baseline), B the bad one; regressions first, the pass rate's delta
    app.radio(key="pg_lab_view").set_value("evals").run()
    app.selectbox(key="pg_lab_run_a:demo").set_value(good.id).run()
    app.selectbox(key="pg_lab_run_b:demo").set_value(bad.id).run()
    shown = texts(app)
    assert "통과율 100% → 33%" in shown and "새로 실패 2" in shown
    metrics = next(d.value for d in app.dataframe if list(d.value.columns) == ["지표", "A", "B", "차이"])
    assert metrics.iloc[0].tolist() == ["통과율", "100%", "33%", "-67%"]
    changes = next(d.value for d in app.dataframe if "변화" in d.value.columns)
    assert changes["변화"].tolist() == ["🔻 새로 실패", "🔻 새로 실패", "✅ 계속 통과"]
    assert changes["케이스"].tolist() == ["lists notes", "greets", "stays polite"]
    click(app, "🔻 greets")
    assert f"### `{steps['greets']}`" in texts(app)


def test_shared_mode_shows_only_the_viewers_own_turns_and_runs(monkeypatch, store):
    testing = pytest.importorskip("streamlit.testing.v1")
    monkeypatch.setenv("PLAYGROUND_MODE", "shared")
    # alice's turn and eval run, made outside this browser session
    Session("marketing", user_id="alice", store=store).run("이번 주 성과 어때?")
    run_suite(parse_suite(MATRIX, "x.yaml"), provider_factory=scripted_by_model, owner="alice")
    alice_turn = store.db.execute("SELECT turn_id FROM traces WHERE user_id = 'alice'").fetchone()[0]

    at = testing.AppTest.from_file(str(APP), default_timeout=120)
    at.run()
    me = at.session_state["pg_anonymous_viewer"].user_id
    send(at, "이번 주 성과 어때?")
    mine = store.db.execute("SELECT turn_id FROM traces WHERE user_id = ?", [me]).fetchone()[0]
    open_page(at, "lab")
    assert "공유 모드" in texts(at) and me in texts(at)
    assert not [t for t in at.text_input if t.key == f"pg_lab_user:{me}"]  # no user box to widen it
    assert at.dataframe[0].value["turn"].tolist() == [mine]
    assert set(at.dataframe[0].value["사용자"]) == {me}
    # alice's turn by its id reads as not found
    at.text_input(key=f"pg_lab_turn_id:{me}").set_value(alice_turn).run()
    assert any(alice_turn in e.value and "찾을 수 없습니다" in e.value for e in at.error)
    assert f"### `{alice_turn}`" not in texts(at)
    # alice's eval runs are not listed
    at.radio(key="pg_lab_view").set_value("evals").run()
    assert any("아직 평가 실행이 없습니다" in i.value for i in at.info) and not at.dataframe


def test_pages_older_and_newer_and_the_local_user_filter(app, monkeypatch, store):
    from pages.streamlit.lab import traces as lab_traces

    monkeypatch.setattr(lab_traces, "PAGE", 1)  # one turn a page, so two turns make two pages
    send(app, "이번 주 성과 어때?")
    Session("marketing", user_id="alice", store=store).run("지난달 성과 알려줘")
    newest, older = [r[0] for r in store.db.execute("SELECT turn_id FROM traces ORDER BY started_at DESC").fetchall()]
    open_page(app, "lab")
    assert table(app)["turn"].tolist() == [newest] and "더 있음" in texts(app)
    click(app, "이전 ▸")
    assert table(app)["turn"].tolist() == [older]
    assert next(b for b in app.button if b.label == "이전 ▸").disabled  # the last page
    click(app, "◂ 최신")
    assert table(app)["turn"].tolist() == [newest]
    # local mode: everyone's turns, narrowed by the user box (a filter change goes back to the newest page)
    click(app, "이전 ▸")
    app.text_input(key="pg_lab_user:demo").set_value("alice").run()
    assert table(app)["turn"].tolist() == [newest] and table(app)["사용자"].tolist() == ["alice"]
    app.text_input(key="pg_lab_user:demo").set_value("demo").run()
    assert table(app)["turn"].tolist() == [older] and table(app)["사용자"].tolist() == ["demo"]


def test_shared_mode_lists_the_viewers_own_runs_and_offers_only_traces_they_may_open(monkeypatch, store):
    testing = pytest.importorskip("streamlit.testing.v1")
    monkeypatch.setenv("PLAYGROUND_MODE", "shared")
    at = testing.AppTest.from_file(str(APP), default_timeout=120)
    at.run()
    me = at.session_state["pg_anonymous_viewer"].user_id
    run_suite(parse_suite(MATRIX, "x.yaml"), provider_factory=scripted_by_model, owner="alice")
    mine = {r.id for r in run_suite(parse_suite(MATRIX, "x.yaml"), provider_factory=scripted_by_model, owner=me)}
    open_page(at, "lab")
    at.radio(key="pg_lab_view").set_value("evals").run()
    assert set(at.dataframe[0].value["실행 ID"]) == mine  # alice's two runs are not listed
    for label in [b.label for b in at.button if b.label.startswith(("🔎", "🔻"))]:
        click(at, label)  # whatever trace is offered opens: no "not found"
        assert not at.error, [e.value for e in at.error]
        at.radio(key="pg_lab_view").set_value("evals").run()


def test_a_case_whose_assertions_were_all_skipped_shows_as_skipped(app):
    from tests.evals.test_skipped import SUITE

    (run,) = run_suite(parse_suite(SUITE, "skips.yaml"), concurrency=1)
    open_page(app, "lab")
    app.radio(key="pg_lab_view").set_value("evals").run()
    assert table(app)["결과"].tolist() == ["✅ 2/3 · ↷ 1"]
    app.selectbox(key="pg_lab_run:demo").set_value(run.id).run()
    assert "✅ **skips** · offline/rules-v1 · 케이스 2/3 통과 · 건너뜀 1 · 검증 통과 2 · 실패 0 · 건너뜀 2" in texts(app)
    cases = table(app, 1)
    assert cases[""].tolist() == ["↷", "✅", "✅"]
    assert cases["검증"].tolist() == ["0✓ 0✗ 1↷", "1✓ 0✗ 1↷", "1✓ 0✗ 0↷"]
    assert cases["실패 이유"].tolist()[0].startswith("1. skipped on the offline provider")
