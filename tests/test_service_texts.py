"""Issue 28: "no English-only error in a Korean UI, each message from the one text catalogue in both languages".
The services and the runtime's guards raise each refusal as the catalogue's "Korean (English)" (one string, as
before: logs, events and scripts keep it); every front end shows only the UI's language. Here: no Hangul
literal outside the catalogue, every entry read back in each language, and an English UI (Gradio, Streamlit's
shared view, the HTTP API's Accept-Language) saying in English: a bad suite YAML, a hostile regex, an
oversized message, a rate limit and a missing conversation."""

from __future__ import annotations

import re
import string
import warnings
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from agents.core import guards
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer
from agents.core.messages import CATALOGUE, in_lang, one, say
from agents.core.session import Session
from agents.http.api import create_api
from agents.services import conversations
from agents.view.render import ChatView
from agents.view.texts import error_text
from tests.test_lab_texts import HANGUL, hangul_literals

ROOT = Path(__file__).resolve().parents[1]
# Every module of the services, the "save as test case" panel and the whole runtime (agents/core): no Hangul
# string literal (their words are in agents/services/messages.py and agents/core/messages_*.py).
# The runtime: every module of agents/core but its catalogue files (messages_*.py: the words themselves).
CATALOGUE_FILES = {"messages_core.py", "messages_runtime.py", "messages_store.py"}
SCANNED = sorted({*(str(p.relative_to(ROOT)) for p in (ROOT / "agents/services").rglob("*.py")
                    if p.name != "messages.py"),
                  *(str(p.relative_to(ROOT)) for p in (ROOT / "agents/core").rglob("*.py")
                    if p.name not in CATALOGUE_FILES),
                  "pages/gradio/save_case.py"})
ANN = Viewer("ann", "local")
EN, KO = {"accept-language": "en-US,en;q=0.9"}, {"accept-language": "ko-KR,ko;q=0.9"}


def korean(text: str) -> bool:
    """Korean words outside quotes (a quoted value, e.g. a campaign's own name, is the person's data)."""
    return bool(HANGUL.search(re.sub(r"'[^']*'", "", text)))


@pytest.mark.parametrize("module", SCANNED)
def test_no_hangul_string_literal_outside_the_catalogue(module):
    assert hangul_literals(ROOT / module) == []


def _sample(spec: str) -> object:
    return 12345 if spec.endswith((",", "d", "g")) else "v(1) '값'"


def test_every_entry_is_read_back_in_each_language():
    """Both languages written, the English free of Hangul, and what ``say`` makes of an entry (with values that
    hold brackets and quotes) read back by ``in_lang`` as exactly that entry's Korean or English."""
    assert len(CATALOGUE) > 70
    for key, (ko, en) in CATALOGUE.items():
        assert ko.strip() and en.strip(), key
        assert not HANGUL.search(en), (key, en)
        values = {field: _sample(spec or "") for text in (ko, en)
                  for _, field, spec, _ in string.Formatter().parse(text) if field}
        both = say(key, **values)
        assert both == f"{one(key, 'ko', **values)} ({one(key, 'en', **values)})"
        assert in_lang(both, "en") == one(key, "en", **values), key
        assert in_lang(both, "ko") == one(key, "ko", **values), key
    assert in_lang("an exception's own text", "en") == "an exception's own text"


def test_reading_a_hostile_message_back_takes_linear_time():
    """A stored message may quote a megabyte the person sent: the catalogue is matched with RE2."""
    huge = say("conversation_not_found", shown="(" * 500_000, user="ann" + ")" * 500_000)
    assert in_lang(huge, "en").startswith("Conversation '((((")
    assert in_lang("대화 " + "x (" * 300_000, "en").startswith("대화 x (")  # no entry: as it is


# --- an English UI, for each of the five refusals the brief names --------------------------------------------

def test_a_missing_conversation_in_an_english_and_a_korean_ui(store, clock):
    from pages.gradio.identity import AppConfig
    from tests.services.test_frontends_gradio import handler
    from tests.support.gradio_app import shared_app

    rename = handler(shared_app(AppConfig(offline_pace_ms=0)), "rename", "pg-notes-conversations")
    with warnings.catch_warnings(record=True) as shown:
        warnings.simplefilter("always")
        rename(ChatView(conversation_id="conv_gone"), "new title", "en", ANN)
        rename(ChatView(conversation_id="conv_gone"), "new title", "ko", ANN)
    english, hangul = (str(w.message) for w in shown)
    # before: "... <small>대화 'conv_gone'을(를) 사용자 'ann'의 대화에서 찾을 수 없습니다. ... (Conversation ...)</small>"
    assert "Conversation 'conv_gone' was not found for user 'ann'; list yours to find its id." in english
    assert not korean(english)
    assert "대화 'conv_gone'을(를) 사용자 'ann'의 대화에서 찾을 수 없습니다." in hangul and "list yours" not in hangul
    api = TestClient(create_api("local", burst_limit=1000))
    body = {h: api.get("/api/v1/conversations/conv_gone?user=ann", headers=headers).json()["error"]
            for h, headers in (("en", EN), ("ko", KO), ("none", {}))}
    assert {b["code"] for b in body.values()} == {"conversation_not_found"}  # the stable code, the same shape
    assert body["en"]["message"] == "Conversation 'conv_gone' was not found for user 'ann'; list yours to find its id."
    assert body["ko"]["message"] == "대화 'conv_gone'을(를) 사용자 'ann'의 대화에서 찾을 수 없습니다. 대화 목록에서 id를 확인하세요."
    assert body["none"]["message"] == f"{body['ko']['message']} ({body['en']['message']})"  # a script: as before
    with pytest.raises(PlaygroundError) as refused:
        conversations.get(store, "ann", "conv_gone")
    assert refused.value.text("en") == body["en"]["message"]


def test_a_rate_limit_over_http_in_the_request_language(store, clock, monkeypatch):
    from agents.services.access import issue_token

    monkeypatch.setenv("PLAYGROUND_BURST_LIMIT", "1")
    client = TestClient(create_api("shared"))
    alice = {"Authorization": f"Bearer {issue_token(store, 'alice', 'script', clock())[1]}"}
    assert client.post("/api/v1/agents/notes/chat", json={"message": "list"}, headers=alice).status_code == 200
    answers = {lang: client.post("/api/v1/agents/notes/chat", json={"message": "list"}, headers={**alice, **h})
               for lang, h in (("en", EN), ("ko", KO))}
    assert {a.status_code for a in answers.values()} == {429}
    english, hangul = (answers[k].json()["error"]["message"] for k in ("en", "ko"))
    # before: English only, whatever the request's language
    assert re.fullmatch(r"Too many chat turns: the limit is 1 a minute for each user \(PLAYGROUND_BURST_LIMIT\)\. "
                        r"Try again in \d+ s\.", english)
    assert re.fullmatch(r"대화 요청이 너무 많습니다: 사용자마다 1분에 1번까지입니다 \(PLAYGROUND_BURST_LIMIT\)\. "
                        r"\d+초 뒤에 다시 보내세요\.", hangul)


def test_an_oversized_message_in_the_english_chat(store, clock):
    """The chat draws a refusal from its stored error event: the message is read back in the UI's language."""
    session = Session("notes", user_id="ann", clock=clock)
    huge = "x" * (guards.GuardSettings().max_input_chars + 1)
    error = next(e for e in session.run(huge) if e.type == "error")
    assert error.code == "input_too_large" and "(The message is" in error.message  # stored: both, as before
    english = error_text(error.code, error.message, "en")
    # before: the English head, then the Korean-and-English message under it
    assert not korean(english) and f"The message is {len(huge):,} characters long" in english
    hangul = error_text(error.code, error.message, "ko")
    assert f"메시지가 {len(huge):,}자로" in hangul and "The message is" not in hangul
    reloaded = session.store.messages.recent(session.conversation_id, 5)
    assert any("거절됨" in (m.content or "") for m in reloaded)  # the placeholder kept, marked refused


@pytest.fixture
def store_suite(store):
    from tests.evals.test_hostile_yaml import _gradio_handler

    return _gradio_handler("store_suite")


def test_a_bad_suite_yaml_in_the_english_lab(store_suite):
    from tests.api.test_hostile_evals import billion_laughs

    english = store_suite(billion_laughs(), ANN, "en")[0]
    # before: "- line 8: YAML 별칭을 펼치면 값이 ... (the YAML's aliases expand ...)"
    assert english.startswith("**Not saved:**\n- line 8: ") and "aliases expand to more than" in english
    assert not korean(english)
    too_big = store_suite("x: " + "y" * 300_000, ANN, "en")[0]
    assert "the YAML is 300,003 bytes" in too_big and not korean(too_big)


def test_a_hostile_regex_refused_in_the_english_lab(store_suite):
    text = ("suite: hostile\nagent: notes\ncases:\n  - name: a\n    turns:\n      - user: list\n        expect:\n"
            "          - text_matches: \"{pattern}\"\n")
    long = store_suite(text.replace("{pattern}", "x" * 1001), ANN, "en")[0]
    broken = store_suite(text.replace("{pattern}", "notes("), ANN, "en")[0]
    # before: "정규식이 너무 깁니다: 1,001자 (최대 1,000자). (The regular expression ...)"
    assert "The regular expression is 1,001 characters long; at most 1,000." in long and not korean(long)
    assert "not a valid regular expression: missing )" in broken and not korean(broken)
    hangul = store_suite(text.replace("{pattern}", "x" * 1001), ANN, "ko")[0]
    assert "정규식이 너무 깁니다: 1,001자 (최대 1,000자)." in hangul and "characters long" not in hangul


def test_save_as_test_case_speaks_the_ui_language(store, clock):
    from pages.gradio.save_case import draft_for, save_draft

    assert draft_for(None, ANN, "en")[1] == "Open or start a conversation first."
    with pytest.raises(PlaygroundError) as refused:
        save_draft(None, "x", "", ANN, "en")
    assert refused.value.text("en") == "Make a suggestion first." and refused.value.text("ko").startswith("먼저")
    session = Session("notes", user_id="ann", clock=clock)
    session.run("list my notes")
    text, note, agent = draft_for(session.conversation_id, ANN, "en")
    assert note == "Suggested (notes): 1 steps. Review, edit, then save."
    saved = save_draft(agent, "ann-notes", text, ANN, "en")
    assert saved.startswith("✅ '") and saved.endswith("Run it from the Lab's Evals.") and not korean(saved)


def test_the_request_language_is_read_from_a_tag():
    from agents.core.messages import lang_of_tag

    assert [lang_of_tag(t) for t in ("en-US,en;q=0.9", "ko-KR", "ko", "fr", "", None, "*", "C.UTF-8")] == \
        ["en", "ko", "ko", "en", None, None, None, None]


def test_whoami_says_what_a_token_counts_for_in_the_request_language(store):
    """The API access page's "test this token" shows /whoami's message: in the browser's language now."""
    api = TestClient(create_api("local", burst_limit=1000))
    wrong = {"Authorization": "Bearer pgt_not-a-token"}
    english = api.get("/api/v1/whoami", headers={**wrong, **EN}).json()["message"]
    hangul = api.get("/api/v1/whoami", headers={**wrong, **KO}).json()["message"]
    both = api.get("/api/v1/whoami", headers=wrong).json()["message"]
    assert english == ("Unknown or revoked token: local mode does not check tokens, so this was served; shared mode "
                       "would answer 401.")
    assert hangul.startswith("알 수 없거나 폐기된 토큰입니다.") and "shared mode" not in hangul
    assert both == f"{hangul} ({english})"  # no language asked for: both, as before
