"""Card reload benchmark (prints figures; asserts nothing about time).

    python -m tests.bench.bench_card_reload

Issue 27: ``DataCard.data`` is typed per card kind, but a reload must stay cheap. A 5,000-row
``campaign_list`` card is (a) parsed from its stored trace line as a ``DataCard`` event, (b) rebuilt into a
chat view from its stored message (``view_from_history``); beside them, in the same run, the floor
(``json.loads`` of the same line) and what validating the data against its kind's model would cost.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from datetime import UTC, datetime

from pydantic import JsonValue, TypeAdapter

from agents.core import cards
from agents.core.events import event_adapter
from agents.core.store.models import MessageRow
from agents.marketing import card_data  # noqa: F401  (registers the marketing card kinds)
from agents.view.render import view_from_history

ROWS = 5_000
NOW = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)


def big_card() -> dict[str, object]:
    rows = [[f"c{i}", f"캠페인 {i}", "ACTIVE", 120_000 + i, 3.25 + i / 1000, 0.0123, None] for i in range(ROWS)]
    return {"columns": ["id", "이름", "상태", "지출", "ROAS", "CTR", "비고"], "rows": rows,
            "chart": {"kind": "bar", "x": [r[1] for r in rows[:20]], "series": {"ROAS": [r[4] for r in rows[:20]]}}}


def ms(fn: Callable[[], object], n: int = 40) -> float:
    samples = []
    for _ in range(n):
        started = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - started) * 1000)
    return statistics.median(samples)


def main() -> None:
    data = big_card()
    line = json.dumps({"turn_id": "turn_1", "seq": 3, "ts": "2026-11-27T09:00:00Z", "type": "data_card",
                       "card_type": "campaign_list", "title": "캠페인 목록", "data": data}, ensure_ascii=False)
    card = {"card_type": "campaign_list", "title": "캠페인 목록", "data": data}
    rows = [MessageRow(id="m1", conversation_id="c1", seq=1, turn_id="turn_1", role="user", content="캠페인 목록",
                       created_at=NOW),
            MessageRow(id="m2", conversation_id="c1", seq=2, turn_id="turn_1", role="assistant", content="목록입니다.",
                       meta={"cards": [card]}, created_at=NOW)]
    model = cards.model_of("campaign_list")
    assert model is not None
    print(f"card reload, {ROWS:,} rows (median ms)")
    print(f"  floor: json.loads of the stored line      {ms(lambda: json.loads(line)):8.2f}")
    print(f"  DataCard event from the stored line       {ms(lambda: event_adapter().validate_json(line)):8.2f}")
    print(f"  chat view rebuilt from the stored message {ms(lambda: view_from_history('c1', rows, [])):8.2f}")
    print(f"  (not on reload) full {model.__name__} validation {ms(lambda: model.model_validate(data)):8.2f}")
    walked = TypeAdapter(dict[str, JsonValue])  # what a plain JsonValue declaration would walk on every load
    print(f"  (not on reload) dict[str, JsonValue] walk  {ms(lambda: walked.validate_python(data)):8.2f}")


if __name__ == "__main__":
    main()
