"""Card data typed per card kind (agents/core/cards.py): producers are checked against their kind's model,
stored events load and keep their exact JSON, and a third party's kind passes as a plain JSON object."""

from __future__ import annotations

import json
import time

import pytest
from pydantic import ValidationError

from agents.core import cards
from agents.core.cards import CardData, CardDataInvalid, CardKindTaken, Chart
from agents.core.events import DataCard, Emitter, event_adapter
from agents.core.session import Session
from agents.core.tools import Card
from agents.core.turn import Turn
from agents.marketing.card_data import KpiSummary
from agents.shopping.card_data import Recommendations
from agents.travel.card_data import Itinerary
from agents.tutor.card_data import TutorChart

KPI = {"tiles": [{"label": "ROAS", "value": "3.2", "delta": "+0.4"},
                 {"label": "CPA", "value": "₩12,000", "delta": "-3.0%", "lower_is_better": True}],
       "period": "7d", "start": "2026-11-20", "end": "2026-11-26"}


def stored(card_type: str, data: dict) -> str:
    """A data_card line as the trace table keeps it."""
    return json.dumps({"turn_id": "turn_1", "seq": 3, "ts": "2026-06-01T09:00:00Z", "type": "data_card",
                       "card_type": card_type, "title": "t", "data": data, "elapsed_ms": 12.5}, ensure_ascii=False)


def test_every_built_in_kind_has_a_model():
    assert {k: cards.model_of(k).__name__ for k in (
        "kpi_summary", "kpi_trend", "campaign_list", "campaign_detail", "trend", "campaign_compare", "anomalies",
        "budget_recommendation", "report", "compare", "recommendations", "article", "correction", "place",
        "itinerary", "itinerary_preview", "tutor_chart")} == {
        "kpi_summary": "KpiSummary", "kpi_trend": "KpiTrend", "campaign_list": "Table", "campaign_detail": "Table",
        "trend": "Table", "campaign_compare": "Table", "anomalies": "Anomalies",
        "budget_recommendation": "BudgetRecommendation", "report": "Report", "compare": "Compare",
        "recommendations": "Recommendations", "article": "Article", "correction": "Correction", "place": "Place",
        "itinerary": "Itinerary", "itinerary_preview": "ItineraryPreview", "tutor_chart": "TutorChart"}
    assert cards.model_of("weather_widget") is None  # a kind nobody registered


def test_a_tool_card_that_drifts_from_its_kind_is_refused():
    with pytest.raises(ValidationError, match="kpi_summary"):
        Card(card_type="kpi_summary", title="KPI", data={**KPI, "tiles": [{"label": "ROAS"}]})  # no value
    with pytest.raises(ValidationError, match="perod"):
        Card(card_type="kpi_summary", title="KPI", data={**KPI, "perod": "7d"})  # a typo'd key
    with pytest.raises(ValidationError, match="kind"):
        Card(card_type="kpi_trend", title="trend", data={"chart": {"kind": "donut", "x": [], "series": {}}})
    assert Card(card_type="kpi_summary", title="KPI", data=KPI).data == KPI  # kept exactly as written


def test_a_pipeline_card_is_checked_when_its_turn_emits_it():
    turn = Turn.__new__(Turn)  # only what emit uses: the turn's emitter, clock and record
    turn._emitter, turn.started, turn.ttft_ms, turn.recorded = Emitter("turn_1"), time.perf_counter(), None, []
    with pytest.raises(CardDataInvalid, match="recommendations"):
        turn.emit(DataCard, card_type="recommendations", title="Top 3", data={"recommendations": "none"})
    card = turn.emit(DataCard, card_type="kpi_summary", title="KPI", data=KPI)
    assert isinstance(card, DataCard) and card.data == KPI and card.seq == 1  # the refused one took no number
    assert [e for e, _ in turn.recorded] == [card]
    # The bare Emitter stays a plain factory (tests and replays build any event with it).
    assert Emitter("t")(DataCard, card_type="kpi_summary", title="x", data={}).data == {}


def test_a_third_party_kind_is_a_plain_json_object():
    data = {"forecast": [{"day": "mon", "c": 3.5}], "anything": {"nested": [1, None]}}
    assert Card(card_type="weather_widget", title="날씨", data=data).data == data
    parsed = cards.parse("weather_widget", data)
    assert type(parsed) is CardData and parsed.model_extra == data


def test_consumers_read_a_typed_model():
    kpi = cards.parse("kpi_summary", KPI)
    assert isinstance(kpi, KpiSummary)
    assert [(t.label, t.value, t.lower_is_better) for t in kpi.tiles] == [("ROAS", "3.2", False),
                                                                          ("CPA", "₩12,000", True)]
    chart = cards.parse("kpi_trend", {"chart": {"kind": "line", "x": ["11-25", "11-26"],
                                                "series": {"ROAS": [3.1, None]}, "secondary": ["ROAS"]}}).chart
    assert chart == Chart(kind="line", x=["11-25", "11-26"], series={"ROAS": [3.1, None]}, secondary=["ROAS"])


def test_one_kind_has_one_model():
    cards.register("tutor_chart", TutorChart)  # the same model again: fine
    with pytest.raises(CardKindTaken, match="tutor_chart"):
        cards.register("tutor_chart", Itinerary)
    assert cards.model_of("tutor_chart") is TutorChart


@pytest.mark.parametrize("card_type, data", [
    ("kpi_summary", KPI),
    # shapes that no longer fit today's models: an old tile without a value, a recommendation list of ids
    ("kpi_summary", {"tiles": [{"label": "ROAS"}], "period": "7d"}),
    ("recommendations", {"recommendations": ["p1", "p2"], "updatedSession": None}),
    ("weather_widget", {"forecast": [1, 2]}),
])
def test_stored_cards_load_and_keep_their_exact_json(card_type, data):
    line = stored(card_type, data)
    event = event_adapter().validate_json(line)
    assert isinstance(event, DataCard) and event.data == data
    again = {**event.model_dump(mode="json"), "elapsed_ms": 12.5}  # as trace_record writes it back
    assert again == json.loads(line)


def test_a_real_turn_makes_cards_that_fit_their_kind(store, clock):
    events = Session("marketing", clock=clock).run("이번 주 성과 어때?")
    made = [e for e in events if isinstance(e, DataCard)]
    assert [e.card_type for e in made] == ["kpi_summary", "kpi_trend"]
    summary = cards.parse("kpi_summary", made[0].data)
    assert isinstance(summary, KpiSummary) and summary.period == "7d"
    assert [t.label for t in summary.tiles] == ["총 지출", "총 매출", "ROAS", "CTR", "전환", "CPA"]
    assert isinstance(cards.parse("kpi_trend", made[1].data).chart, Chart)


def test_the_shopping_pipeline_card_fits_its_kind(store, clock):
    events = Session("shopping", clock=clock).run("분유포트 추천해줘")
    made = [e for e in events if isinstance(e, DataCard)]
    assert [e.card_type for e in made] == ["recommendations"]
    recs = cards.parse("recommendations", made[0].data)
    assert isinstance(recs, Recommendations) and len(recs.recommendations) == 3
    assert recs.updatedSession["category"] == "분유포트"


def test_a_producer_builds_its_kind_and_the_event_keeps_the_same_json():
    """A model becomes exactly the JSON the same dict made: only the keys its producer set, no null defaults."""
    from agents.marketing.card_data import KpiTrend
    chart = {"kind": "line", "x": ["11-25", "11-26"], "series": {"ROAS": [3.1, None]}, "secondary": ["ROAS"]}
    as_dict = Emitter("t")(DataCard, card_type="kpi_trend", title="trend", data={"chart": chart})
    as_model = Emitter("t")(DataCard, card_type="kpi_trend", title="trend", data=KpiTrend(chart=Chart(**chart)))
    assert as_model.data == {"chart": chart}
    assert as_model.model_dump_json(exclude={"ts"}) == as_dict.model_dump_json(exclude={"ts"})
    tool_card = Card(card_type="kpi_summary", title="KPI", data=KpiSummary.model_validate(KPI))
    assert tool_card.data == KPI and isinstance(tool_card.data, dict)
    # the wrong kind's model is refused like a wrong shape
    with pytest.raises(ValidationError, match="kpi_summary"):
        Card(card_type="kpi_summary", title="KPI", data=KpiTrend(chart=Chart(**chart)))
    with pytest.raises(CardDataInvalid, match="kpi_summary"):
        cards.check("kpi_summary", KpiTrend(chart=Chart(**chart)))


def test_a_models_strings_are_redacted_like_a_dicts():
    from agents.marketing.card_data import Report
    event = Emitter("t")(DataCard, card_type="report", title="r", data=Report(markdown="key sk-ant-api03-" + "a" * 40))
    assert "sk-ant" not in event.model_dump_json()


def test_the_alert_card_is_a_core_kind():
    from agents.core.cards import AlertCard
    assert cards.model_of("alert") is AlertCard
    with pytest.raises(CardDataInvalid, match="alert"):
        cards.check("alert", {"severity": "LOUD", "message": "m", "alert_id": "a1"})


# Card JSON as stored before the kinds had models (message meta and trace lines), one per front-end convention.
OLD_CARDS = [
    {"card_type": "kpi_summary", "title": "이번 주 KPI", "data": KPI},
    {"card_type": "kpi_trend", "title": "일별", "data": {"chart": {
        "kind": "line", "x": ["2026-11-25", "2026-11-26"], "series": {"지출(₩)": [1000, 1200], "ROAS": [3.1, 2.9]},
        "secondary": ["ROAS"], "y_title": "₩"}}},
    {"card_type": "campaign_list", "title": "목록", "data": {"columns": ["캠페인", "ROAS"], "rows": [["봄", "3.10"]],
                                                           "chart": {"kind": "bar", "x": ["봄"], "series": {"ROAS": [3.1]}}}},
    {"card_type": "alert", "title": "ROAS 급락", "data": {"severity": "WARNING", "message": "봄 ROAS -40%", "alert_id": "a1"}},
    # an old tile that lost its value, and a third party's kind
    {"card_type": "kpi_summary", "title": "옛 KPI", "data": {"tiles": [{"label": "ROAS"}], "period": "7d"}},
    {"card_type": "weather_widget", "title": "날씨", "data": {"forecast": [1, 2], "markdown": "맑음"}},
]


def test_old_stored_card_json_still_loads_and_renders():
    from agents.core.store.models import MessageRow
    from agents.view.cards import card_markdown, dataframe_for, figure_for, tiles_of
    from agents.view.render import view_from_history
    when = "2026-06-01T09:00:00Z"
    rows = [MessageRow(id="m1", conversation_id="c", seq=1, turn_id="t1", role="user", content="성과", created_at=when),
            MessageRow(id="m2", conversation_id="c", seq=2, turn_id="t1", role="assistant", content="네.",
                       meta={"cards": OLD_CARDS}, created_at=when)]
    shown = [m.card for m in view_from_history("c", rows, []).messages if m.card is not None]
    assert [(c.card_type, c.data) for c in shown] == [(c["card_type"], c["data"]) for c in OLD_CARDS]  # unchanged
    kpi, trend, table, alert, old, third = shown
    assert [(t.label, t.value, t.delta, t.tone) for t in tiles_of(kpi)] == [
        ("ROAS", "3.2", "+0.4", "good"), ("CPA", "₩12,000", "-3.0%", "good")]
    figure = figure_for(trend)
    assert [t.name for t in figure.data] == ["지출(₩)", "ROAS"] and figure.data[1].yaxis == "y2"
    assert dataframe_for(table).to_dict("records") == [{"캠페인": "봄", "ROAS": "3.10"}]
    assert figure_for(table) is None and [t.label for t in tiles_of(table)] == ["ROAS · 봄"]  # one bar: a tile
    assert card_markdown(alert) == "**ROAS 급락** · WARNING\n\n봄 ROAS -40%"
    assert tiles_of(old) == [] and figure_for(old) is None  # drawn without its lost figure, not an error
    assert card_markdown(third) == "**날씨**\n\n맑음" and third.typed.model_extra == {"forecast": [1, 2]}
    assert isinstance(kpi.typed, KpiSummary) and kpi.typed.tiles[1].lower_is_better
    # and as trace lines they parse into the same events, whose JSON is the stored JSON
    for card in OLD_CARDS:
        line = stored(card["card_type"], card["data"])
        assert {**event_adapter().validate_json(line).model_dump(mode="json"), "elapsed_ms": 12.5} == json.loads(line)
