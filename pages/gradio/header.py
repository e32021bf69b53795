"""The header: provider, model, API key (browser session only) and who you are."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import gradio as gr

from agents.core.errors import PlaygroundError
from agents.core.providers import FIXED_MODELS, PROVIDER_NAMES, Provider, make_provider
from pages.gradio.i18n import Lang, error_text, label, lang_of, t
from pages.gradio.identity import AppConfig, IdentityUI, build_identity
from pages.gradio.outputs import Outputs
from pages.gradio.progress import Quiet, progress_sink, quiet

# The default model each typed-model provider uses when the field is left empty: the adapters' DEFAULT_MODEL,
# written here so the page does not import the SDKs (tests/providers/test_offline_model_name.py keeps them equal).
DEFAULT_MODELS = {"openai": "gpt-4o-mini", "gemini": "gemini-2.5-flash"}


@dataclass
class Header:
    provider: gr.Dropdown
    model: gr.Textbox
    api_key: gr.Textbox
    identity: IdentityUI
    lang: gr.State  # "ko" or "en", from the browser's Accept-Language at page load
    config: AppConfig = field(default_factory=AppConfig)
    sink: gr.HTML | None = None  # where hidden progress is kept (pages/gradio/progress.py)

    @property
    def quiet(self) -> Quiet:
        """Event options for a chat run or any event whose progress is shown by its own outputs.

        Events made inside ``gr.render`` need it spelled out: ``route_hidden_progress`` only sees
        the events that exist when the app is built."""
        return quiet(self.sink)

    @property
    def who(self) -> gr.State:
        """The verified viewer (server-side state); handlers take the user from here only."""
        return self.identity.who

    @property
    def inputs(self) -> list[gr.components.Component]:
        return [self.provider, self.model, self.api_key, self.who]

    def make_provider(self, name: str, model: str, api_key: str) -> Provider:
        return provider_from(name, model, api_key, pace_ms=self.config.offline_pace_ms)


def provider_from(name: str, model: str, api_key: str, pace_ms: float | None = None) -> Provider:
    """Build the provider for one request; the key lives only in the browser and this call."""
    settings: dict[str, object] = {}
    if (model or "").strip():
        settings["model"] = model.strip()
    if (api_key or "").strip():
        settings["api_key"] = api_key.strip()
    return make_provider(name or "offline", pace_ms=pace_ms, **settings)


def model_field_state(name: str, lang: Lang = "ko") -> dict[str, object]:
    """A provider with one model shows its name, locked; the others take a typed model name. The help
    line always names the provider now chosen (None would keep the last provider's line on the page)."""
    name = name or "offline"
    fixed = FIXED_MODELS.get(name)
    if fixed:
        return {"value": fixed, "interactive": False, "info": t("model_fixed", lang, name=name, model=fixed)}
    return {"value": "", "interactive": True,
            "info": t("model_default", lang, name=name, model=DEFAULT_MODELS.get(name, "?"))}


def provider_note(name: str, lang: Lang = "ko") -> str:
    if (name or "offline") == "offline":
        return t("offline_note", lang)
    return t("provider_key_note", lang, name=name)


def build_header(config: AppConfig, demo: gr.Blocks) -> Header:
    """A compact header: the title and a settings accordion (provider, model, key, user)."""
    sink = progress_sink()  # first in the tree: see pages/gradio/progress.py
    lang = gr.State("ko")
    with gr.Column(elem_id="pg-header"):
        with gr.Row(equal_height=True, elem_id="pg-title-row"):
            gr.Markdown("### 🧪 Agent Playground", elem_id="pg-title")
            # Outside the accordion: the signed browser id (a BrowserState) must sync on every
            # load, and shared mode shows who you are in the header itself.
            identity = build_identity(config, demo)
        with gr.Accordion(label("settings"), open=False, elem_id="pg-settings"):
            with gr.Row(equal_height=True):
                provider = gr.Dropdown(choices=list(PROVIDER_NAMES), value="offline", label=label("provider"),
                                       scale=1, min_width=140, elem_id="pg-provider")
                model = gr.Textbox(label=label("model"), placeholder=label("model_placeholder"), scale=1,
                                   min_width=140, elem_id="pg-model", **model_field_state("offline", "ko"))
                api_key = gr.Textbox(label=label("api_key"), type="password",
                                     placeholder=label("api_key_placeholder"), scale=1, min_width=140,
                                     elem_id="pg-key")
            with gr.Row(equal_height=True):
                note = gr.Markdown(t("offline_note", "ko"), elem_id="pg-provider-note")
                test = gr.Button(label("test_connection"), size="sm", scale=0, min_width=140,
                                 elem_id="pg-test-connection")
    provider.change(provider_note, [provider, lang], note)
    provider.change(lambda name, lg: gr.update(**model_field_state(name, lg)), [provider, lang], model)
    test.click(test_connection, [provider, model, api_key, lang], note)

    def detect_lang(request: gr.Request) -> Outputs:
        """The browser's language, and the settings' words in it (drawn in Korean before it is known)."""
        lg, name = lang_of(request), "offline"
        return [lg, provider_note(name, lg), gr.update(**model_field_state(name, lg))]

    demo.load(detect_lang, None, [lang, note, model], show_progress="hidden")
    return Header(provider=provider, model=model, api_key=api_key, identity=identity, lang=lang, config=config,
                  sink=sink)


def test_connection(name: str, model: str, api_key: str, lang: Lang = "ko") -> str:
    """One tiny call, so a wrong key or URL shows up before the first real turn; said in ``lang``. On the server's
    keys it counts against the shared daily budget like a turn (refused, nothing sent, when the budget is used up)."""
    from agents.core import guards, limits
    from agents.core.clock import system_clock
    from agents.core.pricing import call_cost
    from agents.core.providers.base import ChatMessage, ModelOptions, ModelRequest, drain
    from agents.core.session import runtime_store

    if (name or "offline") == "offline":
        return t("offline_note", lang) + " " + t("conn_nothing", lang)
    claim: limits.CallClaim | None = None
    store = runtime_store()
    try:
        provider = provider_from(name, model, api_key)
        now = system_clock()
        claim = limits.claim_call(store, provider, now, guards.GuardSettings.from_env())
        started = time.perf_counter()
        response = drain(provider.stream(ModelRequest(
            agent_id="connection-test", system="Reply with the single word OK.",
            messages=[ChatMessage(role="user", content="ping")], options=ModelOptions(max_output_tokens=16))))
    except Exception as exc:  # noqa: BLE001 - the result of the test is the message
        if claim is not None:
            claim.settle(store, 0.0)
        return t("conn_failed", lang, name=name, error=describe_error(exc, lang))
    claim.settle(store, call_cost(provider.name, provider.model, response.usage.input_tokens,
                                  response.usage.output_tokens, now))
    elapsed = (time.perf_counter() - started) * 1000
    return t("conn_ok", lang, name=name, ms=f"{elapsed:.0f}", model=provider.model,
             text=repr(response.text.strip()[:40]))


def describe_error(exc: Exception, lang: Lang = "ko") -> str:
    if isinstance(exc, PlaygroundError):
        return error_text(exc.code, exc.message, lang)
    return str(exc)
