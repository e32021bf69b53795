"""Save as test case: a stored conversation becomes a case with suggested assertions (tools with args, cards,
approvals and outcomes, a 👎 comment as an optional rubric), which replays green as a fresh sandbox user."""

from __future__ import annotations

import io

import pytest
import yaml

from agents.cli.main import main
from agents.core.clock import system_clock
from agents.core.errors import ConversationNotFound, PlaygroundError
from agents.core.session import Session
from agents.services.evals.cases import _last_action, expand_extra
from agents.services.evals.from_chat import add_case, suggest_case
from agents.services.evals.loader import parse_suite
from agents.services.evals.runner import run_suite


def marketing_conversation() -> Session:
    s = Session("marketing", user_id="alice")
    s.run("이번 주 성과 어때?")
    s.run("전환 캠페인 만들어줘, 예산 10만원")
    action = _last_action(s)
    s.modify_action(action.id, {"name": "봄 캠페인", "objective": "OUTCOME_SALES", "dailyBudget": 120000})
    s.confirm_action(action.id)
    disliked = s.run("봄 시즌 세일 일시정지해줘")
    s.cancel_action(_last_action(s).id)
    s.store.feedback.rate(disliked[0].turn_id, "alice", "down", "일시정지 전에 성과를 먼저 보여줘야 해요", system_clock())
    return s


def test_the_draft_suggests_what_was_observed() -> None:
    s = marketing_conversation()
    draft = suggest_case(s.store, s.conversation_id, "alice")
    assert draft.agent == "marketing" and draft.name == "이번 주 성과 어때?"
    assert draft.tags == ["saved", "thumbs-down"]
    assert draft.description.endswith("👎 on step 5: 일시정지 전에 성과를 먼저 보여줘야 해요")
    steps = [d.step for d in draft.steps]
    assert steps == [{"user": "이번 주 성과 어때?"}, {"user": "전환 캠페인 만들어줘, 예산 10만원"},
                     {"modify": {"name": "봄 캠페인", "objective": "OUTCOME_SALES", "dailyBudget": 120000,
                                 "startDate": None, "endDate": None, "targetAudience": None}},
                     {"confirm": "last"}, {"user": "봄 시즌 세일 일시정지해줘"}, {"cancel": "last"}]
    first = [s.assertion for s in draft.steps[0].suggestions]
    assert first == [{"tool": "getPerformanceKPI", "args": {"period": "7d"}}, {"card": "kpi_summary"},
                     {"card": "kpi_trend"}, {"no_error": True}, {"clarification": False}]
    assert [s.selected for s in draft.steps[0].suggestions] == [True, True, True, True, False]
    second = [s.assertion for s in draft.steps[1].suggestions]
    assert {"needs_approval": "createCampaign", "args": {"name": second[0]["args"]["name"],
                                                         "objective": "OUTCOME_SALES", "dailyBudget": 100000}} == second[0]
    assert [s.assertion for s in draft.steps[3].suggestions] == [{"action_outcome": "COMPLETED"}]
    paused = draft.steps[4]
    assert paused.feedback["rating"] == "down"
    # The campaign id is the saved user's own; a replay runs as a fresh user, so it is not suggested.
    assert paused.suggestions[0].assertion == {"needs_approval": "pauseCampaign"}
    rubric = paused.suggestions[-1]
    assert rubric.assertion == {"judge": "The reply avoids this problem: 일시정지 전에 성과를 먼저 보여줘야 해요"}
    assert not rubric.selected
    assert [s.assertion for s in draft.steps[5].suggestions] == [{"action_outcome": "CANCELLED"}]


def test_the_saved_case_replays_green_and_appends_keeping_the_file(tmp_path) -> None:
    s = marketing_conversation()
    case = suggest_case(s.store, s.conversation_id, "alice", name="saved flow").to_case()
    existing = ("# our regression suite: keep this comment\nsuite: regressions\nagent: marketing\ncases:\n"
                "  - name: weekly\n    turns:\n      - user: 이번 주 성과 어때?\n        expect:\n"
                "          - tool: getPerformanceKPI\n")
    text = add_case(existing, case, agent="marketing")
    assert text.startswith("# our regression suite: keep this comment\n")
    loaded = parse_suite(text, "regressions.yaml")
    assert [c.name for c in loaded.suite.cases] == ["weekly", "saved flow"]
    [run] = run_suite(loaded)
    assert run.passed, [(c.case.name, [r for r in c.results if r["status"] != "pass"]) for c in run.cases]
    with pytest.raises(PlaygroundError, match="already has a case named 'saved flow'"):
        add_case(text, case, agent="marketing")
    with pytest.raises(PlaygroundError, match="This case is for the travel agent, but <suite> is a marketing suite"):
        add_case(text, case, agent="travel")


def test_extras_become_references_and_screens(tmp_path) -> None:
    travel = Session("travel", user_id="bob")
    events = travel.run("3박 4일 일정 짜줘")
    preview = next(e for e in events if e.type == "data_card").data["preview"]
    travel.run("일정 적용하기 (덮어쓰기)", extra={"apply_itinerary": {"trip_id": events[-1].meta["trip_id"],
                                                                 "preview": preview, "mode": "overwrite"}})
    travel.confirm_action(_last_action(travel).id)
    draft = suggest_case(travel.store, travel.conversation_id, "bob")
    assert draft.steps[1].step["extra"] == {"apply_itinerary": {
        "trip_id": "{{done.meta.trip_id}}", "preview": "{{card.itinerary_preview.preview}}", "mode": "overwrite"}}
    tutor = Session("tutor", user_id="bob")
    tutor.run("매수 화면 열어줘", extra=expand_extra("tutor", {"screen": "/stock/005930"}, system_clock()))
    tutor_draft = suggest_case(tutor.store, tutor.conversation_id, "bob")
    assert tutor_draft.steps[0].step["extra"] == {"screen": {"route": "/stock/005930", "period": "3M", "tab": "chart"}}
    for d in (draft, tutor_draft):
        text = add_case(None, d.to_case(), agent=d.agent)
        [run] = run_suite(parse_suite(text, "x.yaml"))
        assert run.passed, [r for c in run.cases for r in c.results if r["status"] != "pass"]


def test_only_your_own_conversation(tmp_path) -> None:
    s = marketing_conversation()
    with pytest.raises(ConversationNotFound):
        suggest_case(s.store, s.conversation_id, "mallory")


def test_cli_save_case_creates_then_appends(tmp_path, capsys) -> None:
    s = marketing_conversation()
    path = tmp_path / "saved" / "mine.yaml"
    out = io.StringIO()
    assert main(["eval", "save-case", s.conversation_id, "--user", "alice", "--suite", str(path), "--name", "one"],
                out=out) == 0
    assert "saved case 'one' to" in out.getvalue() and "(new suite)" in out.getvalue()
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert (data["suite"], data["agent"], [c["name"] for c in data["cases"]]) == ("mine", "marketing", ["one"])
    assert main(["eval", "save-case", s.conversation_id, "--user", "alice", "--suite", str(path), "--name", "two"],
                out=io.StringIO()) == 0
    assert [c.name for c in parse_suite(path.read_text(encoding="utf-8"), "m").suite.cases] == ["one", "two"]
    assert main(["eval", "save-case", s.conversation_id, "--user", "alice", "--suite", str(path), "--name", "two"],
                out=io.StringIO()) == 2
    assert "already has a case named 'two'" in capsys.readouterr().err
    assert main(["eval", "save-case", s.conversation_id, "--user", "mallory", "--print"], out=io.StringIO()) == 2
    printed = io.StringIO()
    assert main(["eval", "save-case", s.conversation_id, "--user", "alice", "--print"], out=printed) == 0
    assert printed.getvalue().startswith("- name: 이번 주 성과 어때?")
