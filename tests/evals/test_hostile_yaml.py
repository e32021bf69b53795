"""YAML from people goes through one bounded loader everywhere it enters: the Gradio Lab's suite editor and
"save as test case", ``playground eval run`` and ``playground nlu-report --file`` refuse an alias bomb, a
self-referencing alias, deep nesting and an oversized file with the same named message; shipped suites,
which reuse steps with aliases, still load."""

from __future__ import annotations

import html
import io
import time

import pytest
import yaml

from agents.cli.main import main
from agents.core import safe_yaml
from agents.core.agent import list_agents
from agents.core.identity import Viewer
from agents.core.session import runtime_store
from agents.services.evals.store import EvalRepo
from tests.api.test_hostile_evals import billion_laughs

BOMB_REASON = (f"the YAML's aliases expand to more than {safe_yaml.MAX_NODES:,} values, like a 'billion laughs' "
               "bomb; it was not read.")


@pytest.mark.parametrize(("text", "reason"), [
    (billion_laughs(), BOMB_REASON),
    ("a: &a [x, *a]\n", "the alias *a is inside its own anchor &a, so it never ends."),
    ("a: " + "[" * 200 + "]" * 200 + "\n", f"the YAML nests deeper than {safe_yaml.MAX_DEPTH} levels."),
    ("a: &a x\nb: [" + ", ".join(["*a"] * (safe_yaml.MAX_ALIASES + 1)) + "]\n",
     f"the YAML uses more than {safe_yaml.MAX_ALIASES:,} aliases (*name); use fewer."),
    ("a: '" + "x" * safe_yaml.MAX_YAML_BYTES + "'\n",
     f"the YAML is {safe_yaml.MAX_YAML_BYTES + 6:,} bytes; at most {safe_yaml.MAX_YAML_BYTES:,} bytes are read."),
])
def test_the_loader_refuses_what_would_blow_up_and_says_why(text, reason) -> None:
    started = time.perf_counter()
    with pytest.raises(safe_yaml.YamlRefused) as refused:
        safe_yaml.load(text)
    assert time.perf_counter() - started < 5  # generous: a loaded machine; before, the bomb ran for minutes
    assert reason in refused.value.message and refused.value.reason.startswith(reason)
    assert refused.value.message.index("(") > 0 and not refused.value.message.isascii()  # Korean first
    assert refused.value.code == "bad_yaml"


def test_aliases_within_bounds_load_as_yaml_does() -> None:
    shipped = sorted(spec.evals for spec in list_agents() if spec.evals is not None)
    assert len(shipped) >= 5
    for path in shipped:
        text = path.read_text(encoding="utf-8")
        assert safe_yaml.load(text) == yaml.safe_load(text), path
    merged = "base: &b {x: 1, y: [1, 2]}\nother:\n  <<: *b\n  z: 3\nlist: [*b, *b]\n"
    assert safe_yaml.load(merged) == yaml.safe_load(merged)
    assert safe_yaml.load("") is None


def _gradio_handler(name: str):
    from tests.support.gradio_app import shared_app

    demo = shared_app()
    return next(f.fn for f in demo.fns.values()
                if f.fn is not None and f.fn.__qualname__ == f"build.<locals>.{name}" and f.fn.__module__ == "pages.gradio.lab.evals")


def test_the_gradio_lab_editor_refuses_the_bomb_and_saves_nothing(store) -> None:
    store_suite = _gradio_handler("store_suite")
    started = time.perf_counter()
    shown = store_suite(billion_laughs(), Viewer("anon-alice", "anonymous"), "ko")
    assert time.perf_counter() - started < 5
    assert shown[0].startswith("**저장하지 않았습니다:**\n- 8행:  YAML 별칭을 펼치면")
    english = store_suite(billion_laughs(), Viewer("anon-alice", "anonymous"), "en")[0]
    assert english.startswith("**Not saved:**\n- line 8: ")  # the English UI's own words around the loader's reason
    assert html.escape(BOMB_REASON) in english  # the markdown escapes what it quotes
    # each UI in its own language only (before: the Korean and the English reason in both)
    assert "YAML 별칭을 펼치면 값이 100,000개를 넘습니다" in shown[0] and html.escape(BOMB_REASON) not in shown[0]
    assert "별칭" not in english
    assert EvalRepo(store.db).suites("anon-alice") == []


def test_save_as_test_case_refuses_the_bomb(store) -> None:
    from pages.gradio.save_case import save_draft

    case = billion_laughs().split("cases: ")[0] + "name: lol\nturns: *i\n"
    with pytest.raises(Exception) as refused:
        save_draft("notes", "notes-saved", case, Viewer("anon-alice", "anonymous"))
    assert BOMB_REASON in refused.value.message
    assert EvalRepo(store.db).suites("anon-alice") == []


def test_the_cli_refuses_the_bomb_with_exit_2(tmp_path, capsys) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text(billion_laughs(), encoding="utf-8")
    out = io.StringIO()
    assert main(["eval", "run", str(path)], out=out) == 2 and out.getvalue() == ""
    err = capsys.readouterr().err
    assert f"{path}:8: YAML 별칭을 펼치면" in err and BOMB_REASON in err
    assert runtime_store().db.fetchall("SELECT count(*) FROM traces") == [(0,)]

    phrasings = tmp_path / "phrasings.yaml"
    phrasings.write_text(billion_laughs(), encoding="utf-8")
    assert main(["nlu-report", "marketing", "--file", str(phrasings)], out=io.StringIO()) == 2
    assert BOMB_REASON in capsys.readouterr().err
