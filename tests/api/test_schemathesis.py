"""schemathesis against the generated schema: every operation, anonymous, with a
regulator's token and with a player's token, on a database holding a finished game and
played rounds. Nothing may answer 500, and every answer must be one the schema
describes (status, content type, body). Derandomised and bounded (`API_FUZZ_EXAMPLES`
examples per operation, 6 by default) to stay well under two minutes."""

from __future__ import annotations

import os

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
EXAMPLES = int(os.environ.get("API_FUZZ_EXAMPLES", "6"))

schema = schemathesis.openapi.from_dict(SchemaGenerator().get_schema(request=None, public=True))
schema.app = get_wsgi_application()


@pytest.fixture
def callers(settings_for_fuzz, played_rps, played_draw, regulator, make_user, issue_token):
    played_rps()
    played_draw("roulette-european", "red")
    _, regulator_key = issue_token(regulator)
    _, player_key = issue_token(make_user(), "player")
    return [
        {},
        {"Authorization": f"Bearer {regulator_key}"},
        {"Authorization": f"Bearer {player_key}"},
    ]


@pytest.fixture
def in_process():
    """Requests served in the test's thread and transaction: as Django's test client
    does, the end of a request must not close the test's connection."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def settings_for_fuzz(settings, casino_settings, in_process):
    # The fuzzer is one caller sending hundreds of requests: no rate limit here (the
    # limits have their own test).
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"regulator": None, "player": None, "public": None},
    }
    return settings


@pytest.mark.slow
@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_no_endpoint_fails_or_answers_outside_its_schema(case, callers):
    for headers in callers:
        case.call_and_validate(headers=headers, checks=CHECKS)
