"""Travel Places benchmark (prints figures; asserts nothing about time).

    python -m tests.bench.bench_travel

Goal (issue 11): a whole offline ``recommend_places`` call for 3 places is ≤ 5 ms once the
Places cache holds them. Measured cold (empty cache) and cached, beside the raw DuckDB floor
(reading the destination's gazetteer rows once) in the same run.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from agents.core.clock import FrozenClock
from agents.core.session import runtime_store
from agents.core.tools import ToolContext
from agents.travel.model import PlaceSuggestion
from agents.travel.places import clear_cache
from agents.travel.service import TripService
from agents.travel.store import TravelStore
from agents.travel.tools import RecommendArgs, recommend_places

NOW = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)
ARGS = RecommendArgs(places=[PlaceSuggestion(name="후운지", category="restaurant"),
                             PlaceSuggestion(name="Afuri Ebisu", category="restaurant"),
                             PlaceSuggestion(name="멘야 무사시 신주쿠", category="restaurant")])


def ms(fn, n: int, before=None) -> float:
    samples = []
    for _ in range(n):
        if before:
            before()
        started = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - started) * 1000)
    return statistics.median(samples)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = runtime_store(Path(tmp) / "bench.duckdb", clock=FrozenClock(NOW))
        service = TripService(store)
        service.setup_user("bench", NOW)
        trip = service.active("bench")
        ctx = ToolContext(user_id="bench", conversation_id="bench", agent_id="travel", store=store, now=NOW)
        floor = ms(lambda: TravelStore(store).gazetteer_names(trip.destination), 50)
        cold = ms(lambda: recommend_places(ARGS, ctx), 20, before=clear_cache)
        recommend_places(ARGS, ctx)
        cached = ms(lambda: recommend_places(ARGS, ctx), 50)
        print(f"recommend_places, 3 places, cold cache:   {cold:.2f} ms")
        print(f"recommend_places, 3 places, cached:       {cached:.2f} ms   (goal ≤ 5 ms)")
        print(f"reference: raw DuckDB gazetteer read ({trip.destination}): {floor:.2f} ms")


if __name__ == "__main__":
    main()
