"""A Places API (New) fake on 127.0.0.1: the real ``google-maps-places`` client (REST transport,
``api_endpoint`` pointed here) speaks its real protocol to it: ``POST /v1/places:searchText`` and
``POST /v1/places:searchNearby`` with a JSON body, the key in ``x-goog-api-key`` and the field mask
in ``x-goog-fieldmask``; errors come back as Google's JSON error envelope."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from tests.support.fake_server import JsonHandler, LocalServer

# Google's answers, as the real service words them (403: the API is not enabled on the project).
NOT_ENABLED = ("PERMISSION_DENIED", "Places API (New) has not been used in project 1234 before or it is disabled. "
               "Enable it by visiting https://console.developers.google.com/apis/api/places.googleapis.com")
QUOTA = ("RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'SearchTextRequest' and limit "
         "'SearchTextRequest per minute per project'.")


@dataclass
class NewReply:
    places: list[dict[str, Any]] = field(default_factory=list)
    status: int = 200  # 403, 429, 500 ... answer Google's error envelope
    error: tuple[str, str] | None = None  # (status name, message) for an error status
    delay: float = 0.0  # seconds before answering (a timeout test sets it above the client's)


def place(name: str, lat: float, lng: float, *, place_id: str | None = None, rating: float | None = 4.4,
          total: int | None = 1200, types: tuple[str, ...] = ("tourist_attraction",), open_now: bool | None = True,
          address: str = "Tokyo, Japan", price: str | None = None) -> dict[str, Any]:
    """One Place in the REST (camelCase JSON) shape of ``google.maps.places.v1.Place``."""
    pid = place_id or f"ChIJ-{abs(hash(name)) % 10**8}"
    body: dict[str, Any] = {"id": pid, "name": f"places/{pid}", "displayName": {"text": name, "languageCode": "ko"},
                            "formattedAddress": address, "location": {"latitude": lat, "longitude": lng},
                            "types": list(types), "googleMapsUri": f"https://maps.google.com/?cid={abs(hash(pid))}"}
    if rating is not None:
        body |= {"rating": rating, "userRatingCount": total}
    if open_now is not None:
        body["currentOpeningHours"] = {"openNow": open_now}
    if price is not None:
        body["priceLevel"] = price
    return body


class FakePlacesNew:
    """Queue replies per method ("searchText" or "searchNearby"); an unqueued call gets no places
    (the real service answers ``{}``). Every request is recorded: method, JSON body, headers."""

    def __init__(self) -> None:
        self.queued: dict[str, list[NewReply]] = {"searchText": [], "searchNearby": []}
        self.requests: list[tuple[str, dict[str, Any], dict[str, str]]] = []
        self._lock = threading.Lock()
        fake = self

        class Handler(JsonHandler):
            def do_POST(self) -> None:
                method = self.path.split("?")[0].rsplit(":", 1)[-1]  # /v1/places:searchText
                size = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(size) or b"{}")
                headers = {k.lower(): v for k, v in self.headers.items()}
                with fake._lock:
                    fake.requests.append((method, body, headers))
                    queue = fake.queued.get(method)
                    reply = queue.pop(0) if queue else NewReply()
                if queue is None:
                    reply = NewReply(status=404, error=("NOT_FOUND", f"no method {method}"))
                if reply.delay:
                    time.sleep(reply.delay)
                if reply.status == 200:
                    payload: dict[str, Any] = {"places": reply.places} if reply.places else {}
                else:
                    name, message = reply.error or ("UNKNOWN", "fake error")
                    payload = {"error": {"code": reply.status, "message": message, "status": name}}
                self.send_json(reply.status, payload, "application/json; charset=UTF-8")

        self.local = LocalServer(Handler)
        self.server, self.base_url = self.local.server, self.local.base_url

    def queue(self, method: str, reply: NewReply) -> None:
        with self._lock:
            self.queued[method].append(reply)

    def close(self) -> None:
        self.local.close()
