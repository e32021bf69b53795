"""The OpenAPI document says what the API really does, and /api/docs works with no internet."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from agents.core.session import check_user_id
from agents.http.api import create_api
from agents.http.models import USER_ID_PATTERN


@pytest.fixture(params=["local", "shared"])
def schema(request, store) -> dict:
    return create_api(request.param).openapi()


def test_chat_is_documented_as_an_event_stream(schema):
    chat = schema["paths"]["/api/v1/agents/{agent_id}/chat"]["post"]
    assert list(chat["responses"]["200"]["content"]) == ["text/event-stream"]
    assert "exactly one `done` or `error`" in chat["responses"]["200"]["description"]
    for status in ("400", "401", "403", "404", "409", "422", "429"):
        assert chat["responses"][status]["content"]["application/json"]["schema"] == \
            {"$ref": "#/components/schemas/ErrorBody"}
    assert "Retry-After" in chat["responses"]["429"]["headers"]


def test_every_operation_lists_the_error_answers_in_one_shape(schema):
    assert "HTTPValidationError" not in schema["components"]["schemas"]  # FastAPI's own 422 shape is replaced
    assert schema["components"]["schemas"]["ErrorBody"]["required"] == ["error"]
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            statuses = set(operation["responses"])
            assert {"400", "401", "403", "404", "422"} <= statuses, (method, path)
            for status in {s for s in statuses if not s.startswith("2")}:  # 2xx: the route's own answer
                [(media, body)] = operation["responses"][status]["content"].items()
                assert media == "application/json" and body["schema"]["$ref"].endswith("/ErrorBody"), (path, status)


def test_user_id_pattern_is_in_the_schema_and_matches_the_core_rule(schema):
    user_param = next(p for p in schema["paths"]["/api/v1/conversations"]["get"]["parameters"] if p["name"] == "user")
    assert {"type": "string", "pattern": USER_ID_PATTERN} in user_param["schema"]["anyOf"]
    chat_user = schema["components"]["schemas"]["ChatBody"]["properties"]["user"]
    assert {"type": "string", "pattern": USER_ID_PATTERN, "description": "user id: 1-64 letters, digits, . _ - @",
            "examples": ["alice"]} in chat_user["anyOf"]
    assert schema["components"]["schemas"]["ChatBody"]["additionalProperties"] is False
    for candidate in ("alice", "a.b@c-d_e", "x" * 64, "alice\n", "a b", "", "x" * 65, "ünï"):
        ok = True
        try:
            check_user_id(candidate)
        except Exception:  # noqa: BLE001 - the core refuses it
            ok = False
        assert ok == bool(re.fullmatch(USER_ID_PATTERN.strip("^$"), candidate)), candidate


def test_shared_mode_documents_the_bearer_scheme(store):
    shared = create_api("shared").openapi()
    assert shared["components"]["securitySchemes"]["apiToken"]["scheme"] == "bearer"
    assert all(op.get("security") == [{"apiToken": []}] for ops in shared["paths"].values() for op in ops.values())
    assert "securitySchemes" not in create_api("local").openapi().get("components", {})


def test_docs_page_and_every_asset_it_references_come_from_the_app(store):
    client = TestClient(create_api("shared"))
    page = client.get("/api/docs")
    assert page.status_code == 200 and "SwaggerUIBundle" in page.text
    assert not re.search(r"https?://", page.text), "the docs page must not reference another host"
    assets = re.findall(r'(?:src|href)="([^"]+)"', page.text) + re.findall(r"url: '([^']+)'", page.text)
    assert sorted(assets) == ["/api/docs/assets/favicon.png", "/api/docs/assets/swagger-ui-bundle.js",
                              "/api/docs/assets/swagger-ui.css", "/api/openapi.json"]
    for asset in assets:
        response = client.get(asset)
        assert response.status_code == 200 and len(response.content) > 1000, asset
    bundle = client.get("/api/docs/assets/swagger-ui-bundle.js").text
    assert re.search(r'"5\.\d+\.\d+"', bundle), "Swagger UI 5 is needed to read OpenAPI 3.1"
    assert client.get("/api/openapi.json").json()["openapi"].startswith("3.1")
    assert client.get("/redoc").status_code == 404  # ReDoc would load from a CDN: not served
