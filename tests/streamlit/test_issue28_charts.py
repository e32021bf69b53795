"""Issue 28 point 8 in the Streamlit app (AppTest), fixed once in agents/view/cards.py: a one-day chart
("어제 광고비") is drawn as tiles naming its day, never a Plotly time axis of one point (ticked in ms)."""

from __future__ import annotations

from tests.streamlit.conftest import send


def test_a_one_day_trend_is_tiles_not_a_chart(app):
    send(app, "어제 광고비")
    reply = app.chat_message[1]
    labels = [m.label for m in reply.metric]
    # the KPI card's six tiles, then the one-day trend as one tile per series (before: a one-point chart)
    trend = [label for label in labels if " · 20" in label]
    assert [label.split(" · ")[0] for label in trend] == ["지출(₩)", "매출(₩)", "ROAS"]
    assert len({label.split(" · ")[1] for label in trend}) == 1
    assert app.get("plotly_chart") == []
