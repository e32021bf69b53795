"""The sandbox app's state machine, as pure functions (framework-neutral; the Gradio panel only draws).

Screens (``data/tutor/screens.json``): home, stock/{code}, education[/{case_id}], my. Each screen has
its sections, tabs and filters; the app keeps its selected entities. ``apply`` runs one *validated*
UI action and returns the new state; it never mutates its input.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal, cast, get_args

from pydantic import BaseModel, Field

from agents.tutor.sandbox_data import ScreenSpec, cases, screens, stock_name, stocks

Mode = Literal["home", "stock", "education", "my"]


def _mode(value: str) -> Mode:
    """A screen's mode by name (the routes and screens.json name only these)."""
    if value in get_args(Mode):
        return cast(Mode, value)  # checked just above: one of the Literal's values
    raise ValueError(f"unknown screen mode {value!r}")
_ROUTE = re.compile(r"^/(?:(home|my|education)|stock/([0-9]{6})|education/([a-z0-9]+(?:-[a-z0-9]+)*))/?$")


class Order(BaseModel):
    """The sandbox order screen a confirmed open_order shows (no order is ever placed)."""

    side: Literal["buy", "sell"]
    code: str


class Link(BaseModel):
    """An external link a confirmed open_external_link opened: the catalog's link kind and stock."""

    link: str
    code: str | None = None

    @property
    def url(self) -> str:
        return external_url(self.link, self.code)


class AppState(BaseModel):
    mode: Mode = "home"
    stock_code: str | None = None
    case_id: str | None = None
    date_key: str | None = None
    period: Literal["1M", "3M", "1Y"] = "3M"
    tab: str = "overview"
    keyword: str | None = None
    archive_open: bool = False
    order: Order | None = None
    link: Link | None = None  # set only after a confirmed open_external_link
    last_prompt: str | None = None
    control_phase: Literal["idle", "running", "success", "error"] = "idle"
    history: list[str] = Field(default_factory=list)  # routes visited, newest last (the archive shows them)

    @property
    def external_url(self) -> str | None:
        return self.link.url if self.link is not None else None

    @property
    def route(self) -> str:
        match self.mode:
            case "stock":
                return f"/stock/{self.stock_code}"
            case "education" if self.case_id:
                return f"/education/{self.case_id}"
            case _:
                return f"/{self.mode}"


def screen(mode: str) -> ScreenSpec:
    return next(s for s in screens()["screens"] if s["mode"] == mode)


def default_state() -> AppState:
    return AppState()


def is_route(route: str) -> bool:
    return _ROUTE.match(route.strip()) is not None


def state_for_route(route: str, base: AppState | None = None) -> AppState:
    """The state showing ``route`` (a phrasing's screen, a typed address); ValueError names a bad route."""
    m = _ROUTE.match(route.strip())
    if m is None:
        raise ValueError(f"알 수 없는 화면 주소입니다: {route!r} (/home, /stock/005930, /education, /my 중 하나)")
    mode, code, case_id = m.groups()
    state = (base or default_state()).model_copy()
    if code is not None:
        if code not in stocks():
            raise ValueError(f"샌드박스에 없는 종목 코드입니다: {code}")
        return _go(state, "stock", stock_code=code)
    if case_id is not None:
        if case_id not in cases():
            raise ValueError(f"없는 교육 사례입니다: {case_id}")
        return _go(state, "education", case_id=case_id)
    return _go(state, _mode(mode))


def _go(state: AppState, mode: Mode, **fields: str) -> AppState:
    keep_period = state.period
    new = AppState(mode=mode, period=keep_period, tab=screen(mode)["default_tab"], last_prompt=state.last_prompt,
                   control_phase=state.control_phase, history=[*state.history, state.route][-20:], **fields)
    return new


def sections(state: AppState) -> list[str]:
    """The sections visible now: a case page shows its detail and terms, the list shows the list."""
    all_sections = list(screen(state.mode)["sections"])
    if state.mode == "education":
        return ["case_detail", "key_terms", "quiz"] if state.case_id else ["case_list"]
    return all_sections


def apply(state: AppState, action_id: str, params: Mapping[str, object]) -> AppState:
    """Run one UI action already validated against the catalog (``actions.validate``)."""
    s = state.model_copy(deep=True)

    def p(key: str) -> str:  # the catalog's params_schema makes every param a string
        return str(params[key])

    match action_id:
        case "nav_home":
            return _go(s, "home")
        case "nav_education":
            return _go(s, "education")
        case "nav_my":
            return _go(s, "my")
        case "nav_stock":
            return _go(s, "stock", stock_code=p("code"))
        case "open_case":
            return _go(s, "education", case_id=p("case_id"))
        case "open_archive":
            return s.model_copy(update={"archive_open": True})
        case "set_period":
            return s.model_copy(update={"period": p("period")})
        case "set_tab":
            tab = p("tab")
            owner = _mode(next(sc["mode"] for sc in screens()["screens"] if tab in sc["tabs"]))
            moved = s if owner == s.mode else _go(s, owner)
            return moved.model_copy(update={"tab": tab, "case_id": None if owner == "education" else moved.case_id})
        case "set_keyword":
            moved = s if s.mode == "education" else _go(s, "education")
            return moved.model_copy(update={"keyword": p("keyword").strip() or None, "case_id": None})
        case "open_order":
            moved = s if s.mode == "stock" and s.stock_code == p("code") else _go(s, "stock", stock_code=p("code"))
            return moved.model_copy(update={"order": Order.model_validate({"side": params["side"], "code": p("code")})})
        case "open_external_link":
            link = Link(link=p("link"), code=str(params.get("code") or "") or s.stock_code)
            link.url  # noqa: B018 - raises ValueError when the link needs a stock it does not have
            return s.model_copy(update={"link": link})
        case "remove_holding" | "reset_portfolio":
            return s if s.mode == "my" else _go(s, "my")  # the data change itself is in the store
    raise ValueError(f"unknown action {action_id!r}")


def external_url(link: str, code: str | None) -> str:
    spec = screens()["external_links"][link]
    stock = stocks().get(code or "")
    if "{code}" in spec["url"] and stock is None:
        raise ValueError("이 링크는 종목이 필요합니다. 종목 화면에서 요청하거나 종목 이름을 말해 주세요.")
    if "{homepage}" in spec["url"]:
        if stock is None:
            raise ValueError("홈페이지 링크는 종목이 필요합니다.")
        return stock.homepage
    return spec["url"].replace("{code}", code or "")


def selected_entities(state: AppState) -> dict[str, str | None]:
    return {"stock_code": state.stock_code, "stock_name": stock_name(state.stock_code),
            "date_key": state.date_key, "case_id": state.case_id}


def filters(state: AppState) -> dict[str, str | None]:
    own = screen(state.mode)["filters"]
    return {"period": state.period if "period" in own else None, "tab": state.tab,
            "keyword": state.keyword if "keyword" in own else None}
