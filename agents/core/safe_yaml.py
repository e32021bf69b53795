"""YAML that people send (eval suites, reviewed cases, phrasing files): one loader, bounded in size and in
what its aliases expand to.

``yaml.safe_load`` builds what an alias points at once and shares it, so a 562-byte "billion laughs" file
(``a: &a [lol, ...]``, ``b: &b [*a, *a, ...]``, nine levels) loads as a small graph, and whatever walks it
next (line numbers, pydantic, JSON) walks every copy: 24 s and 4 GB of memory that stayed. Here the
composer counts the nodes the document has once every alias is expanded, and refuses it past a bound,
before anything walks it; aliases themselves stay allowed (suites reuse steps with them), within bounds.
"""

from __future__ import annotations

import yaml
from yaml.error import Mark

from agents.core.errors import InvalidArgs
from agents.core.messages import one, say

MAX_YAML_BYTES = 256 * 1024  # 20x the largest shipped suite; pure-Python parsing costs ~5 s per MB
MAX_NODES = 100_000  # values once every alias is expanded (the largest shipped suite has ~1,200)
MAX_ALIASES = 1_000
MAX_DEPTH = 64  # nesting; the composer recurses per level


class YamlRefused(InvalidArgs, yaml.YAMLError):
    """YAML not read because of its size or its aliases (HTTP 422). Also a ``yaml.YAMLError``, so a caller
    that already reports bad YAML reports this too; ``line`` is 1-based when known."""

    code = "bad_yaml"

    def __init__(self, message: str, *, reason: str, line: int | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.line = line
        # What PyYAML's own errors carry, for callers that format those.
        self.problem = message
        self.context = None
        self.problem_mark = Mark("<yaml>", 0, line - 1, 0, None, 0) if line else None


def _refuse(key: str, line: int | None = None, **values: object) -> YamlRefused:
    return YamlRefused(say(key, **values), reason=one(key, "en", **values), line=line)


def check_size(text: str, max_bytes: int = MAX_YAML_BYTES) -> None:
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise _refuse("yaml_too_big", size=size, most=max_bytes)


class BoundedLoader(yaml.SafeLoader):
    """``SafeLoader`` whose composer refuses a document that expands past ``MAX_NODES`` values, uses more
    than ``MAX_ALIASES`` aliases, nests deeper than ``MAX_DEPTH`` or has an alias inside its own anchor."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._expanded = 0  # values so far, each alias counted as everything it stands for
        self._aliases = 0
        self._depth = 0
        self._sizes: dict[str, int] = {}  # anchor -> values its node expands to (set once it is complete)

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            line = event.start_mark.line + 1
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise _refuse("yaml_aliases", line, most=MAX_ALIASES)
            if event.anchor in self.anchors and event.anchor not in self._sizes:
                raise _refuse("yaml_alias_loop", line, anchor=event.anchor)
            self._count(self._sizes.get(event.anchor, 0), line)
            return super().compose_node(parent, index)
        event = self.peek_event()
        anchor, line = event.anchor, event.start_mark.line + 1
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise _refuse("yaml_too_deep", line, most=MAX_DEPTH)
        before = self._expanded
        node = super().compose_node(parent, index)
        self._depth -= 1
        self._count(1, line)
        if anchor is not None:
            self._sizes[anchor] = self._expanded - before
        return node

    def _count(self, values: int, line: int) -> None:
        self._expanded += values
        if self._expanded > MAX_NODES:
            raise _refuse("yaml_bomb", line, most=MAX_NODES)


def compose(text: str, max_bytes: int = MAX_YAML_BYTES) -> yaml.Node | None:
    """The document's node tree (with line marks), checked; ``yaml.YAMLError`` when it is not YAML."""
    check_size(text, max_bytes)
    loader = BoundedLoader(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def construct(node: yaml.Node) -> object:
    """Python values of a node tree that ``compose`` returned."""
    loader = BoundedLoader("")
    try:
        value: object = loader.construct_document(node)
        return value
    finally:
        loader.dispose()


def load(text: str, max_bytes: int = MAX_YAML_BYTES) -> object:
    """``yaml.safe_load`` for text a person sent: the same values, within the bounds above."""
    node = compose(text, max_bytes)
    return None if node is None else construct(node)
