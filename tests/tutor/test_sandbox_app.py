"""The sandbox app as pure functions: routes, screens, actions, catalog validation."""

from __future__ import annotations

import pytest

from agents.tutor import sandbox
from agents.tutor.catalog import ActionRejected, catalog_for, validate
from agents.tutor.sandbox import AppState, apply, default_state, state_for_route


def test_default_is_home_with_its_sections_and_tab() -> None:
    s = default_state()
    assert (s.mode, s.route, s.tab, s.period) == ("home", "/home", "overview", "3M")
    assert sandbox.sections(s) == ["market_summary", "movers", "watchlist", "featured_case"]
    assert sandbox.filters(s) == {"period": None, "tab": "overview", "keyword": None}


def test_routes_round_trip_and_bad_routes_are_named() -> None:
    for route in ("/home", "/my", "/education", "/education/etf-basics", "/stock/005930"):
        assert state_for_route(route).route == route
    with pytest.raises(ValueError, match="/nowhere"):
        state_for_route("/nowhere")
    with pytest.raises(ValueError, match="999999"):
        state_for_route("/stock/999999")
    with pytest.raises(ValueError, match="no-such-case"):
        state_for_route("/education/no-such-case")


def test_navigation_keeps_history_and_selected_entities() -> None:
    s = apply(default_state(), "nav_stock", {"code": "000660"})
    assert (s.route, s.tab, s.history) == ("/stock/000660", "chart", ["/home"])
    assert sandbox.selected_entities(s) == {"stock_code": "000660", "stock_name": "SK하이닉스", "date_key": None,
                                            "case_id": None}
    s2 = apply(s, "set_period", {"period": "1Y"})
    assert s2.period == "1Y" and s.period == "3M"  # pure: the input is unchanged
    case = apply(s2, "open_case", {"case_id": "covid-crash-2020"})
    assert case.route == "/education/covid-crash-2020"
    assert sandbox.sections(case) == ["case_detail", "key_terms", "quiz"]
    assert apply(case, "nav_my", {}).route == "/my"


def test_tab_and_keyword_move_to_the_screen_that_owns_them() -> None:
    s = apply(default_state(), "set_tab", {"tab": "allocation"})
    assert (s.mode, s.tab) == ("my", "allocation")
    k = apply(state_for_route("/education/etf-basics"), "set_keyword", {"keyword": " 금리 "})
    assert (k.route, k.keyword) == ("/education", "금리")


def test_high_risk_screens() -> None:
    s = apply(default_state(), "open_order", {"side": "sell", "code": "035720"})
    assert s.route == "/stock/035720" and s.order is not None and s.order.side == "sell"
    link = apply(state_for_route("/stock/005930"), "open_external_link", {"link": "naver_finance"})
    assert link.external_url == "https://finance.naver.com/item/main.naver?code=005930"
    with pytest.raises(ValueError, match="종목"):
        apply(default_state(), "open_external_link", {"link": "homepage"})


def test_catalog_per_screen_and_validation() -> None:
    home = catalog_for(default_state())
    stock = catalog_for(state_for_route("/stock/005930"))
    edu = catalog_for(state_for_route("/education"))
    assert "set_period" not in {a.id for a in home} and "set_period" in {a.id for a in stock}
    assert "set_keyword" in {a.id for a in edu} and "set_keyword" not in {a.id for a in stock}
    risks = {a.id: a.risk for a in stock}
    assert {k for k, v in risks.items() if v == "high"} == {"open_order", "open_external_link", "remove_holding",
                                                            "reset_portfolio"}
    assert all(a.intent_keywords and a.label for a in stock)
    assert validate(stock, "set_period", {"period": "1Y"}).risk == "low"
    with pytest.raises(ActionRejected, match="Unknown action id 'set_period'"):
        validate(home, "set_period", {"period": "1Y"})
    with pytest.raises(ActionRejected, match="period: '2Y' is not one of"):
        validate(stock, "set_period", {"period": "2Y"})
    with pytest.raises(ActionRejected, match="'code' is a required property"):
        validate(stock, "nav_stock", {})
    with pytest.raises(ActionRejected, match="not in the sandbox"):
        validate(stock, "nav_stock", {"code": "123456"})
    with pytest.raises(ActionRejected, match="must be a JSON object"):
        validate(stock, "nav_home", ["x"])


def test_state_is_a_plain_model() -> None:
    s = AppState.model_validate_json(apply(default_state(), "nav_my", {}).model_dump_json())
    assert s.route == "/my"
