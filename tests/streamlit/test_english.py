"""The english tutor's page in the Streamlit app (AppTest): a real turn's correction under the learner's
message and the article card (checked against the stored marker and profile), the profile editor (a
bad value named, nothing saved; a good one stored), the recent corrections, and "새 기사로 시작"."""

from __future__ import annotations

from agents.core.clock import system_clock
from agents.core.session import runtime_store
from agents.english.marker import decode
from agents.english.store import EnglishStore
from tests.streamlit.conftest import click, open_page, send, texts

WRONG = "I goes to school yesterday and I see my freind."


def english():
    return EnglishStore(runtime_store())


def profile(user: str = "demo"):
    return english().profile(user, system_clock())


def conversations(user: str = "demo") -> list[str]:
    rows = runtime_store().db.execute("SELECT id FROM conversations WHERE user_id = ? AND agent_id = 'english' "
                                      "ORDER BY created_at", [user]).fetchall()
    return [r[0] for r in rows]


def workspace(at) -> str:
    return "\n".join(m.value for m in at.main.markdown if "pg-article" in m.value or "pg-recent" in m.value)


def test_a_turn_shows_the_correction_under_the_message_and_the_article(app):
    open_page(app, "english")
    assert "새 기사로 시작" in texts(app) and "작업 공간" in texts(app)
    send(app, WRONG)
    [conversation] = conversations()
    marker = decode(english().marker(conversation))
    # the learner's bubble: their message, then the correction with the changed words marked
    assert [m.name for m in app.chat_message] == ["user", "assistant"]
    mine = [m.value for m in app.chat_message[0].markdown]
    assert mine[0] == WRONG
    assert "<del>goes</del>" in mine[1] and "<ins>went</ins>" in mine[1] and "<del>freind.</del>" in mine[1]
    # the stored profile keeps the same correction, and the workspace lists it
    [recent] = profile().recentCorrections
    assert recent.original == WRONG and "went" in recent.corrected and "friend" in recent.corrected
    assert "→ I <ins>went</ins>" in workspace(app)
    # the reply opens with today's article (compact: vocabulary as chips); the workspace has it whole
    reply = [m.value for m in app.chat_message[1].markdown]
    assert marker.article is not None and marker.article.title in reply[0] and "pg-chip" in reply[0]
    whole = next(m.value for m in app.main.markdown if "pg-article-vocab" in m.value)
    assert marker.article.title in whole
    assert [v.word for v in marker.vocabulary] and all(f"<b>{v.word}</b>" in whole for v in marker.vocabulary)
    assert all(q.replace("'", "&#x27;") in whole for q in marker.questions)

    # a second, correct sentence: no new correction, no second article
    send(app, "I think this idea is good for students.")
    assert len(profile().recentCorrections) == 1
    assert sum("pg-article-title" in m.value for c in app.chat_message for m in c.markdown) == 1
    assert [m.name for m in app.chat_message] == ["user", "assistant", "user", "assistant"]
    assert "pg-fix-ok" in "".join(m.value for m in app.chat_message[2].markdown)  # what was fine, said so

    # the conversation reopened from the store: the correction is still under the message
    click(app, "＋ 새 대화")
    assert not app.chat_message
    app.sidebar.radio[0].set_value(conversation).run()
    mine = [m.value for m in app.chat_message[0].markdown]
    assert mine[0] == WRONG and "<ins>went</ins>" in mine[1]
    assert marker.article.title in workspace(app)


def test_the_profile_editor_names_a_bad_value_and_saves_nothing(app):
    open_page(app, "english")
    before = profile()
    name, interests = app.text_input(key="pg_en_name:demo"), app.multiselect(key="pg_en_interests:demo")
    assert name.value == before.name and interests.value == before.interests
    assert app.radio(key="pg_en_level:demo").value == before.learningLevel

    name.set_value("   ").run()
    click(app, "저장 (Save)")
    problem = "\n".join(e.value for e in app.error)
    assert "**이름 (name)**" in problem and "1-40자" in problem and "Nothing was saved" in problem
    assert profile() == before

    app.text_input(key="pg_en_name:demo").set_value("Minji").run()
    app.multiselect(key="pg_en_interests:demo").set_value([]).run()
    click(app, "저장 (Save)")
    problem = "\n".join(e.value for e in app.error)
    assert "**관심사 (interests)**" in problem and "하나 이상" in problem
    assert profile() == before  # the good name was not saved with the bad interests either

    app.multiselect(key="pg_en_interests:demo").set_value(["sports", "요리"]).run()  # a listed one and a typed one
    app.radio(key="pg_en_level:demo").set_value("advanced").run()
    click(app, "저장 (Save)")
    saved = profile()
    assert (saved.name, saved.interests, saved.learningLevel) == ("Minji", ["sports", "요리"], "advanced")
    assert not app.error and any("저장했어요: Minji · 고급 · sports, 요리" in s.value for s in app.success)
    # the next turn greets with the saved name
    send(app, "Hello!")
    assert "Minji" in app.chat_message[-1].markdown[-1].value


def test_a_new_article_starts_a_new_conversation_and_corrections_clear(app):
    open_page(app, "english")
    send(app, WRONG)
    [first] = conversations()
    first_title = decode(english().marker(first)).article.title
    click(app, "📰 새 기사로 시작")
    old, new = conversations()
    assert old == first and new != first
    title = decode(english().marker(new)).article.title
    assert title != first_title  # the rotation's next article
    # the page shows the new conversation: the start message, its article, no trace of the first
    assert [m.name for m in app.chat_message] == ["user", "assistant"]
    assert app.chat_message[0].markdown[0].value == "새 기사로 시작"
    assert title in workspace(app) and first_title not in workspace(app)
    assert app.session_state["pg_view:demo:english"].conversation_id == new
    # the corrections are the learner's, across conversations; clearing empties the stored list
    assert len(profile().recentCorrections) == 1
    click(app, "목록 비우기 (clear)")
    assert profile().recentCorrections == [] and "아직 교정된 문장이 없어요" in workspace(app)
