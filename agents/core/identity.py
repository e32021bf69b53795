"""Who is asking (DESIGN.md, "Identity"). UI-free: the pages, the HTTP API and the CLI ask here.

Two modes. ``local`` (loopback bind, no ``SPACE_ID``): the user id is a free field, handy for
evaluating as several users. ``shared`` (a Space, or any non-loopback bind): the user id never
comes from a value the client sets; it comes from Hugging Face OAuth or a signed anonymous
per-browser id, verified here with an HMAC over a server secret.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import os
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from agents.core.errors import PlaygroundError

if TYPE_CHECKING:
    from agents.core.store import Store

Mode = Literal["local", "shared"]
Source = Literal["local", "anonymous", "oauth"]
MODES: tuple[Mode, ...] = ("local", "shared")
SECRET_SETTING = "identity_secret"
_ANON_PREFIX = "anon-"
_OAUTH_PREFIX = "hf-"


class IdentityError(PlaygroundError):
    code = "no_identity"


def is_loopback(host: str | None) -> bool:
    if not host or host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def resolve_mode(bind_host: str | None = None) -> Mode:
    """``PLAYGROUND_MODE`` wins; else shared on a Space or a non-loopback bind; else local."""
    forced = os.environ.get("PLAYGROUND_MODE", "").strip().lower()
    if forced:
        if forced not in MODES:
            raise PlaygroundError(f"PLAYGROUND_MODE must be 'local' or 'shared', not {forced!r}.", code="bad_mode")
        return forced  # type: ignore[return-value]
    if os.environ.get("SPACE_ID"):
        return "shared"
    return "local" if is_loopback(bind_host) else "shared"


def oauth_enabled() -> bool:
    """Hugging Face login, only on a real Space with ``hf_oauth: true``. Gradio takes a process for
    a Space only when ``SYSTEM=spaces`` (``gradio.utils.get_space``); anywhere else its LoginButton
    mocks OAuth by calling huggingface.co with a local HF token, and fails to start without one.
    So all three must be there: SYSTEM=spaces, SPACE_ID, and the OAUTH_* variables hf_oauth adds."""
    return (os.environ.get("SYSTEM") == "spaces" and bool(os.environ.get("SPACE_ID"))
            and all(os.environ.get(name) for name in ("OAUTH_CLIENT_ID", "OAUTH_CLIENT_SECRET", "OPENID_PROVIDER_URL")))


@dataclass(frozen=True)
class Viewer:
    """The verified person behind one browser session or one request."""

    user_id: str
    source: Source

    def label(self) -> str:
        match self.source:
            case "oauth":
                return f"👤 {self.user_id.removeprefix(_OAUTH_PREFIX)} (Hugging Face)"
            case "anonymous":
                return f"👤 {self.user_id} (anonymous, this browser)"
            case _:
                return f"👤 {self.user_id}"


def new_anonymous_id() -> str:
    return _ANON_PREFIX + secrets.token_hex(8)


def oauth_user_id(username: str) -> str:
    """HF usernames are letters, digits and '-'; anything else is dropped so ids stay valid."""
    cleaned = re.sub(r"[^A-Za-z0-9_.-]", "", username)[:60]
    if not cleaned:
        raise IdentityError("The Hugging Face profile has no usable user name; log in again.")
    return _OAUTH_PREFIX + cleaned


def oidc_user_id(claims: Mapping[str, Any]) -> str:
    """The user id of a person signed in through OpenID Connect (Streamlit's ``st.user``): on
    Hugging Face, the same ``hf-<username>`` as the Gradio app's login; elsewhere ``sso-`` and
    the verified e-mail (or the subject), so a provider's ids never collide with local ones."""
    issuer = str(claims.get("iss") or "")
    if "huggingface.co" in issuer and claims.get("preferred_username"):
        return oauth_user_id(str(claims["preferred_username"]))
    raw = str(claims.get("email") or claims.get("sub") or "")
    cleaned = re.sub(r"[^A-Za-z0-9_.@-]", "", raw)[:60]
    if not cleaned:
        raise IdentityError("The sign-in gave no e-mail or subject to tell who you are; log in again.")
    return "sso-" + cleaned


class Signer:
    """HMAC-SHA256 signatures for ids the browser keeps; a tampered value fails ``verify``."""

    def __init__(self, secret: str) -> None:
        if len(secret) < 16:
            raise PlaygroundError("PLAYGROUND_SECRET must be at least 16 characters long.", code="weak_secret")
        self._key = secret.encode("utf-8")

    def _mac(self, purpose: str, value: str) -> str:
        digest = hmac.new(self._key, f"{purpose}\x1f{value}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")

    def sign(self, value: str, purpose: str = "anon") -> str:
        return f"{value}.{self._mac(purpose, value)}"

    def derive(self, purpose: str) -> str:
        """A stable sub-secret, e.g. for Gradio's BrowserState encryption, so what the browser
        keeps still decrypts after a restart."""
        return self._mac("derive", purpose)

    def verify(self, token: object, purpose: str = "anon") -> str | None:
        if not isinstance(token, str) or "." not in token or len(token) > 256:
            return None
        value, _, mac = token.rpartition(".")
        if not value or not hmac.compare_digest(mac, self._mac(purpose, value)):
            return None
        return value


def signer_for(store: Store) -> Signer:
    """``PLAYGROUND_SECRET``, else a secret generated once and kept in the database."""
    env = os.environ.get("PLAYGROUND_SECRET")
    if env:
        return Signer(env)
    cached = store.memo.get(SECRET_SETTING)
    if cached is None:
        cached = store.settings.get_or_create(SECRET_SETTING, lambda: secrets.token_urlsafe(48))
        store.memo[SECRET_SETTING] = cached
    return Signer(cached)


def anonymous_viewer(store: Store, token: object) -> tuple[Viewer, str]:
    """The viewer a browser's signed token names, or a fresh anonymous one (with its new token)
    when the token is missing, tampered or signed by another server."""
    signer = signer_for(store)
    user_id = signer.verify(token)
    if user_id is not None and user_id.startswith(_ANON_PREFIX):
        return Viewer(user_id, "anonymous"), str(token)
    user_id = new_anonymous_id()
    return Viewer(user_id, "anonymous"), signer.sign(user_id)


def require(viewer: Viewer | None) -> str:
    """The user id of an established viewer; a session without one must reload."""
    if viewer is None:
        raise IdentityError("This browser session has no verified identity yet. Reload the page and try again.")
    return viewer.user_id
