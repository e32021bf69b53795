"""The Lab's Evals view: pick a suite and configurations, run with a progress bar, read the results (failed
assertions with what was observed; a click on a case opens its turn in the Traces view), compare two runs
(regressions first, metric deltas, the differing assertions and both traces), see a matrix as a grid, and
create, edit and download suites as YAML. Its lists load when the view is shown, not at page load.

Handlers take the user from ``header.who`` (the verified viewer), never from a component value; a real
provider uses the key typed in this browser tab. The widgets only show what ``agents/view/lab_evals.py``
computed from stored rows.
"""

from __future__ import annotations

import html
import json
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import gradio as gr
import pandas as pd

from agents.core import identity
from agents.core.agent import list_agents
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer
from agents.core.providers import PROVIDER_NAMES
from agents.core.session import runtime_store
from agents.services.evals import library, spec
from agents.services.evals.cache import CACHE_MODES
from agents.services.evals.compare import compare_runs, matrix_grid
from agents.services.evals.judge import judge_model_from
from agents.services.evals.loader import SuiteError
from agents.services.evals.report import run_detail
from agents.services.evals.runner import MAX_CONCURRENCY, RunHandle, start_suite
from agents.services.evals.store import EvalRepo
from agents.view import lab_evals as view
from agents.view.texts import said
from pages.gradio.i18n import label, lang_of, t
from pages.gradio.lab.context import LabContext, LabView
from pages.gradio.outputs import Outputs

POLL_SECONDS = 0.4


def new_suite(lang: view.Lang = "ko") -> str:
    """The editor's starting suite: the first agent's first example, with the assertions a case uses most."""
    agents = list_agents()
    agent = agents[0].id if agents else "AGENT"
    example = agents[0].examples[0] if agents and agents[0].examples else "..."
    tools = agents[0].tools.names() if agents else []
    tool = f"          - tool: {tools[0]}\n" if tools else "          # - tool: NAME\n"
    return ("suite: my-suite\n"
            f"agent: {agent}\n"
            f"description: {t('ev_suite_description', lang)}\n"
            "defaults: {provider: offline}\n"
            "cases:\n"
            "  - name: first example\n"
            "    turns:\n"
            f"      - user: {json.dumps(example, ensure_ascii=False)}\n"
            "        expect:\n"
            f"{tool}"
            "          # - card: CARD_TYPE\n"
            "          - no_error: true\n")


def progress_html(done: int, total: int, lang: view.Lang, label: str = "", *, run_id: str = "",
                  status: str = "") -> str:
    """The bar; data-run / data-status say which run it shows and how it ended (a test waits on them)."""
    pct = 0 if not total else round(100 * done / total)
    text = html.escape(label or view.progress_label(done, total, lang))
    return (f'<div class="pg-evals-progress" id="pg-evals-progress" role="progressbar" aria-valuemin="0" '
            f'aria-valuemax="{total}" aria-valuenow="{done}" data-run="{html.escape(run_id)}" '
            f'data-status="{html.escape(status)}"><div class="pg-evals-bar" style="width:{pct}%"></div>'
            f'<span>{text}</span></div>')


def configs_from(providers: list[str], models: str, versions: str,
                 lang: view.Lang = "ko") -> list[spec.Config] | None:
    """The chosen providers × models × prompt versions (comma lists); None: the suite's own."""
    model_list = [m.strip() for m in (models or "").split(",") if m.strip()] or [None]
    version_list: list[int | None] = []
    for item in [v.strip() for v in (versions or "").split(",") if v.strip()]:
        if not item.isdigit():  # 0 is the built-in prompt
            raise PlaygroundError(t("ev_bad_version", lang, item=repr(item)), code="invalid_input")
        version_list.append(int(item))
    if not providers and model_list == [None] and not version_list:
        return None
    return [spec.Config(provider=p, model=m, prompt_version=v)
            for p in (providers or ["offline"]) for m in model_list for v in (version_list or [None])]


def _owner(viewer: Viewer | None) -> str:
    return identity.require(viewer)


def _local(viewer: Viewer | None) -> bool:
    """Local mode: python: assertions may run (agents/services/evals/code.py); never in shared mode."""
    return viewer is not None and viewer.source == "local"


def _table(table: view.Table) -> pd.DataFrame:
    return pd.DataFrame(table.rows, columns=table.headers)


def build(ctx: LabContext) -> None:
    header = ctx.header
    handle_state = gr.State(None)  # this browser session's running RunHandle
    targets = gr.State([])  # the results table's rows -> the turn a click opens
    compare_targets = gr.State([[], []])  # the comparison's rows -> A's and B's turn
    run_ids = gr.State([])  # the runs table's rows -> their run ids
    with gr.Row(equal_height=True, elem_classes=["pg-evals-controls"]):
        suite = gr.Dropdown(label=label("ev_suite"), choices=[], scale=2, min_width=180, elem_id="pg-evals-suite")
        providers = gr.CheckboxGroup(list(PROVIDER_NAMES), value=["offline"], label=label("ev_providers"),
                                     scale=2, min_width=200, elem_id="pg-evals-providers")
        models = gr.Textbox(label=label("ev_models"), scale=1, min_width=140, elem_id="pg-evals-models")
        versions = gr.Textbox(label=label("ev_versions"), scale=1, min_width=120, elem_id="pg-evals-versions")
        concurrency = gr.Slider(1, MAX_CONCURRENCY, value=4, step=1, label=label("ev_concurrency"), scale=1,
                                min_width=140, elem_id="pg-evals-concurrency")
    with gr.Row(equal_height=True, elem_classes=["pg-evals-controls"]):
        # What `playground eval run` takes as --repeat, --cache and --judge, to the same start_suite call.
        # A text box: Gradio's number box sends an empty box as 0, which its own minimum then refuses.
        repeat = gr.Textbox(value="", label=label("eval_repeat"), info=label("eval_repeat_info"), scale=1,
                            min_width=140, elem_id="pg-evals-repeat")
        cache = gr.Radio(list(CACHE_MODES), value="off", label=label("eval_cache"), info=label("eval_cache_info"),
                         scale=2, min_width=200, elem_id="pg-evals-cache")
        judge = gr.Textbox(label=label("eval_judge"), placeholder=label("eval_judge_placeholder"), scale=2,
                           min_width=200, elem_id="pg-evals-judge")
    with gr.Row(elem_classes=["pg-evals-controls"]):
        run = gr.Button(label("ev_run"), variant="primary", elem_id="pg-evals-run", min_width=120)
        stop = gr.Button(label("ev_stop"), variant="stop", elem_id="pg-evals-stop", min_width=120)
    progress = gr.HTML(progress_html(0, 0, "ko", " "), elem_id="pg-evals-progress-box")
    summary = gr.Markdown("", elem_id="pg-evals-summary")
    gr.Markdown(label("ev_click_note"), elem_id="pg-evals-click-note")
    cases = gr.Dataframe(headers=view.results_headers("ko"), value=[], interactive=False, wrap=True,
                         datatype=["str", "str", "str", "str", "str"], column_widths=["6%", "30%", "14%", "34%", "16%"],
                         elem_id="pg-evals-cases", label=label("ev_cases_label"))
    failures = gr.Markdown("", elem_id="pg-evals-failures")
    grid = gr.Plot(visible=False, elem_id="pg-evals-grid", label=label("ev_matrix"))
    with gr.Accordion(label("ev_history"), open=True, elem_id="pg-evals-history"):
        runs = gr.Dataframe(headers=view.runs_headers("ko"), value=[],
                            interactive=False, wrap=True, elem_id="pg-evals-runs", label=label("ev_runs_label"))
        with gr.Row(equal_height=True):
            run_a = gr.Dropdown(label=label("lab_run_a"), choices=[], scale=2, elem_id="pg-evals-a")
            run_b = gr.Dropdown(label=label("lab_run_b"), choices=[], scale=2, elem_id="pg-evals-b")
            compare = gr.Button(label("ev_compare"), scale=1, min_width=120, elem_id="pg-evals-compare")
        compare_summary = gr.Markdown("", elem_id="pg-evals-compare-summary")
        compare_metrics = gr.Dataframe(headers=view.compare_metric_headers("ko"), value=[], interactive=False,
                                       elem_id="pg-evals-compare-metrics", label=label("ev_metrics_label"))
        compare_cases = gr.Dataframe(headers=view.compare_case_headers("ko"), value=[],
                                     interactive=False, wrap=True, elem_id="pg-evals-compare-cases",
                                     datatype=["str", "str", "str", "str", "number", "str", "str"],
                                     label=label("ev_changes_label"))
        compare_diffs = gr.Markdown("", elem_id="pg-evals-compare-diffs")
    for table, headers in ((cases, view.results_headers), (runs, view.runs_headers),
                           (compare_metrics, view.compare_metric_headers), (compare_cases, view.compare_case_headers)):
        ctx.headers_follow_lang(table, headers)
    with gr.Accordion(label("ev_editor"), open=False, elem_id="pg-evals-editor"):
        with gr.Row(equal_height=True):
            new = gr.Button(label("ev_new"), size="sm", elem_id="pg-evals-new")
            save = gr.Button(label("ev_save"), size="sm", variant="primary", elem_id="pg-evals-save")
            download = gr.DownloadButton(label("ev_download"), size="sm", elem_id="pg-evals-download")
            delete = gr.Button(label("ev_delete"), size="sm", variant="stop", elem_id="pg-evals-delete")
        problems = gr.Markdown("", elem_id="pg-evals-problems")
        editor = gr.Code(new_suite(), language="yaml", label="suite.yaml", interactive=True, elem_id="pg-evals-yaml")

    # --- lists ------------------------------------------------------------------------------------------

    def listing(viewer: Viewer | None, lang: view.Lang, chosen: str | None = None) -> Outputs:
        if viewer is None:
            return [gr.skip()] * 5
        store = runtime_store()
        owner = _owner(viewer)
        suites = library.listing(store, owner)
        names = [(f"{'📦 ' if s['shipped'] else '✏️ '}{s['name']} · {s['agent']} ({s['cases']})", s["name"])
                 for s in suites]
        pick = chosen if chosen in [n for _, n in names] else (names[0][1] if names else None)
        recent = EvalRepo(store.db).runs(owner, limit=50)
        # the id's tail first: two runs of one suite and configuration read alike otherwise
        choices = [(f"…{r['id'][-6:]} · {r['started_at']:%m-%d %H:%M} · {r['suite']} · {view.config_label(r)} · "
                    f"{r['cases_passed']}/{r['cases_total']}", r["id"]) for r in recent]
        return [gr.update(choices=names, value=pick), _table(view.runs_table(recent, lang)),
                gr.update(choices=choices, value=choices[1][1] if len(choices) > 1 else None),
                gr.update(choices=choices, value=choices[0][1] if choices else None), [r["id"] for r in recent]]

    # run_ids: the runs table's rows -> run ids, kept server-side (a click reads the row's id from here, so no
    # handler takes the table itself as input)
    lists = [suite, runs, run_a, run_b, run_ids]
    # Shown again (the Lab or this view reopened, another local user): the suite picked so far stays picked.
    ctx.on_show(listing, [header.who, header.lang, suite], lists)

    # --- run ----------------------------------------------------------------------------------------------

    def results(detail: dict[str, object], lang: view.Lang) -> Outputs:
        shown = view.results_view(detail, lang)
        return [shown.summary, _table(shown.cases), shown.failures, shown.targets]

    def start(name: str | None, chosen: list[str], model_text: str, version_text: str, workers: float,
              repeats: float | None, cache_mode: str | None, judge_text: str | None,
              viewer: Viewer | None, lang: view.Lang, api_key: str) -> Iterator[Outputs]:
        outputs = 7 + len(lists)
        if not name:
            gr.Warning(t("ev_pick_suite", lang))
            yield [gr.skip()] * outputs
            return
        store = runtime_store()
        owner = _owner(viewer)
        try:
            loaded = library.get(store, owner, name, allow_code=_local(viewer))
            configs = configs_from(chosen, model_text, version_text, lang)
            key = (api_key or "").strip()
            handle = start_suite(loaded, configs=configs, concurrency=int(workers), owner=owner, store=store,
                                 provider_settings={"api_key": key} if key else None,
                                 repeat=view.repeat_of(repeats, lang), cache=cache_mode or "off",
                                 judge_model=judge_model_from(judge_text, t("eval_judge", lang)))
        except PlaygroundError as exc:
            gr.Warning(t("ev_not_started", lang, error=exc.text(lang)))
            yield [gr.skip()] * outputs
            return
        repo = EvalRepo(store.db)
        yield [handle, progress_html(0, handle.total, lang, run_id=handle.run_ids[0], status="running"), "", gr.skip(), "",
               gr.skip(), gr.update(visible=False), *([gr.skip()] * len(lists))]
        while not handle.finished():
            time.sleep(POLL_SECONDS)
            done, total = handle.progress()
            partial = run_detail(repo, handle.run_ids[0], owner)
            yield [gr.skip(), progress_html(done, total, lang, run_id=handle.run_ids[0], status="running"),
                   *results(partial, lang), gr.skip(),
                   *([gr.skip()] * len(lists))]
        try:
            outcome = handle.wait(0)
        except Exception as exc:  # noqa: BLE001 - shown, and the run rows already say aborted
            gr.Warning(t("ev_stopped_by_error", lang, error=exc))
            outcome = []
        done, total = handle.progress()
        final = run_detail(repo, handle.run_ids[0], owner)
        figure = gr.update(visible=False)
        if handle.matrix_id:
            figure = gr.update(value=view.matrix_figure(matrix_grid(repo, handle.matrix_id, owner), lang),
                               visible=True)
        statuses = [(repo.run(run_id) or {}).get("status", "aborted") for run_id in handle.run_ids]
        status = view.final_status(statuses, handle.stop_event.is_set())
        label = view.progress_label(done, total, lang) + f" · {view.ICON.get(status, '')} {status}"
        if len(outcome) > 1:
            label += t("ev_n_runs", lang, n=len(outcome))
        yield [None, progress_html(done, total, lang, label, run_id=handle.run_ids[0], status=status),
               *results(final, lang), figure,
               *listing(viewer, lang, name)]

    run_event = run.click(start, [suite, providers, models, versions, concurrency, repeat, cache, judge, header.who,
                                  header.lang, header.api_key],
                          [handle_state, progress, summary, cases, failures, targets, grid, *lists],
                          show_progress="hidden")

    def halt(current: RunHandle | None, lang: view.Lang) -> None:
        if isinstance(current, RunHandle) and not current.finished():
            current.stop()
            gr.Info(t("ev_stopping", lang))

    stop.click(halt, [handle_state, header.lang], None, queue=False)

    # --- a past run, compare -------------------------------------------------------------------------------

    def show(evt: gr.SelectData, ids: list[str], viewer: Viewer | None, lang: view.Lang) -> Outputs:
        try:
            row = evt.index[0] if isinstance(evt.index, list | tuple) else evt.index
            run_id = ids[row]
            repo = EvalRepo(runtime_store().db)
            detail = run_detail(repo, run_id, _owner(viewer))
        except (PlaygroundError, IndexError, TypeError):
            return [gr.skip()] * 6
        figure = gr.update(visible=False)
        if detail["run"]["matrix_id"]:
            figure = gr.update(value=view.matrix_figure(matrix_grid(repo, detail["run"]["matrix_id"], _owner(viewer)),
                                                        lang), visible=True)
        total = detail["run"]["cases_total"]
        return [progress_html(len(detail["cases"]), total, lang, f"{detail['run']['id']} · {detail['run']['status']}"),
                *results(detail, lang), figure]

    runs.select(show, [run_ids, header.who, header.lang], [progress, summary, cases, failures, targets, grid])

    def side_by_side(a: str | None, b: str | None, viewer: Viewer | None, lang: view.Lang) -> Outputs:
        if not a or not b:
            gr.Warning(t("ev_pick_two", lang))
            return [gr.skip()] * 5
        try:
            shown = view.compare_view(compare_runs(EvalRepo(runtime_store().db), a, b, _owner(viewer)), lang)
        except PlaygroundError as exc:
            gr.Warning(exc.text(lang))
            return [gr.skip()] * 5
        return [shown.summary, _table(shown.metrics), _table(shown.cases), shown.differences,
                [shown.targets_a, shown.targets_b]]

    compare.click(side_by_side, [run_a, run_b, header.who, header.lang],
                  [compare_summary, compare_metrics, compare_cases, compare_diffs, compare_targets])
    _open_traces(ctx, cases, compare_cases, targets, compare_targets)

    # --- the suite editor -------------------------------------------------------------------------------

    def open_suite(name: str | None, viewer: Viewer | None, request: gr.Request | None = None) -> Outputs:
        if not name or viewer is None:
            return [gr.skip(), gr.skip(), ""]
        try:
            loaded = library.get(runtime_store(), _owner(viewer), name, allow_code=_local(viewer))
        except PlaygroundError as exc:
            return [gr.skip(), gr.skip(), f"⚠️ {exc.text(lang_of(request))}"]
        return [loaded.text, _download_file(loaded.suite.suite, loaded.text), ""]

    suite.change(open_suite, [suite, header.who], [editor, download, problems])

    def store_suite(text: str, viewer: Viewer | None, lang: view.Lang) -> Outputs:
        try:
            loaded = library.save(runtime_store(), _owner(viewer), text or "", allow_code=_local(viewer))
        except SuiteError as exc:
            lines = "\n".join(t("ev_problem", lang, line=p.line or "?", where=html.escape(p.where),
                                 reason=html.escape(said(p.reason, lang))) for p in exc.problems)
            return [t("ev_not_saved", lang) + "\n" + lines, gr.skip(), *([gr.skip()] * len(lists))]
        except PlaygroundError as exc:
            return [f"⚠️ {exc.text(lang)}", gr.skip(), *([gr.skip()] * len(lists))]
        gr.Info(t("ev_saved", lang, suite=loaded.suite.suite, n=len(loaded.suite.cases)))
        return ["", _download_file(loaded.suite.suite, loaded.text), *listing(viewer, lang, loaded.suite.suite)]

    save.click(store_suite, [editor, header.who, header.lang], [problems, download, *lists])

    def remove(name: str | None, viewer: Viewer | None, lang: view.Lang) -> Outputs:
        try:
            library.delete(runtime_store(), _owner(viewer), name or "")
        except PlaygroundError as exc:
            return [f"⚠️ {exc.text(lang)}", *([gr.skip()] * len(lists))]
        return [t("ev_deleted", lang, name=name), *listing(viewer, lang)]

    delete.click(remove, [suite, header.who, header.lang], [problems, *lists])
    new.click(lambda lang: [new_suite(lang), ""], header.lang, [editor, problems])
    del run_event


def _open_traces(ctx: LabContext, cases: gr.Dataframe, compare_cases: gr.Dataframe, targets: gr.State,
                 compare_targets: gr.State) -> None:
    """A click on a result row (or a comparison row's A / B trace cell) opens that turn in the Traces view:
    the id goes into its box, the Lab switches to it, then its own detail handler runs."""
    opener = ctx.exports.get("traces")
    if opener is None or ctx.lab_tabs is None:
        return
    detail, inputs, outputs = opener["open"]

    def pick(turns: list[str | None], evt: gr.SelectData) -> Outputs:
        row = evt.index[0] if isinstance(evt.index, list | tuple) else evt.index
        turn = turns[row] if isinstance(row, int) and 0 <= row < len(turns) else None
        if not turn:
            return [gr.skip(), gr.skip()]
        return [gr.Tabs(selected="lab-traces"), turn]

    def pick_side(both: list[list[str | None]], evt: gr.SelectData) -> Outputs:
        row, column = (evt.index[0], evt.index[1]) if isinstance(evt.index, list | tuple) else (evt.index, 0)
        a, b = both if both else ([], [])
        # The "A traces" column opens A's turn; any other cell B's (the candidate), or A's when B has none.
        side = [a, b] if column == view.COMPARE_A_TRACE_COLUMN else [b, a]
        turn = next((s[row] for s in side if isinstance(row, int) and 0 <= row < len(s) and s[row]), None)
        return [gr.Tabs(selected="lab-traces"), turn] if turn else [gr.skip(), gr.skip()]

    cases.select(pick, targets, [ctx.lab_tabs, opener["turn"]]).then(detail, inputs, outputs)
    compare_cases.select(pick_side, compare_targets, [ctx.lab_tabs, opener["turn"]]).then(detail, inputs, outputs)


VIEW = LabView("evals", "ev_view", build)


_DOWNLOADS = Path(tempfile.gettempdir()) / "agent-playground-suites"
_download_lock = threading.Lock()


def _download_file(name: str, text: str) -> str:
    """The YAML as a file for the download button (a temp file per suite name and content)."""
    import hashlib

    with _download_lock:
        _DOWNLOADS.mkdir(parents=True, exist_ok=True)
        digest = hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]
        path = _DOWNLOADS / f"{name}-{digest}" / f"{name}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists():
            path.write_text(text, encoding="utf-8")
    return str(path)
