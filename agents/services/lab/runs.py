"""One turn against a given configuration (provider, model, prompt version): the plain function
side-by-side comparisons use, and evaluation runs can."""

from __future__ import annotations

from agents.core.clock import Clock, system_clock
from agents.core.events import Event
from agents.core.providers import ModelOptions, Provider, make_provider
from agents.core.session import Session
from agents.core.store import Store
from agents.core.store.comparisons import SideConfig
from agents.core.turn import TurnSettings
from agents.services.lab import prompts
from agents.services.lab.access import LabUser
from agents.services.messages import say


def provider_for(config: SideConfig, *, api_key: str | None = None, pace_ms: float | None = None) -> Provider:
    settings: dict[str, object] = {}
    if config.model:
        settings["model"] = config.model
    if api_key:
        settings["api_key"] = api_key
    return make_provider(config.provider, pace_ms=pace_ms, **settings)


def check_config(store: Store, agent_id: str, config: SideConfig, who: LabUser) -> SideConfig:
    """The configuration, or a refusal naming what is wrong (unknown provider, a version ``who`` cannot use)."""
    from agents.core.errors import InvalidArgs
    from agents.core.providers import PROVIDER_NAMES

    if config.provider not in PROVIDER_NAMES:
        raise InvalidArgs(say("provider_unknown", shown=config.provider, choices=", ".join(PROVIDER_NAMES)))
    if config.prompt_version is not None:
        prompts.version(store, agent_id, config.prompt_version, who)
    return config


def session_with(agent_id: str, user_id: str, config: SideConfig, *, conversation_id: str | None = None,
                 owner_id: str | None = None, comparison: tuple[str, str] | None = None,
                 provider: Provider | None = None, api_key: str | None = None, pace_ms: float | None = None,
                 store: Store | None = None, clock: Clock = system_clock) -> Session:
    """A Session whose turns use ``config``: its provider and model, and its prompt version (None: the
    conversation's pick or the active version). ``owner_id`` is the person behind a sandbox user."""
    settings = TurnSettings(prompt_version=config.prompt_version, owner_id=owner_id, comparison=comparison,
                            options=ModelOptions(temperature=config.temperature,
                                                 max_output_tokens=config.max_output_tokens))
    return Session(agent_id, user_id=user_id, conversation_id=conversation_id, store=store, clock=clock,
                   provider=provider or provider_for(config, api_key=api_key, pace_ms=pace_ms), settings=settings)


def run_turn_with(agent_id: str, user_id: str, text: str, config: SideConfig, *, conversation_id: str | None = None,
                  provider: Provider | None = None, store: Store | None = None,
                  clock: Clock = system_clock) -> tuple[list[Event], str | None]:
    """Run one turn with ``config``; returns its events and the conversation id (to continue it)."""
    session = session_with(agent_id, user_id, config, conversation_id=conversation_id, provider=provider,
                           store=store, clock=clock)
    events = session.run(text)
    return events, session.conversation_id

