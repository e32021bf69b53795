"""Gradio reads each handler's annotations at run time (``typing.get_type_hints``) to find its ``gr.Request``,
``gr.SelectData`` or ``gr.OAuthProfile`` parameter; when one name does not resolve it passes none of them, and
the handler then fails on its first call. Typing the handlers must never name what exists only for mypy."""

from __future__ import annotations

import typing

from tests.support.gradio_app import shared_app


def test_every_handler_of_the_app_has_annotations_gradio_can_read(store):
    demo = shared_app()
    handlers = [block_fn.fn for block_fn in demo.fns.values() if block_fn.fn is not None]
    annotated = [fn for fn in handlers if getattr(fn, "__annotations__", None)]
    assert len(annotated) > 50  # the tabs, the Lab's views, the header, the API access page
    unreadable = []
    for fn in annotated:
        try:
            typing.get_type_hints(fn)
        except (NameError, TypeError) as exc:
            unreadable.append(f"{fn.__module__}.{fn.__qualname__}: {exc}")
    assert unreadable == []
