"""schemathesis against the live /openapi.json: generated requests never get a 500 and every response
matches the published spec (status codes, content types, bodies). Bounded examples per operation; no
live web: page URLs are pointed at the fixture site and web search at its search pages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import positive_data_acceptance
from server_harness import running_server

# Goal text and message parts may name any URL: the task surfaces are tested in test_a2a.py (the SSE one, and
# JSON-RPC with the official a2a-sdk client).
SKIPPED = {"POST /a2a/tasks", "POST /a2a/jsonrpc"}
# A recipe document is a free-form object in the schema (its steps are run_actions' steps, published once
# there); what makes one valid (placeholders naming parameters, parameters given) is checked when it is
# saved or run and answered with 400 and the reason. Every other check still applies to these routes.
FREE_FORM_BODIES = {"POST /api/recipes/save", "POST /api/recipes/run"}


@pytest.fixture(scope="module")
def api_schema(fixture_site: str) -> Iterator[schemathesis.schemas.BaseSchema]:
    endpoints = {"duckduckgo": f"{fixture_site}/search/duckduckgo", "google": f"{fixture_site}/search/google"}
    with running_server(
        allow_private_network=True, max_sessions=10_000, session_overrides={"search_endpoints": endpoints}
    ) as url:
        yield schemathesis.openapi.from_url(f"{url}/openapi.json")


def test_api_conforms_to_its_openapi(api_schema: schemathesis.schemas.BaseSchema, fixture_site: str) -> None:
    operations = [result.ok() for result in api_schema.get_all_operations()]
    tested = [op for op in operations if op.label not in SKIPPED]
    assert len(tested) >= 16

    for operation in tested:
        excluded = [positive_data_acceptance] if operation.label in FREE_FORM_BODIES else None

        @given(case=operation.as_strategy())
        @settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        def conforms(case: schemathesis.Case) -> None:
            if isinstance(case.body, dict) and "url" in case.body:
                case.body["url"] = f"{fixture_site}/list"  # keep every fetch on loopback
            for step in case.body.get("actions", []) if isinstance(case.body, dict) else []:
                if isinstance(step, dict) and "url" in step:  # run_actions' browse steps too
                    step["url"] = f"{fixture_site}/list"
            case.call_and_validate(timeout=30, excluded_checks=excluded)  # noqa: B023 - called right here

        conforms()
