"""Measure the marketing offline model on labelled phrasings (tests/marketing/phrasings.yaml,
format: tests/PHRASINGS_FORMAT.md, written apart from ``training.yaml``): each item runs the offline
policy on the sandbox roster of user ``demo`` and checks the first tool and the labelled arguments.
A follow-up (``before:``) runs its earlier messages through the real agent first (``Rehearsal``) and
checks what the policy decided on the request of its last turn."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from agents.core.followups import FinalTurn, Rehearsal, Step, earlier
from agents.core.labelled import Item, load_items
from agents.core.providers.base import ChatMessage, ModelRequest, ModelToolCall
from agents.marketing.policy import policy
from agents.nlu import Outcome, Report
from data.marketing import sandbox as marketing_sandbox

PHRASINGS = Path(__file__).resolve().parents[2] / "tests" / "marketing" / "phrasings.yaml"
# Hold-out C's tune half: phrasings a writer who never read the rules wrote later (casual, English, one-shot).
HOLDOUT_C = PHRASINGS.with_name("phrasings_c.yaml")
# Follow-ups: the labelled message comes after earlier ones in the same conversation (``before:``).
FOLLOWUP = PHRASINGS.with_name("phrasings_followup.yaml")
NOW = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)
_MUTATIONS = {"createCampaign", "updateCampaignBudget", "pauseCampaign", "resumeCampaign", "deleteCampaign",
              "generateAdCopy"}


@cache
def roster() -> tuple[tuple[str, str, str, str, int], ...]:
    box = marketing_sandbox.generate("demo", NOW)
    return tuple((c["id"], c["name"], c["status"], c["objective"], c["daily_budget"]) for c in box.campaigns
                 if c["status"] != "DELETED")


def system_prompt() -> str:
    lines = ["[sandbox ad account]", f"today: {NOW.date().isoformat()}",
             "campaigns (id | name | status | objective | daily budget KRW):"]
    lines += [f"- {cid} | {name} | {status} | {objective} | {budget}" for cid, name, status, objective, budget in roster()]
    return "\n".join(lines)


def _messages(item: dict[str, Any]) -> list[ChatMessage]:
    messages: list[ChatMessage] = []
    if item.get("after") == "confirmation":  # a confirmation card is on screen, pending
        cid = roster()[0][0]
        call = ModelToolCall(id="call_prev", name="updateCampaignBudget",
                             arguments=json.dumps({"campaignId": cid, "dailyBudget": 200000}))
        messages += [ChatMessage(role="user", content="예산 20만원으로 바꿔줘"),
                     ChatMessage(role="assistant", tool_calls=[call]),
                     ChatMessage(role="tool", tool_call_id="call_prev", name="updateCampaignBudget",
                                 content=json.dumps({"ok": True, "status": "pending_confirmation", "action_id": "act_x"}))]
    return [*messages, ChatMessage(role="user", content=item["text"])]


def decide(item: dict[str, Any], rehearsal: Rehearsal | None = None) -> tuple[str, dict[str, Any]]:
    if item.get("before"):
        return _decide_after(item, rehearsal)
    return _first_call(ModelRequest(agent_id="marketing", system=system_prompt(), messages=_messages(item)))


def _first_call(request: ModelRequest) -> tuple[str, dict[str, Any]]:
    reply = policy(request)
    if not reply.tool_calls:
        return "freeformResponse", {"message": reply.text}
    name, args = reply.tool_calls[0]
    return name, args if isinstance(args, dict) else {}


def _decide_after(item: dict[str, Any], rehearsal: Rehearsal | None) -> tuple[str, dict[str, Any]]:
    """The earlier messages, then the labelled one, as real turns of user ``demo`` at ``NOW``."""
    if rehearsal is None:
        with Rehearsal("marketing", "demo", NOW) as own:
            return _decide_after(item, own)
    session = rehearsal.session()
    if item.get("after") == "confirmation":  # a real pending budget change, as the fast path's history fakes
        events = session.run(f"{roster()[0][1]} 예산 20만원으로 바꿔줘")
        if not any(e.type == "action_confirmation" for e in events):
            return "error", {"problem": "the set-up turn left no pending confirmation"}
    final = rehearsal.play([*(Step(t) for t in earlier(item)), Step(item["text"])], session)
    return _final_decision(final)


def _final_decision(final: FinalTurn) -> tuple[str, dict[str, Any]]:
    request = final.request()
    if final.problems or request is None:
        return "error", {"problem": "; ".join(final.problems) or final.error() or "the turn made no model call"}
    return _first_call(request)


def _resolve(value: Any) -> Any:
    names = {name: cid for cid, name, *_ in roster()}
    if isinstance(value, list):
        return [names.get(v, v) for v in value]
    return names.get(value, value)


def check(item: dict[str, Any], rehearsal: Rehearsal | None = None) -> Outcome:
    tool, args = decide(item, rehearsal)
    problems: list[str] = []
    expected = "askClarification" if item.get("clarify") else item["tool"]
    if tool == "error":
        problems.append(args["problem"])
    if tool != expected:
        problems.append(f"tool {tool} != {expected}")
        if tool in _MUTATIONS and item.get("clarify"):
            problems.append("a mutation was started where the model had to ask")
    if expected == "askClarification" and tool == expected:
        options = " ".join(args.get("options") or [])
        for want in item.get("options_include") or []:
            if want not in options:
                problems.append(f"option {want!r} missing")
        for key, value in ((item.get("args") or {}).get("known") or {}).items():
            if (args.get("known") or {}).get(key) != _resolve(value):
                problems.append(f"known.{key}: {(args.get('known') or {}).get(key)!r} != {value!r}")
    elif tool == expected:
        for key, value in (item.get("args") or {}).items():
            got = args.get(key)
            want = _resolve(value) if key in ("campaignId", "campaignIds") else value
            if key == "campaignIds":
                got, want = sorted(got or []), sorted(want)
            if key == "changePercent" and got is not None:
                got = round(float(got))
                want = round(float(want))
            if isinstance(want, dict) and isinstance(got, dict):
                got = {k: got.get(k) for k in want}
            if key == "product" and isinstance(got, str):
                got = want if str(want).lower() in got.lower() or got.lower() in str(want).lower() else got
            if got != want:
                problems.append(f"{key}: {got!r} != {want!r}")
    return Outcome(item["text"], expected, tool, not problems, problems, item)


class MarketingArgs(BaseModel):
    """The labelled args ``check`` compares in its own way; any other key is compared as it is."""

    model_config = ConfigDict(extra="allow", strict=True)

    campaignId: str | None = None
    campaignIds: list[str] | None = None
    changePercent: int | float | None = None
    known: dict[str, Any] | None = None


class MarketingItem(Item):
    """What ``check`` reads of an item (tests/PHRASINGS_FORMAT.md, marketing)."""

    args: MarketingArgs | None = None  # type: ignore[assignment]
    tool: str | None = None
    options_include: list[str] | None = None
    after: Literal["confirmation"] | None = None

    @model_validator(mode="after")
    def _labelled(self) -> MarketingItem:
        if self.tool is None and not self.clarify:
            raise ValueError("needs 'tool' (the expected first tool) or 'clarify: true'")
        return self


def load(path: Path = PHRASINGS) -> list[dict[str, Any]]:
    return load_items(path, MarketingItem)


def run_report(path: Path | None = None, name: str = "marketing") -> Report | str:
    path = path or PHRASINGS
    if not path.exists():
        return f"marketing: no labelled phrasings at {path}"
    items = load(path)
    if not any(item.get("before") for item in items):
        return Report(name, [check(item) for item in items])
    with Rehearsal("marketing", "demo", NOW) as rehearsal:  # one throwaway store for the file's follow-ups
        return Report(name, [check(item, rehearsal) for item in items])


def nlu_report(path: Path | None = None) -> Report | str | list[Report | str]:
    """What ``playground nlu-report marketing`` prints (AgentSpec.nlu_report): both labelled
    sets, or the one file given."""
    if path is not None:
        return run_report(path)
    return [run_report(PHRASINGS), run_report(HOLDOUT_C, "marketing (hold-out C)"),
            run_report(FOLLOWUP, "marketing (follow-up)")]
