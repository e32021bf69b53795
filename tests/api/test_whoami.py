"""Issue 28 point 12: a person can check that their API token works. In local mode a wrong token still
works (local mode needs none) and the answer says tokens are only checked in shared mode; a valid token's
"last used" is noted in both modes; shared mode refuses a wrong one."""

from __future__ import annotations

from agents.http.api import create_api
from agents.view.api_access import mode_note, token_table
from tests.api.conftest import bearer


def test_local_mode_serves_a_wrong_token_and_says_tokens_are_only_checked_in_shared_mode(local, tokens, store):
    wrong = local.get("/api/v1/whoami", headers=bearer("pgt_not-a-token"))
    assert wrong.status_code == 200  # local mode needs no token
    assert wrong.json() == {"user": "demo", "mode": "local", "token": "unknown", "token_owner": None,
                            "token_checked": False, "message": wrong.json()["message"]}
    assert "공유 모드에서는 401로 거부됩니다" in wrong.json()["message"] and "shared mode would answer 401" in \
        wrong.json()["message"]
    none = local.get("/api/v1/whoami").json()
    assert none["token"] == "none" and "공유 모드에서만" in none["message"]
    # the page says it too, before anyone tries
    assert "토큰은 공유 모드에서만 검사합니다" in mode_note("local") and "wrong token still works" in mode_note("local", "en")


def test_last_used_updates_on_use_in_local_mode(local, tokens, store):
    [row] = store.tokens.list("alice")
    assert row.last_used_at is None and token_table([row])[0][3] == "사용 전"
    answer = local.get("/api/v1/whoami", headers=bearer(tokens["alice"]))
    assert answer.status_code == 200
    assert (answer.json()["token"], answer.json()["token_owner"]) == ("valid", "alice")
    [row] = store.tokens.list("alice")
    assert row.last_used_at is not None  # before: local mode never looked at the token ("사용 전" forever)
    assert token_table([row])[0][3] == f"{row.last_used_at:%Y-%m-%d %H:%M}"
    # any endpoint counts as a use, not only /whoami
    assert local.get("/api/v1/agents", headers=bearer(tokens["bob"])).status_code == 200
    assert store.tokens.list("bob")[0].last_used_at is not None


def test_shared_mode_answers_who_the_token_is_and_refuses_a_wrong_one(shared, tokens, store):
    right = shared.get("/api/v1/whoami", headers=bearer(tokens["alice"]))
    assert right.status_code == 200
    assert right.json()["user"] == "alice" and right.json()["token"] == "valid" and right.json()["token_checked"]
    wrong = shared.get("/api/v1/whoami", headers=bearer("pgt_not-a-token"))
    assert wrong.status_code == 401 and "unknown or revoked" in wrong.json()["error"]["message"]
    assert "whoami" in {r.path.rsplit("/", 1)[-1] for r in create_api("shared").routes if hasattr(r, "path")}
