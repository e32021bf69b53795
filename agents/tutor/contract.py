"""The Agent Control Contract's ``context_text`` (seed 002) as pydantic models: the app builds it on
every send, the agent parses it. ``build`` and ``parse`` round-trip exactly."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agents.tutor.catalog import CatalogAction, catalog_for
from agents.tutor.sandbox import AppState, Link, Order, filters, is_route, sections, selected_entities, state_for_route
from agents.tutor.sandbox_data import stocks

Source = Literal["agent_dock", "home_page", "portfolio_stock_detail", "agent_canvas"]
Phase = Literal["idle", "running", "success", "error"]


class SelectedEntities(BaseModel):
    stock_code: str | None = None
    stock_name: str | None = None
    date_key: str | None = None
    case_id: str | None = None


class Filters(BaseModel):
    period: Literal["1M", "3M", "1Y"] | None = None
    tab: str | None = None
    keyword: str | None = None


class UISnapshot(BaseModel):
    route: str
    mode: Literal["home", "stock", "education", "my"]
    visible_sections: list[str] = Field(default_factory=list)
    selected_entities: SelectedEntities = Field(default_factory=SelectedEntities)
    filters: Filters = Field(default_factory=Filters)
    portfolio_summary: dict[str, Any] | None = None
    location_state: dict[str, Any] | None = None
    captured_at: datetime


class InteractionState(BaseModel):
    source: Source = "agent_dock"
    mode: Literal["home", "stock", "education", "my"] = "home"
    route: str = "/home"
    last_prompt: str | None = None
    focused_prompt: str | None = None
    control_phase: Phase = "idle"
    control_active: bool = False


class ContextText(BaseModel):
    model_config = ConfigDict(extra="ignore")

    mode: Literal["home", "stock", "education", "my"]
    context: dict[str, Any] = Field(default_factory=dict)
    ui_snapshot: UISnapshot
    action_catalog: list[CatalogAction]
    interaction_state: InteractionState = Field(default_factory=InteractionState)

    def to_text(self) -> str:
        return self.model_dump_json()


def build(state: AppState, now: datetime, *, portfolio_summary: dict[str, object] | None = None,
          source: Source = "agent_dock", prompt: str | None = None, context: dict[str, object] | None = None
          ) -> ContextText:
    """The contract for ``state``, captured at ``now`` (the app calls this on every send)."""
    location = {"archive_open": state.archive_open, "order": state.order.model_dump() if state.order else None,
                "link": state.link.model_dump() if state.link else None, "history": state.history[-5:]}
    return ContextText(
        mode=state.mode, context=context or {},
        ui_snapshot=UISnapshot(route=state.route, mode=state.mode, visible_sections=sections(state),
                               selected_entities=SelectedEntities(**selected_entities(state)),
                               filters=Filters(**filters(state)), portfolio_summary=portfolio_summary,
                               location_state=location, captured_at=now),
        action_catalog=catalog_for(state),
        interaction_state=InteractionState(source=source, mode=state.mode, route=state.route,
                                           last_prompt=prompt if prompt is not None else state.last_prompt,
                                           control_phase=state.control_phase,
                                           control_active=state.control_phase == "running"),
    )


class BadContext(ValueError):
    """``context_text`` that is not the contract's JSON; the message names what is wrong."""


def parse(text: str) -> ContextText:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadContext(f"context_text is not valid JSON ({exc.msg} at position {exc.pos}).") from exc
    if not isinstance(raw, dict):
        raise BadContext(f"context_text must be a JSON object, not {type(raw).__name__}.")
    try:
        return ContextText.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise BadContext(f"context_text.{where}: {first['msg']} ({exc.error_count()} problem(s) in all).") from exc


def state_of(ctx: ContextText) -> AppState:
    """The app state a contract describes (route, filters, selected entities)."""
    snap = ctx.ui_snapshot
    try:
        state = state_for_route(snap.route)
    except ValueError as exc:
        raise BadContext(f"context_text.ui_snapshot.route: {exc}") from exc
    update: dict[str, object] = {"last_prompt": ctx.interaction_state.last_prompt,
                              "date_key": snap.selected_entities.date_key}
    if snap.filters.period:
        update["period"] = snap.filters.period
    if snap.filters.tab:
        update["tab"] = snap.filters.tab
    if snap.filters.keyword:
        update["keyword"] = snap.filters.keyword
    return state.model_copy(update={**update, **_location(snap.location_state or {})})


def _location(raw: Mapping[str, object]) -> dict[str, object]:
    """What the app reports beyond the route (archive, order and link screens, visited routes),
    each taken only when it names sandbox things; anything else is left at its default."""
    visited = raw.get("history")
    out: dict[str, object] = {"archive_open": raw.get("archive_open") is True,
                              "history": [r for r in (visited if isinstance(visited, list) else [])
                                          if isinstance(r, str) and is_route(r)][-20:]}
    try:
        order = Order.model_validate(raw["order"]) if raw.get("order") else None
        out["order"] = order if order is None or order.code in stocks() else None
    except ValueError:
        pass
    try:
        link = Link.model_validate(raw["link"]) if raw.get("link") else None
        if link is not None:
            link.url  # noqa: B018 - a link kind outside the catalog or a missing stock raises
        out["link"] = link
    except (ValueError, KeyError):
        pass
    return out


_FIELDS: dict[str, type[BaseModel]] = {"": ContextText, "ui_snapshot": UISnapshot,
                                       "interaction_state": InteractionState}


def _merge(base: Mapping[str, object], given: Mapping[str, object]) -> dict[str, object]:
    out = dict(base)
    for key, value in given.items():
        current = out.get(key)
        out[key] = _merge(current, value) if isinstance(value, dict) and isinstance(current, dict) else value
    return out


def _route_of(raw: Mapping[str, object]) -> str:
    for part in ("ui_snapshot", "interaction_state"):
        section = raw.get(part)
        route = section.get("route") if isinstance(section, dict) else None
        if isinstance(route, str) and is_route(route):
            return route
    mode = raw.get("mode")
    if mode == "stock":
        return f"/stock/{next(iter(stocks()))}"
    return f"/{mode}" if mode in ("home", "education", "my") else "/home"


def complete(text: str, now: datetime) -> tuple[str, list[str]]:
    """A partial ``context_text`` (issue 30: the seed only recommends the structure) completed with the
    defaults of the screen it names (its route, else its mode, else home), and the fields it has that the
    contract does not know (named in a warning, never refused). Text that is not a JSON object is left
    as it is, for ``parse`` to refuse by name."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError:
        return text, []
    if not isinstance(raw, dict):
        return text, []
    unknown = [f"context_text.{key}" for key in raw if key not in ContextText.model_fields]
    for part, model in _FIELDS.items():
        section = raw.get(part) if part else None
        if isinstance(section, dict):
            unknown += [f"context_text.{part}.{key}" for key in section if key not in model.model_fields]
    try:
        defaults = build(state_for_route(_route_of(raw)), now).model_dump(mode="json")
    except ValueError:
        return text, unknown
    return json.dumps(_merge(defaults, raw), ensure_ascii=False), unknown
