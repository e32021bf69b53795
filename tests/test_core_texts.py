"""Issue 28, the runtime's own sentences: an action's lines in the conversation are written in the conversation's
language (before: Korean only, "🚫 작업을 취소했습니다" in an English conversation), and the runtime's and the
store's refusals are catalogue entries read back in one language (before: inline "Korean (English)" or English
only). The scan that keeps Hangul literals out of every agents/core module is in tests/test_service_texts.py."""

from __future__ import annotations

import re

import pytest

from agents.core.actions import ActionService
from agents.core.errors import ActionRefused, PlaygroundError
from agents.core.messages import in_lang
from agents.core.providers.offline import OfflineProvider, call
from agents.core.session import Session
from agents.core.store import health
from agents.core.store.prompts import check_prompt

HANGUL = re.compile("[가-힣]")


def _proposed(clock: object, message: str, text: str = "우유") -> tuple[Session, str]:
    provider = OfflineProvider.scripted(call("add_note", {"text": text}))
    session = Session("notes", user_id="demo", provider=provider, clock=clock)
    card = next(e for e in session.run(message) if e.type == "action_confirmation")
    return session, card.action_id


@pytest.mark.parametrize(("message", "cancelled", "expired"), [
    ("우유 메모 추가해줘", "🚫 작업을 취소했습니다: Add the note '우유'. 아무것도 변경되지 않았습니다.",
     "⌛ 'Add the note '우유'' 작업은 확인 시간이 지나 만료되어 실행되지 않았습니다."),
    ("please add a note about milk", "🚫 Cancelled: Add the note '우유'. Nothing was changed.",
     "⌛ Expired before it was confirmed, so not run: Add the note '우유'."),
])
def test_an_actions_lines_are_in_the_conversations_language(store, clock, message, cancelled, expired):
    session, action_id = _proposed(clock, message)
    session.cancel_action(action_id)
    assert session.history()[-1].content == cancelled  # before: the Korean line in the English conversation too
    session, action_id = _proposed(clock, message)
    clock.advance(minutes=31)
    assert ActionService(store, clock).sweep_expired() == [action_id]
    assert session.history()[-1].content == expired
    english = message.startswith("please")
    row = ActionService(store, clock).propose(user_id="demo", conversation_id=session.conversation_id,
                                              agent_id="notes", tool_name="add_note", args={"text": "eggs"})
    assert session.history()[-1].content == (
        f"⏳ {row.summary} — confirm or cancel it on the card." if english
        else f"⏳ {row.summary} — 확인 카드에서 실행하거나 취소하세요.")
    assert session.history()[-1].meta["action_status"] == "PENDING"  # the stored shape is unchanged


def test_a_refused_action_reads_in_one_language(store, clock):
    session, action_id = _proposed(clock, "please add a note about milk")
    session.cancel_action(action_id)
    with pytest.raises(ActionRefused) as refused:
        session.confirm_action(action_id)
    # stored and raised as before: Korean, then English in brackets
    assert refused.value.message == (f"작업 {action_id}을(를) 실행할 수 없습니다: 취소된 작업입니다. 필요하면 다시 요청해 새 "
                                     f"확인 카드를 받으세요. (Action {action_id} cannot be confirmed: cancelled. Ask "
                                     "again for a new confirmation card if you need it.)")
    # before: "Action … cannot be confirmed: 취소된 작업입니다 (cancelled). …": Korean inside the English
    assert refused.value.text("en") == (f"Action {action_id} cannot be confirmed: cancelled. Ask again for a new "
                                        "confirmation card if you need it.")
    assert not HANGUL.search(refused.value.text("en")) and "cannot be" not in refused.value.text("ko")


def test_the_stores_refusals_read_in_each_language():
    with pytest.raises(PlaygroundError) as empty:
        check_prompt(" \n")
    assert empty.value.text("en") == "The prompt is empty: write the instructions for the agent."
    assert empty.value.text("ko") == "빈 프롬프트는 저장할 수 없습니다. 에이전트에게 줄 지시를 입력하세요."
    gone = health.unavailable_message("deleted")
    assert in_lang(gone, "en") == ("The database file was deleted while the server was running. Nothing more is "
                                   "saved, this request included; the operator must restore the file and restart the "
                                   "server.")
    assert in_lang(gone, "ko").startswith("서버가 실행되는 동안 데이터베이스 파일이 삭제되었습니다.")
    assert not HANGUL.search(in_lang(health.full_message(), "en"))
    assert "disk is full" not in in_lang(health.full_message(restart=True), "ko")
