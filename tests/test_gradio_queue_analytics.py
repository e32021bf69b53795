"""Gradio's queue summarises its recent events for a monitoring page this app never shows. By default it rebuilds a
pandas DataFrame of up to 10,000 events after every event (a fifth of a browser test's server CPU, and more the
longer a server runs); the app asks for it once per 1,000 events (pages/gradio/shell.py ANALYTICS_EVERY)."""

from __future__ import annotations

from tests.support.gradio_app import shared_app


def test_the_queue_summarises_its_events_once_per_thousand_not_after_each() -> None:
    queue = shared_app()._queue
    assert queue.ANAYLTICS_CACHE_FREQUENCY == 1000  # (sic: Gradio's spelling)
    records = [{"function": f"fn{i % 7}", "status": "success", "process_time": 0.01, "time": float(i)}
               for i in range(50)]
    before = queue.cached_event_analytics_summary
    queue.events_recorded = queue.event_count_at_last_cache + 999
    assert queue.compute_analytics_summary(records) is before  # not rebuilt yet
    queue.events_recorded += 1
    summary = queue.compute_analytics_summary(records)
    assert summary["functions"]["fn0"]["total_requests"] == 8  # rebuilt on the thousandth event
