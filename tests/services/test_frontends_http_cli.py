"""The HTTP API and the CLI reach conversations, feedback, alerts and tokens only through
agents/services: the same owner check and the same Korean+English refusals in both."""

from __future__ import annotations

import io
import json

import pytest
from fastapi.testclient import TestClient

from agents.cli.main import main
from agents.core.providers.offline import OfflineProvider, say
from agents.core.session import Session
from agents.http.api import create_api
from agents.marketing import alerts as marketing_alerts
from agents.services import conversations


def _conversation(clock, user: str = "ann") -> tuple[str, str]:
    session = Session("notes", user_id=user, provider=OfflineProvider.scripted(say("hi")), clock=clock)
    turn_id = session.run("hello")[-1].turn_id
    assert session.conversation_id
    return session.conversation_id, turn_id


@pytest.fixture
def api() -> TestClient:
    return TestClient(create_api("local"), raise_server_exceptions=False)


def test_http_rename_archive_and_the_owner_check(store, clock, api):
    cid, _ = _conversation(clock)
    renamed = api.patch(f"/api/v1/conversations/{cid}", json={"user": "ann", "title": "  새 제목 "})
    assert renamed.status_code == 200 and renamed.json()["conversation"]["title"] == "새 제목"
    archived = api.patch(f"/api/v1/conversations/{cid}", json={"user": "ann", "archived": True}).json()
    assert archived["conversation"]["archived"] is True
    listed = api.get("/api/v1/conversations", params={"user": "ann", "archived": "true"}).json()
    assert [c["id"] for c in listed["conversations"]] == [cid] and listed["total"] == 1
    # Bob: not found in both languages, and nothing of ann's changes.
    for response in (api.patch(f"/api/v1/conversations/{cid}", json={"user": "bob", "title": "mine"}),
                     api.get(f"/api/v1/conversations/{cid}", params={"user": "bob"}),
                     api.delete(f"/api/v1/conversations/{cid}", params={"user": "bob"})):
        assert response.status_code == 404
        error = response.json()["error"]
        assert error["code"] == "conversation_not_found" and error["message"].startswith(f"대화 {cid!r}을(를)")
        assert f"(Conversation {cid!r} was not found for user 'bob'" in error["message"]
    row = conversations.get(store, "ann", cid)
    assert (row.title, row.archived) == ("새 제목", True)
    # Bad input names the field.
    blank = api.patch(f"/api/v1/conversations/{cid}", json={"user": "ann", "title": "   "})
    assert blank.status_code == 422 and blank.json()["error"]["field"] == "title"
    assert blank.json()["error"]["message"].startswith("대화 제목이 비어 있습니다")
    empty = api.patch(f"/api/v1/conversations/{cid}", json={"user": "ann"})
    assert empty.status_code == 422 and empty.json()["error"]["message"].startswith("바꿀 것이 없습니다")
    huge = api.patch(f"/api/v1/conversations/{cid}", json={"user": "ann", "title": "x" * 2_000_000})
    assert huge.status_code in (413, 422)
    assert api.delete(f"/api/v1/conversations/{cid}", params={"user": "ann"}).json() == {"success": True,
                                                                                          "deleted": cid}
    assert conversations.find(store, "ann", cid) is None


def test_http_feedback_and_alerts_refusals(store, clock, api):
    _, turn_id = _conversation(clock)
    refused = api.post(f"/api/v1/turns/{turn_id}/feedback", json={"user": "bob", "rating": "up"})
    assert refused.status_code == 404
    assert refused.json()["error"]["message"] == (f"턴 {turn_id!r}은(는) 사용자 'bob'가 실행한 턴이 아닙니다. "
                                                  f"(No turn {turn_id!r} for user 'bob'.)")
    [alert, *_] = marketing_alerts.check(Session("marketing", user_id="ann", clock=clock).store, "ann", clock())
    missing = api.patch("/api/v1/alerts/alert_0000", json={"user": "ann", "status": "READ"})
    assert missing.status_code == 404 and missing.json()["error"]["message"].startswith("알림 'alert_0000'이(가)")
    assert api.patch(f"/api/v1/alerts/{alert.id}", json={"user": "ann", "status": "DISMISSED"}).status_code == 200
    closed = api.patch(f"/api/v1/alerts/{alert.id}", json={"user": "ann", "status": "READ"})
    assert closed.status_code == 409
    assert f"(Alert {alert.id!r} is already DISMISSED" in closed.json()["error"]["message"]
    none = api.post("/api/v1/alerts/check", params={"user": "ann", "agent": "notes"})
    assert none.status_code == 400 and none.json()["error"]["message"] == (
        "notes 에이전트에는 선제 알림이 없습니다. (The notes agent has no proactive alerts.)")


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_cli_conversations_and_alerts_through_the_services(store, clock, capsys):
    cid, _ = _conversation(clock)
    assert run("conversations", "rename", cid, "--title", "CLI 제목", "--user", "ann") == (
        0, f"renamed {cid}: CLI 제목\n")
    assert run("conversations", "archive", cid, "--user", "ann") == (0, f"archived {cid}\n")
    assert conversations.get(store, "ann", cid).archived is True
    assert run("conversations", "unarchive", cid, "--user", "ann") == (0, f"unarchived {cid}\n")
    for argv in (("rename", cid, "--title", "mine"), ("archive", cid), ("delete", cid), ("show", cid)):
        assert run("conversations", *argv, "--user", "bob")[0] == 2
        err = capsys.readouterr().err
        assert f"대화 {cid!r}을(를) 사용자 'bob'의 대화에서 찾을 수 없습니다" in err and "was not found for user 'bob'" in err
    assert run("conversations", "rename", cid, "--title", " ", "--user", "ann")[0] == 2
    assert "대화 제목이 비어 있습니다" in capsys.readouterr().err
    assert conversations.get(store, "ann", cid).title == "CLI 제목"
    assert run("alerts", "dismiss", "alert_0000", "--user", "ann")[0] == 2
    assert "알림 'alert_0000'이(가) 사용자 'ann'에게 없습니다" in capsys.readouterr().err
    code, out = run("alerts", "check", "--user", "ann", "--json")
    created = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(created) == 4
    assert run("alerts", "dismiss", created[0]["id"], "--user", "ann") == (0, f"{created[0]['id']}: DISMISSED\n")
    assert run("alerts", "read", created[0]["id"], "--user", "ann")[0] == 2
    assert "이미 DISMISSED 상태입니다" in capsys.readouterr().err
    assert run("conversations", "delete", cid, "--user", "ann") == (0, f"deleted {cid} and everything under it\n")
    code, out = run("tokens", "list", "--user", "ann")
    assert (code, out) == (0, "No API tokens for user ann.\n")
