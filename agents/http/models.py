"""Request bodies and parameters of the HTTP API. Unknown fields are refused (422 naming them), and so
is text no database can store: lone surrogates, NaN or infinite numbers, absurdly deep nesting."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from datetime import date, datetime, time
from decimal import Decimal
from typing import Annotated, Any, Literal, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, JsonValue, StrictStr

USER_ID_PATTERN = r"^[A-Za-z0-9_.@-]{1,64}$"
ID_PATTERN = r"^[A-Za-z0-9_-]{1,80}$"
AGENT_ID_PATTERN = r"^[A-Za-z0-9_-]{1,40}$"
MAX_DEPTH = 16


def no_surrogates(value: str) -> str:
    if any("\ud800" <= ch <= "\udfff" for ch in value):
        raise ValueError("contains a lone surrogate (an unpaired \\ud800-\\udfff escape), which is not text; "
                         "send valid Unicode")
    return value


class JsonValueError(ValueError):
    """A bad value inside a free-form JSON field; ``path`` says where (e.g. ``anchor_product_id``)."""

    def __init__(self, reason: str, path: str) -> None:
        super().__init__(reason + (f" at {path}" if path else ""))
        self.reason = reason
        self.path = path


_T = TypeVar("_T")


def clean_json(value: _T, path: str = "", depth: int = 0) -> _T:
    """Walk a free-form JSON value and refuse what cannot be stored or sent back as JSON."""
    if depth > MAX_DEPTH:
        raise JsonValueError(f"is nested more than {MAX_DEPTH} levels deep", path)
    if isinstance(value, str):
        try:
            no_surrogates(value)
        except ValueError as exc:
            raise JsonValueError(str(exc), path) from None
    elif isinstance(value, float) and not math.isfinite(value):
        raise JsonValueError(f"contains {value!r}; JSON numbers must be finite", path)
    elif isinstance(value, dict):
        for key, item in value.items():
            clean_json(key, path, depth + 1)
            clean_json(item, f"{path}.{key}" if path else str(key), depth + 1)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            clean_json(item, f"{path}[{i}]", depth + 1)
    return value


def to_json(value: object) -> JsonValue:
    """A stored row as JSON: times as ISO text (stored times are naive UTC), tuples as lists, a database's
    Decimal as the number (as FastAPI's encoder would), anything else as its text."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    if isinstance(value, Decimal):
        exponent = value.as_tuple().exponent
        return int(value) if isinstance(exponent, int) and exponent >= 0 else float(value)
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    return str(value)


def json_object(row: Mapping[str, object]) -> dict[str, JsonValue]:
    return {str(k): to_json(v) for k, v in row.items()}


def json_rows(rows: Iterable[Mapping[str, object]]) -> list[dict[str, JsonValue]]:
    return [json_object(row) for row in rows]


Text = Annotated[StrictStr, AfterValidator(no_surrogates)]
UserId = Annotated[StrictStr, Field(pattern=USER_ID_PATTERN, description="user id: 1-64 letters, digits, . _ - @",
                                    examples=["alice"])]
JsonObject = Annotated[dict[str, Any], AfterValidator(clean_json)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ChatBody(_Body):
    message: Annotated[Text, Field(description="what the user types", examples=["이번 주 성과 어때?"])]
    user: UserId | None = Field(None, description="local mode: who is asking (default demo). Shared mode: "
                                                  "optional, must equal the token's owner (else 403)")
    conversation_id: Annotated[Text, Field(pattern=ID_PATTERN)] | None = Field(
        None, description="continue this conversation; omit to start a new one")
    provider: Literal["offline", "openai", "gemini"] = "offline"
    model: Annotated[Text, Field(min_length=1, max_length=200)] | None = None
    extra: JsonObject | None = Field(None, description='structured input beside the text, each agent '
                                                       'reads its own keys (e.g. {"anchor_product_id": "p005"})')


class ModifyBody(_Body):
    user: UserId | None = None
    args: JsonObject = Field(default_factory=dict, description="the tool arguments to change")


class UserBody(_Body):
    user: UserId | None = None


Title = Annotated[Text, Field(max_length=10_000, description="the new title (cut to the list's width)")]


class ConversationPatch(_Body):
    title: Title | None = None
    archived: bool | None = None
    user: UserId | None = None


class AlertPatch(_Body):
    status: Literal["READ", "DISMISSED", "ACTED_ON"]
    user: UserId | None = None


class ErrorDetail(BaseModel):
    code: str = Field(description="stable machine-readable code, e.g. conversation_not_found")
    message: str = Field(description="what went wrong and what to do")
    field: str | None = Field(None, description="the input at fault, when there is one (e.g. message, offset)")


class ErrorBody(BaseModel):
    """Every error answer of the API has this shape."""

    error: ErrorDetail
