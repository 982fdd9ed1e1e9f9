"""The API fuzzed from its own OpenAPI document: no request, valid or not, gets a 500, and every
response matches the document (status, media type, body schema).

Schemathesis's check that schema-valid requests are accepted is left out: a schema cannot say which
strings are hands (sizes 3n+1 and 3n+2, no fifth copy), so most generated strings are rightly refused.
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from shanten.web.app import create_app

schema = schemathesis.openapi.from_asgi("/openapi.json", create_app())


@schema.parametrize()
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_answers_every_request_as_documented(case: schemathesis.Case) -> None:
    case.call_and_validate(excluded_checks=[positive_data_acceptance])
