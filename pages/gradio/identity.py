"""Identity in the Gradio app: one verified ``Viewer`` per browser session, kept in ``gr.State``.

``gr.State`` lives on the server (Gradio fills stateful inputs from the session, never from
the request body), so a handler that reads the viewer from it cannot be told to act as
someone else. The browser keeps only a signed anonymous id (shared mode) or the free user
field (local mode) in localStorage; both are checked when the page loads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Unpack

import gradio as gr
from gradio.events import Dependency

from agents.core import identity
from agents.core.errors import PlaygroundError
from agents.core.identity import Mode, Viewer
from agents.core.session import check_user_id, runtime_store
from pages.gradio.i18n import lang_of
from pages.gradio.outputs import Components, Outputs
from pages.gradio.progress import Quiet

DEFAULT_LOCAL_USER = "demo"
APP_PACE_MS = 15.0


@dataclass(frozen=True)
class AppConfig:
    """How this process serves people; decided once at start-up (see ``identity.resolve_mode``)."""

    mode: Mode = "local"
    oauth: bool = False
    # The offline model's pause per text chunk in the UI, so streaming (and Stop) can be seen;
    # 0 when the app is built by tests. PLAYGROUND_OFFLINE_PACE_MS overrides either.
    offline_pace_ms: float = 0.0

    @classmethod
    def detect(cls, bind_host: str | None = None) -> AppConfig:
        mode = identity.resolve_mode(bind_host)
        return cls(mode=mode, oauth=mode == "shared" and identity.oauth_enabled(), offline_pace_ms=APP_PACE_MS)


def local_viewer(typed: str | None) -> Viewer:
    return Viewer(check_user_id((typed or DEFAULT_LOCAL_USER).strip()), "local")


def establish_shared(token: str | None, client: str | None = None) -> tuple[Viewer, str]:
    """The anonymous viewer of this browser: its signed id if valid, else a new one, if ``client``
    (the request's address) has not made too many this hour (``identity.TooManyIdentities``)."""
    return identity.anonymous_viewer(runtime_store(), token, client)


def request_address(request: gr.Request | None) -> str:
    """The client address of a Gradio request, read the one way the app reads it (``identity.client_address``)."""
    if request is None:
        return "unknown"
    client = getattr(request, "client", None)
    return identity.client_address(getattr(client, "host", None), request.headers)


def _anonymous(stored: str | None, request: gr.Request) -> Outputs:
    """[viewer, token, display] for a visitor without a login; a refused mint shows why, with no viewer."""
    try:
        viewer, fresh = establish_shared(stored, request_address(request))
    except PlaygroundError as exc:
        gr.Warning(exc.text(lang_of(request)))
        return [None, gr.skip(), f"⚠️ {exc.text(lang_of(request))}"]
    return [viewer, fresh, viewer.label()]


def establish_local(remembered: str | None) -> Viewer:
    try:
        return local_viewer(remembered)
    except PlaygroundError:  # a value that is no longer a valid id: start as the default user
        return local_viewer(None)


@dataclass
class IdentityUI:
    """The header's identity widgets and the hooks tabs use to follow the viewer."""

    config: AppConfig
    who: gr.State
    token: gr.BrowserState
    display: gr.Markdown
    user_box: gr.Textbox | None = None
    ready: Dependency | None = None  # the page-load dependency that sets ``who``
    switched: gr.State | None = None  # local mode: the user id last switched to (its change is the switch)
    _after_ready: list[Callable[[], None]] = field(default_factory=list)

    def after_ready(self, fn: Callable[..., object], inputs: Components, outputs: Components,
                    **kw: Unpack[Quiet]) -> Dependency:
        """Run ``fn`` once the viewer is known (page load); handlers read ``who`` then.

        Without a progress overlay unless asked: nobody waits on these, and each output given a
        loading status slows every later streamed update of the page (``pages/gradio/progress.py``)."""
        return self.ready.then(fn, inputs, outputs, **{"show_progress": "hidden", **kw})

    def after_switch(self, fn: Callable[..., object], inputs: Components, outputs: Components,
                     **kw: Unpack[Quiet]) -> Dependency | None:
        """Local mode only: run ``fn`` after the user typed another user id."""
        if self.switched is None:
            return None
        return self.switched.change(fn, inputs, outputs, **{"show_progress": "hidden", **kw})


def build_identity(config: AppConfig, demo: gr.Blocks) -> IdentityUI:
    who = gr.State(None)
    # A stable encryption secret: with Gradio's random default, every restart would forget
    # every browser's identity (and so its conversations).
    token = gr.BrowserState(None, storage_key=f"agent-playground-identity-{config.mode}",
                            secret=identity.signer_for(runtime_store()).derive("browser-state"))
    if config.mode == "local":
        from pages.gradio.i18n import label

        user_box = gr.Textbox(label=label("user"), value=DEFAULT_LOCAL_USER, scale=1, elem_id="pg-user",
                              info=label("user_info"))
        display = gr.Markdown("", elem_id="pg-identity", visible=False)
        ui = IdentityUI(config, who, token, display, user_box)

        def load_local(remembered: str | None) -> Outputs:
            viewer = establish_local(remembered)
            return [viewer, viewer.user_id, viewer.user_id]

        ui.ready = demo.load(load_local, token, [who, token, user_box], show_progress="hidden")

        def switch(typed: str, current: Viewer | None, request: gr.Request | None = None) -> Outputs:
            try:
                viewer = local_viewer(typed)
            except PlaygroundError as exc:
                gr.Warning(exc.text(lang_of(request)))
                return [gr.skip()] * 3
            if current is not None and viewer.user_id == current.user_id:
                return [gr.skip()] * 3  # left the field unchanged: the open conversations stay
            return [viewer, viewer.user_id, viewer.user_id]

        # On Enter or leaving the field, not per key press: an `input` event per key switched the
        # user to "k", "ki", ... and, its default trigger mode dropping the presses that came while
        # one ran, could end on the first letter (and the browser then remembered that).
        ui.switched = gr.State(None)
        gr.on([user_box.submit, user_box.blur], switch, [user_box, who], [who, token, ui.switched],
              trigger_mode="always_last", show_progress="hidden")
        return ui

    display = gr.Markdown("", elem_id="pg-identity")
    ui = IdentityUI(config, who, token, display)
    if config.oauth:
        gr.LoginButton(elem_id="pg-login", size="sm")

        def load_oauth(stored: str | None, profile: gr.OAuthProfile | None, request: gr.Request) -> Outputs:
            if profile is not None:
                viewer = Viewer(identity.oauth_user_id(profile.username), "oauth")
                return [viewer, gr.skip(), viewer.label()]
            return _anonymous(stored, request)

        ui.ready = demo.load(load_oauth, token, [who, token, display], show_progress="hidden")
    else:
        ui.ready = demo.load(_anonymous, token, [who, token, display], show_progress="hidden")
    return ui
