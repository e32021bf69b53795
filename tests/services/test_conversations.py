"""agents/services/conversations.py: one implementation of list, open, rename, archive and delete,
owner-scoped in one place, with Korean+English refusals that name the input."""

from __future__ import annotations

import pytest

from agents.core.errors import ConversationNotFound, PlaygroundError
from agents.core.inputs import InvalidInput
from agents.core.providers.offline import OfflineProvider, say
from agents.core.session import Session
from agents.services import conversations


def _conversation(clock, user: str = "ann", text: str = "hello") -> str:
    session = Session("notes", user_id=user, provider=OfflineProvider.scripted(say("hi")), clock=clock)
    session.run(text)
    assert session.conversation_id
    return session.conversation_id


def test_the_whole_lifecycle(store, clock):
    cid = _conversation(clock)
    assert [r.id for r in conversations.list_conversations(store, "ann")] == [cid]
    assert conversations.count(store, "ann") == 1
    renamed = conversations.rename(store, "ann", cid, "  내 노트  정리 ")
    assert renamed.title == "내 노트 정리"
    assert conversations.toggle_archived(store, "ann", cid, clock()).archived is True
    assert conversations.list_conversations(store, "ann") == [] and conversations.count(store, "ann") == 0
    assert [r.id for r in conversations.list_conversations(store, "ann", archived=True)] == [cid]
    assert conversations.set_archived(store, "ann", cid, False, clock()).archived is False
    detail = conversations.detail(store, "ann", cid, message_limit=10)
    assert detail.conversation.id == cid and [m.role for m in detail.messages] == ["user", "assistant"]
    assert detail.actions == []
    stored = conversations.transcript(store, "ann", cid, "notes")
    assert [m.id for m in stored.messages] == [m.id for m in detail.messages] and len(stored.traces) == 1
    assert stored.ratings == {}
    conversations.delete(store, "ann", cid)
    assert conversations.find(store, "ann", cid) is None and conversations.count(store, "ann", archived=None) == 0


@pytest.mark.parametrize("op", ["get", "detail", "transcript", "rename", "archive", "toggle", "delete"])
def test_another_users_conversation_reads_as_not_found_and_is_untouched(store, clock, op):
    cid = _conversation(clock, user="ann")
    calls = {"get": lambda: conversations.get(store, "bob", cid),
             "detail": lambda: conversations.detail(store, "bob", cid),
             "transcript": lambda: conversations.transcript(store, "bob", cid),
             "rename": lambda: conversations.rename(store, "bob", cid, "mine now"),
             "archive": lambda: conversations.set_archived(store, "bob", cid, True, clock()),
             "toggle": lambda: conversations.toggle_archived(store, "bob", cid, clock()),
             "delete": lambda: conversations.delete(store, "bob", cid)}
    with pytest.raises(ConversationNotFound) as caught:
        calls[op]()
    message = caught.value.message
    assert message.startswith(f"대화 {cid!r}을(를) 사용자 'bob'의 대화에서 찾을 수 없습니다")
    assert f"(Conversation {cid!r} was not found for user 'bob'" in message
    row = conversations.get(store, "ann", cid)
    assert (row.title, row.archived) == ("hello", False)


def test_agent_scope_and_missing_ids(store, clock):
    cid = _conversation(clock)
    assert conversations.find(store, "ann", cid, agent_id="notes").id == cid
    assert conversations.find(store, "ann", cid, agent_id="marketing") is None
    assert conversations.find(store, "ann", None) is None and conversations.find(store, "ann", "") is None
    with pytest.raises(ConversationNotFound, match="'conv_missing' was not found for user 'ann'"):
        conversations.delete(store, "ann", "conv_missing")


def test_hostile_titles_and_searches_are_bounded(store, clock):
    cid = _conversation(clock)
    for title in ("", "   \n\t "):
        with pytest.raises(InvalidInput) as caught:
            conversations.rename(store, "ann", cid, title)
        assert caught.value.field == "title" and caught.value.message.startswith("대화 제목이 비어 있습니다")
        assert "(The title is empty" in caught.value.message
    with pytest.raises(InvalidInput, match=r"대화 제목이 1,000,000자로 너무 깁니다.*\(The title is 1,000,000"):
        conversations.rename(store, "ann", cid, "가" * 1_000_000)
    # A long title is cut to the list's width; a 1 MB search string is cut before it reaches SQL.
    assert len(conversations.rename(store, "ann", cid, "제목 " * 3000).title) <= 40
    assert conversations.list_conversations(store, "ann", search="%" * 1_000_000) == []
    assert conversations.get(store, "ann", cid).title.startswith("제목")
    assert [r.id for r in conversations.list_conversations(store, "ann", search="제목")] == [cid]


def test_delete_is_refused_while_an_action_runs(store, clock):
    from agents.core.providers.offline import call

    session = Session("marketing", user_id="ann", clock=clock,
                      provider=OfflineProvider.scripted(call("pauseCampaign", {"campaignId": "봄 시즌 세일"})))
    session.run("봄 시즌 세일 멈춰줘")
    action = store.actions.list_for_conversation(session.conversation_id)[0]
    store.db.execute("UPDATE pending_actions SET status = 'EXECUTING' WHERE id = ?", [action.id])
    with pytest.raises(PlaygroundError) as caught:
        conversations.delete(store, "ann", session.conversation_id)
    assert caught.value.code == "action_running" and "실행 중" in caught.value.message
    assert conversations.find(store, "ann", session.conversation_id) is not None
