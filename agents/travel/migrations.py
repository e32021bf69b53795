"""The travel agent's tables: its migrations, apart from its store (store.py) so that reading every agent's
MIGRATIONS to migrate a database (agents.core.agent.all_migrations) loads none of its models."""

from __future__ import annotations

import duckdb

from agents.core.store.ddl import create_table
from agents.core.store.migrations import Migration


def _travel_001(cur: duckdb.DuckDBPyConnection) -> None:
    create_table(cur, "travel_gazetteer", [
        ("place_id", "VARCHAR PRIMARY KEY", "stable id from data/travel (e.g. tyo-sensoji)"),
        ("destination", "VARCHAR NOT NULL", "destination id the place belongs to"),
        ("name", "VARCHAR NOT NULL", "real local name (Japanese in Japan, Korean in Korea)"),
        ("name_ko", "VARCHAR", "Korean rendering, what Korean users type"),
        ("name_en", "VARCHAR", "English name, the seed's fallback search"),
        ("category", "VARCHAR NOT NULL", "restaurant, cafe, attraction, shopping, accommodation or transport"),
        ("address", "VARCHAR", "short real address"),
        ("area", "VARCHAR", "neighbourhood, for 'near Shinjuku' searches"),
        ("keywords", "VARCHAR", "space-separated Korean and English keywords (ramen, 라멘, ...)"),
        ("latitude", "DOUBLE NOT NULL", "real latitude, to about 100 m"),
        ("longitude", "DOUBLE NOT NULL", "real longitude, to about 100 m"),
        ("rating", "DOUBLE", "sandbox rating 1-5, labelled as such in the UI"),
        ("user_ratings_total", "INTEGER", "sandbox review count"),
        ("price_level", "INTEGER", "sandbox price level 0-4"),
        ("opening_hours", "VARCHAR", "sandbox weekly hours text"),
    ])
    create_table(cur, "travel_gazetteer_meta", [
        ("version", "VARCHAR PRIMARY KEY", "digest of the shipped data the table was loaded from"),
        ("loaded_at", "TIMESTAMP NOT NULL", "when it was loaded"),
    ])
    create_table(cur, "travel_trips", [
        ("id", "VARCHAR PRIMARY KEY", "trip id (the seed's project id)"),
        ("user_id", "VARCHAR NOT NULL", "owner; every query filters on it"),
        ("title", "VARCHAR NOT NULL", "display title, e.g. 도쿄 3박 4일"),
        ("destination", "VARCHAR NOT NULL", "destination id from data/travel"),
        ("destination_name", "VARCHAR NOT NULL", "destination as shown and searched (도쿄)"),
        ("country", "VARCHAR", "country, appended to place searches"),
        ("start_date", "DATE NOT NULL", "first day of the trip"),
        ("end_date", "DATE NOT NULL", "last day of the trip"),
        ("active", "BOOLEAN NOT NULL DEFAULT false", "the trip the chat talks about; one per user"),
        ("created_at", "TIMESTAMP NOT NULL", "creation time, UTC"),
        ("updated_at", "TIMESTAMP NOT NULL", "last change"),
    ])
    create_table(cur, "travel_trip_places", [
        ("id", "VARCHAR PRIMARY KEY", "saved place id (the seed's Place.id)"),
        ("trip_id", "VARCHAR NOT NULL", "trip it is saved in"),
        ("user_id", "VARCHAR NOT NULL", "denormalised owner for access checks"),
        ("place_ref", "VARCHAR", "gazetteer place_id or Google place id, when known"),
        ("name", "VARCHAR NOT NULL", "name as saved; itinerary items match on it"),
        ("name_en", "VARCHAR", "English name"),
        ("category", "VARCHAR NOT NULL", "category, for preferences and the map colour"),
        ("latitude", "DOUBLE", "latitude for route-aware ranking, null when unknown"),
        ("longitude", "DOUBLE", "longitude"),
        ("added_at", "TIMESTAMP NOT NULL", "when it was saved; lists keep this order"),
    ])
    create_table(cur, "travel_itinerary_items", [
        ("trip_id", "VARCHAR NOT NULL", "trip the itinerary belongs to (at most one itinerary per trip)"),
        ("day_number", "INTEGER NOT NULL", "1-based day of the trip"),
        ("item_order", "INTEGER NOT NULL", "position within the day"),
        ("trip_place_id", "VARCHAR NOT NULL", "saved place visited"),
        ("start_time", "VARCHAR", "HH:MM or null"),
        ("duration", "VARCHAR", "expected stay, e.g. 1.5h"),
        ("note", "VARCHAR", "visiting tip"),
    ], tail="PRIMARY KEY (trip_id, day_number, item_order)")


MIGRATIONS = (Migration("travel_001", _travel_001),)
