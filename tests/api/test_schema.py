"""The OpenAPI 3 schema: generated from the code, valid, naming every endpoint; served
at /api/schema/, with a documentation page for staff that runs under the CSP."""

from __future__ import annotations

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.validation import validate_schema


def api_routes() -> set[str]:
    """Every routed API endpoint as an OpenAPI path: /api/fairness/games/{game_id}/."""
    (api,) = [
        p
        for p in get_resolver().url_patterns
        if isinstance(p, URLResolver) and p.namespace == "api"
    ]
    routes = set()
    for pattern in api.url_patterns:
        assert isinstance(pattern, URLPattern)
        route = str(pattern.pattern)
        if pattern.name in (None, "schema", "docs"):
            continue  # the catch-all 404, and the schema and its page themselves
        routes.add("/api/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route))
    return routes


def test_the_schema_is_valid_openapi_3_and_has_every_endpoint():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    validate_schema(schema)
    assert schema["openapi"].startswith("3.")
    assert api_routes() == set(schema["paths"])
    for path, operations in schema["paths"].items():
        for operation in operations.values():
            assert {"200", "400", "401", "403", "404", "429"} <= set(operation["responses"]), path
    assert schema["components"]["securitySchemes"]["token"]["scheme"] == "bearer"


@pytest.mark.django_db
def test_the_schema_is_served_and_its_page_is_for_staff(client, make_user):
    served = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert served.status_code == 200 and "/api/fairness/rounds/" in served.content.decode()
    assert client.get("/api/docs/").status_code in (401, 403)
    client.force_login(make_user())
    assert client.get("/api/docs/").status_code == 403
    client.force_login(make_user(is_staff=True))
    page = client.get("/api/docs/")
    assert page.status_code == 200
    html = page.content.decode()
    # Nothing inline for the CSP to block: the scripts come from the site's own files.
    assert re.findall(r"<script>", html) == []
    assert "swagger-ui" in html
    for src in re.findall(r'<script src="([^"]+)"', html):
        assert client.get(src).status_code == 200, src


@pytest.mark.django_db
def test_an_unknown_api_address_is_a_json_404(client):
    for path in ("/api/nothing/", "/api/fairness/games/-1/", "/api/fairness/games/1" + "0" * 20):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.json()["detail"]


@pytest.mark.django_db
def test_a_nul_under_api_is_refused_in_json_as_the_schema_says(client):
    answer = client.get("/api/fairness/rounds/", {"game": "\x00"})
    assert answer.status_code == 400 and "NUL" in answer.json()["detail"]
