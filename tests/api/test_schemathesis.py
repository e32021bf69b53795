"""Property-based checks of the HTTP API against its own OpenAPI document (schemathesis), in both
modes: no server errors, no undocumented status codes, content types and bodies as documented. Examples are bounded so the run stays well under a minute."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from agents.core.clock import system_clock
from agents.http.api import create_api
from agents.services.access import issue_token

pytestmark = pytest.mark.slow  # property-based runs: `dev.py test --quick` leaves them out (and uncollected)
MAX_EXAMPLES = 12
# Not negative_data_rejection: it expects unknown *query* parameters to be refused, and this API, like
# most, ignores them (unknown *body* fields are refused, see test_bad_input.py).
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
# What the run counted (the report at the end prints these, never a fixed text): cases sent per mode, cases
# whose response passed every check, responses with a 5xx status, and responses that failed a check.
COUNTS: dict[str, int] = {"local": 0, "shared": 0, "checked": 0, "server_errors": 0, "failed_checks": 0}

local_schema = schemathesis.openapi.from_asgi("/api/openapi.json", create_api("local", burst_limit=10_000))
shared_schema = schemathesis.openapi.from_asgi("/api/openapi.json", create_api("shared", burst_limit=10_000))
bounded = settings(max_examples=MAX_EXAMPLES, deadline=None, database=None, derandomize=True,
                   suppress_health_check=list(HealthCheck))


@pytest.fixture
def shared_token(store) -> str:
    return issue_token(store, "fuzzer", "schemathesis", system_clock())[1]


def _call_and_count(case, mode: str, headers: dict[str, str] | None = None) -> None:
    COUNTS[mode] += 1
    response = case.call(headers=headers)
    if response.status_code >= 500:
        COUNTS["server_errors"] += 1
    try:
        case.validate_response(response, checks=CHECKS, headers=headers)
    except BaseException:
        COUNTS["failed_checks"] += 1
        raise
    COUNTS["checked"] += 1


@local_schema.parametrize()
@bounded
def test_local_mode_api_conforms(case, store):
    _call_and_count(case, "local")


@shared_schema.parametrize()
@bounded
def test_shared_mode_api_conforms_with_a_valid_token(case, shared_token):
    _call_and_count(case, "shared", {"Authorization": f"Bearer {shared_token}"})


def test_zz_report_the_case_count(capsys):
    sent = COUNTS["local"] + COUNTS["shared"]
    with capsys.disabled():
        print(f"\nschemathesis: {sent} cases sent ({COUNTS['local']} in local mode, {COUNTS['shared']} in shared "
              f"mode), {COUNTS['checked']} passed every check, {COUNTS['server_errors']} server errors (5xx), "
              f"{COUNTS['failed_checks']} failed a check")
    assert COUNTS["server_errors"] == 0 and COUNTS["failed_checks"] == 0
    if COUNTS["local"]:  # run alone (-k) the counters stay at 0
        assert COUNTS["local"] >= 10 and COUNTS["shared"] >= 10 and COUNTS["checked"] == sent
