"""Issue 28 point 10, the Lab's finish: Activate and Roll back say what changes for whom before they run;
v0 (the built-in prompt) can be picked wherever a version can (the Evals view refused '0'); the diff marks
its first change so its box scrolls there; eval turns store the real time next to their virtual clock."""

from __future__ import annotations

import io
import json
import re

import pytest

from agents.cli.main import main
from agents.core.errors import Forbidden, PlaygroundError
from agents.core.providers.offline import say
from agents.services.evals.loader import parse_suite
from agents.services.evals.runner import run_suite
from agents.services.lab import prompts
from agents.services.lab.access import LabUser
from agents.view.lab import change_text, diff_html
from pages.gradio.lab.evals import configs_from

HANGUL = re.compile("[\uac00-\ud7a3]")


def test_activate_and_roll_back_are_said_before_they_run(store, clock, run, local_lab) -> None:
    with pytest.raises(PlaygroundError, match="nothing to roll back"):
        prompts.preview_change(store, "notes", None, local_lab)
    v1 = prompts.create(store, "notes", "Answer briefly.", local_lab, clock(), label="brief")
    session, _ = run("hello", say("hi"))
    prompts.pick(store, session.conversation_id, 0, local_lab, clock())
    asked = prompts.preview_change(store, "notes", v1.version, local_lab)
    assert (asked.current, asked.target, asked.target_label, asked.pinned, asked.rolling) == (0, 1, "brief", 1, False)
    assert store.prompts.active_version("notes") == 0  # asking changes nothing
    text = change_text(asked)
    assert text.startswith("**notes** 에이전트의 활성 프롬프트를 v0 (built-in) → **v1 · brief**(으)로 활성화합니다")
    assert "이 서버의 모든 사용자의 notes 대화 전부" in text and "자기 버전을 고른 대화 1개는 그대로입니다" in text
    english = change_text(asked, "en")  # the English UI reads English only (before: one bilingual paragraph)
    assert english.startswith("The **notes** agent's active prompt goes from v0 (built-in) to **v1 · brief**.")
    assert "Every user of this server's notes conversations" in english and "The 1 conversation(s)" in english
    assert not HANGUL.search(english) and "every user" not in text
    prompts.activate(store, "notes", 1, local_lab, clock())
    back = prompts.preview_change(store, "notes", None, local_lab)
    assert (back.current, back.target, back.target_label, back.rolling) == (1, 0, None, True)
    assert "v1 → **v0 (built-in)**(으)로 되돌립니다" in change_text(back)
    # shared mode: a visitor who is no admin is refused before the question, and the words say "every visitor"
    with pytest.raises(Forbidden):
        prompts.preview_change(store, "notes", 0, LabUser("ann", "shared"))
    assert "모든 방문자" in change_text(back.model_copy(update={"shared": True}))
    assert "rolls back from v1 to **v0 (built-in)**" in change_text(back, "en")


def test_the_diff_marks_its_first_change_once(store, clock, local_lab) -> None:
    left = "\n".join(f"line {i}" for i in range(60))
    right = left.replace("line 50", "line fifty").replace("line 55", "line fifty-five")
    a = prompts.create(store, "notes", left, local_lab, clock())
    b = prompts.create(store, "notes", right, local_lab, clock())
    html = diff_html(prompts.diff(store, "notes", a.version, b.version, local_lab))
    assert html.count("pg-diff-first") == 1  # before: no mark, the box opened at line 1
    first = html.index("pg-diff-first")
    assert '<td class="pg-diff-no">51</td><td class="pg-diff-old">line <mark>50</mark>' in html[first:first + 200]
    assert ">line 49<" not in html[first:]


def test_v0_can_be_picked_in_the_evals_view_the_cli_and_a_suite(store, tmp_path) -> None:
    configs = configs_from(["offline"], "", "0, 1")  # before: "숫자로 쓰세요: '0'"
    assert [c.prompt_version for c in configs] == [0, 1]
    with pytest.raises(PlaygroundError, match="0\\(기본\\)"):
        configs_from(["offline"], "", "v1")
    with pytest.raises(PlaygroundError, match="numbers such as 0 \\(the built-in prompt\\), 1, 2: not 'v1'"):
        configs_from(["offline"], "", "v1", "en")
    suite = ("suite: builtin\nagent: notes\ndefaults: {prompt_version: 0}\ncases:\n"
             "  - name: hi\n    turns:\n      - user: list my notes\n        expect:\n          - tool: list_notes\n")
    [outcome] = run_suite(parse_suite(suite, "b.yaml"))
    assert outcome.passed, [(c.error, c.results) for c in outcome.cases]
    [case] = outcome.cases
    assert {r[0] for r in store.db.fetchall("SELECT prompt_version FROM traces WHERE conversation_id = ?",
                                             [case.conversation_id])} == {0}
    path = tmp_path / "b.yaml"
    path.write_text(suite, encoding="utf-8")
    out = io.StringIO()
    assert main(["eval", "run", str(path), "--prompt-version", "0", "--json"], out=out) == 0
    summary = [json.loads(line) for line in out.getvalue().splitlines() if '"summary"' in line]
    assert [s["prompt_version"] for s in summary] == [0]


FUTURE = """\
suite: later
agent: notes
cases:
  - name: a day later
    turns:
      - user: hello
      - wait_minutes: 1440
      - user: list my notes
        expect:
          - tool: list_notes
"""


def test_no_trace_is_dated_in_the_future(store) -> None:
    """An eval case's clock is virtual (wait_minutes moved it a day ahead): the trace keeps that clock in
    started_at and the wall-clock time in recorded_at, and every view shows the real one."""
    from agents.core.clock import system_clock
    from agents.services.lab import traces
    from agents.services.lab.traces import TraceFilter
    from agents.view.lab import detail_view, trace_table, when

    before = system_clock()
    [outcome] = run_suite(parse_suite(FUTURE, "later.yaml"))
    after = system_clock()
    assert outcome.passed
    # eval turns are hidden by default (issue 31): ask for them
    page = traces.list_traces(store, LabUser.cli(), TraceFilter(origins=["eval"]))
    row = next(r for r in page.rows if r["user_id"].startswith("eval-") and r["message"] == "list my notes")
    assert (row["started_at"] - after).total_seconds() > 23 * 3600  # the virtual clock: a day ahead
    assert before <= row["recorded_at"] <= after and when(row) == row["recorded_at"]
    assert trace_table([row])[0][0] == f"{row['recorded_at']:%m-%d %H:%M:%S}"  # before: the day-ahead time
    detail = traces.trace_detail(store, row["turn_id"], LabUser.cli())
    header = detail_view(detail, "en").header
    assert "eval clock" in header and f"{row['recorded_at']:%Y-%m-%d %H:%M}" in header
    assert "평가 가상 시계" in detail_view(detail, "ko").header  # the same, in the Korean UI


def test_core_052_gives_old_traces_a_real_time_never_in_the_future(tmp_path) -> None:
    from datetime import timedelta

    from agents.core.clock import system_clock
    from agents.core.store import Database, open_store
    from agents.core.store.migrations import CORE_MIGRATIONS, migrate

    path = tmp_path / "old.duckdb"
    db = Database(path)
    migrate(db, [m for m in CORE_MIGRATIONS if m.name != "core_052_trace_recorded_at"])
    now = system_clock()
    for turn_id, started in (("turn_past", now - timedelta(days=2)), ("turn_future", now + timedelta(days=1))):
        db.execute("INSERT INTO traces (turn_id, conversation_id, user_id, agent_id, provider, model, status, "
                   "started_at, events, spans) VALUES (?, 'conv_1', 'ann', 'notes', 'offline', 'rules-v1', 'done', ?, "
                   "'[]', '[]')", [turn_id, started])
    db.close()
    store = open_store(path)
    rows = dict(store.db.fetchall("SELECT turn_id, recorded_at FROM traces"))
    assert rows["turn_past"] == now - timedelta(days=2)  # the earlier of started_at and the migration's time
    assert now <= rows["turn_future"] <= system_clock() + timedelta(minutes=1)
