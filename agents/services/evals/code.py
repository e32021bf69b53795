"""``python: module:function`` code assertions: a function of yours grades a step.

Code runs only where its author runs the app: the CLI, or the app in ``local`` mode. A suite is read with
``allow_code`` set by its front end; without it (shared mode: a Space, a team server) a ``python`` assertion is
refused with the reason, Korean then English, and nothing is imported. When allowed, the module is imported
when the suite is loaded (from the suite's folder, the current folder, then the Python path), so a name that
cannot be imported is refused with its line before anything runs; only functions resolved that way are ever
called.

The function is called as ``function(reply, context)``: ``reply`` is the step's text and ``context`` a dict with
``tool_calls`` ([{name, args}]), ``events`` (the step's events as JSON objects), ``cards`` ([{card_type, title,
data}]), ``meta`` (the done event's meta), ``state`` (the conversation's stored state), ``step`` (1-based) and
``input``. It returns a bool, ``(bool, reason)`` or ``{"pass": bool, "reason": str}`` (promptfoo's shape).
"""

from __future__ import annotations

import importlib
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, cast

from agents.services.messages import say

if TYPE_CHECKING:
    from agents.services.evals.assertions import StepRecord

# (passed: True / False, or None when the check could not be made, observed, message)
Verdict = tuple[bool | None, object, str]
# What a python: assertion names: (the reply's text, the step's context) -> its verdict, checked by _verdict.
Check = Callable[[str, dict[str, object]], object]

REFUSED_SHARED = say("python_shared")
REASON_CHARS = 600

_resolved: dict[str, Check] = {}  # "module:function" -> the function, once allowed and imported
_lock = threading.Lock()


def resolve(ref: str, folder: Path | None = None) -> Check:
    """Import ``module:function`` (the suite's folder and the current folder first); raises ``LookupError``
    with the reason, Korean then English."""
    module_name, _, function = ref.partition(":")
    extra = [str(p) for p in (folder, Path.cwd()) if p is not None]
    with _lock:
        added = [p for p in extra if p not in sys.path]
        sys.path[:0] = added
        try:
            module = importlib.import_module(module_name)
        except Exception as exc:  # noqa: BLE001 - any failure to import is the suite's problem, said by name
            raise LookupError(say("python_import_failed", module=module_name,
                                  error=f"{type(exc).__name__}: {exc}")) from None
        finally:
            for p in added:
                sys.path.remove(p)
        found = getattr(module, function, None)
        if not callable(found):
            raise LookupError(say("python_no_function", module=module_name, function=function))
        check = cast(Check, found)  # callable (checked above); a wrong signature fails the assertion by name
        _resolved[ref] = check
    return check


def context_of(step: StepRecord) -> dict[str, object]:
    done = step.of("done")
    return {
        "tool_calls": [{"name": e.name, "args": e.args} for e in step.of("tool_call")],
        "events": [e.model_dump(mode="json") for e in step.events],
        "cards": [{"card_type": e.card_type, "title": e.title, "data": e.data} for e in step.of("data_card")],
        "meta": done[-1].meta if done else None,
        "state": step.state,
        "step": step.index + 1,
        "input": step.input,
    }


def run_check(ref: str, step: StepRecord) -> Verdict:
    """The function's verdict on the step; ``None`` when it could not be had (refused, raised, nonsense)."""
    function = _resolved.get(ref)
    if function is None:  # never loaded with code allowed: refused, never imported here
        return None, None, REFUSED_SHARED
    try:
        answer = function(step.text, context_of(step))
    except Exception as exc:  # noqa: BLE001 - the user's code failing fails the assertion, by name
        return None, None, f"python {ref} raised {type(exc).__name__}: {str(exc)[:REASON_CHARS]}"
    verdict = _verdict(answer)
    if verdict is None:
        return None, repr(answer)[:REASON_CHARS], (f"python {ref} returned {type(answer).__name__}, not a bool, "
                                                   "(bool, reason) or {'pass': bool, 'reason': str}")
    ok, reason = verdict
    message = f"python {ref}" + (f": {reason[:REASON_CHARS]}" if reason else (" passed" if ok else " failed"))
    return ok, {"pass": ok, "reason": reason[:REASON_CHARS]}, message


def _verdict(answer: object) -> tuple[bool, str] | None:
    if isinstance(answer, bool):
        return answer, ""
    if isinstance(answer, tuple) and len(answer) == 2 and isinstance(answer[0], bool):
        return answer[0], str(answer[1])
    if isinstance(answer, dict) and isinstance(ok := answer.get("pass"), bool):
        return ok, str(answer.get("reason") or "")
    return None
