"""CORS for ``/api/`` only: the origins ``access.cors_origins`` lists, never a credentialed wildcard.

The Gradio app mounted at ``/`` keeps its own rules; scoping ours to ``/api/`` keeps the two apart.
"""

from __future__ import annotations

from starlette.middleware.cors import CORSMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send


class ApiCORS:
    def __init__(self, app: ASGIApp, origins: list[str]) -> None:
        self.app = app
        # Bearer tokens travel in a header, not cookies, so credentials are never allowed.
        self.cors = CORSMiddleware(app, allow_origins=origins, allow_credentials=False,
                                   allow_methods=["GET", "POST", "PATCH", "DELETE"],
                                   allow_headers=["Authorization", "Content-Type"], expose_headers=["Retry-After"],
                                   max_age=600)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("path", "").startswith("/api/"):
            await self.cors(scope, receive, send)
        else:
            await self.app(scope, receive, send)
