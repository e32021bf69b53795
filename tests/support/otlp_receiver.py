"""An in-process OTLP/HTTP trace receiver on 127.0.0.1: decodes each protobuf ``ExportTraceServiceRequest``
into plain span dicts (ids in hex, attributes as Python values), keeps the raw bodies and headers, and can
hang (hold every request until released) to show that a stuck collector never holds a turn up."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)
from opentelemetry.proto.common.v1.common_pb2 import AnyValue


def value_of(value: AnyValue) -> Any:
    kind = value.WhichOneof("value")
    if kind == "array_value":
        return [value_of(v) for v in value.array_value.values]
    return getattr(value, kind) if kind else None


class OTLPReceiver:
    def __init__(self, *, hang: bool = False) -> None:
        self.spans: list[dict[str, Any]] = []
        self.bodies: list[bytes] = []
        self.headers: list[dict[str, str]] = []
        self.paths: list[str] = []
        self.hang = hang
        self.received = threading.Event()  # a request arrived (a hanging one is still held)
        self.release = threading.Event()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # http.server's name
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                receiver.paths.append(self.path)
                receiver.headers.append({k.lower(): v for k, v in self.headers.items()})
                receiver.bodies.append(body)
                receiver.received.set()
                if receiver.hang:
                    receiver.release.wait(30)
                request = ExportTraceServiceRequest()
                request.ParseFromString(body)
                receiver.spans += list(decode(request))
                answer = ExportTraceServiceResponse().SerializeToString()
                self.send_response(200)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1/traces"

    def close(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


def decode(request: ExportTraceServiceRequest) -> list[dict[str, Any]]:
    out = []
    for resource_spans in request.resource_spans:
        resource = {a.key: value_of(a.value) for a in resource_spans.resource.attributes}
        for scope_spans in resource_spans.scope_spans:
            for span in scope_spans.spans:
                out.append({
                    "name": span.name, "trace_id": span.trace_id.hex(), "span_id": span.span_id.hex(),
                    "parent_id": span.parent_span_id.hex(), "start_ns": span.start_time_unix_nano,
                    "end_ns": span.end_time_unix_nano, "status": span.status.code,
                    "status_message": span.status.message, "resource": resource,
                    "attributes": {a.key: value_of(a.value) for a in span.attributes},
                })
    return out
