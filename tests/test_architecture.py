"""The layers hold: the import contracts in .importlinter, no import cycle, and docs/architecture.md's
import graph is the code's. `python tests/test_architecture.py` prints the graph (mermaid) for the doc."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# The parts of the graph in docs/architecture.md, most specific first; a module belongs to the first prefix.
PARTS = ["pages.gradio", "pages.streamlit", "agents.http", "agents.cli", "agents.marketing", "agents.shopping",
         "agents.travel", "agents.tutor", "agents.english", "data", "agents.view", "agents.services", "agents.core",
         "agents.nlu"]



def _graph():
    import grimp

    sys.path.insert(0, str(ROOT))
    return grimp.build_graph("agents", "pages", "data", exclude_type_checking_imports=True)


def cycles() -> list[set[str]]:
    """Strongly connected groups of modules (Tarjan, iterative), each of two modules or more."""
    graph = _graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[set[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in on:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(group)
    return found


def part_of(module: str) -> str | None:
    return next((p for p in PARTS if module == p or module.startswith(p + ".")), None)


def mermaid() -> str:
    """The part-to-part import graph, as a mermaid flowchart (sorted: the same code gives the same text)."""
    graph = _graph()
    edges: set[tuple[str, str]] = set()
    for module in graph.modules:
        a = part_of(module)
        for imported in graph.find_modules_directly_imported_by(module):
            b = part_of(imported)
            if a and b and a != b:
                edges.add((a, b))
    lines = ["flowchart TD"]
    lines += [f"    {a.replace('.', '_')}[{a}] --> {b.replace('.', '_')}[{b}]" for a, b in sorted(edges)]
    return "\n".join(lines)


def test_import_contracts_hold() -> None:
    code = "from importlinter.cli import lint_imports; raise SystemExit(lint_imports(no_cache=True, no_logo=True))"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_import_cycle() -> None:
    found = [sorted(c) for c in cycles()]
    assert found == [], f"import cycles: {found}"


def test_pages_holds_no_top_level_module_that_streamlit_would_serve() -> None:
    # Streamlit serves every pages/*.py beside streamlit_app.py as a page unless st.navigation runs first.
    assert sorted(p.name for p in (ROOT / "pages").glob("*.py")) == ["__init__.py"]


def test_the_documented_import_graph_is_the_code() -> None:
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert mermaid() in doc, "regenerate the graph: python tests/test_architecture.py, into docs/architecture.md"


if __name__ == "__main__":
    print(mermaid())
