"""The shopping agent's tables: its migrations, apart from its store (catalog.py) so that reading every agent's
MIGRATIONS to migrate a database (agents.core.agent.all_migrations) loads none of its models."""

from __future__ import annotations

import duckdb

from agents.core.store.ddl import create_table
from agents.core.store.migrations import Migration


def _shopping_001(cur: duckdb.DuckDBPyConnection) -> None:
    create_table(cur, "shop_products", [
        ("id", "VARCHAR PRIMARY KEY", "product id used by cards and the anchor flow"),
        ("category", "VARCHAR NOT NULL", "분유포트, 젖병소독기, 베이비모니터 or 아기띠"),
        ("brand", "VARCHAR NOT NULL", "brand, shown and used for anchor similarity"),
        ("title", "VARCHAR NOT NULL", "Korean product title"),
        ("price", "INTEGER NOT NULL", "price in KRW; the budget filter compares it"),
        ("rating", "DOUBLE NOT NULL", "average review rating out of 5"),
        ("pros", "JSON NOT NULL", "pro tag ids, scored against the user's selected pros"),
        ("cons", "JSON NOT NULL", "con tag ids, scored against the cons the user avoids"),
        ("specs", "JSON NOT NULL", "spec name -> value, shown in compare and searched by Q&A"),
    ])
    create_table(cur, "shop_reviews", [
        ("product_id", "VARCHAR NOT NULL", "reviewed product"),
        ("n", "INTEGER NOT NULL", "order of the review for that product"),
        ("rating", "INTEGER NOT NULL", "review rating 1-5"),
        ("text", "VARCHAR NOT NULL", "Korean review text; product Q&A retrieves from it"),
    ], tail="PRIMARY KEY (product_id, n)")
    create_table(cur, "shop_tags", [
        ("id", "VARCHAR PRIMARY KEY", "tag id such as temp-precise"),
        ("label", "VARCHAR NOT NULL", "Korean label shown to people"),
    ])
    create_table(cur, "shop_catalog_meta", [
        ("version", "INTEGER NOT NULL", "catalogue version loaded, so a new file reloads it"),
    ])


def _shopping_002_english_names(cur: duckdb.DuckDBPyConnection) -> None:
    cur.execute("ALTER TABLE shop_products ADD COLUMN name_en VARCHAR")
    cur.execute("COMMENT ON COLUMN shop_products.name_en IS "
                "'English alias of the title, so English references (\"the Borr Pro kettle\") find the product'")


MIGRATIONS = (Migration("shopping_001", _shopping_001), Migration("shopping_002", _shopping_002_english_names))
