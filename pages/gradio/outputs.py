"""What our Gradio handlers hand back for their output components. Gradio types both ``gr.update`` and an
event's return value loosely; these say what ours really are.

Gradio reads a handler's annotations at run time (``typing.get_type_hints``, to find its ``gr.Request``
or ``gr.SelectData`` parameter) and, when one fails to resolve, passes none of them: every name used here
must exist at run time, so these are plain aliases, not ``TYPE_CHECKING`` ones."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

import pandas as pd
from gradio.blocks import Block
from gradio.components import Component
from pydantic import BaseModel

from agents.core.identity import Viewer

Update: TypeAlias = dict[str, object]
"""``gr.update(...)`` and ``gr.skip()``: ``{"__type__": "update", ...}`` with the component's new properties."""

Value: TypeAlias = (str | int | float | bool | BaseModel | Viewer | Mapping[str, object] | Sequence[object]
                   | pd.DataFrame | Block | None)
"""One output's new value: text, a number, a state's model (a ChatView...) or viewer, an update, chat messages
or choices (lists), a table's frame, or a component made as its update (``gr.Tabs(selected=...)``)."""

Outputs: TypeAlias = list[Value]
"""A handler's answer: one value or update per output component, in the order of its ``outputs``."""

Components: TypeAlias = Component | Sequence[Component] | None
"""An event's inputs or outputs."""
