"""The sidebar's conversations and the chat's edges in the Streamlit app (AppTest): pick, search,
rename, archive, delete; 👍/👎 stored per turn; a failing tool and a blank message said plainly."""

from __future__ import annotations

from agents.core.session import runtime_store
from tests.streamlit.conftest import click, open_page, send, texts


def listed(app) -> list[str]:
    """The picker's conversation titles, newest first."""
    return [label.rsplit(" · ", 1)[0] for label in app.sidebar.radio[0].options]


def users_conversations() -> list:
    return runtime_store().conversations.list("demo", agent_id="notes", archived=None)


def test_pick_rename_archive_and_delete(app):
    open_page(app, "notes")
    send(app, "list my notes")
    click(app, "＋ 새 대화")
    assert not app.chat_message and app.sidebar.radio[0].value is None
    send(app, "add first")
    first, second = sorted(users_conversations(), key=lambda r: r.created_at)
    picker = app.sidebar.radio[0]
    assert picker.value == second.id and listed(app) == ["add first", "list my notes"]
    picker.set_value(first.id).run()
    assert app.chat_message[0].markdown[0].value == "list my notes"  # the first conversation, reloaded
    # search narrows the list
    app.sidebar.text_input(key="pg_search:notes").set_value("first").run()
    assert listed(app) == ["list my notes", "add first"]  # the match, and the open one stays listed
    click(app, "＋ 새 대화")
    assert listed(app) == ["add first"]
    app.sidebar.text_input(key="pg_search:notes").set_value("").run()
    app.sidebar.radio[0].set_value(second.id).run()
    # rename
    app.sidebar.text_input(key=f"pg_title:{second.id}").set_value("우유 메모").run()
    click(app, "이름 바꾸기")
    assert runtime_store().conversations.get(second.id, "demo").title == "우유 메모"
    assert listed(app) == ["우유 메모", "list my notes"]
    # archive: it leaves the list, and comes back with "show archived"
    click(app, "보관")
    assert runtime_store().conversations.get(second.id, "demo").archived
    assert listed(app) == ["list my notes"]
    app.sidebar.checkbox(key="pg_archived:notes").check().run()
    assert sorted(listed(app)) == ["list my notes", "우유 메모"]
    # delete needs the box ticked first
    app.sidebar.radio[0].set_value(first.id).run()
    delete = next(b for b in app.sidebar.button if b.label == "삭제")
    assert delete.disabled
    app.sidebar.checkbox(key=f"pg_delete_sure:{first.id}").check().run()
    click(app, "삭제")
    assert [r.id for r in users_conversations()] == [second.id]
    assert "대화를 삭제했습니다" in texts(app) and not app.chat_message


def test_feedback_is_stored_per_turn(app):
    open_page(app, "notes")
    send(app, "list my notes")
    turn = runtime_store().conversations.list("demo", agent_id="notes")[0]
    app.feedback[0].set_value(0).run()  # 👎
    ratings = runtime_store().feedback.for_conversation(turn.id, "demo")
    assert [r["rating"] for r in ratings.values()] == ["down"]
    app.feedback[0].set_value(1).run()  # 👍 replaces it
    ratings = runtime_store().feedback.for_conversation(turn.id, "demo")
    assert [r["rating"] for r in ratings.values()] == ["up"]


def test_a_failing_tool_and_a_blank_message(app):
    open_page(app, "notes")
    send(app, "boom")
    assert app.status[-1].state == "error" and "explode" in app.status[-1].label
    send(app, "   ")
    assert any("빈 메시지는 보낼 수 없어요" in w.value for w in app.warning)
    assert len([m for m in app.chat_message if m.name == "user"]) == 1  # nothing was sent
