"""Lab · Eval runs in Streamlit: the Run form. A suite of this person's library (shipped or saved), the
providers × models to run it on, and what `playground eval run` takes besides (concurrency, --repeat,
--cache, --judge), passed to the same ``start_suite`` call as the Gradio Lab, the CLI and the HTTP API. The
run is shown with a progress bar while it runs, then picked in the runs list below."""

from __future__ import annotations

import time

import streamlit as st

from agents.core.errors import PlaygroundError
from agents.core.providers import PROVIDER_NAMES
from agents.services.evals import library, spec
from agents.services.evals.cache import CACHE_MODES
from agents.services.evals.judge import judge_model_from
from agents.services.evals.runner import DEFAULT_CONCURRENCY, MAX_CONCURRENCY, start_suite
from agents.view import lab_evals as evals_view
from agents.view.texts import t
from pages.streamlit.context import API_KEY_KEY
from pages.streamlit.lab.context import LabRun

POLL_SECONDS = 0.3
MAX_MODELS = 8


def _configs(providers: list[str], models: str) -> list[spec.Config] | None:
    """The chosen providers × models (a comma list); None: the suite's own configurations."""
    names = [m.strip() for m in (models or "").split(",") if m.strip()]
    if len(names) > MAX_MODELS:
        said = {"max": MAX_MODELS, "n": len(names)}
        raise PlaygroundError(f"{t('lab_too_many_models', 'ko', **said)} ({t('lab_too_many_models', 'en', **said)})",
                              code="invalid_input")
    if not providers and not names:
        return None
    model_names: list[str | None] = [*names] if names else [None]  # None: the provider's default model
    return [spec.Config(provider=p, model=m) for p in (providers or ["offline"]) for m in model_names]


def run_form(lab: LabRun, has_runs: bool) -> None:
    owner = lab.viewer.user_id
    suites = library.listing(lab.store, owner)
    lang = lab.lang
    with st.expander(t("eval_run_form", lang), expanded=not has_runs):
        if not suites:
            st.caption(t("eval_no_suites", lang))
            return
        names = [s["name"] for s in suites]
        shown = {s["name"]: f"{'📦 ' if s['shipped'] else '✏️ '}{s['name']} · {s['agent']} ({s['cases']})" for s in suites}
        with st.form(lab.key("run_form"), border=False):
            suite = st.selectbox(t("eval_suite", lang), names, key=lab.key("form_suite"),
                                 format_func=lambda n: shown.get(n, n))
            left, right = st.columns(2)
            providers = left.multiselect(t("eval_providers", lang), list(PROVIDER_NAMES), default=["offline"],
                                         key=lab.key("form_providers"))
            models = right.text_input(t("eval_models", lang), key=lab.key("form_models"), max_chars=400)
            left, middle, right = st.columns(3)
            concurrency = left.number_input(t("eval_concurrency", lang), 1, MAX_CONCURRENCY, DEFAULT_CONCURRENCY, 1,
                                            key=lab.key("form_concurrency"))
            repeat = middle.number_input(t("eval_repeat", lang), min_value=1, max_value=spec.MAX_REPEAT, value=None,
                                         step=1, help=t("eval_repeat_info", lang), key=lab.key("form_repeat"))
            cache = right.radio(t("eval_cache", lang), list(CACHE_MODES), index=list(CACHE_MODES).index("off"),
                                horizontal=True, help=t("eval_cache_info", lang), key=lab.key("form_cache"))
            judge = st.text_input(t("eval_judge", lang), placeholder=t("eval_judge_placeholder", lang),
                                  key=lab.key("form_judge"), max_chars=400)
            submitted = st.form_submit_button(t("eval_run", lang), type="primary")
        if submitted:
            _run(lab, suite, providers, models, int(concurrency), repeat, cache, judge)


def _run(lab: LabRun, name: str, providers: list[str], models: str, concurrency: int, repeat: float | None, cache: str,
         judge: str) -> None:
    owner = lab.viewer.user_id
    key = str(st.session_state.get(API_KEY_KEY) or "").strip()  # typed in this browser session's settings only
    try:
        loaded = library.get(lab.store, owner, name)
        handle = start_suite(loaded, configs=_configs(providers, models), concurrency=concurrency, owner=owner,
                             store=lab.store, provider_settings={"api_key": key} if key else None,
                             repeat=evals_view.repeat_of(repeat, lab.lang), cache=cache or "off",
                             judge_model=judge_model_from(judge, t("eval_judge", lab.lang)))
    except PlaygroundError as exc:
        st.error(f"{t('eval_not_started', lab.lang)}: {exc.text(lab.lang)}", icon="⚠️")
        return
    bar = st.progress(0.0, text=evals_view.progress_label(0, handle.total, lab.lang))
    while not handle.finished():
        time.sleep(POLL_SECONDS)
        done, total = handle.progress()
        bar.progress(done / total if total else 1.0, text=evals_view.progress_label(done, total, lab.lang))
    try:
        handle.wait(0)
    except Exception as exc:  # noqa: BLE001 - shown; the run rows already say aborted
        st.error(f"{exc}", icon="⚠️")
    st.session_state[lab.key("run")] = handle.run_ids[0]  # the runs list below opens the new run
