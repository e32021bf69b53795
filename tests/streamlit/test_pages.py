"""Navigation: one page per registered agent built from the registry, then the Lab, Streamlit's
`pages/` discovery off (the Gradio modules there are never Streamlit pages), and no Gradio import."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from agents.core.agent import list_agents
from tests.streamlit.conftest import APP, ROOT, click, open_page, send, texts


def test_the_pages_are_the_registered_agents_and_the_lab_and_nothing_from_pages(app):
    from streamlit.runtime.pages_manager import PagesManager

    pages = app._registered_pages.values()
    specs = list_agents()
    # the first agent is the default page (served at /), the others under their id, then the Lab and API access
    assert [p["page_name"] for p in pages] == [*[s.title for s in specs], "Lab", "API"]
    assert [p["url_pathname"] for p in pages] == ["", *[s.id for s in specs[1:]], "lab", "api"]
    assert all(not p.get("script_path") for p in pages)  # function pages, no file from pages/
    assert PagesManager.uses_pages_directory is False  # st.navigation turned discovery off
    assert (ROOT / "pages").is_dir() and any((ROOT / "pages").glob("*.py"))  # the folder it ignores


def test_a_page_per_agent(app):
    for spec in list_agents():
        open_page(app, spec.id)
        shown = texts(app)
        assert f"### {spec.title}" in shown, spec.id
        assert spec.description in shown
        assert "작업 공간" in shown  # the workspace column
        assert len(app.chat_input) == 1
        labels = [b.label for b in app.button]
        assert list(spec.examples[:4]) == [q for q in labels if q in spec.examples]  # the openers as buttons
        sidebar = "\n".join(m.value for m in app.sidebar.markdown)
        assert f"대화 · {spec.title}" in sidebar
    open_page(app, "lab")  # and the Lab: no chat, its two views
    assert "### 🧪 Lab" in texts(app) and not app.chat_input
    assert app.radio(key="pg_lab_view").options == ["🔎 트레이스", "🧪 평가 실행", "📝 리뷰"]


def test_an_agent_without_a_panel_gets_the_generic_page(app):
    """The notes agent (registered by the tests only) has no workspace panel: its page still works end
    to end, suggestion, confirmation in the dock and in the workspace, Confirm, a table card."""
    open_page(app, "notes")
    click(app, "add buy milk")  # an opener, sent as a message
    assert "확인이 필요합니다" in texts(app)
    workspace = [w.value for w in app.warning]
    assert any("확인이 필요합니다" in w and "buy milk" in w for w in workspace)  # waiting, in the workspace too
    click(app, "실행")  # Confirm
    assert any("buy milk" in s.value for s in app.success)  # the outcome in the chat
    assert not [w for w in app.warning if "확인이 필요합니다" in w.value]
    send(app, "list my notes")
    table = app.dataframe[-1].value
    assert table["text"].tolist() == ["buy milk"]


def test_the_app_never_imports_gradio(tmp_path):
    """The second front end proves the runtime and the view model are independent of Gradio."""
    script = f"""
import json, sys
from streamlit.testing.v1 import AppTest
at = AppTest.from_file({str(APP)!r}, default_timeout=120)
at.run()
at.chat_input[0].set_value("이번 주 성과 어때?").run()
ok = not at.exception and len(at.metric) > 0
# the Lab too: a turn's detail (waterfall) and the eval runs view load the pages/lab view models
from streamlit.util import calc_hash
at._page_hash = calc_hash("lab")
at.run()
turn = at.dataframe[0].value["turn"].tolist()[0]
at.selectbox(key="pg_lab_pick:demo").set_value(turn).run()
ok = ok and not at.exception and len(at.get("plotly_chart")) == 1
at.radio(key="pg_lab_view").set_value("evals").run()
ok = ok and not at.exception
from agents.core.store import reset_shared_store
reset_shared_store()
print(json.dumps({{"ok": ok, "gradio": sorted(m for m in sys.modules if m.split('.')[0] == 'gradio')}}))
"""
    env = {**os.environ, "PLAYGROUND_DB": str(tmp_path / "g.duckdb"), "PLAYGROUND_MAP_TILES": "0"}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=ROOT,
                         timeout=300)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result == {"ok": True, "gradio": []}


def test_a_test_run_starts_no_background_threads(app):
    """Warm-up and the 15-minute alert checks belong to a served process, not to AppTest runs."""
    import threading

    assert not {t.name for t in threading.enumerate()} & {"warm-up", "alert-checks"}
