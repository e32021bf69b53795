"""The Top 3 in the terminal (``playground chat shopping``): ``AgentSpec.ui.cards`` names this renderer."""

from __future__ import annotations

from typing import Any

from rich.table import Table


def products_table(title: str, data: dict[str, Any]) -> Table:
    table = Table(title=f"{title}", title_justify="left", show_lines=False, expand=False)
    table.add_column("#")
    table.add_column("product")
    table.add_column("price", justify="right")
    table.add_column("score", justify="right")
    for rank, rec in enumerate(data.get("recommendations") or [], 1):
        table.add_row(str(rank), str(rec.get("title", "")), f"{int(rec.get('price', 0)):,}원",
                      f"{rec.get('score', 0):g}")
    return table
