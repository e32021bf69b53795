"""The sandbox app's side of the contract (seed §프론트 fallback 규칙), as pure functions.

After each turn the app applies the ``ui_action`` events the agent emitted. When a reply carried none,
the local orchestrator matches the learner's message against the catalog's ``intent_keywords``, fills
the params from the message and the screen, validates them against ``params_schema`` and runs the
best low-risk action, or proposes a high-risk one (it then waits for Confirm like any other).
``react`` is that step against the store: the app session that sent the turn claims it once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from agents.core.actions import ActionService
from agents.core.clock import Clock, system_clock
from agents.core.errors import PlaygroundError
from agents.core.events import Event, UIAction
from agents.core.store import PendingActionRow, Store
from agents.nlu import normalise
from agents.nlu.language import conversation_language
from agents.nlu.text import contains
from agents.tutor import sandbox, screen
from agents.tutor.catalog import ActionRejected, CatalogAction, catalog_for, lexicon, tab_named, validate
from agents.tutor.keywords import keyword_of
from agents.tutor.names import find_stocks
from agents.tutor.sandbox import AppState


class ActionCall(TypedDict):
    action_id: str
    params: dict[str, object]


@dataclass
class AfterTurn:
    state: AppState
    ran: list[ActionCall] = field(default_factory=list)  # low-risk actions applied, in order
    propose: ActionCall | None = None  # a high-risk action the app proposes (needs Confirm)
    source: str = "agent"  # agent | keyword_fallback | none


def _params(action_id: str, message: str, state: AppState) -> dict[str, object]:
    lex = lexicon()
    codes = find_stocks(message).codes
    code = codes[0] if codes else state.stock_code if state.mode == "stock" else None
    match action_id:
        case "nav_stock" | "remove_holding":
            return {"code": code} if code else {}
        case "open_order":
            side = "sell" if lex.hits(message, "order_sell") else "buy"
            return {"side": side, **({"code": code} if code else {})}
        case "open_external_link":
            link = lex.value(message, "link")
            return {k: v for k, v in (("link", link), ("code", code)) if v}
        case "set_period":
            period = lex.value(message, "period")
            return {"period": period.upper()} if period else {}
        case "set_tab":
            tab = tab_named(message, state.mode)
            return {"tab": tab} if tab else {}
        case "set_keyword":
            keyword = keyword_of(message)
            return {"keyword": keyword} if keyword else {}
        case "open_case":
            case_id = lex.value(message, "case")
            return {"case_id": case_id} if case_id else {}
    return {}


def orchestrate(message: str, state: AppState, catalog: list[CatalogAction] | None = None
                ) -> tuple[CatalogAction, dict[str, object]] | None:
    """The catalog action whose intent keywords the message hits best (longest keyword), with params
    that pass its schema; None when nothing fits."""
    catalog = catalog if catalog is not None else catalog_for(state)
    n = normalise(message)
    scored = []
    for action in catalog:
        hits = [k for k in action.intent_keywords if contains(n, k)]
        if hits:
            scored.append((max(len(k) for k in hits), action))
    for _, action in sorted(scored, key=lambda x: -x[0]):
        params = _params(action.id, message, state)
        try:
            validate(catalog, action.id, params)
        except ActionRejected:
            continue
        return action, params
    return None


def after_turn(state: AppState, events: Sequence[Event], message: str) -> AfterTurn:
    """What the app does when a turn ends: apply the agent's low-risk ui_actions, else fall back."""
    out = AfterTurn(state=state)
    emitted = [e for e in events if isinstance(e, UIAction)]
    if emitted:
        for event in emitted:
            if event.risk == "low" and not event.needs_confirmation:
                out.state = sandbox.apply(out.state, event.action_id, dict(event.params))
                out.ran.append({"action_id": event.action_id, "params": dict(event.params)})
        return out
    if any(e.type == "error" for e in events):
        out.source = "none"
        return out
    found = orchestrate(message, state)
    if found is None:
        out.source = "none"
        return out
    action, params = found
    out.source = "keyword_fallback"
    if action.risk == "high":
        out.propose = {"action_id": action.id, "params": params}
    else:
        out.state = sandbox.apply(state, action.id, params)
        out.ran.append({"action_id": action.id, "params": params})
    return out


@dataclass
class AppReaction:
    """What the app did for the turn it sent: the screen it now shows, a low-risk action it ran, or
    the high-risk one it proposed (a pending action waiting for Confirm) or could not propose.
    ``done`` is the stored record of that (turn, action, outcome), so every redraw, another tab and a
    reload say the same thing as the moment it happened."""

    state: AppState
    ran: ActionCall | None = None
    proposed: PendingActionRow | None = None
    refused: str | None = None
    action_id: str | None = None
    done: dict[str, object] | None = None  # {turn_id, action_id, outcome[, reason]}
    busy: bool = False


def _language(store: Store, conversation_id: str, message: str) -> str:
    """The language of the confirmation: the person's, a bare "2" or "ok" keeping the conversation's."""
    recent = store.messages.recent(conversation_id, 20)
    return conversation_language([m.content or "" for m in recent if m.role == "user"], message)


def react(store: Store, user_id: str, conversation_id: str, app_session: str, current: AppState,
          clock: Clock = system_clock) -> AppReaction | None:
    """The app's side once a turn it sent ended: the conversation's stored screen, then (once, for the
    app session that sent the message) the keyword fallback when the reply carried no ui_action.
    None when the conversation is not this user's."""
    row = store.conversations.get(conversation_id, user_id)
    if row is None:
        return None
    state = screen.stored(row.state) or current
    before = row.state.get(screen.DONE_KEY)
    due = row.state.get(screen.FALLBACK_KEY)
    if not (isinstance(due, dict) and due.get("app_session") == app_session and due.get("turn_id")):
        return AppReaction(state, done=before if isinstance(before, dict) else None)
    if not store.conversations.take_state(conversation_id, user_id, screen.FALLBACK_KEY, "turn_id", due["turn_id"]):
        return AppReaction(state, busy=True)  # another request of this session got it and draws it
    message = str(due.get("message") or "")
    outcome = after_turn(state, [], message)
    record = {"turn_id": due["turn_id"]}
    if outcome.ran:
        done = {**record, "action_id": outcome.ran[0]["action_id"], "outcome": "ran"}
        store.conversations.put_state(conversation_id, user_id, {screen.STATE_KEY: screen.dump(outcome.state),
                                                                 screen.DONE_KEY: done})
        return AppReaction(outcome.state, ran=outcome.ran[0], action_id=done["action_id"], done=done)
    if outcome.propose is None:
        return AppReaction(state)
    action_id = outcome.propose["action_id"]
    try:
        proposed = ActionService(store, clock).propose(user_id=user_id, conversation_id=conversation_id,
                                                       agent_id="tutor", tool_name="confirm_ui_action",
                                                       args={**outcome.propose, "lang": _language(store, conversation_id, message)})
    except PlaygroundError as exc:  # e.g. removing a stock that is not held
        reason = exc.message.removeprefix("confirm_ui_action:").strip()  # the reason is for people: no tool id
        done = {**record, "action_id": action_id, "outcome": "refused", "reason": reason}
        store.conversations.put_state(conversation_id, user_id, {screen.DONE_KEY: done})
        return AppReaction(state, refused=reason, action_id=action_id, done=done)
    done = {**record, "action_id": action_id, "outcome": "proposed"}
    store.conversations.put_state(conversation_id, user_id, {screen.DONE_KEY: done})
    return AppReaction(state, proposed=proposed, action_id=action_id, done=done)
