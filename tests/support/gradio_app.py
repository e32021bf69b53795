"""The Gradio app, built once per configuration per test process.

``build_app`` takes 2-10 s on the 2-core CI machines, and the tests that use it only find a handler and call it,
or read the page's config: none changes the Blocks. Every handler reaches the store through ``runtime_store()``
when it is called, so one app serves each test's own fresh database (tests/conftest.py). A test about building
the app itself (what ``build_app`` reads or does) still calls ``build_app``."""

from __future__ import annotations

from functools import cache

import gradio as gr

from pages.gradio.identity import AppConfig
from pages.gradio.shell import build_app


@cache
def _built(config: AppConfig) -> gr.Blocks:
    return build_app(config)


def shared_app(config: AppConfig | None = None) -> gr.Blocks:
    """``build_app(config)`` (default: local mode, no offline pace), the same object for equal configurations."""
    return _built(config or AppConfig())
