"""No front end, service or view module knows a built-in agent by name: what an agent shows is its
``AgentSpec.ui``, reached through the registry (issue 27). Every string in the code counts (a key, a
default, a help text, an example), docstrings aside: they explain, the code never branches on them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GENERIC = ("pages", "agents/http", "agents/cli", "agents/view", "agents/services")
BUILTIN = ("marketing", "travel", "shopping", "tutor", "english")
# The id as a word or a prefix (`travel_map`), not inside another word (`travelled`).
ID = re.compile(r"(?<![A-Za-z])(" + "|".join(BUILTIN) + r")(?![A-Za-z])", re.IGNORECASE)


def _docstrings(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def agent_ids_in(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    skip = _docstrings(tree)
    hits = sorted((node.lineno, node.col_offset, node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
                  and ID.search(node.value))
    name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    return [f"{name}:{line}: {value[:80]!r}" for line, _, value in hits]


def test_the_checker_sees_an_id_in_code_and_not_in_a_docstring(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('"""About the travel agent."""\nSLOTS = {"marketing": 1}\nKEY = "travel_map"\n'
                      'HELP = f"e.g. {1} shopping"\nOK = "travelled"\n', encoding="utf-8")
    found = agent_ids_in(sample)
    assert [f.split(": ", 1)[1] for f in found] == ["'marketing'", "'travel_map'", "' shopping'"]


def test_no_generic_module_names_a_builtin_agent() -> None:
    files = sorted(p for folder in GENERIC for p in (ROOT / folder).rglob("*.py"))
    assert len(files) > 50  # the walk found the tree
    found = [hit for path in files for hit in agent_ids_in(path)]
    assert found == [], "move this knowledge into the agent (AgentSpec / AgentSpec.ui):\n" + "\n".join(found)
