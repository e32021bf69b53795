"""Visitors of a shared-mode page through ``gradio_client``, each signed in the way the page signs a browser
in (its own page-load handler, ``_anonymous``, with the browser's signed id), and what a call gave back:
the outputs, Gradio's refusal, and the warnings the handler showed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agents.core import identity
from agents.core.store import Store

SKIP = {"__type__": "update"}  # what an output the handler left alone (gr.skip()) reads as


@dataclass
class Outcome:
    outputs: Any = None
    error: str | None = None  # Gradio refused the call (e.g. a value not among this session's choices)
    warnings: list[str] = field(default_factory=list)  # gr.Warning texts the handler showed

    def all_skipped(self) -> bool:
        values = self.outputs if isinstance(self.outputs, tuple | list) else [self.outputs]
        return all(v == SKIP for v in values)


def signed_token(store: Store, user_id: str) -> str:
    """What alice's browser keeps: her anonymous id signed by this server."""
    return identity.signer_for(store).sign(user_id)


def visitor(url: str, token: str | None = None) -> tuple[Any, str]:
    """A client whose session is signed in: with ``token`` as its owner, else as a fresh anonymous visitor.
    Returns the client and the user id the page gave it."""
    import gradio_client

    client = gradio_client.Client(url, verbose=False, httpx_kwargs={"timeout": 300})
    signed, _label = client.predict(token, api_name="/_anonymous")
    return client, str(signed).rpartition(".")[0]


def call(client: Any, api_name: str, *args: Any) -> Outcome:
    job = client.submit(*args, api_name=api_name)
    outcome = Outcome()
    try:
        outcome.outputs = job.result(timeout=300)
    except Exception as exc:  # noqa: BLE001 - Gradio's refusal is one of the outcomes under test
        outcome.error = str(exc)
    updates = job.communicator.updates if job.communicator else None
    while updates is not None and not updates.empty():
        update = updates.get_nowait()
        log = getattr(update, "log", None)
        if log and log[1] == "warning":
            outcome.warnings.append(log[0])
    return outcome


def api_of(blocks: Any, fn_name: str, *, output_elem: str | None = None, module: str | None = None) -> str:
    """The api name of the handler ``fn_name`` whose outputs include the element ``output_elem`` (a tab has
    one of each handler, e.g. restore_if_empty_5 is the notes tab's)."""
    found = [f"/{f.api_name}" for f in blocks.fns.values()
             if getattr(f.fn, "__name__", "") == fn_name and f.api_name
             and (module is None or getattr(f.fn, "__module__", "") == module)
             and (output_elem is None or any(getattr(o, "elem_id", None) == output_elem for o in f.outputs))]
    assert len(found) >= 1, (fn_name, output_elem)
    return found[0]


def blocks_of(app: Any) -> Any:
    return next(r.app.get_blocks() for r in app.routes if getattr(r, "path", "") == "" and hasattr(r, "app")
                and hasattr(r.app, "get_blocks"))
