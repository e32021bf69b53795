"""Tool specs in every provider's shape, and id generation."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from agents.core.tools import Tool, ToolKind, ToolOutput, ToolRegistry, gemini_schema, new_call_id
from tests.support.notes_agent import TOOLS


class Audience(BaseModel):
    age_min: int | None = None
    genders: list[Literal["male", "female"]] = []


class CreateArgs(BaseModel):
    name: str = Field(min_length=1, description="campaign name")
    budget: int = Field(ge=5000)
    audience: Audience | None = None


def _registry() -> ToolRegistry:
    registry = ToolRegistry()
    registry.register(Tool("create", "Create a campaign", CreateArgs, ToolKind.MUTATION,
                           lambda a, c: ToolOutput(summary="ok")))
    return registry


def test_openai_shapes():
    registry = _registry()
    [responses] = registry.openai_responses_tools()
    assert responses["type"] == "function" and responses["name"] == "create"
    assert responses["parameters"]["required"] == ["name", "budget"]
    assert "$defs" not in str(responses["parameters"])  # refs are inlined
    [chat] = registry.openai_chat_tools()
    assert chat["type"] == "function" and chat["function"]["name"] == "create"
    assert chat["function"]["parameters"]["properties"]["budget"]["minimum"] == 5000


def test_gemini_shape_drops_what_gemini_rejects():
    [decl] = _registry().gemini_declarations()
    params = decl["parameters"]
    assert "title" not in params and "additionalProperties" not in str(params)
    audience = params["properties"]["audience"]
    assert audience["nullable"] is True and audience["type"] == "object"
    assert audience["properties"]["genders"]["items"]["enum"] == ["male", "female"]
    assert gemini_schema({"type": "string", "default": "x", "title": "T"}) == {"type": "string"}


def test_registry_rejects_duplicates_and_lists_by_kind():
    registry = _registry()
    try:
        registry.register(registry.get("create"))
    except ValueError as exc:
        assert "registered twice" in str(exc)
    else:
        raise AssertionError("duplicate tool accepted")
    assert [t.name for t in TOOLS.by_kind(ToolKind.MUTATION)] == ["add_note"]
    assert [t.name for t in TOOLS.by_kind(ToolKind.QUERY)] == ["list_notes", "explode"]


def test_call_ids_are_unique():
    ids = {new_call_id() for _ in range(1000)}
    assert len(ids) == 1000 and all(i.startswith("call_") for i in ids)


def test_form_hints_stay_out_of_the_schemas_a_model_is_sent() -> None:
    """``x-choices`` (the Modify form's campaign list) is ours, not JSON Schema: providers never see it."""
    import json

    from agents.core.agent import get_agent

    tools = get_agent("marketing").tools
    assert any("x-choices" in json.dumps(t.json_schema()) for t in tools.all())
    assert not any("x-choices" in json.dumps(spec["parameters"]) for spec in tools.specs())
