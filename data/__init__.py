"""Shipped datasets and their deterministic generators."""
