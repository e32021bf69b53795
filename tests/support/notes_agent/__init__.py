"""A tests-only agent: notes with one query, one mutation and one tool that raises.

It exercises every path of the core without depending on a real agent, and it is the "sixth agent" of
issue 27: everything it is and shows lives in this folder (a workspace panel in both front ends, a custom
card, an HTTP route, an eval suite, two migrations), loaded through the registry with
``PLAYGROUND_EXTRA_AGENTS=tests.support.notes_agent`` (docs/add-an-agent.md walks through it).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

from pydantic import BaseModel, Field

from agents.core.agent import AgentSpec
from agents.core.agent_ui import AgentUI, CardUI, Slot, lazy
from agents.core.events import DataCard, Detail, Event
from agents.core.providers.base import ModelRequest
from agents.core.providers.offline import PolicyReply
from agents.core.tools import Card, Confirmation, Tool, ToolContext, ToolKind, ToolOutput, ToolRegistry
from agents.core.turn import Turn, tool_loop
from tests.support.notes_agent.store import MIGRATIONS, NotesStore

HERE = Path(__file__).parent


class ListArgs(BaseModel):
    limit: int = Field(10, ge=1, le=100, description="how many notes")


class AddArgs(BaseModel):
    text: str = Field(min_length=1, max_length=200, description="note text")
    pinned: bool = False


class NoArgs(BaseModel):
    pass


def list_notes(args: ListArgs, ctx: ToolContext) -> ToolOutput:
    notes = NotesStore(ctx.store).notes(ctx.user_id, args.limit)
    summary = f"{len(notes)} note(s)" + (": " + "; ".join(n["text"] for n in notes) if notes else "")
    return ToolOutput(summary=summary, data={"notes": [{"text": n["text"], "pinned": n["pinned"]} for n in notes]},
                      cards=[Card(card_type="table", title="Notes", data={"columns": ["text", "pinned"],
                                                                          "rows": [[n["text"], n["pinned"]] for n in notes]})])


def add_note(args: AddArgs, ctx: ToolContext) -> ToolOutput:
    if args.text == "fail":
        raise RuntimeError("the notes service is down")
    tags = NotesStore(ctx.store).add(ctx.user_id, args.text, args.pinned)
    return ToolOutput(summary=f"Added note '{args.text}'", data={"text": args.text, **({"tags": tags} if tags else {})})


def add_note_card(args: AddArgs, ctx: ToolContext, previous: AddArgs | None) -> Confirmation:
    before = previous or args
    return Confirmation(
        summary=f"Add the note '{args.text}'",
        details=[Detail(label="Text", value=args.text, changed=args.text != before.text),
                 Detail(label="Pinned", value="yes" if args.pinned else "no", changed=args.pinned != before.pinned)],
        warnings=["Applies to the sandbox notes table"],
    )


def explode(args: NoArgs, ctx: ToolContext) -> ToolOutput:
    raise RuntimeError("kaboom")


TOOLS = ToolRegistry()
TOOLS.register(Tool("list_notes", "List the user's notes", ListArgs, ToolKind.QUERY, list_notes))
TOOLS.register(Tool("add_note", "Add a note (needs confirmation)", AddArgs, ToolKind.MUTATION, add_note, add_note_card))
TOOLS.register(Tool("explode", "A tool that always fails", NoArgs, ToolKind.QUERY, explode))


def policy(request: ModelRequest) -> PolicyReply:
    last = request.messages[-1]
    if last.role == "tool":
        result = json.loads(last.content)
        if result.get("status") == "pending_confirmation":
            return PolicyReply(text="Please confirm the card to add the note.")
        return PolicyReply(text=f"Here you go: {result.get('summary') or result.get('error')}.")
    text = last.content.strip()
    if m := re.match(r"(?i)^(?:add|메모)\s+(.+)$", text):
        return PolicyReply(tool_calls=[("add_note", {"text": m.group(1)})])
    if m := re.match(r"(?i)^pin\s+(.+)$", text):
        return PolicyReply(tool_calls=[("add_note", {"text": m.group(1), "pinned": True})])
    if re.search(r"(?i)\blist\b|노트|메모 보여", text):
        return PolicyReply(text="Let me look.", tool_calls=[("list_notes", {"limit": 10})])
    if "boom" in text:
        return PolicyReply(tool_calls=[("explode", {})])
    return PolicyReply(text="I can list your notes or add one.")


BOARD = re.compile(r"(?i)\bboard\b|보드")


def pipeline(turn: Turn) -> Iterator[Event]:
    """The tool loop, except "show my board": the notes as a board of sticky notes, this agent's own card
    (``notes_board``, drawn by ``view.py``), straight from its store (no model call needed)."""
    if not BOARD.search(turn.text):
        yield from tool_loop(turn)
        return
    notes = NotesStore(turn.store).notes(turn.user_id, 20)
    yield turn.emit(DataCard, card_type="notes_board", title="Board", data={"notes": notes})
    yield from turn.say(f"{len(notes)} note(s) on the board.")


def _routes(caller: object) -> object:
    from tests.support.notes_agent.http import notes_routes  # FastAPI only when the HTTP API is built

    return notes_routes(caller)  # type: ignore[arg-type]


AGENT = AgentSpec(
    id="notes",
    title="Notes (test agent)",
    description="A tests-only agent that lists and adds notes.",
    system_prompt="You manage the user's notes.",
    tools=TOOLS,
    offline_policy=policy,
    pipeline=pipeline,
    examples=("list my notes", "add buy milk"),
    migrations=MIGRATIONS,
    suggest=lambda turn, text: ["list my notes"] if "note" in text.lower() else [],
    http_routes=_routes,
    evals=HERE / "evals.yaml",
    ui=AgentUI(
        icon="🗒️",
        slots=(Slot(key="board", card_types=("notes_board",)),),
        cards={"notes_board": CardUI(html=lazy("tests.support.notes_agent.view:board_html"))},
        css=(HERE / "notes.css",),
        texts={"notes_pinned": ("고정된 메모", "Pinned notes"), "notes_none_pinned": ("고정된 메모가 없습니다.",
                                                                                "No pinned notes.")},
        gradio="tests.support.notes_agent.gradio",
        streamlit="tests.support.notes_agent.streamlit",
    ),
)
