"""A Tavily Search API fake on 127.0.0.1: the real ``tavily-python`` client is pointed at it with
``api_base_url`` and speaks its real JSON protocol (POST /search, Bearer key, ``results`` list)."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from typing import Any

from tests.support.fake_server import JsonHandler, LocalServer


@dataclass
class SearchReply:
    results: list[dict[str, Any]] = field(default_factory=list)
    status: int = 200
    detail: str = ""  # the error text Tavily puts in {"detail": {"error": ...}}


def result(title: str, url: str, content: str, *, score: float = 0.9, published: str | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"title": title, "url": url, "content": content, "score": score, "raw_content": None}
    if published:
        item["published_date"] = published
    return item


class FakeTavily:
    """Queue replies; an unqueued search answers with no results. Every request's JSON body and
    Authorization header are recorded."""

    def __init__(self) -> None:
        self.queued: list[SearchReply] = []
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        fake = self

        class Handler(JsonHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                with fake._lock:
                    fake.requests.append({"path": self.path, "body": body,
                                          "authorization": self.headers.get("Authorization")})
                    reply = fake.queued.pop(0) if fake.queued else SearchReply()
                if reply.status == 200:
                    payload: dict[str, Any] = {"query": body.get("query"), "follow_up_questions": None, "answer": None,
                                               "images": [], "results": reply.results, "response_time": 0.42}
                else:
                    payload = {"detail": {"error": reply.detail or "fake error"}}
                self.send_json(reply.status, payload)

        self.local = LocalServer(Handler)
        self.server, self.base_url = self.local.server, self.local.base_url

    def queue(self, reply: SearchReply) -> None:
        with self._lock:
            self.queued.append(reply)

    def close(self) -> None:
        self.local.close()
