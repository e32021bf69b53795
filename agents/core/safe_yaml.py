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


def _refuse(ko: str, en: str, line: int | None = None) -> YamlRefused:
    return YamlRefused(f"{ko} ({en})", reason=en, line=line)


def check_size(text: str, max_bytes: int = MAX_YAML_BYTES) -> None:
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise _refuse(f"YAML이 너무 큽니다: {size:,}바이트 (최대 {max_bytes:,}바이트). 나누어 쓰세요.",
                      f"the YAML is {size:,} bytes; at most {max_bytes:,} bytes are read. Split it.")


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
                raise _refuse(f"YAML 별칭(*이름)이 {MAX_ALIASES:,}개를 넘습니다. 별칭을 줄이세요.",
                              f"the YAML uses more than {MAX_ALIASES:,} aliases (*name); use fewer.", line)
            if event.anchor in self.anchors and event.anchor not in self._sizes:
                raise _refuse(f"YAML 별칭 *{event.anchor}이(가) 자기 앵커 &{event.anchor} 안에 있어 끝없이 펼쳐집니다.",
                              f"the alias *{event.anchor} is inside its own anchor &{event.anchor}, so it never "
                              "ends.", line)
            self._count(self._sizes.get(event.anchor, 0), line)
            return super().compose_node(parent, index)
        event = self.peek_event()
        anchor, line = event.anchor, event.start_mark.line + 1
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise _refuse(f"YAML이 {MAX_DEPTH}단계보다 깊게 중첩되어 있습니다.",
                          f"the YAML nests deeper than {MAX_DEPTH} levels.", line)
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
            raise _refuse(f"YAML 별칭을 펼치면 값이 {MAX_NODES:,}개를 넘습니다 ('billion laughs' 같은 별칭 폭탄). "
                          "읽지 않았습니다: 별칭을 겹쳐 쓰지 마세요.",
                          f"the YAML's aliases expand to more than {MAX_NODES:,} values, like a 'billion laughs' "
                          "bomb; it was not read. Do not nest aliases inside anchors that are repeated.", line)


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
