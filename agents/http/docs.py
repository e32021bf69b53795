"""``/api/docs`` with no internet: the Swagger UI assets come from the app itself.

They are the ones the ``fastapi-offline`` package ships (Swagger UI 5, which reads the OpenAPI 3.1
documents FastAPI writes; the ``swagger-ui-bundle`` package still carries Swagger UI 4, which
cannot render 3.1 and shows a blank error page).
"""

from __future__ import annotations

from pathlib import Path

import fastapi_offline
from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

ASSETS_URL = "/api/docs/assets"
ASSETS_DIR = Path(fastapi_offline.__file__).parent / "static"


def install_docs(api: FastAPI, docs_url: str = "/api/docs") -> None:
    api.mount(ASSETS_URL, StaticFiles(directory=ASSETS_DIR), name="swagger-assets")
    openapi_url = api.openapi_url or "/api/openapi.json"

    @api.get(docs_url, include_in_schema=False)
    def swagger_ui() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=openapi_url, title=f"{api.title} — docs",
            swagger_js_url=f"{ASSETS_URL}/swagger-ui-bundle.js", swagger_css_url=f"{ASSETS_URL}/swagger-ui.css",
            swagger_favicon_url=f"{ASSETS_URL}/favicon.png",
            # No validator badge: it would send the document to validator.swagger.io.
            swagger_ui_parameters={"validatorUrl": None, "persistAuthorization": True},
        )
