"""A Google Places (legacy web service) fake on 127.0.0.1: the real ``googlemaps`` SDK is
pointed at it with ``base_url`` and speaks its real JSON protocol (status field and all)."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlparse

from tests.support.fake_server import JsonHandler, LocalServer


@dataclass
class PlacesReply:
    status: str = "OK"  # OK, ZERO_RESULTS, OVER_QUERY_LIMIT, REQUEST_DENIED, INVALID_REQUEST
    results: list[dict[str, Any]] = field(default_factory=list)
    delay: float = 0.0  # seconds before answering (a timeout test sets it above the client's)


def result(name: str, lat: float, lng: float, *, place_id: str | None = None, rating: float | None = 4.4,
           total: int | None = 1200, types: tuple[str, ...] = ("tourist_attraction",), open_now: bool | None = True,
           address: str = "Tokyo, Japan") -> dict[str, Any]:
    body: dict[str, Any] = {"place_id": place_id or f"ChIJ-{abs(hash(name)) % 10**8}", "name": name,
                            "formatted_address": address, "geometry": {"location": {"lat": lat, "lng": lng}},
                            "types": list(types)}
    if rating is not None:
        body |= {"rating": rating, "user_ratings_total": total}
    if open_now is not None:
        body["opening_hours"] = {"open_now": open_now}
    return body


class FakePlaces:
    """Queue replies per endpoint ("textsearch" or "nearbysearch"); unqueued calls get
    ZERO_RESULTS. Every request's query parameters are recorded."""

    def __init__(self) -> None:
        self.queued: dict[str, list[PlacesReply]] = {"textsearch": [], "nearbysearch": []}
        self.requests: list[tuple[str, dict[str, str]]] = []
        self._lock = threading.Lock()
        fake = self

        class Handler(JsonHandler):
            def do_GET(self) -> None:
                url = urlparse(self.path)
                kind = url.path.rstrip("/").split("/")[-2]  # /maps/api/place/<kind>/json
                params = {k: v[0] for k, v in parse_qs(url.query).items()}
                with fake._lock:
                    fake.requests.append((kind, params))
                    queue = fake.queued.get(kind, [])
                    reply = queue.pop(0) if queue else PlacesReply(status="ZERO_RESULTS")
                if reply.delay:
                    time.sleep(reply.delay)
                body = {"status": reply.status, "results": reply.results, "html_attributions": []}
                if reply.status not in ("OK", "ZERO_RESULTS"):
                    body["error_message"] = f"fake {reply.status}"
                self.send_json(200, body)

        self.local = LocalServer(Handler)
        self.server, self.base_url = self.local.server, self.local.base_url

    def queue(self, kind: str, reply: PlacesReply) -> None:
        with self._lock:
            self.queued[kind].append(reply)

    def close(self) -> None:
        self.local.close()
