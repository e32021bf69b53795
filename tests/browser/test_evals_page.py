"""The Lab's Evals view in a real browser: pick a suite, run it with the progress bar moving, read the
results, open a failing case's turn in the Traces view, run a changed suite, compare the two runs
(regressions first, the metric deltas, the differing assertions, a B trace opened in Traces), and the view
at desktop and phone width with nothing running off sideways (PLAYGROUND_SHOTS=dir keeps the screenshots:
docs/evals.png and docs/evals-phone.png come from here)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agents.services.evals import library
from agents.services.evals.store import EvalRepo
from tests.browser.test_lab_page import _lab

pytestmark = pytest.mark.browser

SUITE = """\
suite: browser-notes
agent: notes
description: the notes test agent, one case made to fail
defaults: {provider: offline}
cases:
  - name: lists notes
    turns:
      - user: list my notes
        expect:
          - tool: list_notes
            args: {limit: 10}
          - card: table
  - name: offers help
    turns:
      - user: hello
        expect:
          - text_contains: list your notes
  - name: never lists
    turns:
      - user: list my notes
        expect:
          - EXPECTATION
"""
# Run A: the third case fails (it expects no tool, the agent lists); run B: it passes and "offers help" fails.
V1 = SUITE.replace("EXPECTATION", "no_tool: list_notes")
V2 = SUITE.replace("EXPECTATION", "tool: list_notes").replace("list your notes", "sing a song")

CASES = "#pg-evals-cases [role=row]:has([role=gridcell])"
COMPARED = "#pg-evals-compare-cases [role=row]:has([role=gridcell])"

# Every (status, done) the progress bar shows, recorded as it changes (a run of three cases is quick).
WATCH = """() => {
  window.__bar = [];
  const seen = () => { const b = document.querySelector('#pg-evals-progress');
    if (b) window.__bar.push([b.dataset.status, Number(b.getAttribute('aria-valuenow')),
                              Number(b.getAttribute('aria-valuemax')), b.dataset.run]); };
  new MutationObserver(seen).observe(document.body, {subtree: true, childList: true, attributes: true});
}"""


def _rows(page, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "rows => rows.map(r => r.innerText)")


def _pick_suite(page, name: str) -> None:
    # the box holds a shipped suite before the pick lands: Run read that one (17 cases) on a loaded machine, and
    # once the pick itself did not land in 30 s: pick again, then wait
    held = "(n) => (document.querySelector('#pg-evals-suite input') || {}).value?.includes(n)"
    for wait in (15_000, 45_000):
        page.click("#pg-evals-suite input")
        page.get_by_role("option", name=f"✏️ {name} · notes (3)").click()
        try:
            page.wait_for_function(held, arg=name, timeout=wait)
            return
        except Exception:
            if wait == 45_000:
                raise


def _run(page, previous: str = "") -> str:
    # the suite picked is in its box before Run reads it (a click on a loaded machine can beat the dropdown)
    page.wait_for_function("() => (document.querySelector('#pg-evals-suite input') || {}).value", timeout=30_000)
    page.evaluate(WATCH)
    page.click("#pg-evals-run")
    try:
        page.wait_for_function(
            "prev => { const b = document.querySelector('#pg-evals-progress');"
            " return b && b.dataset.run && b.dataset.run !== prev"
            " && ['passed', 'failed', 'error'].includes(b.dataset.status) }",
            arg=previous, timeout=90_000)
    except Exception as exc:  # say what the page showed instead: a warning toast, the bar's last states
        seen = page.evaluate("() => ({toasts: [...document.querySelectorAll('.toast-body, [data-testid=toast-body]')]"
                             ".map(t => t.innerText), bar: window.__bar, suite: document.querySelector("
                             "'#pg-evals-suite input').value})")
        raise AssertionError(f"the run did not finish: {seen}") from exc
    return page.get_attribute("#pg-evals-progress", "data-run")


def _open_traces_row(page, selector: str, text: str) -> str:
    """Click a row; the Traces view opens that turn. Returns the turn id its detail shows."""
    before = page.evaluate("() => document.querySelector('#pg-lab-detail-header h3')?.innerText ?? ''")
    page.locator(f"{selector} [role=gridcell]", has_text=text).first.click()
    # a turn opened earlier is still in the header until this one replaces it
    page.wait_for_function("prev => { const h = document.querySelector('#pg-lab-detail-header h3');"
                           " return h && h.innerText !== prev }", arg=before, timeout=30_000)
    page.wait_for_function("() => document.querySelector('#pg-lab-view-traces').offsetParent !== null",
                           timeout=30_000)
    return page.inner_text("#pg-lab-detail-header h3").strip()


def test_run_progress_results_traces_and_compare(page, store):
    library.save(store, "demo", V1)
    _lab(page, "evals")
    page.wait_for_function("() => document.querySelector('#pg-evals-suite input')", timeout=30_000)
    _pick_suite(page, "browser-notes")
    run_a = _run(page)
    bar = page.evaluate("window.__bar")
    statuses = [(s, done) for s, done, total, run in bar if run == run_a]
    assert ("running", 0) in statuses and statuses[-1] == ("failed", 3), bar  # 0/3 running … 3/3 failed
    assert all(total == 3 for s, d, total, run in bar if run == run_a)
    assert "3/3" in page.inner_text("#pg-evals-progress")
    summary = page.inner_text("#pg-evals-summary")
    assert "browser-notes" in summary and "케이스 2/3 통과" in summary
    rows = _rows(page, CASES)
    assert len(rows) == 3 and "❌" in rows[2] and "never lists" in rows[2]
    assert "list_notes was called" in rows[2] and "✅" in rows[0]
    assert "no_tool" in page.inner_text("#pg-evals-failures")

    # the failing case's row opens its turn in the Traces view: the turn the run stored for that step
    repo = EvalRepo(store.db)
    steps = {(s["case_index"], s["step_index"]): s["turn_id"] for s in repo.steps(run_a)}
    assert _open_traces_row(page, CASES, "never lists") == steps[(2, 0)]
    assert "list my notes" in page.inner_text("#pg-lab-detail-header")

    # a changed suite, run again, then compare: A = the older run, B = the newer
    library.save(store, "demo", V2)
    _lab(page, "evals")
    run_b = _run(page, run_a)
    assert "케이스 2/3 통과" in page.inner_text("#pg-evals-summary")
    page.click("#pg-evals-compare")
    page.wait_for_function(f"() => document.querySelectorAll('{COMPARED}').length === 3", timeout=30_000)
    compared = _rows(page, COMPARED)
    assert "새로 실패" in compared[0] and "offers help" in compared[0]  # the regression first
    assert "새로 통과" in compared[1] and "never lists" in compared[1]
    assert "계속 통과" in compared[2]
    head = page.inner_text("#pg-evals-compare-summary")
    assert run_a in head and run_b in head and "67% → 67%" in head
    metrics = _rows(page, "#pg-evals-compare-metrics [role=row]:has([role=gridcell])")
    assert all(part in metrics[0] for part in ("통과율", "67%", "+0%"))
    assert any(m.startswith("턴") for m in metrics) and any("토큰" in m for m in metrics)
    diffs = page.inner_text("#pg-evals-compare-diffs")
    assert "A pass → B fail" in diffs and "A fail → B pass" in diffs
    # a past run's row shows its results again
    page.locator("#pg-evals-runs [role=gridcell]", has_text=run_a).first.click()
    page.wait_for_function(f"() => document.querySelector('#pg-evals-progress').innerText.includes('{run_a}')",
                           timeout=30_000)
    assert "never lists" in _rows(page, CASES)[2] and "❌" in _rows(page, CASES)[2]
    # the regression's B trace opens in Traces
    steps_b = {(s["case_index"], s["step_index"]): s["turn_id"] for s in repo.steps(run_b)}
    assert _open_traces_row(page, COMPARED, "offers help") == steps_b[(1, 0)]
    assert "hello" in page.inner_text("#pg-lab-detail-header")


def _shots_dir(tmp_path: Path) -> Path:
    return Path(os.environ.get("PLAYGROUND_SHOTS") or tmp_path)


@pytest.mark.parametrize("width", [1440, 390])
def test_evals_view_fits_the_width(server, browser, store, width, tmp_path):

    library.save(store, "demo", V1)
    with browser:
        page = browser.new_page(viewport={"width": width, "height": 1000}, locale="ko-KR", is_mobile=width < 500,
                                has_touch=width < 500)
        page.goto(server, wait_until="load")
        page.wait_for_selector("#pg-marketing-input textarea", timeout=60_000)
        _lab(page, "evals")
        page.wait_for_function("() => document.querySelector('#pg-evals-suite input')", timeout=30_000)
        _pick_suite(page, "browser-notes")
        first = _run(page)
        library.save(store, "demo", V2)
        _run(page, first)
        page.click("#pg-evals-compare")
        page.wait_for_function(f"() => document.querySelectorAll('{COMPARED}').length === 3", timeout=30_000)
        page.wait_for_timeout(800)
        top = page.locator("#pg-lab-tabs").bounding_box()["y"]
        name = "evals.png" if width > 500 else "evals-phone.png"
        page.screenshot(path=str(_shots_dir(tmp_path) / name), full_page=True,
                        clip={"x": 0, "y": top, "width": width,
                              "height": page.evaluate("document.documentElement.scrollHeight") - top})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # nothing drawn past the right edge (an element inside a scrolling table may be, its box clips it)
        wide = page.evaluate("""w => [...document.querySelectorAll('#pg-lab-view-evals *')]
            .filter(e => e.offsetParent !== null && e.getBoundingClientRect().right > w + 1
                         && !e.closest('.table-wrap, .table-container, .js-plotly-plot, .cm-editor'))
            .map(e => (e.closest('[id]') || {}).id + ' ' + e.tagName + ' ' + (e.innerText || '').slice(0, 60))
            .slice(0, 5)""", width)
        assert wide == [], wide
        browser.close()


def test_save_a_thumbs_down_turn_as_a_case_from_traces(page, store):
    from agents.core.clock import system_clock
    from agents.core.session import Session

    session = Session("marketing", user_id="demo")
    turn = session.run("이번 주 성과 어때?")[-1].turn_id
    store.feedback.rate(turn, "demo", "down", "ROAS를 먼저 말해 주세요", system_clock())
    _lab(page, "traces")
    page.wait_for_selector("#pg-lab-traces [role=gridcell]", timeout=30_000)
    page.click("#pg-lab-f-feedback input")
    page.get_by_role("option", name="👎").click()
    page.wait_for_function("() => document.querySelectorAll('#pg-lab-traces [role=row]:has([role=gridcell])')"
                           ".length === 1", timeout=30_000)
    page.locator("#pg-lab-traces [role=gridcell]", has_text="이번 주 성과 어때?").first.click()
    page.wait_for_selector("#pg-lab-detail-header h3", timeout=30_000)
    page.click("#pg-lab-save-case button")  # the accordion
    page.click("#pg-lab-case-suggest")
    page.wait_for_function("() => (document.querySelector('#pg-lab-case-yaml .cm-content') || {}).innerText"
                           "?.includes('getPerformanceKPI')", timeout=30_000)
    draft = page.inner_text("#pg-lab-case-yaml .cm-content")
    assert "thumbs-down" in draft and "ROAS를 먼저 말해 주세요" in draft  # the 👎 comment offered as a rubric
    assert page.input_value("#pg-lab-case-suite textarea") == "marketing-saved"
    # the reviewer edits the draft: a name of their own
    page.click("#pg-lab-case-yaml .cm-content")
    page.keyboard.press("Control+A")
    page.keyboard.insert_text("- name: weekly KPI after a 👎\n  turns:\n    - user: 이번 주 성과 어때?\n      expect:\n"
                              "        - tool: getPerformanceKPI\n        - card: kpi_summary\n")
    page.click("#pg-lab-case-save")
    page.wait_for_function("() => document.querySelector('#pg-lab-case-note').innerText.includes('marketing-saved')",
                           timeout=30_000)
    [case] = library.get(store, "demo", "marketing-saved").suite.cases
    assert case.name == "weekly KPI after a 👎" and [a.kind for a in case.turns[0].expect] == ["tool", "card"]


def test_a_matrix_run_draws_the_grid(page, store):
    from agents.core.clock import system_clock
    from agents.services.lab import prompts
    from agents.services.lab.access import LabUser

    demo = LabUser("demo", "local")
    for text in ("You list notes.", "You list notes, politely."):
        prompts.create(store, "notes", text, demo, system_clock())
    library.save(store, "demo", V1)
    _lab(page, "evals")
    page.wait_for_function("() => document.querySelector('#pg-evals-suite input')", timeout=30_000)
    _pick_suite(page, "browser-notes")
    page.fill("#pg-evals-versions textarea", "1,2")
    _run(page)
    page.wait_for_selector("#pg-evals-grid .js-plotly-plot", timeout=30_000)
    heat = page.evaluate("() => { const d = document.querySelector('#pg-evals-grid .js-plotly-plot').data[0];"
                         " return {x: d.x, y: d.y, z: d.z} }")
    assert heat["y"] == ["lists notes", "offers help", "never lists"]
    assert len(heat["x"]) == 2 and "v1" in heat["x"][0] and "v2" in heat["x"][1]
    assert heat["z"] == [[1, 1], [1, 1], [0, 0]]  # the same verdicts under both versions (offline ignores the prompt)
    assert "6/6" in page.inner_text("#pg-evals-progress")  # 3 cases × 2 configurations


def _type_yaml(page, text: str) -> None:
    page.click("#pg-evals-yaml .cm-content")
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(text)


def test_suites_are_created_checked_saved_and_downloaded_as_yaml(page, store, tmp_path):
    _lab(page, "evals")
    page.wait_for_function("() => document.querySelector('#pg-evals-suite input')", timeout=30_000)
    page.click("#pg-evals-editor button")  # the accordion
    page.click("#pg-evals-new")
    page.wait_for_function("() => (document.querySelector('#pg-evals-yaml .cm-content') || {}).innerText"
                           "?.includes('suite: my-suite')", timeout=30_000)
    # a mistake is named with its line, and nothing is stored
    _type_yaml(page, V1.replace("no_tool: list_notes", "no_tol: list_notes"))
    page.click("#pg-evals-save")
    # the page is Korean: the catalogue's words around the loader's reason
    page.wait_for_function("() => document.querySelector('#pg-evals-problems').innerText.includes('저장하지 않았습니다')",
                           timeout=30_000)
    problems = page.inner_text("#pg-evals-problems")
    assert "22행" in problems and "unknown assertion 'no_tol' (did you mean 'no_tool'?)" in problems
    assert EvalRepo(store.db).suite("demo", "browser-notes") is None
    # fixed, saved, listed, and downloaded as the same text
    _type_yaml(page, V1)
    page.click("#pg-evals-save")
    page.wait_for_function("() => document.querySelector('#pg-evals-suite input').value.includes('browser-notes')",
                           timeout=30_000)
    assert EvalRepo(store.db).suite("demo", "browser-notes")["yaml"] == V1
    with page.expect_download() as download:
        page.click("#pg-evals-download")
    saved = tmp_path / "browser-notes.yaml"
    download.value.save_as(saved)
    assert download.value.suggested_filename == "browser-notes.yaml" and saved.read_text(encoding="utf-8") == V1
