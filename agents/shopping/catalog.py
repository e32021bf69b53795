"""The shopping part of the store: the shipped catalogue loaded into DuckDB, all SQL here but
the tables' migrations (migrations.py)."""

from __future__ import annotations

import json
import threading
from functools import cache
from typing import TypedDict

from agents.core.store import Store
from agents.core.store.conversations import loads
from data.shopping.catalog import PATH

CATALOG_VERSION = 2  # 2: unique titles, English names


_LOAD_LOCK = threading.Lock()


class Product(TypedDict):
    """One catalogue product as the store gives it (shop_products)."""

    id: str
    category: str
    brand: str
    title: str
    price: int  # KRW
    rating: float
    pros: list[str]  # tag ids
    cons: list[str]
    specs: dict[str, str]
    name_en: str | None


class Review(TypedDict):
    n: int
    rating: int
    text: str


class ShippedReview(TypedDict):
    rating: int
    text: str


class ShippedProduct(Product):
    """A product of data/shopping/catalog.json: the stored fields and its reviews."""

    reviews: list[ShippedReview]


class CatalogFile(TypedDict):
    tags: dict[str, str]  # tag id -> Korean label
    products: list[ShippedProduct]


@cache
def _file() -> CatalogFile:
    loaded: CatalogFile = json.loads(PATH.read_text(encoding="utf-8"))  # shipped: the shape above
    return loaded


class Catalog:
    def __init__(self, store: Store) -> None:
        self.db = store.db

    def ensure_loaded(self) -> None:
        if self._loaded():
            return
        # Two first turns at once (an eval run, two visitors after a restart) would both load it and the
        # second insert would hit the primary keys: one process holds the file, so a process lock suffices.
        with _LOAD_LOCK:
            if not self._loaded():
                self._load()

    def _loaded(self) -> bool:
        row = self.db.fetchone("SELECT max(version) FROM shop_catalog_meta")
        return bool(row and row[0] == CATALOG_VERSION)

    def _load(self) -> None:
        data = _file()
        with self.db.transaction() as cur:
            for table in ("shop_products", "shop_reviews", "shop_tags", "shop_catalog_meta"):
                cur.execute(f"DELETE FROM {table}")
            # One bulk insert per table (COPY on PostgreSQL): executemany ran ~350 statements, ~60 ms on
            # every new database's first shopping turn.
            self.db.copy_rows("shop_tags", ("id", "label"), list(data["tags"].items()))
            self.db.copy_rows(
                "shop_products", ("id", "category", "brand", "title", "price", "rating", "pros", "cons", "specs",
                                  "name_en"), [
                    [p["id"], p["category"], p["brand"], p["title"], p["price"], p["rating"], json.dumps(p["pros"]),
                     json.dumps(p["cons"]), json.dumps(p["specs"], ensure_ascii=False), p["name_en"]]
                    for p in data["products"]])
            self.db.copy_rows("shop_reviews", ("product_id", "n", "rating", "text"), [
                [p["id"], n, r["rating"], r["text"]] for p in data["products"] for n, r in enumerate(p["reviews"], 1)])
            cur.execute("INSERT INTO shop_catalog_meta VALUES (?)", [CATALOG_VERSION])

    def categories(self) -> list[str]:
        return [r[0] for r in self.db.fetchall("SELECT category FROM shop_products GROUP BY category ORDER BY min(id)")]

    def products(self, category: str | None = None) -> list[Product]:
        rows = self.db.fetchall(
            "SELECT id, category, brand, title, price, rating, pros, cons, specs, name_en FROM shop_products "
            "WHERE ? IS NULL OR category = ? ORDER BY id", [category, category])
        return [{"id": pid, "category": cat, "brand": brand, "title": title, "price": price, "rating": rating,
                 "pros": loads(pros, None), "cons": loads(cons, None), "specs": loads(specs, None), "name_en": name_en}
                for pid, cat, brand, title, price, rating, pros, cons, specs, name_en in rows]

    def product(self, product_id: str) -> Product | None:
        return next((p for p in self.products() if p["id"] == product_id), None)

    def reviews(self, product_id: str) -> list[Review]:
        rows = self.db.fetchall("SELECT n, rating, text FROM shop_reviews WHERE product_id = ? ORDER BY n",
                                [product_id])
        return [{"n": n, "rating": rating, "text": text} for n, rating, text in rows]

    def category_tags(self, category: str | None) -> dict[str, list[str]]:
        """The pro and con tag ids the category's products carry."""
        products = self.products(category) if category else []
        return {"pros": sorted({t for p in products for t in p["pros"]}),
                "cons": sorted({t for p in products for t in p["cons"]})}

    def tag_labels(self) -> dict[str, str]:
        return dict(self.db.fetchall("SELECT id, label FROM shop_tags"))


def shipped_tags() -> dict[str, str]:
    """The catalogue file's tag labels: tag id -> Korean label."""
    return _file()["tags"]


def shipped_products() -> list[ShippedProduct]:
    """The catalogue file's products (no database needed): the offline model's name lookup."""
    return _file()["products"]
