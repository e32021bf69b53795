"""A tests-only agent: notes with one query, one mutation and one tool that raises.

It exercises every path of the core without depending on a real agent.
"""

from __future__ import annotations

import json
import re

from pydantic import BaseModel, Field

from agents.core.agent import AgentSpec
from agents.core.events import Detail
from agents.core.ids import new_id
from agents.core.providers.base import ModelRequest
from agents.core.providers.offline import PolicyReply
from agents.core.store.ddl import create_table
from agents.core.store.migrations import Migration
from agents.core.tools import Card, Confirmation, Tool, ToolContext, ToolKind, ToolOutput, ToolRegistry


def _notes_001(cur) -> None:
    create_table(cur, "test_notes", [
        ("id", "VARCHAR PRIMARY KEY", "note id"),
        ("user_id", "VARCHAR NOT NULL", "owner"),
        ("text", "VARCHAR NOT NULL", "the note"),
        ("pinned", "BOOLEAN NOT NULL", "pinned notes list first"),
    ])


class ListArgs(BaseModel):
    limit: int = Field(10, ge=1, le=100, description="how many notes")


class AddArgs(BaseModel):
    text: str = Field(min_length=1, max_length=200, description="note text")
    pinned: bool = False


class NoArgs(BaseModel):
    pass


def list_notes(args: ListArgs, ctx: ToolContext) -> ToolOutput:
    rows = ctx.store.db.fetchall(
        "SELECT text, pinned FROM test_notes WHERE user_id = ? ORDER BY pinned DESC, id LIMIT ?",
        [ctx.user_id, args.limit],
    )
    notes = [{"text": t, "pinned": p} for t, p in rows]
    summary = f"{len(notes)} note(s)" + (": " + "; ".join(n["text"] for n in notes) if notes else "")
    return ToolOutput(summary=summary, data={"notes": notes},
                      cards=[Card(card_type="table", title="Notes", data={"columns": ["text", "pinned"],
                                                                          "rows": [[n["text"], n["pinned"]] for n in notes]})])


def add_note(args: AddArgs, ctx: ToolContext) -> ToolOutput:
    if args.text == "fail":
        raise RuntimeError("the notes service is down")
    ctx.store.db.execute("INSERT INTO test_notes VALUES (?, ?, ?, ?)", [new_id("note"), ctx.user_id, args.text, args.pinned])
    return ToolOutput(summary=f"Added note '{args.text}'", data={"text": args.text})


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
    if re.search(r"(?i)\blist\b|노트|메모 보여", text):
        return PolicyReply(text="Let me look.", tool_calls=[("list_notes", {"limit": 10})])
    if "boom" in text:
        return PolicyReply(tool_calls=[("explode", {})])
    return PolicyReply(text="I can list your notes or add one.")


AGENT = AgentSpec(
    id="notes",
    title="Notes (test agent)",
    description="A tests-only agent that lists and adds notes.",
    system_prompt="You manage the user's notes.",
    tools=TOOLS,
    offline_policy=policy,
    examples=("list my notes", "add buy milk"),
    migrations=(Migration("notes_001", _notes_001),),
    suggest=lambda turn, text: ["list my notes"] if "note" in text.lower() else [],
)
