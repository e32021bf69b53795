"""Pieces of the HTTP API (``agents/api.py`` assembles them): bodies, identity, errors, docs, routes."""
