"""Pieces of the HTTP API (``agents/http/api.py`` assembles them): bodies, identity, errors, docs, routes."""
