"""The Lab's framework-neutral view modules, for the Streamlit Lab page.

``pages/lab/view.py``, ``pages/lab/evals_view.py`` and ``pages/lab/charts.py`` are pure (data in,
tables, markdown and Plotly figures out), but they live in the ``pages.lab`` package, whose
``__init__`` builds the Gradio Lab and imports Gradio. Importing them the ordinary way would load
Gradio into the Streamlit app. So the same files are executed here as modules of their own, without
running that package ``__init__``: one copy of the rules, no Gradio. When the Gradio package is
already loaded in this process (the tests run both), the ordinary modules are used as they are.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

_LAB = Path(__file__).resolve().parents[2] / "pages" / "lab"


def _load(name: str) -> ModuleType:
    ordinary = sys.modules.get(f"pages.lab.{name}")
    if ordinary is not None:
        return ordinary
    alias = f"streamlit_ui.lab._pages_lab_{name}"
    if alias in sys.modules:
        return sys.modules[alias]
    spec = importlib.util.spec_from_file_location(alias, _LAB / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[alias] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(alias, None)
        raise
    return module


view = _load("view")  # traces: filters, table rows, one turn's detail
evals_view = _load("evals_view")  # eval runs, a run's results, a comparison
charts = _load("charts")  # the waterfall
