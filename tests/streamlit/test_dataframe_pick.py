"""A picked row of a Lab table opens its turn (``dataframe_pick``): the selection Streamlit keeps is read
without trusting its shape."""

from __future__ import annotations

import pytest

from pages.streamlit.lab import context


@pytest.mark.parametrize(("state", "opened"), [
    ({"selection": {"rows": [1], "columns": []}}, "turn_b"),
    ({"selection": {"rows": [], "columns": []}}, None),
    ({"selection": {"rows": [5]}}, None),  # a row the table no longer has
    ({"selection": {"rows": ["1"]}}, None),
    ({"selection": None}, None),
    ({}, None),
    (None, None),
])
def test_the_picked_row_opens_its_turn(monkeypatch, state, opened):
    session: dict[str, object] = {"pick": state}
    monkeypatch.setattr(context.st, "session_state", session)
    context.dataframe_pick("pick", ["turn_a", "turn_b"], "open")()
    assert session.get("open") == opened
