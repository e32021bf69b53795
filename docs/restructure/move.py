#!/usr/bin/env python3
"""Issue 27, "cut by agent": the planned move of the Agent Playground tree, as one re-runnable script.

Run it from the root of a CLEAN checkout of main (it refuses a dirty tree unless --force):

    python3 /work/restructure/move.py            # moves, rewrites, writes the new files, runs ruff
    python3 /work/restructure/move.py --dry-run  # prints the plan only

What it does, in order (every step prints what it did; a rule whose source is absent is skipped with a note):
  1. git mv per RULES: file -> file, and dir/ -> dir/ rules that carry EVERY file under the folder, also files
     added after this script was written (a new agents/core/redact.py stays in core; a new
     agents/evals/safe_yaml.py moves with agents/evals/). The exact file rule wins over a folder rule, the
     longest folder rule wins over a shorter one.
  2. rewrites every reference to a moved module or file in the text files of the repo:
     `from A import b` where A.b is a moved module (split per new home), dotted names (imports, importlib
     strings, monkeypatch targets, entry points), slash paths (agents/httpapi/ -> agents/http/), longest
     first, word-bounded; and names carried out of a module (Turn: agents.core.runner -> agents.core.turn).
  3. the hand fixes a rename cannot express, each a small named transformation (STEPS below).
  4. writes the new files (package __init__s, .importlinter, tests/test_architecture.py,
     docs/architecture.md with the mapping table and the import graph).
  5. ruff check --fix --select I (import order) on the touched Python files.
It is deterministic: the same tree gives the same result, and everything is sorted.
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
from pathlib import Path

AGENTS = ("marketing", "shopping", "travel", "tutor", "english")

# (old, new). "x/" is a folder rule. Order does not matter: exact files first, then longest folder.
RULES: list[tuple[str, str]] = [
    # --- the HTTP API and its stream
    ("agents/httpapi/", "agents/http/"),
    ("agents/api.py", "agents/http/api.py"),
    ("agents/sse.py", "agents/http/sse.py"),
    # --- the terminal
    ("agents/cli.py", "agents/cli/main.py"),
    ("agents/cli_eval.py", "agents/cli/eval.py"),
    ("agents/cli_lab.py", "agents/cli/lab.py"),
    ("agents/cli_render.py", "agents/cli/render.py"),
    # --- the understanding kit
    ("agents/core/nlu/", "agents/nlu/"),
    ("agents/core/korean_money.py", "agents/nlu/korean_money.py"),
    ("agents/core/injection/", "agents/nlu/injection/"),
    # --- services: what every front end calls
    ("agents/lab/", "agents/services/lab/"),
    ("agents/evals/", "agents/services/evals/"),
    ("agents/core/store/evals.py", "agents/services/evals/store.py"),
    ("agents/core/access.py", "agents/services/access.py"),
    # --- the framework-neutral view model (no Gradio, no Streamlit)
    ("pages/render.py", "agents/view/render.py"),
    ("pages/render_workspace.py", "agents/view/render_workspace.py"),
    ("pages/workspace_slots.py", "agents/view/workspace_slots.py"),
    ("pages/texts.py", "agents/view/texts.py"),
    ("pages/cards.py", "agents/view/cards.py"),
    ("pages/chat_text.py", "agents/view/chat_text.py"),
    ("pages/frames.py", "agents/view/frames.py"),
    ("pages/conversation.py", "agents/view/conversation.py"),
    ("pages/alerts.py", "agents/view/alerts.py"),
    ("pages/lab/view.py", "agents/view/lab.py"),
    ("pages/lab/evals_view.py", "agents/view/lab_evals.py"),
    ("pages/lab/charts.py", "agents/view/lab_charts.py"),
    # --- each agent owns what it shows
    ("pages/english_view.py", "agents/english/view.py"),
    ("pages/shopping_view.py", "agents/shopping/view.py"),
    ("pages/travel_view.py", "agents/travel/view.py"),
    ("pages/tutor_view.py", "agents/tutor/view.py"),
    ("pages/travel_figures.py", "agents/travel/figures.py"),
    ("pages/products.py", "agents/shopping/gradio_products.py"),
    ("pages/english.css", "agents/english/english.css"),
    *[(f"pages/workspaces/{a}.py", f"agents/{a}/gradio.py") for a in AGENTS],
    *[(f"streamlit_ui/panels/{a}.py", f"agents/{a}/streamlit.py") for a in AGENTS],
    *[(f"evals/{a}.yaml", f"agents/{a}/evals.yaml") for a in AGENTS],
    # --- the generic shells
    ("pages/__init__.py", "pages/__init__.py"),  # stays: pages/ holds no top-level module but this one
    ("pages/", "pages/gradio/"),
    ("streamlit_ui/", "pages/streamlit/"),
    # --- shipped data, one folder per agent
    ("data/marketing_sandbox.py", "data/marketing/sandbox.py"),
    ("data/shopping_catalog.py", "data/shopping/catalog.py"),
    ("data/shopping_catalog.json", "data/shopping/catalog.json"),
]

# Files that the move makes redundant (no shims): the Streamlit loader that ran pages/lab/*.py without the
# Gradio package __init__ (the view modules now live in agents/view), the empty workspaces package.
DELETE = ["streamlit_ui/lab/neutral.py", "pages/workspaces/__init__.py"]

# Names carried out of a module into another: (old module, name) -> new module.
NAME_MOVES = {("agents.core.runner", n): "agents.core.turn" for n in ("Turn", "TurnSettings", "tool_loop")}

# Paths never rewritten (they are not part of the product: history, generated, vendored).
TEXT_SUFFIXES = {".py", ".toml", ".md", ".cfg", ".ini", ".yaml", ".yml", ".txt", ".sh", ".css", ".js"}

# Placeholder paths in prose ("pages/workspaces/<agent_id>.py") follow the per-agent rules.
PATTERN_PATHS = [
    (r"pages/workspaces/<(\w+)>\.py", r"agents/<\1>/gradio.py"),
    (r"streamlit_ui/panels/<(\w+)>\.py", r"agents/<\1>/streamlit.py"),
    (r"pages\.workspaces\.<(\w+)>", r"agents.<\1>.gradio"),
    (r"streamlit_ui\.panels\.<(\w+)>", r"agents.<\1>.streamlit"),
    (r"pages/<(\w+)>_view\.py", r"agents/<\1>/view.py"),
    (r"(?<![\w/])evals/<(\w+)>\.yaml", r"agents/<\1>/evals.yaml"),
]
TEXT_NAMES = {".ci/run", "Makefile", "dev.py", ".importlinter", ".gitignore"}
SKIP_PREFIXES = ("data/", ".venv/")

NEW_PACKAGES = {
    "agents/cli/__init__.py": '"""The terminal front end (`playground ...`): generic, every agent through the registry."""\n',
    "agents/services/__init__.py": '"""What every front end calls: the Lab, the evals, access and tokens."""\n',
    "agents/view/__init__.py": '"""The framework-neutral view model: events and rows in, what a screen shows out (no Gradio, no Streamlit)."""\n',
    "pages/gradio/__init__.py": '"""The Gradio front end: the shell, the tabs, the chat, the dock and the Lab, built from the registry."""\n',
    "data/marketing/__init__.py": '"""The marketing sandbox ad account and its generator."""\n',
    "data/shopping/__init__.py": '"""The shopping catalogue and its generator."""\n',
}

ROOT = Path.cwd()
LOG: list[str] = []
LINKS: re.Pattern[str] | None = None


def say(msg: str) -> None:
    LOG.append(msg)
    print(msg)


def git(*args: str, check: bool = True) -> str:
    out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
    if check and out.returncode != 0:
        sys.exit(f"git {' '.join(args)} failed: {out.stderr.strip()}")
    return out.stdout


def tracked() -> list[str]:
    return sorted(p for p in git("ls-files", "-z").split("\0") if p)


# ---------------------------------------------------------------- 1. the plan


def destination(path: str) -> str | None:
    if path.startswith("tests/"):
        return None
    for old, new in RULES:
        if not old.endswith("/") and path == old:
            return new if new != old else None
    folders = sorted((r for r in RULES if r[0].endswith("/")), key=lambda r: -len(r[0]))
    for old, new in folders:
        if path.startswith(old) and not path.startswith(new):
            return new + path[len(old):]
    return None


def plan(files: list[str]) -> dict[str, str]:
    moves = {f: d for f in files if f not in DELETE and (d := destination(f))}
    for old, new in sorted(RULES):
        if old == new:
            continue
        hit = any(f == old or (old.endswith("/") and f.startswith(old)) for f in files)
        if not hit:
            there = (ROOT / new).exists()
            say(f"  skip rule {old} -> {new}: source absent{' (already moved)' if there else ''}")
    return dict(sorted(moves.items()))


def module_of(path: str) -> str | None:
    if not path.endswith(".py"):
        return None
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def module_map(moves: dict[str, str]) -> dict[str, str]:
    out = {}
    for old, new in moves.items():
        a, b = module_of(old), module_of(new)
        if a and b and a != b and a != "pages":
            out[a] = b
    # Folder rules moving a whole package carry its dotted name for anything under it.
    for old, new in RULES:
        if old.endswith("/") and (ROOT / old / "__init__.py").exists() and old != "pages/":
            out.setdefault(old[:-1].replace("/", "."), new[:-1].replace("/", "."))
    return dict(sorted(out.items()))


def path_map(moves: dict[str, str]) -> dict[str, str]:
    out = dict(moves)
    # A module named by its path without the suffix (``pages/english_view``) in prose.
    for old, new in moves.items():
        if old.endswith(".py") and new.endswith(".py") and not old.endswith("__init__.py"):
            out.setdefault(old[:-3], new[:-3])
    for old, new in RULES:
        if old.endswith("/") and old not in ("pages/",):
            out[old[:-1]] = new[:-1]
    # Sub-folders carried whole by a folder rule (pages/lab -> pages/gradio/lab).
    dirs: dict[str, set[str]] = {}
    for old, new in moves.items():
        o, n = Path(old).parent.as_posix(), Path(new).parent.as_posix()
        dirs.setdefault(o, set()).add(n)
    for o, ns in dirs.items():
        if len(ns) == 1 and o not in ("pages", "evals", "data", "agents", "agents/core", "agents/core/store", "."):
            n = next(iter(ns))
            if n != o and o.count("/") >= 1:
                out.setdefault(o, n)
    return dict(sorted(out.items()))


# ---------------------------------------------------------------- 2. the rewrite


def word_pattern(names: list[str], sep: str) -> re.Pattern[str]:
    alts = "|".join(re.escape(n) for n in sorted(names, key=lambda n: (-len(n), n)))
    if sep == ".":
        return re.compile(rf"(?<![\w./])({alts})(?![\w/])")
    return re.compile(rf"(?<![\w./-])({alts})(?![\w-])")


FROM_IMPORT = re.compile(r"^(?P<ind>[ \t]*)from[ \t]+(?P<mod>[\w.]+)[ \t]+import[ \t]+"
                         r"(?P<names>\([^)]*\)|[^\n]*)", re.M)


def rewrite_from_imports(text: str, mods: dict[str, str]) -> str:
    def one(m: re.Match[str]) -> str:
        mod, raw = m["mod"], m["names"]
        body = raw.strip()
        comment = ""
        if not body.startswith("(") and "#" in body:
            body, comment = body.split("#", 1)
            comment = "  #" + comment
        body = body.strip("()")
        items = [re.sub(r"#[^\n]*", "", x).strip() for x in body.replace("\n", ",").split(",")]
        items = [x for x in items if x]
        touched = False
        groups: dict[str, list[str]] = {}
        for item in items:
            name, _, alias = item.partition(" as ")
            name, alias = name.strip(), alias.strip()
            full = f"{mod}.{name}"
            if full in mods:
                touched = True
                new = mods[full]
                parent, _, last = new.rpartition(".")
                shown = alias or name
                groups.setdefault(parent, []).append(last if last == shown else f"{last} as {shown}")
            elif (mod, name) in NAME_MOVES:
                touched = True
                groups.setdefault(NAME_MOVES[(mod, name)], []).append(item)
            else:
                groups.setdefault(mod, []).append(item)
        if not touched:
            return m.group(0)
        ind = m["ind"]
        lines = [f"{ind}from {target} import {', '.join(names)}" for target, names in groups.items()]
        return "\n".join(lines) + comment

    return FROM_IMPORT.sub(one, text)


def rewrite_text(text: str, is_py: bool, mods: dict[str, str], paths: dict[str, str],
                 dotted: re.Pattern[str], slashed: re.Pattern[str]) -> str:
    if is_py:
        text = rewrite_from_imports(text, mods)
    text = dotted.sub(lambda m: mods[m.group(1)], text)
    text = slashed.sub(lambda m: paths[m.group(1)], text)
    text = LINKS.sub(lambda m: paths[m.group(1)], text) if LINKS else text
    for pat, rep in PATTERN_PATHS:
        text = re.sub(pat, rep, text)
    for (mod, name), new in sorted(NAME_MOVES.items()):
        text = re.sub(rf"(?<![\w.]){re.escape(mod)}\.{name}(?![\w])", f"{new}.{name}", text)
    return text


def text_files() -> list[str]:
    out = []
    for f in tracked():
        p = Path(f)
        if f.startswith(SKIP_PREFIXES) and p.suffix != ".py" and p.name != "README.md":
            continue
        if p.suffix in TEXT_SUFFIXES or f in TEXT_NAMES or (f.startswith("docs/") and p.suffix == ".json"):
            out.append(f)
    return out


# ---------------------------------------------------------------- 3. hand fixes as named steps


def edit(path: str, old: str, new: str, why: str, regex: bool = False) -> None:
    p = ROOT / path
    if not p.exists():
        say(f"  step skipped ({why}): {path} absent")
        return
    text = p.read_text(encoding="utf-8")
    changed = re.sub(old, new, text, flags=re.M) if regex else text.replace(old, new)
    if changed == text:
        say(f"  step NOT applied ({why}): pattern not found in {path}; check by hand")
        return
    p.write_text(changed, encoding="utf-8")
    say(f"  step: {path}: {why}")


def fix_parents(moves: dict[str, str]) -> None:
    """`Path(__file__).resolve().parents[N]` in a moved file keeps pointing at the same folder."""
    for old, new in moves.items():
        if not new.endswith(".py") or not (ROOT / new).exists():
            continue
        text = (ROOT / new).read_text(encoding="utf-8")

        def one(m: re.Match[str], old: str = old, new: str = new) -> str:
            n = int(m.group(2))
            target = Path(old).parents[n] if n < len(Path(old).parents) else None
            if target is None:
                return m.group(0)
            newp = Path(new).parents
            for k in range(len(newp)):
                if newp[k] == target:
                    return f"{m.group(1)}[{k}]"
            return m.group(0)

        out = re.sub(r"(Path\(__file__\)\.resolve\(\)\.parents)\[(\d+)\]", one, text)
        if out != text:
            (ROOT / new).write_text(out, encoding="utf-8")
            say(f"  step: {new}: parents[N] re-pointed at the same folder after the move")


def split_turn() -> None:
    """Give Turn its own module: TurnSettings, Turn and tool_loop leave agents/core/runner.py for
    agents/core/turn.py, which ends the agent <-> runner <-> toolcalls <-> trace_record circle."""
    src, dst = ROOT / "agents/core/runner.py", ROOT / "agents/core/turn.py"
    if not src.exists() or dst.exists():
        say("  step skipped (Turn module): runner.py absent or turn.py exists")
        return
    text = src.read_text(encoding="utf-8")
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    wanted = {"TurnSettings", "Turn", "tool_loop"}
    nodes = [n for n in tree.body if isinstance(n, ast.ClassDef | ast.FunctionDef) and n.name in wanted]
    if {n.name for n in nodes} != wanted:
        say("  step NOT applied (Turn module): TurnSettings/Turn/tool_loop not all top-level in runner.py")
        return
    spans = []
    for n in nodes:
        start = min([n.lineno, *(d.lineno for d in n.decorator_list)]) - 1
        spans.append((start, n.end_lineno))
    first_body = next(i for i, n in enumerate(tree.body) if not isinstance(n, ast.Import | ast.ImportFrom | ast.Expr)
                      or (isinstance(n, ast.Expr) and i > 0))
    head_end = tree.body[first_body - 1].end_lineno  # the docstring and imports
    doc_end = tree.body[0].end_lineno if isinstance(tree.body[0], ast.Expr) else 0
    imports = "".join(lines[doc_end:head_end])
    imports = imports.replace("from agents.core.toolcalls import run_tool_call\n", "")
    body = "\n\n".join("".join(lines[a:b]).rstrip() + "\n" for a, b in spans)
    doc = ('"""One turn\'s working state (`Turn`), the settings a caller gives it and the default tool loop.\n\n'
           "Agents' pipelines receive a Turn; the runner (`agents.core.runner`) opens, drives and records it.\n"
           '"""\n')
    body = body.replace("        return run_tool_call(self, call, from_button=from_button)",
                        "        from agents.core.toolcalls import run_tool_call  # the tool step needs a Turn\n\n"
                        "        return run_tool_call(self, call, from_button=from_button)")
    dst.write_text(doc + imports.rstrip() + "\n\nlog = logging.getLogger(__name__)\n\n\n" + body, encoding="utf-8")
    keep = [ln for i, ln in enumerate(lines) if not any(a <= i < b for a, b in spans)]
    new_text = "".join(keep)
    new_text = new_text.replace("from agents.core.tracing import",
                                "from agents.core.turn import Turn, TurnSettings, tool_loop\n"
                                "from agents.core.tracing import", 1)
    new_text = re.sub(r"\n{4,}", "\n\n\n", new_text)
    src.write_text(new_text, encoding="utf-8")
    git("add", "agents/core/turn.py")
    say("  step: agents/core/turn.py: Turn, TurnSettings and tool_loop carried out of agents/core/runner.py")


def steps(moves: dict[str, str]) -> None:
    fix_parents(moves)
    split_turn()
    # The generic shells find an agent's panel in the agent's own folder.
    edit("pages/gradio/workspace.py", 'importlib.import_module(f"pages.workspaces.{agent_id}")',
         'importlib.import_module(f"agents.{agent_id}.gradio")', "Gradio panels come from agents/<id>/gradio.py")
    edit("pages/gradio/workspace.py", 'if exc.name != f"pages.workspaces.{agent_id}":',
         'if exc.name not in (f"agents.{agent_id}", f"agents.{agent_id}.gradio"):',
         "an agent without a Gradio panel (or outside agents/) gets the default workspace")
    edit("pages/streamlit/panels/__init__.py", 'importlib.import_module(f"pages.streamlit.panels.{agent_id}")',
         'importlib.import_module(f"agents.{agent_id}.streamlit")', "Streamlit panels come from agents/<id>/streamlit.py")
    edit("pages/streamlit/panels/__init__.py", 'if exc.name != f"pages.streamlit.panels.{agent_id}":',
         'if exc.name not in (f"agents.{agent_id}", f"agents.{agent_id}.streamlit"):',
         "an agent without a Streamlit panel (or outside agents/) gets the default one")
    # The Lab's view modules are plain imports now (they left the Gradio package).
    edit("pages/streamlit/lab/traces.py", "from pages.streamlit.lab.neutral import charts, view",
         "from agents.view import lab as view\nfrom agents.view import lab_charts as charts",
         "the Lab's neutral views are imported directly")
    edit("pages/streamlit/lab/evals.py", "from pages.streamlit.lab.neutral import evals_view",
         "from agents.view import lab_evals as evals_view", "the Lab's neutral views are imported directly")
    edit("pages/streamlit/lab/__init__.py", "(``pages.streamlit.lab.neutral``)", "(``agents.view``)",
         "docstring names the view package")
    # Style sheets: each agent ships its own beside its code; the shells take every agents/*/*.css.
    edit("pages/gradio/shell.py",
         'CSS = "".join((Path(__file__).parent / name).read_text(encoding="utf-8")\n'
         '              for name in ("style.css", "english.css", "lab/lab.css"))',
         '_AGENT_CSS = sorted((Path(__file__).resolve().parents[2] / "agents").glob("*/*.css"))\n'
         'CSS = "".join(path.read_text(encoding="utf-8") for path in\n'
         '              (Path(__file__).parent / "style.css", *_AGENT_CSS, Path(__file__).parent / "lab/lab.css"))',
         "agents' style sheets are found, not named")
    edit("pages/gradio/shell.py", "# english.css is shared with the Streamlit front end (streamlit_app.py).",
         "# An agent's own style sheet (agents/<id>/*.css) is shared with the Streamlit front end.",
         "comment")
    edit("streamlit_app.py",
         'CSS = "".join((Path(__file__).parent / name).read_text(encoding="utf-8")\n'
         '              for name in ("agents/english/english.css", "pages/streamlit/style.css"))',
         'CSS = "".join(path.read_text(encoding="utf-8") for path in\n'
         '              (*sorted((Path(__file__).parent / "agents").glob("*/*.css")),\n'
         '               Path(__file__).parent / "pages/streamlit/style.css"))',
         "agents' style sheets are found, not named")
    edit("streamlit_app.py", "# The english tutor's HTML is styled as in the Gradio app (agents/english/english.css)",
         "# Agents' own HTML is styled as in the Gradio app (agents/<id>/*.css)", "comment")
    # The shipped eval suites live in each agent's folder.
    edit("agents/services/evals/library.py",
         r'^SHIPPED_DIR = Path\(__file__\)\.resolve\(\)\.parents\[\d\] / "evals"$',
         'AGENTS_DIR = Path(__file__).resolve().parents[2]  # agents/: each agent ships agents/<id>/evals.yaml',
         "shipped suites are agents/<id>/evals.yaml", regex=True)
    edit("agents/services/evals/library.py",
         'for path in sorted(SHIPPED_DIR.glob("*.yaml")) if SHIPPED_DIR.is_dir() else []:',
         'for path in sorted(AGENTS_DIR.glob("*/evals.yaml")):', "shipped suites are agents/<id>/evals.yaml")
    edit("agents/services/evals/library.py", "the shipped ones under ``evals/`` (read-only)",
         "the shipped ones, ``agents/<id>/evals.yaml`` (read-only)", "docstring")
    # `playground eval run agents/` runs the shipped suites: a folder of agent folders means their evals.yaml.
    edit("agents/services/evals/loader.py",
         '    if target.is_dir():\n        files = sorted(',
         '    if target.is_dir():\n'
         '        shipped = sorted(p for p in target.glob("*/evals.yaml") if p.is_file())\n'
         '        if shipped:  # the agents/ folder: each agent ships agents/<id>/evals.yaml\n'
         '            return shipped\n'
         '        files = sorted(', "a folder of agents means their evals.yaml files")
    edit("agents/services/evals/loader.py", '"""A file, or every ``*.yaml`` / ``*.yml`` under a folder (sorted)."""',
         '"""A file; a folder of agents (``agents/``): each ``<id>/evals.yaml``; else every ``*.yaml`` / ``*.yml``\n'
         '    under a folder (sorted)."""', "docstring")
    for f in ("tests/evals/test_shipped_suites.py", "tests/bench/bench_evals.py"):
        edit(f, r'parents\[2\] / "evals"', 'parents[2] / "agents"', "the shipped suites are agents/<id>/evals.yaml",
             regex=True)
    edit("tests/evals/test_loader.py", '(ROOT / "evals").glob("*.yaml")', '(ROOT / "agents").glob("*/evals.yaml")',
         "the shipped suites are agents/<id>/evals.yaml")
    edit("tests/streamlit/shots.py", 'ROOT / "evals" / "marketing.yaml"', 'ROOT / "agents" / "marketing" / "evals.yaml"',
         "the marketing suite lives in its agent folder")
    for f in ("README.md", "docs/evals.md", "agents/cli/eval.py", "tests/bench/bench_evals.py"):
        edit(f, "eval run evals/", "eval run agents/", "every shipped suite: `playground eval run agents/`")
    edit("agents/cli/eval.py", "a suite .yaml file or a folder of them (e.g. evals/)",
         "a suite .yaml file or a folder of them (agents/: every agents/<id>/evals.yaml)", "help text")
    edit("README.md", "YAML suites under `evals/` (", "YAML suites, one per agent in `agents/<id>/evals.yaml` (",
         "README: where the suites are")
    edit("README.md", "every shipped eval suite in `evals/` on the", "every shipped eval suite (`agents/<id>/evals.yaml`) on the",
         "README: where the suites are")
    edit("tests/evals/test_shipped_suites.py", "every shipped suite under evals/ on", "every shipped suite (agents/<id>/evals.yaml) on",
         "docstring")
    edit("data/shopping/catalog.py", 'with_name("shopping_catalog.json")', 'with_name("catalog.json")',
         "the catalogue's JSON sits beside its generator")
    # Packaging: the generic pages/ package now holds both shells; the CLI is a package.
    edit("pyproject.toml", 'include = ["agents*", "pages*", "data*", "pages.streamlit*"]',
         'include = ["agents*", "pages*", "data*"]', "streamlit_ui is pages/streamlit now")
    edit("pyproject.toml", '    "schemathesis>=4.0",',
         '    "schemathesis>=4.0",\n    "import-linter>=2.1",  # the layer contracts in .importlinter (tests/test_architecture.py)',
         "import-linter in the dev extra")


# ---------------------------------------------------------------- 4. docs/architecture.md

DOC_HEAD = """# Architecture

The tree is cut by layer, and inside the layers by agent: an agent owns everything it shows, and every
front end stays generic. The arrows only point down; `.importlinter` states it and
`tests/test_architecture.py` checks it (with the known exceptions listed there, each marked DEBT).

## Layers, from the bottom up

**`agents/nlu/`: the understanding kit.** Korean and English text normalisation, particles, fuzzy names,
slots, the exemplar classifier, Korean money amounts and the prompt-injection classifier, with their
lexicons and training data. It knows nothing of turns or stores, so the runtime (its guards) can use it.

**`agents/core/`: the runtime.** Events, tools, providers, the turn (`turn.py`: `Turn`, `TurnSettings`,
the default tool loop), the runner that opens, drives and records a turn, actions, the session and the
store with the core tables and migrations. It imports nothing above it and names no agent (the built-in
agents are module names in `agent.py`, loaded by the registry).

**`agents/services/`: what every front end calls.** The Lab (traces, prompts, side-by-side comparisons,
metrics, export), the evals (suites, runner, assertions, their tables and migrations) and API access and
tokens. Gradio, Streamlit, the HTTP API and the CLI call these instead of writing to the store.

**`agents/view/`: the framework-neutral view model.** One fold of events and stored rows into what a screen
shows (`render.py`, `render_workspace.py`), the workspace slots, cards (Plotly figures), chat text, the
texts catalogue (Korean and English, keyed by code) and the Lab's views. No Gradio, no Streamlit.

**`data/<id>/`: each agent's shipped datasets** and the generators that made them.

**`agents/<id>/`: one folder per agent** (marketing, shopping, travel, tutor, english): the spec
(`__init__.py`), tools, domain, its store and migrations, policy, lexicon and training data, `evals.yaml`,
its view model (`view.py`) and its adapters to the front ends: `gradio.py`, `streamlit.py`, `http.py`.
An adapter is the only module of an agent that imports a front end; no agent imports another.

**Front ends: `pages/gradio/`, `pages/streamlit/`, `agents/http/`, `agents/cli/`.** Generic shells built
from the registry: they never name an agent (the remaining exceptions are the two chats' custom cards,
listed in `.importlinter`). `app.py` and `streamlit_app.py` are entry points only. `pages/` holds no
top-level module but `__init__.py`, so Streamlit never serves a Gradio module as a page
(`pages/streamlit/launch.py` also turns that mode off before the server starts).

## The import graph

Generated from the code's imports (type-only imports left out); regenerate with
`python tests/test_architecture.py` and paste it here (`tests/test_architecture.py` fails when it differs).

```mermaid
"""

DOC_TAIL = """```

## Where things moved (the restructure of issue 27)

Each row is a `git mv`; a folder row carries every file under the folder. Module names follow the paths
(`agents/httpapi/errors.py` = `agents.httpapi.errors` -> `agents.http.errors`). `agents/core/runner.py`
also gave `Turn`, `TurnSettings` and `tool_loop` to the new `agents/core/turn.py`.

| old path | new path |
|---|---|
"""


def write_architecture_doc() -> None:
    out = subprocess.run([sys.executable, "tests/test_architecture.py"], cwd=ROOT, capture_output=True, text=True,
                         env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    if out.returncode != 0:
        say(f"  docs/architecture.md NOT written: the graph failed: {out.stderr.strip()[-400:]}")
        return
    rows = [f"| `{old}` | `{new}` |" for old, new in RULES if old != new]
    rows += [f"| `{f}` | (removed: no longer needed) |" for f in DELETE]
    text = DOC_HEAD + out.stdout.rstrip() + "\n" + DOC_TAIL + "\n".join(rows) + "\n"
    (ROOT / "docs/architecture.md").write_text(text, encoding="utf-8")
    git("add", "docs/architecture.md")
    say("  wrote docs/architecture.md (layers, import graph, mapping table)")


# ---------------------------------------------------------------- main


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--force", action="store_true", help="run on a tree with uncommitted changes")
    args = ap.parse_args()
    if not (ROOT / "pyproject.toml").exists() or 'name = "agent-playground"' not in (ROOT / "pyproject.toml").read_text():
        sys.exit("run from the root of an agent-playground checkout")
    if git("status", "--porcelain").strip() and not (args.force or args.dry_run):
        sys.exit("the tree has uncommitted changes; commit or stash them (or --force)")

    files = tracked()
    say("== 1. plan")
    moves = plan(files)
    mods = module_map(moves)
    paths = path_map(moves)
    for old, new in moves.items():
        say(f"  mv {old} -> {new}")
    for f in DELETE:
        say(f"  rm {f}" if f in files else f"  skip rm {f}: absent")
    if args.dry_run:
        for a, b in mods.items():
            say(f"  module {a} -> {b}")
        for a, b in paths.items():
            say(f"  path {a} -> {b}")
        return

    say("== 2. git mv")
    for old, new in moves.items():
        (ROOT / new).parent.mkdir(parents=True, exist_ok=True)
        git("mv", old, new)
    for f in DELETE:
        if f in files:
            git("rm", "-q", f)
    for d in sorted({str(Path(o).parent) for o in moves}, key=lambda s: -s.count("/")):
        p = ROOT / d
        while p != ROOT and p.is_dir() and not any(p.iterdir()):
            p.rmdir()
            p = p.parent
    for path, text in NEW_PACKAGES.items():
        if not (ROOT / path).exists():
            (ROOT / path).write_text(text, encoding="utf-8")
            git("add", path)
            say(f"  new {path}")

    say("== 3. rewrite references")
    dotted = word_pattern(list(mods), ".")
    slashed = word_pattern(list(paths), "/")
    global LINKS
    alts = "|".join(re.escape(n) for n in sorted(paths, key=lambda n: (-len(n), n)))
    LINKS = re.compile(rf"(?<=\]\(\.\./)({alts})(?=[)#])")  # relative links in docs/*.md
    for f in text_files():
        p = ROOT / f
        try:
            text = p.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        new = rewrite_text(text, f.endswith(".py") or f in (".ci/run", "dev.py"), mods, paths, dotted, slashed)
        if new != text:
            p.write_text(new, encoding="utf-8")
            say(f"  rewrote {f}")

    say("== 4. steps a rename cannot express")
    steps(moves)

    say("== 5. new files")
    extras = Path(__file__).with_name("files")
    for src in sorted(extras.rglob("*")) if extras.is_dir() else []:
        if src.is_file():
            rel = src.relative_to(extras).as_posix()
            (ROOT / rel).parent.mkdir(parents=True, exist_ok=True)
            (ROOT / rel).write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
            git("add", rel)
            say(f"  wrote {rel}")
    write_architecture_doc()

    say("== 6. ruff: import order")
    py = [f for f in tracked() if f.endswith(".py") and (ROOT / f).exists()]
    ruff = [sys.executable, "-m", "ruff"] if subprocess.run([sys.executable, "-m", "ruff", "--version"],
                                                             capture_output=True).returncode == 0 else ["ruff"]
    subprocess.run([*ruff, "check", "--fix", "--select", "I", "-q", *py], cwd=ROOT)
    turn = [f for f in ("agents/core/turn.py", "agents/core/runner.py") if (ROOT / f).exists()]
    subprocess.run([*ruff, "check", "--fix", "--select", "F401", "-q", *turn], cwd=ROOT)
    git("add", "-A", ".")
    say("done: review with `git status` and `git diff --cached --stat`, then run the tests")


if __name__ == "__main__":
    main()
