"""Reading a labelled phrasings file (tests/PHRASINGS_FORMAT.md) for ``playground nlu-report AGENT --file``.

Each agent checks its items with a pydantic model of the keys it reads (``Item`` below is the shared base);
what cannot be read (a folder, a binary or non-UTF-8 file, bad YAML, a list of the wrong things, a field of
the wrong type) is an ``InvalidInput`` naming the file, the item and the key, in Korean and English."""

from __future__ import annotations

from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agents.core import safe_yaml
from agents.core.inputs import InvalidInput
from agents.core.messages import say

MAX_BYTES = 5_000_000  # the shipped sets are under 200 KB


class Item(BaseModel):
    """The keys every intent set shares; an agent's model adds its own. Other keys (``tags``, ``note``,
    anything for people) are kept and not read."""

    model_config = ConfigDict(extra="allow", strict=True)

    text: str = Field(min_length=1)
    clarify: bool = False
    args: dict[str, object] | None = None


def _refuse(field: str, path: Path, key: str, **values: object) -> InvalidInput:
    return InvalidInput(field, say(key, field=field, path=str(path), **values))


def read_yaml(path: Path, field: str = "--file") -> object:
    """The parsed YAML of ``path`` (at most MAX_BYTES); every failure names the file and why."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except IsADirectoryError:
        raise _refuse(field, path, "labelled_folder") from None
    except OSError as exc:
        raise _refuse(field, path, "labelled_unreadable", why=exc.strerror) from None
    if len(raw) > MAX_BYTES:
        raise _refuse(field, path, "labelled_too_big", most=MAX_BYTES)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _refuse(field, path, "labelled_not_utf8", at=exc.start) from None
    try:
        return safe_yaml.load(text, MAX_BYTES)  # aliases, depth and values bounded as for any sent YAML
    except safe_yaml.YamlRefused as exc:
        raise InvalidInput(field, f"{field} {str(path)!r}: {exc.message}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        reason = getattr(exc, "problem", None) or type(exc).__name__
        if mark is None:
            raise _refuse(field, path, "labelled_bad_yaml", reason=reason) from None
        raise _refuse(field, path, "labelled_bad_yaml_at", line=mark.line + 1, reason=reason) from None


def load_items(path: Path, model: type[Item] = Item, field: str = "--file") -> list[dict[str, object]]:
    """The items of a labelled file, each checked by ``model`` (and its ``before:`` messages, if any, as the
    follow-up harness reads them); an empty file is an empty list."""
    from agents.core.followups import earlier  # the harness runs Sessions: loaded only when a file is read

    data = read_yaml(path, field)
    if data is None:
        return []
    if not isinstance(data, list):
        raise _refuse(field, path, "labelled_not_list", kind=type(data).__name__)
    for index, item in enumerate(data):
        if not isinstance(item, dict):
            raise _refuse(field, path, "labelled_not_mapping", at=index + 1, kind=type(item).__name__)
        earlier(item)  # first: a bad before: is named the same way whatever the agent's keys
        try:
            model.model_validate(item)
        except ValidationError as exc:
            first = exc.errors()[0]
            key = ".".join(str(p) for p in first["loc"]) or "item"
            raise _refuse(field, path, "labelled_bad_item", at=index + 1, text=str(item.get("text"))[:40], name=key,
                          error=first["msg"]) from None
    return data
