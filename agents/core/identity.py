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
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Literal

from agents.core.errors import PlaygroundError, RateLimited
from agents.core.messages import say

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
        return forced
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


def oidc_user_id(claims: Mapping[str, object]) -> str:
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
    if not isinstance(cached, str):  # not read yet in this process
        cached = store.settings.get_or_create(SECRET_SETTING, lambda: secrets.token_urlsafe(48))
        store.memo[SECRET_SETTING] = cached
    return Signer(cached)


def anonymous_viewer(store: Store, token: object, client: str | None = None,
                     now: datetime | None = None) -> tuple[Viewer, str]:
    """The viewer a browser's signed token names, or a fresh anonymous one (with its new token)
    when the token is missing, tampered or signed by another server. A fresh one counts against
    its client address's hourly limit (``mint_anonymous``); a browser's own valid token never does."""
    signer = signer_for(store)
    user_id = signer.verify(token)
    if user_id is not None and user_id.startswith(_ANON_PREFIX):
        return Viewer(user_id, "anonymous"), str(token)
    user_id = mint_anonymous(store, client, now)
    return Viewer(user_id, "anonymous"), signer.sign(user_id)


# --- minting anonymous identities, limited per client address (issue 26) ----------------------------
# Every new browser session gets an identity, and every identity has its own daily limit: without a
# limit on minting, one visitor gets as many daily limits as they open sessions.

DEFAULT_IDENTITY_LIMIT = 20


class TooManyIdentities(RateLimited):
    """HTTP 429: this client address made too many anonymous identities this hour."""

    code = "too_many_identities"


def identity_limit_from_env() -> int:
    raw = os.environ.get("PLAYGROUND_IDENTITY_LIMIT", "").strip()
    if not raw:
        return DEFAULT_IDENTITY_LIMIT
    if not raw.isdigit() or int(raw) < 1:
        raise PlaygroundError(f"PLAYGROUND_IDENTITY_LIMIT must be a whole number of new anonymous identities per "
                              f"client address and hour (≥ 1), not {raw!r}.", code="bad_config")
    return int(raw)


def mint_anonymous(store: Store, client: str | None, now: datetime | None = None) -> str:
    """A new anonymous user id, if ``client`` (its address, see ``client_address``) made fewer than
    PLAYGROUND_IDENTITY_LIMIT this hour; else TooManyIdentities. ``None`` is a trusted caller (a test,
    the CLI): no limit. The claim is one conditional UPDATE on the address's counter row."""
    if client is not None:
        now = now or datetime.now(UTC).replace(tzinfo=None)
        hour = now.replace(minute=0, second=0, microsecond=0)
        limit = identity_limit_from_env()
        if store.limits.claim("identities", client, hour, limit) is None:
            wait = max(1, round((hour + timedelta(hours=1) - now).total_seconds()))
            minutes = max(1, -(-wait // 60))
            raise TooManyIdentities(
                say("too_many_identities", limit=limit, minutes=minutes),
                retry_after=wait)
    return new_anonymous_id()


def proxy_hops() -> int:
    """How many trusted proxies in front of the app append to X-Forwarded-For: ``PLAYGROUND_PROXY_HOPS``,
    else 1 on a Space (its proxy), else 0 (the app is reached directly)."""
    raw = os.environ.get("PLAYGROUND_PROXY_HOPS", "").strip()
    if not raw:
        return 1 if os.environ.get("SPACE_ID") else 0
    if not raw.isdigit() or int(raw) > 10:
        raise PlaygroundError(f"PLAYGROUND_PROXY_HOPS must be the number of trusted proxies in front of the app "
                              f"(0-10), not {raw!r}.", code="bad_config")
    return int(raw)


def client_address(peer: str | None, headers: Mapping[str, str]) -> str:
    """The one place that says which address a request came from (identity minting limits by it).

    With N trusted proxies in front (``proxy_hops``), the Nth X-Forwarded-For entry from the right:
    the one the outermost trusted proxy wrote. Entries left of it are whatever the client sent and
    are never trusted (a client rotating a forged header gets nowhere). Without proxies, the peer.
    An IPv6 address counts as its /64 network, since one subscriber holds a whole /64; anything
    unreadable is "unknown" (all of those share one limit)."""
    address = peer
    hops = proxy_hops()
    if hops:
        values = headers.getlist("x-forwarded-for") if hasattr(headers, "getlist") else [
            v for k, v in headers.items() if k.lower() == "x-forwarded-for"]
        entries = [e.strip() for value in values for e in str(value).split(",") if e.strip()]
        if len(entries) >= hops:
            address = entries[-hops]
    return _network(address)


def _network(address: str | None) -> str:
    text = (address or "").strip().strip("[]")
    if text.count(":") == 1 and "." in text:  # an IPv4 address with a port
        text = text.split(":", 1)[0]
    try:
        ip = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return "unknown"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def require(viewer: Viewer | None) -> str:
    """The user id of an established viewer; a session without one must reload."""
    if viewer is None:
        raise IdentityError("This browser session has no verified identity yet. Reload the page and try again.")
    return viewer.user_id
