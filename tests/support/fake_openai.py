"""A small model server on 127.0.0.1 speaking the real wire protocols (SSE): OpenAI
Responses, chat.completions and Gemini streamGenerateContent.

Tests queue replies; the real ``openai`` and ``google-genai`` SDKs are pointed at it
through their base-URL settings.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    path: str  # "/v1/responses" or "/v1/chat/completions"
    status: int = 200
    frames: list[str] = field(default_factory=list)  # SSE frames for a 200
    body: dict[str, Any] | None = None  # JSON body for an error status
    cut: bool = False  # close the connection without finishing the stream
    headers: dict[str, str] = field(default_factory=dict)
    pace: float = 0.0  # seconds between frames, for streaming benchmarks


def sse(data: dict[str, Any], event: str | None = None) -> str:
    head = f"event: {event}\n" if event else ""
    return f"{head}data: {json.dumps(data, ensure_ascii=False)}\n\n"


def _response(status: str, usage: dict[str, int] | None = None) -> dict[str, Any]:
    return {"id": "resp_1", "object": "response", "created_at": 0, "model": "fake", "status": status, "output": [],
            "parallel_tool_calls": True, "tool_choice": "auto", "tools": [],
            "usage": None if usage is None else {**usage, "total_tokens": sum(usage.values()),
                                                 "input_tokens_details": {"cached_tokens": 0},
                                                 "output_tokens_details": {"reasoning_tokens": 0}}}


def responses_stream(text: str = "", calls: list[tuple[str, str, str]] = (), usage: tuple[int, int] = (12, 7),
                     complete: bool = True) -> list[str]:
    frames = [sse({"type": "response.created", "sequence_number": 0, "response": _response("in_progress")},
                  "response.created")]
    seq = 1
    if text:
        item = {"id": "msg_1", "type": "message", "role": "assistant", "status": "in_progress", "content": []}
        frames.append(sse({"type": "response.output_item.added", "sequence_number": seq, "output_index": 0,
                           "item": item}, "response.output_item.added"))
        for word in text.split(" "):
            seq += 1
            piece = word if word == text.split(" ")[-1] else word + " "
            frames.append(sse({"type": "response.output_text.delta", "sequence_number": seq, "item_id": "msg_1",
                               "output_index": 0, "content_index": 0, "delta": piece, "logprobs": []},
                              "response.output_text.delta"))
    for i, (call_id, name, arguments) in enumerate(calls, start=1):
        item = {"id": f"fc_{i}", "type": "function_call", "call_id": call_id, "name": name, "arguments": "",
                "status": "in_progress"}
        frames.append(sse({"type": "response.output_item.added", "sequence_number": seq, "output_index": i,
                           "item": item}, "response.output_item.added"))
        for part in (arguments[: len(arguments) // 2], arguments[len(arguments) // 2:]):
            seq += 1
            frames.append(sse({"type": "response.function_call_arguments.delta", "sequence_number": seq,
                               "item_id": f"fc_{i}", "output_index": i, "delta": part},
                              "response.function_call_arguments.delta"))
        seq += 1
        frames.append(sse({"type": "response.output_item.done", "sequence_number": seq, "output_index": i,
                           "item": {**item, "arguments": arguments, "status": "completed"}},
                          "response.output_item.done"))
    if complete:
        frames.append(sse({"type": "response.completed", "sequence_number": seq + 1,
                           "response": _response("completed", {"input_tokens": usage[0], "output_tokens": usage[1]})},
                          "response.completed"))
    return frames


def chat_stream(text: str = "", calls: list[tuple[str, str, str]] = (), usage: tuple[int, int] = (10, 5)) -> list[str]:
    base = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 0, "model": "fake"}
    frames = []
    for word in text.split(" ") if text else []:
        frames.append(sse({**base, "choices": [{"index": 0, "delta": {"content": word + " "}, "finish_reason": None}]}))
    for i, (call_id, name, arguments) in enumerate(calls):
        frames.append(sse({**base, "choices": [{"index": 0, "finish_reason": None, "delta": {"tool_calls": [
            {"index": i, "id": call_id, "type": "function", "function": {"name": name, "arguments": ""}}]}}]}))
        for part in (arguments[: len(arguments) // 2], arguments[len(arguments) // 2:]):
            frames.append(sse({**base, "choices": [{"index": 0, "finish_reason": None, "delta": {"tool_calls": [
                {"index": i, "function": {"arguments": part}}]}}]}))
    frames.append(sse({**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls" if calls else "stop"}]}))
    frames.append(sse({**base, "choices": [], "usage": {"prompt_tokens": usage[0], "completion_tokens": usage[1],
                                                        "total_tokens": sum(usage)}}))
    frames.append("data: [DONE]\n\n")
    return frames


def error(path: str, status: int, message: str, code: str = "error") -> Reply:
    return Reply(path=path, status=status, body={"error": {"message": message, "type": code, "code": code}},
                 headers={"retry-after-ms": "5"})


def gemini_stream(text: str = "", calls: list[tuple[str, dict[str, Any]]] = (), usage: tuple[int, int] = (9, 4),
                  complete: bool = True) -> list[str]:
    """``streamGenerateContent?alt=sse`` frames: text parts word by word, then function calls."""
    frames = []
    words = text.split(" ") if text else []
    for i, word in enumerate(words):
        piece = word if i == len(words) - 1 else word + " "
        frames.append(sse({"candidates": [{"content": {"role": "model", "parts": [{"text": piece}]}, "index": 0}]}))
    if calls:
        frames.append(sse({"candidates": [{"content": {"role": "model", "parts": [
            {"functionCall": {"name": name, "args": args}} for name, args in calls]}, "index": 0}]}))
    if complete:
        frames.append(sse({"candidates": [{"content": {"role": "model", "parts": [{"text": ""}]}, "finishReason": "STOP",
                                           "index": 0}],
                           "usageMetadata": {"promptTokenCount": usage[0], "candidatesTokenCount": usage[1],
                                             "totalTokenCount": sum(usage)}}))
    return frames


def gemini_error(path: str, status: int, message: str, reason: str) -> Reply:
    return Reply(path=path, status=status, body={"error": {"code": status, "message": message, "status": reason}})


class FakeOpenAI:
    def __init__(self) -> None:
        self.replies: list[Reply] = []
        self.requests: list[dict[str, Any]] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # http.server calls this name
                length = int(self.headers.get("content-length", 0))
                body = json.loads(self.rfile.read(length) or b"{}")
                fake.requests.append({"path": self.path, "body": body, "auth": self.headers.get("authorization")})
                if not fake.replies:
                    self._send(500, {"error": {"message": "no scripted reply left"}})
                    return
                reply = fake.replies.pop(0)
                if reply.path != self.path.split("?")[0]:
                    self._send(500, {"error": {"message": f"expected {reply.path}, got {self.path}"}})
                    return
                if reply.status != 200:
                    self._send(reply.status, reply.body or {}, reply.headers)
                    return
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                if reply.cut or reply.pace:
                    self.send_header("connection", "close")
                    self.end_headers()
                    for frame in reply.frames:
                        self.wfile.write(frame.encode())
                        self.wfile.flush()
                        if reply.pace:
                            time.sleep(reply.pace)
                    self.close_connection = True
                    return
                payload = "".join(reply.frames).encode()
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def _send(self, status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> None:
                payload = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                for key, value in (headers or {}).items():
                    self.send_header(key, value)
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def handle_error(self, request: Any, client_address: Any) -> None:
                pass  # a client that hangs up mid-stream (Stop, a benchmark) is expected here

        self.server = Server(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    @property
    def root_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def queue(self, *replies: Reply) -> None:
        self.replies.extend(replies)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
