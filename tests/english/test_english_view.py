"""The english tutor's view model: the correction's changed words (a word diff), the article card compact in
the chat and whole in the workspace, the recent corrections, and where the cards sit in the chat, live
and after a reload (the correction on the learner's side under their message, the article before the
reply)."""

from __future__ import annotations

from agents.core.session import Session
from agents.english.view import (
    CorrectionView,
    Segment,
    article_html,
    article_view,
    correction_html,
    correction_view,
    diff,
    recent_html,
)
from agents.view.render import CardView, ChatView, add_user_message, apply_event, view_from_history
from pages.gradio.chat_gradio import entry_turns, to_chatbot


def test_diff_marks_only_the_changed_words() -> None:
    before, after, changes = diff("Yesterday I go to the library and i read a interesting book.",
                                  "Yesterday I went to the library and I read an interesting book.")
    assert [s.text for s in before if s.changed] == ["go", "i", "a"]
    assert [s.text for s in after if s.changed] == ["went", "I", "an"]
    assert "".join(s.text for s in before) == "Yesterday I go to the library and i read a interesting book."
    assert "".join(s.text for s in after) == "Yesterday I went to the library and I read an interesting book."
    assert changes == [("go", "went"), ("i", "I"), ("a", "an")]


def test_insertions_deletions_and_moves() -> None:
    _, after, changes = diff("you like coffee?", "Do you like coffee?")
    assert after[0] == Segment(text="Do", changed=True) and changes == [("", "Do")]
    before, _, changes = diff("We discussed about the news", "We discussed the news")
    assert [s.text for s in before if s.changed] == ["about"] and changes == [("about", "")]
    _, _, changes = diff("Can you explain me this word?", "Can you explain this word to me?")
    assert ("me", "") in changes and any(new.endswith("to me?") or new == "to me?" for _, new in changes)


def test_correction_view_on_both_branches() -> None:
    view = correction_view({"has_errors": True, "original": "he go", "corrected": "he goes", "explanation": "-s"})
    assert view.has_errors and view.changes == [("go", "goes")] and view.explanation == "-s"
    assert correction_view({"has_errors": False, "feedback": "Great!"}) == CorrectionView(has_errors=False,
                                                                                          feedback="Great!")


def test_correction_html_escapes_and_marks() -> None:
    card = CardView(card_type="correction", title="교정", data={
        "has_errors": True, "original": "<b>he</b> go", "corrected": "<b>he</b> goes", "explanation": "a < b"})
    out = correction_html(card)
    assert "<del>go</del>" in out and "<ins>goes</ins>" in out and "&lt;b&gt;he&lt;/b&gt;" in out
    assert "a &lt; b" in out and "<b>he</b>" not in out
    ok = correction_html(CardView(card_type="correction", title="피드백", data={"has_errors": False, "feedback": "Nice"}))
    assert "✅ Nice" in ok and "<del>" not in ok


ARTICLE = CardView(card_type="article", title="A Title", data={
    "article": {"title": "A Title", "source": "Playground Daily (sandbox)", "url": "https://example.com/x",
                "interest": "science"},
    "summary": "Short summary.", "vocabulary": [{"word": "hive", "definition": "a home for bees",
                                                 "example": "\"The hive was quiet,\" she said."}],
    "questions": ["Q1?", "Q2?"], "analysis_source": "fallback"})


def test_article_compact_in_the_chat_and_whole_in_the_workspace() -> None:
    view = article_view(ARTICLE)
    assert view.source == "Playground Daily (sandbox)" and "fallback" in view.note
    compact = article_html(ARTICLE)
    assert "A Title" in compact and "Short summary." in compact and 'href="https://example.com/x"' in compact
    assert "Q1?" not in compact and "pg-chip" in compact
    full = article_html(ARTICLE, full=True)
    assert "<b>hive</b>: a home for bees" in full and "Q1?" in full and "Q2?" in full
    assert "“&quot;The hive" not in full  # a quoted example is not wrapped in another pair of quotes


def test_a_link_that_is_not_http_is_not_a_link() -> None:
    card = CardView(card_type="article", title="T", data={"article": {"url": "javascript:alert(1)", "source": "S"}})
    assert "href" not in article_html(card)


def test_recent_corrections_newest_first() -> None:
    out = recent_html([{"original": "he go", "corrected": "he goes", "explanation": "1"},
                       {"original": "i am", "corrected": "I am", "explanation": "2"}])
    assert out.index("<del>i</del>") < out.index("<del>go</del>")
    assert "아직" in recent_html([])


def _events(store, clock, *texts):
    session = Session("english", user_id="mina", store=store, clock=clock)
    return session, [session.run(t) for t in texts]


def _layout(view: ChatView) -> list[tuple[str, str]]:
    return [(m.role, m.card.card_type if m.card else m.kind) for m in view.messages]


def test_cards_sit_with_their_message_live_and_after_a_reload(store, clock) -> None:
    session, turns = _events(store, clock, "Hi! I'm ready.", "he go to school")
    view = ChatView()
    for text, events in zip(("Hi! I'm ready.", "he go to school"), turns, strict=True):
        view = add_user_message(view, text)
        for event in events:
            view = apply_event(view, event)
    expected = [("user", "text"), ("user", "correction"), ("assistant", "article"), ("assistant", "text"),
                ("user", "text"), ("user", "correction"), ("assistant", "text")]
    assert _layout(view) == expected
    reloaded = view_from_history(session.conversation_id, session.history(), [],
                                 store.traces.for_conversation(session.conversation_id))
    assert _layout(reloaded) == expected
    assert [m.text for m in reloaded.messages if m.kind == "text"] == [m.text for m in view.messages if m.kind == "text"]
    chat = to_chatbot(view, "ko")
    assert [m["role"] for m in chat] == [r for r, _ in expected]
    assert "<del>go</del>" in chat[5]["content"] and "<ins>goes</ins>" in chat[5]["content"]
    turns_of = entry_turns(view)
    assert turns_of[1] is None and turns_of[3] is not None  # no 👍/👎 on the learner's side


def test_the_article_card_can_be_rebuilt_from_the_stored_marker(store, clock) -> None:
    from agents.english.marker import decode
    from agents.english.store import EnglishStore
    from agents.english.view import card_from_marker

    session, turns = _events(store, clock, "Hi!")
    live = next(e for e in turns[0] if e.type == "data_card" and e.card_type == "article")
    rebuilt = card_from_marker(decode(EnglishStore(store).marker(session.conversation_id)))
    assert rebuilt.title == live.title
    assert article_html(rebuilt, full=True) == article_html(CardView(card_type="article", title=live.title,
                                                                     data=live.data), full=True)
