"""The API in both modes with alice's and bob's tokens, as for /api/v1 (tests/api/conftest.py)."""

from tests.api.conftest import alice, bob, local, shared, tokens  # noqa: F401 - fixtures
