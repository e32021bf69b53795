"""Issue 8's bad inputs through the Session API, the CLI and HTTP: a specific message that
names the input, no traceback, nothing half-written."""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from agents.cli.main import main
from agents.core.errors import InvalidArgs, PlaygroundError
from agents.core.inputs import InvalidInput
from agents.core.providers.offline import OfflineProvider, call
from agents.core.session import Session
from agents.nlu.korean_money import AmountTooLarge, find_amounts
from tests.support.helpers import one

SURROGATE = "\ud800"


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    real_err, sys.stderr = sys.stderr, err
    try:
        code = main(list(argv), out=out)
    finally:
        sys.stderr = real_err
    return code, out.getvalue(), err.getvalue()


def conversation_count(store) -> int:
    return store.db.fetchone("SELECT count(*) FROM conversations")[0]


# --- Session API -----------------------------------------------------------------------------

@pytest.mark.parametrize(("kwargs", "send", "field"), [
    ({}, ("hi " + SURROGATE,), "message"),
    ({}, (7,), "message"),
    ({}, ("hi", [1]), "extra"),
    ({}, ("hi", {"anchor_product_id": "p" + SURROGATE}), "extra.anchor_product_id"),
    ({}, ("hi", {"n": float("nan")}), "extra.n"),
    ({"conversation_id": "c" + SURROGATE}, None, "conversation_id"),
    ({"conversation_id": "../../etc"}, None, "conversation_id"),
    ({"provider": "openai", "provider_settings": {"model": "g" + SURROGATE}}, None, "provider_settings.model"),
    ({"provider": 3}, None, "provider"),
], ids=["surrogate-message", "int-message", "list-extra", "surrogate-extra", "nan-extra", "surrogate-conversation",
        "path-conversation", "surrogate-model", "int-provider"])
def test_session_refuses_bad_arguments_by_name_before_anything_is_stored(store, kwargs, send, field) -> None:
    before = conversation_count(store)
    with pytest.raises(InvalidInput) as refused:
        session = Session("notes", **kwargs)
        session.send(*send)
    assert refused.value.field == field and field in refused.value.message
    assert refused.value.code == "invalid_input" and isinstance(refused.value, PlaygroundError)
    assert conversation_count(store) == before


@pytest.mark.parametrize("action_id", [7, None, "act_" + SURROGATE, "x" * 500])
def test_action_commands_with_a_bad_id_are_refused_by_name(store, action_id) -> None:
    session = Session("notes")
    for command in (session.confirm_action, session.cancel_action):
        with pytest.raises(InvalidInput, match="action_id"):
            command(action_id)
    with pytest.raises(InvalidInput, match="action_id"):
        session.modify_action(action_id, {"text": "x"})


def test_modify_args_with_a_surrogate_are_refused_and_the_card_is_unchanged(store, clock) -> None:
    session = Session("notes", provider=OfflineProvider.scripted(call("add_note", {"text": "milk"})), clock=clock)
    action_id = one(session.run("add milk"), "action_confirmation").action_id
    with pytest.raises(InvalidInput, match=r"args\.text"):
        session.modify_action(action_id, {"text": "m" + SURROGATE})
    assert store.actions.get(action_id).tool_args["text"] == "milk"


@pytest.mark.parametrize("text", ["\u200b", "\u200b\u200d\ufeff", "\ufeff  \u2060", " \u00ad "])
def test_invisible_only_messages_are_empty(store, text) -> None:
    events = Session("notes").run(text)
    assert [e.type for e in events] == ["error"] and events[0].code == "empty_input"
    assert "비어" in events[0].message and conversation_count(store) == 0


@pytest.mark.parametrize("text", ["9" * 400 + "원", "₩" + "9" * 30, "9" * 20 + "만원"])
def test_absurd_amounts_are_named_not_overflowed(text) -> None:
    with pytest.raises(AmountTooLarge, match="너무 큽니다"):
        find_amounts(f"예산 {text}으로 바꿔줘")


def test_an_absurd_amount_in_a_turn_is_a_clear_error_and_the_message_is_kept(store) -> None:
    session = Session("marketing")
    events = session.run("봄 시즌 세일 예산 " + "9" * 400 + "원으로 바꿔줘")
    assert events[-1].type == "error" and events[-1].code == "amount_too_large"
    assert "400자리" in events[-1].message
    assert [m.role for m in session.history()] == ["user"]


def test_daily_budget_is_capped_at_one_billion_won(store, clock) -> None:
    from agents.marketing.mutations import MAX_DAILY_BUDGET

    session = Session("marketing", clock=clock)
    card = one(session.run("봄 시즌 세일 예산 20% 늘려줘"), "action_confirmation")
    for budget in (2**63 - 1, MAX_DAILY_BUDGET + 1):
        with pytest.raises(InvalidArgs, match="1000000000"):
            session.modify_action(card.action_id, {"campaignId": card.args["campaignId"], "dailyBudget": budget})
    from agents.marketing.mutations import BudgetArgs, _new_budget

    with pytest.raises(ValueError, match="최대 일일 예산"):  # a percentage can't climb past the cap either
        _new_budget(BudgetArgs(campaignId="c", changePercent=500), 900_000_000)
    assert store.actions.get(card.action_id).tool_args == card.args


def test_modify_naming_an_unknown_campaign_names_it(store, clock) -> None:
    session = Session("marketing", clock=clock)
    card = one(session.run("봄 시즌 세일 예산 20% 늘려줘"), "action_confirmation")
    with pytest.raises(InvalidArgs, match="없는 캠페인 이름") as refused:
        session.modify_action(card.action_id, {"campaignId": "없는 캠페인 이름", "dailyBudget": 100000})
    assert refused.value.code == "invalid_args"


# --- CLI -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("argv", "named"), [
    (("conversations", "list", "--limit", "-1"), "--limit must be from 1 to 1000"),
    (("conversations", "list", "--limit", "99999999999999999999"), "--limit must be from 1 to 1000"),
    (("conversations", "list", "--limit", "ten"), "--limit must be a whole number"),
    (("serve", "--port", "99999"), "--port must be from 1 to 65535"),
])
def test_cli_refuses_out_of_range_numbers(store, capsys, argv, named) -> None:
    with pytest.raises(SystemExit) as exited:
        main(list(argv))
    assert exited.value.code == 2 and named in capsys.readouterr().err


def test_cli_reads_long_messages_from_stdin_and_files_and_allows_leading_dashes(store, tmp_path, monkeypatch) -> None:
    long = "메모 " * 100_000  # ~300 KB: more than one exec() argument may carry
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(long.encode())))
    code, out, _ = run_cli("chat", "notes", "-")
    assert code == 1 and "input_too_large" in out  # refused by the size guard, by name, and recorded
    path = tmp_path / "msg.txt"
    path.write_text("list my notes", encoding="utf-8")
    code, out, _ = run_cli("chat", "notes", "--file", str(path))
    assert code == 0 and "[done]" in out
    code, out, _ = run_cli("chat", "notes", "--", "-list my notes")
    assert code == 0 and "[done]" in out
    path.write_bytes(b"caf\xe9")
    code, _, err = run_cli("chat", "notes", "--file", str(path))
    assert code == 2 and "not valid UTF-8 at byte 3" in err
    code, _, err = run_cli("chat", "notes", "--file", str(tmp_path / "missing.txt"))
    assert code == 2 and "Cannot read --file" in err
    code, _, err = run_cli("chat", "notes")
    assert code == 2 and "'-' for stdin" in err


def _cli(*args: str, env: dict[str, str] | None = None, input: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "agents.cli.main", *args], capture_output=True, input=input, timeout=120,
                          env={**os.environ, **(env or {})}, cwd=Path(__file__).parent.parent)


def test_cli_invalid_utf8_argument_is_named(tmp_path) -> None:
    done = _cli("chat", "marketing", os.fsdecode(b"list \xff notes"), env={"PLAYGROUND_DB": str(tmp_path / "u.db")})
    assert done.returncode == 2, done.stderr
    assert b"Traceback" not in done.stderr and b"'message'" in done.stderr and b"UTF-8" in done.stderr


@pytest.mark.parametrize("kind", ["directory", "corrupt", "missing-parent", "parent-is-a-file"])
def test_cli_with_an_unusable_database_path_says_what_to_do(tmp_path, kind) -> None:
    path = {"directory": tmp_path, "corrupt": tmp_path / "bad.duckdb", "missing-parent": tmp_path / "a" / "b" / "db",
            "parent-is-a-file": tmp_path / "file" / "db"}[kind]
    if kind == "corrupt":
        path.write_bytes(b"not a database " * 100)
    if kind == "parent-is-a-file":
        (tmp_path / "file").write_text("x")
    done = _cli("conversations", "list", env={"PLAYGROUND_DB": str(path)})
    assert b"Traceback" not in done.stderr
    if kind == "missing-parent":  # created on demand: that one works
        assert done.returncode == 0 and path.exists(), done.stderr
    else:
        assert done.returncode == 2 and b"database_unusable" in done.stderr and b"PLAYGROUND_DB" in done.stderr


def test_cli_into_a_closed_pipe_exits_quietly(tmp_path) -> None:
    env = {**os.environ, "PLAYGROUND_DB": str(tmp_path / "pipe.duckdb")}
    done = subprocess.run(f"{sys.executable} -m agents.cli.main chat marketing '주간 보고서 만들어줘' | head -c 10",
                          shell=True, capture_output=True, env=env, timeout=120, cwd=Path(__file__).parent.parent)
    assert done.returncode == 0 and len(done.stdout) == 10
    assert b"Traceback" not in done.stderr and b"BrokenPipe" not in done.stderr, done.stderr


# --- HTTP (the chat endpoint; the rest of the API's input checks live with the API tests) --------

@pytest.mark.parametrize(("body", "field"), [
    ({"message": "hi " + SURROGATE}, "message"),
    ({"message": "hi", "extra": {"anchor_product_id": SURROGATE}}, "extra.anchor_product_id"),
    ({"message": "hi", "conversation_id": "c" + SURROGATE}, "conversation_id"),
    ({"message": "hi", "model": "m" + SURROGATE}, "model"),
])
def test_http_chat_refuses_invalid_characters_with_422_naming_the_field(store, body, field) -> None:
    from agents.http.api import create_api

    client = TestClient(create_api("local"), raise_server_exceptions=False)
    # json.dumps escapes the surrogate as \ud800: valid JSON, as a hostile client would send it.
    response = client.post("/api/v1/agents/notes/chat", content=json.dumps(body),
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 422, response.text
    assert field in response.text
    assert conversation_count(store) == 0


def test_http_modify_naming_an_unknown_campaign_is_422_naming_it(store, clock) -> None:
    from agents.http.api import create_api

    session = Session("marketing")
    card = one(session.run("봄 시즌 세일 예산 20% 늘려줘"), "action_confirmation")
    client = TestClient(create_api("local"), raise_server_exceptions=False)
    answer = client.post(f"/api/v1/actions/{card.action_id}/modify",
                         json={"args": {"campaignId": "없는 캠페인", "dailyBudget": 100000}})
    assert answer.status_code == 422 and "없는 캠페인" in answer.json()["error"]["message"]
    answer = client.post(f"/api/v1/actions/{card.action_id}/modify",
                         json={"args": {"campaignId": card.args["campaignId"], "dailyBudget": 2**63 - 1}})
    assert answer.status_code == 422 and "1000000000" in answer.json()["error"]["message"]
    assert store.actions.get(card.action_id).tool_args == card.args


# --- a huge message typed into the Gradio or Streamlit chat (issue 26) ---------------------------------------

def test_a_huge_typed_message_is_shown_and_stored_only_as_its_placeholder(store) -> None:
    """Both shells draw the typed message with ``render.add_user_message`` and send it with
    ``Session.send``: neither the page's state nor the store keeps the body."""
    from agents.view import render

    big = "x" * 3_000_000
    placeholder = "x" * 200 + "… [거절됨: 3,000,000자 (refused: 3,000,000 characters)]"
    view = render.add_user_message(render.ChatView(), big)
    assert [m.text for m in view.messages] == [placeholder]
    ok = render.add_user_message(render.ChatView(), "x" * 8_000)  # at the limit: drawn whole
    assert [len(m.text) for m in ok.messages] == [8_000]
    session = Session("notes", provider=OfflineProvider.scripted())
    events = list(session.send(big))
    assert [e.type for e in events] == ["error"] and events[0].code == "input_too_large"
    assert [m.content for m in session.history()] == [placeholder]
    reloaded = render.view_from_history(session.conversation_id, session.history(), [])
    assert [m.text for m in reloaded.messages if m.role == "user"] == [placeholder]  # the same after a reload


# --- Turn.extra: each agent's inputs model (AgentSpec.inputs), unknown keys refused by name ------------

@pytest.mark.parametrize(("agent", "extra", "field", "takes"), [
    ("marketing", {"anchor_product_id": "p1"}, "extra.anchor_product_id", "none"),
    ("shopping", {"anchr_product_id": "p1"}, "extra.anchr_product_id", "anchor_product_id, start"),
    ("tutor", {"context": "{}", "use_web_search": True}, "extra.context", "context_text, use_web_search"),
    ("travel", {"apply": {"trip_id": "t"}}, "extra.apply", "apply_itinerary"),
    ("notes", {"x": 1}, "extra.x", "none"),
])
def test_a_key_the_agent_does_not_take_is_refused_by_name_before_anything_is_stored(store, agent, extra, field,
                                                                                  takes) -> None:
    # Before, every key passed silently: a typo in a client's key was a turn that ignored it.
    before = conversation_count(store)
    with pytest.raises(InvalidInput) as refused:
        Session(agent).send("hi", extra)
    assert refused.value.field == field
    key = field.removeprefix("extra.")
    assert refused.value.message.startswith(f"'extra'에 {agent} 에이전트가 받지 않는 키가 있습니다: '{key}'")
    assert f"('extra' holds keys the {agent} agent does not take: '{key}'; it takes: {takes}" in refused.value.message
    assert conversation_count(store) == before


def test_the_keys_an_agent_takes_reach_its_pipeline_and_are_stored_as_sent(store) -> None:
    session = Session("shopping")
    events = session.run("이 제품 기반으로 추천해줘", {"anchor_product_id": "no-such-product"})
    assert [e.type for e in events] == ["error"] and "no-such-product" in events[0].message  # the pipeline read it
    panel = {"category": "bottle", "pros": [], "cons": [], "budget_max": 50000}
    done = session.run("시작", {"start": panel})
    assert done[-1].type == "done", done
    user = [m for m in store.messages.recent(session.conversation_id, 10) if m.role == "user"][-1]
    assert user.meta["extra"] == {"start": panel}  # only what was sent, no defaults


def test_the_cli_and_http_refuse_an_unknown_key_by_name(store) -> None:
    from agents.http.api import create_api

    code, out, err = run_cli("chat", "marketing", "hi", "--anchor", "p1")
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.startswith("error (invalid_input): 'extra'에 marketing 에이전트가 받지 않는 키가 있습니다") and \
        "the marketing agent does not take: 'anchor_product_id'; it takes: none" in err
    client = TestClient(create_api("local"), raise_server_exceptions=False)
    response = client.post("/api/v1/agents/notes/chat", json={"message": "hi", "extra": {"colour": "red"}})
    assert response.status_code == 422, response.text
    assert "extra.colour" in response.text and "does not take: 'colour'" in response.text
    assert conversation_count(store) == 0


def test_a_relayed_answer_into_a_closed_pipe_exits_quietly(monkeypatch) -> None:
    """The app holds the file, the command goes through its HTTP API, and the reader of stdout leaves (`| head`).
    Before: the BrokenPipeError was raised inside the DatabaseLocked handler and printed its whole chain."""
    from agents.cli import main as cli
    from agents.cli import remote
    from agents.core.errors import DatabaseLocked

    def locked(args, out):
        raise DatabaseLocked("held by another process")

    def relay(*_args):
        raise BrokenPipeError

    monkeypatch.setattr(remote, "send", relay)
    parser = cli.build_parser(argparse.ArgumentParser)
    args = parser.parse_args(["chat", "marketing", "hi"])
    args.lang, args.func = None, locked
    out, err = io.StringIO(), io.StringIO()
    assert cli.run_command(parser, args, out, err, io.StringIO(), ["chat", "marketing", "hi"]) == 0
    assert err.getvalue() == ""
