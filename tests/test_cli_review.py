"""``playground review list|label|save-case|dismiss``: the review queue from the terminal, one user's own."""

from __future__ import annotations

import io
import json

from agents.cli.main import main
from agents.core.providers.offline import OfflineProvider, say
from agents.core.session import Session
from agents.services.evals import library


def _cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out), out.getvalue()


def _disliked(store, user: str = "ann") -> str:
    session = Session("notes", user_id=user, provider=OfflineProvider.scripted(say("hi")))
    turn_id = session.run("hello there")[-1].turn_id
    store.feedback.rate(turn_id, user, "down", "too short", session.clock())
    return f"fb-{turn_id}"


def test_list_label_save_dismiss(store, capsys):
    item_id = _disliked(store)
    other = _disliked(store)
    code, out = _cli("review", "list", "--user", "ann")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith(f"{other}  open      feedback notes      hello there")
    assert lines[1].strip() == "too short" and lines[2].startswith(item_id)
    code, out = _cli("review", "label", item_id, "--label", "incorrect", "--step", "1", "--note", "greet back",
                     "--user", "ann")
    assert (code, out) == (0, f"{item_id}: labelled (incorrect)\n")
    code, out = _cli("review", "save-case", item_id, "--suite", "cli-review", "--name", "greets", "--user", "ann",
                     "--json")
    saved = json.loads(out)
    assert (code, saved["suite"], saved["cases"], saved["item"]["status"]) == (0, "cli-review", 1, "saved")
    assert [c.name for c in library.get(store, "ann", "cli-review").suite.cases] == ["greets"]
    assert _cli("review", "dismiss", other, "--user", "ann") == (0, f"{other}: dismissed\n")
    assert _cli("review", "list", "--user", "ann") == (0, "No open review items for user ann.\n")
    code, out = _cli("review", "list", "--status", "all", "--json", "--user", "ann")
    assert [(json.loads(line)["id"], json.loads(line)["status"]) for line in out.splitlines()] == [
        (other, "dismissed"), (item_id, "saved")]


def test_another_users_item_and_bad_input_exit_2_naming_it(store, capsys):
    item_id = _disliked(store)
    assert _cli("review", "dismiss", item_id, "--user", "bob")[0] == 2
    assert capsys.readouterr().err == (f"error (review_item_not_found): 리뷰 항목 {item_id!r}을(를) 사용자 'bob'의 큐에서 "
                                       f"찾지 못했습니다. (No review item {item_id!r} in 'bob''s queue.)\n")
    assert _cli("review", "label", item_id, "--label", "meh", "--user", "ann")[0] == 2
    assert capsys.readouterr().err.startswith("error (invalid_input): label은 correct 또는 incorrect이어야 합니다.")
    assert _cli("review", "label", item_id, "--user", "ann")[0] == 2
    assert "--label" in capsys.readouterr().err
    assert _cli("review", "dismiss", "--user", "ann")[0] == 2
    assert "needs an item id" in capsys.readouterr().err
    assert _cli("review", "label", item_id, "--label", "incorrect", "--note", "x" * 100_000, "--user", "ann")[0] == 2
    assert "note가 100,000자로 너무 깁니다" in capsys.readouterr().err
    assert store.db.fetchall("SELECT count(*) FROM review_items") == [(0,)]
