"""The Top 3 in the terminal (``playground chat shopping``): ``AgentSpec.ui.cards`` names this renderer."""

from __future__ import annotations

from rich.table import Table


def products_table(title: str, data: dict[str, object]) -> Table:
    table = Table(title=f"{title}", title_justify="left", show_lines=False, expand=False)
    table.add_column("#")
    table.add_column("product")
    table.add_column("price", justify="right")
    table.add_column("score", justify="right")
    recs = data.get("recommendations")  # the card's rows (engine.Scored as JSON)
    for rank, rec in enumerate([r for r in recs if isinstance(r, dict)] if isinstance(recs, list) else [], 1):
        table.add_row(str(rank), str(rec.get("title", "")), f"{int(rec.get('price', 0)):,}원",
                      f"{rec.get('score', 0):g}")
    return table
