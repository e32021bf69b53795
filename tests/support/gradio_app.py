"""The Gradio app and the server it is mounted on, each built once per configuration per test process.

``build_app`` takes 2-10 s on the 2-core CI machines (``build_server`` builds one too), and the tests that use
these only find a handler and call it, read the page's config, or send requests: none changes the app. Every
handler and route reaches the store through ``runtime_store()`` when it is called (the burst counts included),
so one app serves each test's own fresh database (tests/conftest.py)."""

from __future__ import annotations

import os
from functools import cache

import gradio as gr
from fastapi import FastAPI

from agents.core.agent import list_agents
from pages.gradio.identity import AppConfig
from pages.gradio.shell import build_app, build_server

# What the server reads from the environment when it is built (the rest it reads per request).
BUILD_ENV = ("SPACE_HOST", "PLAYGROUND_CORS_ORIGINS", "PLAYGROUND_MAX_BODY_BYTES", "PLAYGROUND_BURST_LIMIT")


@cache
def _built(config: AppConfig, agents: tuple[str, ...]) -> gr.Blocks:
    return build_app(config)


@cache
def _served(config: AppConfig, agents: tuple[str, ...], env: tuple[str | None, ...]) -> FastAPI:
    return build_server(config)


def _agents() -> tuple[str, ...]:
    return tuple(spec.id for spec in list_agents())


def shared_app(config: AppConfig | None = None) -> gr.Blocks:
    """``build_app(config)`` (default: local mode, no offline pace), the same object for equal configurations."""
    return _built(config or AppConfig(), _agents())


def shared_server(config: AppConfig | None = None) -> FastAPI:
    """``build_server(config)``, the same object for equal configurations and build-time settings."""
    return _served(config or AppConfig(), _agents(), tuple(os.environ.get(name) for name in BUILD_ENV))
