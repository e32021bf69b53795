"""The Streamlit Lab's review section (AppTest): the viewer's 👎 turn and failed eval case listed, labelled,
saved as a test case and dismissed, each through agents/services/review.py, until nothing waits."""

from __future__ import annotations

from agents.core.session import Session, runtime_store
from agents.services import review
from agents.services.evals import library
from agents.services.evals.loader import parse_suite
from agents.services.evals.runner import run_suite
from tests.services.test_review import FAILING
from tests.streamlit.conftest import click, open_page, texts


def test_label_save_and_dismiss_in_the_review_section(app):
    store = runtime_store()
    session = Session("marketing", user_id="demo")
    turn = session.run("이번 주 성과 어때?")[-1].turn_id
    store.feedback.rate(turn, "demo", "down", "전환율부터", session.clock())
    [run] = run_suite(parse_suite(FAILING, "notes.yaml"), owner="demo", store=store)
    Session("marketing", user_id="ann").run("이번 주 성과 어때?")  # another user's turn never shows
    fb_id, ev_id = f"fb-{turn}", f"ev-{run.id}-0"

    open_page(app, "lab")
    app.radio(key="pg_lab_view").set_value("review").run()
    assert not app.exception, [e.value for e in app.exception]
    assert "검토 대기 2개 · 표시 2개" in texts(app)
    rows = app.dataframe[0].value
    assert rows["출처"].tolist() == ["❌ 실패한 케이스", "👎 피드백"]  # newest first: the run came after the 👎
    assert rows["무엇"].tolist() == ["lists milk · notes-review", "이번 주 성과 어때?"]
    assert rows["이유"].tolist()[1] == "전환율부터"

    app.selectbox(key="pg_lab_review_pick:demo").set_value(fb_id).run()
    app.text_input(key=f"pg_lab_review_step_{fb_id}:demo").set_value("x")  # a form: sent with its button
    click(app, "라벨 저장")
    assert "잘못된 단계는 1 이상의 정수로 쓰세요." in texts(app)
    assert review.get_item(store, "demo", fb_id).status == "open"
    app.text_input(key=f"pg_lab_review_step_{fb_id}:demo").set_value("1")
    app.text_area(key=f"pg_lab_review_note_{fb_id}:demo").set_value("KPI 앞에 전환율")
    click(app, "라벨 저장")
    assert f"{fb_id}: '틀림'(으)로 표시했습니다." in texts(app)  # st.success shows the ✅ as its icon
    item = review.get_item(store, "demo", fb_id)
    assert (item.status, item.label, item.wrong_step, item.note) == ("labelled", "incorrect", 1, "KPI 앞에 전환율")

    click(app, "테스트 케이스로 저장")
    assert "스위트 **marketing-review**" in texts(app)
    [case] = library.get(store, "demo", "marketing-review").suite.cases
    assert case.name == review.get_item(store, "demo", fb_id).saved_case
    assert app.dataframe[0].value["무엇"].tolist() == ["lists milk · notes-review"]

    app.selectbox(key="pg_lab_review_pick:demo").set_value(ev_id).run()
    click(app, "닫기")
    assert f"{ev_id}: 닫았습니다." in texts(app) and "검토할 항목이 없습니다 ✅" in texts(app)
    app.checkbox(key="pg_lab_review_all:demo").check().run()
    assert app.dataframe[0].value["상태"].tolist() == ["닫음", "케이스로 저장됨"]
