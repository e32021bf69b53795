"""What a data card carries, typed per card kind.

A card's ``data`` is a JSON object, stored as written in the event log (``DataCard.data``). Each agent
registers a pydantic model for every card kind it makes (``register``); ``check`` validates a card's data
against it when the card is made (``Card`` and ``Turn.emit``), so a producer that drifts from its card's
shape fails in its own tests instead of in a front end, and ``parse`` gives a consumer the typed model.
The only fallback is for a card kind nobody registered (a third party's): a plain JSON object.

Producers build their kind's model; a card keeps it as the JSON it stands for (``CardField``: the set fields
only, so the stored JSON is what the same dict made before). Stored events are never validated again when they
load (a 5,000-row table would be walked on every reload): the stored JSON keeps its exact shape, an old card
whose kind has changed since still loads, and a consumer asks for the typed model when it reads one (``parse``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, JsonValue, ValidationError, ValidatorFunctionWrapHandler, WrapValidator

Cell = str | int | float | bool | None
Number = int | float | None


class Chart(BaseModel):
    """The ``chart`` convention (agents/view/cards.py): series over ``x``; "candlestick" adds
    ``open``/``high``/``low`` (the first series is the close); "pie" draws the first series over ``x``."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["line", "bar", "pie", "candlestick"]
    x: list[str | int | float]
    series: dict[str, list[Number]]
    secondary: list[str] = []  # series drawn on a second axis
    y_title: str = ""
    open: list[Number] | None = None
    high: list[Number] | None = None
    low: list[Number] | None = None


class TileData(BaseModel):
    """One headline figure of the ``tiles`` convention."""

    model_config = ConfigDict(extra="forbid")

    label: str
    value: str
    delta: str = ""
    lower_is_better: bool = False


class CardData(BaseModel):
    """The conventions every front end draws: a table (``columns`` + ``rows``), a ``chart``, headline
    ``tiles`` and a ``markdown`` body or a ``message``. A card kind's model subclasses it and names its own
    keys; ``extra="allow"`` keeps keys a kind adds beside them (a kind may forbid them)."""

    model_config = ConfigDict(extra="allow")

    columns: list[str] | None = None
    rows: list[list[Cell]] | None = None
    chart: Chart | None = None
    tiles: list[TileData] | None = None
    markdown: str | None = None
    message: str | None = None


_models: dict[str, type[CardData]] = {}
_lock = threading.Lock()
# Agents register their kinds when they load, and one command may load one agent only: a kind not known yet loads
# the rest first (set by the agent registry, which sits above this module).
_load_agents: Callable[[], None] | None = None


def set_agent_loader(load: Callable[[], None]) -> None:
    global _load_agents
    _load_agents = load


def _model(card_type: str) -> type[CardData] | None:
    model = _models.get(card_type)
    if model is None and _load_agents is not None:
        _load_agents()
        model = _models.get(card_type)
    return model


class CardDataInvalid(ValueError):
    """A card's data does not fit its kind's model (a producer's bug, never a user's input)."""


class CardKindTaken(ValueError):
    """Two models registered for one card kind: a kind has one shape, or consumers cannot rely on it."""


def register(card_type: str, model: type[CardData]) -> type[CardData]:
    """Make ``model`` the shape of ``card_type`` cards (idempotent for the same model)."""
    with _lock:
        known = _models.get(card_type)
        if known is not None and known is not model:
            raise CardKindTaken(f"card kind {card_type!r} already has the model {known.__qualname__}")
        _models[card_type] = model
    return model


def model_of(card_type: str) -> type[CardData] | None:
    """The registered model of a card kind; None for a kind nobody registered (a third party's)."""
    return _model(card_type)


def check(card_type: str, data: Mapping[str, object] | CardData) -> None:
    """Raise CardDataInvalid unless ``data`` fits its kind's model; the data itself is kept as written.
    An unregistered kind passes as the JSON object it is."""
    model = _model(card_type)
    if model is None:
        return
    if isinstance(data, CardData):  # built by its producer, so validated then: only its kind is left to check
        if not isinstance(data, model):
            raise CardDataInvalid(f"the {card_type!r} card's data is a {type(data).__qualname__}, "
                                  f"not its kind's {model.__qualname__}")
        return
    try:
        model.model_validate(data)
    except ValidationError as exc:
        raise CardDataInvalid(f"the {card_type!r} card's data does not fit {model.__qualname__}: {exc}") from exc


def parse(card_type: str, data: Mapping[str, object]) -> CardData:
    """The typed data of a card: its kind's model, or the shared conventions for an unregistered kind."""
    return (_model(card_type) or CardData).model_validate(data)


class AlertCard(CardData):
    """A pushed alert, drawn in the chat as a card (the runner's opening cards and the live ``alert`` event)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)  # built on first use: a chat turn seldom makes one

    severity: Literal["INFO", "WARNING", "CRITICAL"]
    message: str
    alert_id: str


register("alert", AlertCard)


# --- the JSON a card carries ------------------------------------------------------------------------------

CardJson = dict[str, JsonValue]


def json_of(data: CardData | CardJson) -> CardJson:
    """The JSON object a card stores: a model's fields as its producer set them (a dict is kept as given)."""
    return data.model_dump(mode="json", exclude_unset=True) if isinstance(data, CardData) else data


def _as_json(value: object, handler: ValidatorFunctionWrapHandler) -> CardJson:
    if isinstance(value, CardData):
        return json_of(value)
    if isinstance(value, dict):  # checked when made, or read back from the store: never walked again
        return value
    checked: CardJson = handler(value)  # anything else is refused as not a JSON object
    return checked


# The type of a card's data on an event or a view: its kind's model as JSON, or the JSON object it already is.
CardField = Annotated[CardJson, WrapValidator(_as_json)]
