"""A click on a button drawn by ``gr.render`` is taken even when the drawing is being made again (Gradio 6.31).

Each browser session has its own handlers, ``SessionState.blocks_config.fns`` (index -> ``BlockFunction``); a
click names the index of the drawing it was made on, and the server looks it up when the click joins the queue
(``gradio/queueing.py:306`` -> ``route_utils.get_fn``, ``route_utils.py:299``: ``fns[body.fn_index]``). A
render run again (``Renderable.apply``, ``gradio/renderable.py:65-103``) registers the new drawing's handlers
(a keyed one replaces the old in place, same index: ``blocks.py:1102-1106``, ``1156``), then deletes those of
the last drawing not made again (``renderable.py:90-101``). Two ways a click was lost there, ``KeyError`` on its
index and nothing on the page:

* the clean-up decides what is stale by ``Renderable.render_iteration`` (read at registration,
  ``blocks.py:1100``; compared at ``renderable.py:100``; raised at ``103``), one counter for every session while
  the handlers are per session. The same render finishing in another session while it runs in this one moves the
  counter, and this drawing's fresh handlers, keyed ones too, are taken for stale and deleted: the page gets a
  drawing with no handlers (``blocks.py:1258-1259``), and a click already on its way fails. Runs of one render are
  therefore serialised (a lock per render).
* a handler the new drawing does not make again (the next turn's Top 3: a workspace card is keyed by its turn) is
  deleted while the page may still show, or have just clicked, the drawing before. Seen in the shopping flow under
  load: the test clicked 0.4 s before the server drew the side column again, and the click was looked up 16 ms
  after. A deleted handler stays reachable by its index for a while, so that click runs the handler it was made
  on. Indexes are never reused in a session (``BlocksConfig.fn_id`` only grows; a keyed handler keeps its own),
  so a deleted index names exactly that handler.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import gradio as gr
    from gradio.block_function import BlockFunction

# How many deleted handlers a session keeps reachable: a click comes from the drawing the page shows, which the
# server replaced at most a drawing or two ago (a dock card has 4 handlers, a Top 3 has 3).
KEPT = 64


class KeptFns(dict[int, "BlockFunction"]):
    """A session's handlers by index, whose last ``KEPT`` deleted ones still answer a lookup by index (``fns[i]``,
    what a click's lookup does; ``get`` and ``in``, what the render's clean-up uses, see only the live ones)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.deleted: OrderedDict[int, BlockFunction] = OrderedDict()

    def __delitem__(self, index: int) -> None:
        self.deleted[index] = self[index]
        self.deleted.move_to_end(index)
        while len(self.deleted) > KEPT:
            self.deleted.popitem(last=False)
        super().__delitem__(index)

    def __missing__(self, index: int) -> BlockFunction:
        return self.deleted[index]  # a KeyError still for an index this session never had

    def __copy__(self) -> KeptFns:
        # each session's handlers are a copy of the app's (``BlocksConfig.__copy__``): keep the kind, not the deleted
        return KeptFns(self)


def _serialised(apply: Callable[..., Any], lock: threading.Lock) -> Callable[..., Any]:
    @functools.wraps(apply)
    def run(*args: Any, **kwargs: Any) -> Any:
        with lock:
            return apply(*args, **kwargs)

    return run


def keep_render_clicks(demo: gr.Blocks) -> int:
    """Install both on the built ``demo``, before it serves a session; returns how many renders it serialised."""
    config = demo.default_config
    config.fns = KeptFns(config.fns)
    serialised = 0
    for fn in config.fns.values():
        # the render's own handler runs ``Renderable.apply`` (renderable.py:50-63); only that one is wrapped
        if fn.renderable is not None and fn.fn == fn.renderable.apply:
            fn.fn = _serialised(fn.fn, threading.Lock())
            serialised += 1
    return serialised
