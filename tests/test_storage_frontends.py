"""A database file deleted while the app runs, as each front end shows it (issue 26 A): the Gradio chat and
the Streamlit page say so in words (Korean and English, no server path) instead of answering; the CLI in one
line with a non-zero exit. The HTTP API's 503 is in tests/api/test_storage.py."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from agents.cli import main as cli
from agents.core.identity import Viewer
from agents.core.session import Session
from agents.view.render import ChatView
from pages.gradio.identity import AppConfig
from tests.support.gradio_app import shared_app
from tests.test_first_frame import CHAT, _send_handler


def _delete(path: Path) -> None:
    path.unlink()
    path.with_name(path.name + ".wal").unlink(missing_ok=True)


def test_the_gradio_chat_says_the_file_is_gone(store) -> None:
    assert Session("marketing", user_id="demo").run("이번 주 성과 어때?")[-1].type == "done"
    send = _send_handler(shared_app(AppConfig(offline_pace_ms=0)), "marketing")
    _delete(Path(store.path))
    frames = list(send("캠페인 목록 보여줘", ChatView(), "ko", "offline", "", "", Viewer("demo", "local")))
    shown = " ".join(str(m["content"]) for m in frames[-1][CHAT])
    # the Korean UI says it in Korean only (before: the Korean sentence, then the same in English in brackets)
    assert "서버가 실행되는 동안 데이터베이스 파일이 삭제되었습니다" in shown and "The database file" not in shown
    assert str(Path(store.path).parent) not in shown
    assert frames[-1][0].messages[-1].code == "storage_unavailable"


def test_the_streamlit_page_says_the_file_is_gone(store) -> None:
    testing = pytest.importorskip("streamlit.testing.v1")
    from tests.streamlit.conftest import APP

    at = testing.AppTest.from_file(str(APP), default_timeout=120)
    at.run()
    assert not at.exception and not at.error
    _delete(Path(store.path))
    at.chat_input[0].set_value("이번 주 성과 어때?").run()
    assert not at.exception, [e.value for e in at.exception]
    shown = " ".join(e.value for e in at.error)
    assert "The database file was deleted while the server was running" in shown, shown
    assert str(Path(store.path).parent) not in shown


def test_the_cli_says_it_in_one_line(store, capsys) -> None:
    _delete(Path(store.path))
    out = io.StringIO()
    assert cli.main(["conversations", "list"], out) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error (storage_unavailable): ") and out.getvalue() == ""
