"""The header: provider, model, API key (browser session only) and who you are."""

from __future__ import annotations

import time
from dataclasses import dataclass

import gradio as gr

from agents.core.errors import PlaygroundError
from agents.core.providers import PROVIDER_NAMES, Provider, make_provider
from pages.identity import AppConfig, IdentityUI, build_identity

OFFLINE_NOTE = ("**Offline** is a deterministic rule-based model, not an LLM: the same input always gives "
                "the same reply, and it needs no key.")


@dataclass
class Header:
    provider: gr.Dropdown
    model: gr.Textbox
    api_key: gr.Textbox
    identity: IdentityUI

    @property
    def who(self) -> gr.State:
        """The verified viewer (server-side state); handlers take the user from here only."""
        return self.identity.who

    @property
    def inputs(self) -> list[gr.components.Component]:
        return [self.provider, self.model, self.api_key, self.who]


def provider_from(name: str, model: str, api_key: str) -> Provider:
    """Build the provider for one request; the key lives only in the browser and this call."""
    settings: dict[str, object] = {}
    if model.strip():
        settings["model"] = model.strip()
    if api_key.strip():
        settings["api_key"] = api_key.strip()
    return make_provider(name or "offline", **settings)


def provider_note(name: str) -> str:
    if name == "offline":
        return OFFLINE_NOTE
    return f"**{name}**: the key you type is kept in this browser tab only; it is never stored or logged."


def build_header(config: AppConfig, demo: gr.Blocks) -> Header:
    with gr.Row(elem_id="pg-header", equal_height=True):
        gr.Markdown("## 🧪 Agent Playground", elem_id="pg-title")
        provider = gr.Dropdown(choices=list(PROVIDER_NAMES), value="offline", label="Provider", scale=1,
                               elem_id="pg-provider")
        model = gr.Textbox(label="Model", placeholder="provider default", scale=1, elem_id="pg-model")
        api_key = gr.Textbox(label="API key (this tab only)", type="password", placeholder="or set it in the environment",
                             scale=1, elem_id="pg-key")
        identity = build_identity(config, demo)
    with gr.Row():
        note = gr.Markdown(OFFLINE_NOTE, elem_id="pg-provider-note")
        test = gr.Button("Test connection", size="sm", scale=0, min_width=140, elem_id="pg-test-connection")
    provider.change(provider_note, provider, note)
    test.click(test_connection, [provider, model, api_key], note)
    return Header(provider=provider, model=model, api_key=api_key, identity=identity)


def test_connection(name: str, model: str, api_key: str) -> str:
    """One tiny call, so a wrong key or URL shows up before the first real turn."""
    from agents.core.providers.base import ChatMessage, ModelOptions, ModelRequest, drain

    if (name or "offline") == "offline":
        return OFFLINE_NOTE + " ✅ Nothing to connect to."
    try:
        provider = provider_from(name, model, api_key)
        started = time.perf_counter()
        response = drain(provider.stream(ModelRequest(
            agent_id="connection-test", system="Reply with the single word OK.",
            messages=[ChatMessage(role="user", content="ping")], options=ModelOptions(max_output_tokens=16))))
    except Exception as exc:  # noqa: BLE001 - the result of the test is the message
        return f"❌ {name}: {describe_error(exc)}"
    elapsed = (time.perf_counter() - started) * 1000
    return f"✅ {name} answered in {elapsed:.0f} ms with model {provider.model}: {response.text.strip()[:40]!r}"


def describe_error(exc: Exception) -> str:
    if isinstance(exc, PlaygroundError):
        return f"{exc.message} [{exc.code}]"
    return f"{type(exc).__name__}: {exc}"
