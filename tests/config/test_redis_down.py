"""Without Redis the pages degrade instead of answering 500."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from lobby import presence
from reports.models import Heartbeat
from tests.faults import free_port

pytestmark = pytest.mark.django_db


@pytest.fixture
def redis_down(settings):
    dead = f"redis://127.0.0.1:{free_port()}/1"
    settings.CACHES = {
        "default": {**settings.CACHES["default"], "LOCATION": dead},
    }
    settings.REDIS_URL = dead
    presence._client.cache_clear()
    yield
    presence._client.cache_clear()


def test_health_says_redis_is_down_with_503(client, redis_down):
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.json()["redis"] == "down"
    assert response.json()["database"] == "ok"


def test_health_is_200_when_everything_answers(client):
    response = client.get("/health/")
    assert response.status_code == 200
    assert response.json()["redis"] == "ok"


def test_the_lobby_works_without_presence(client, make_user, redis_down):
    client.force_login(make_user())
    response = client.get("/lobby/")
    assert response.status_code == 200
    assert b"Online now: not known just now" in response.content
    assert client.get("/lobby/tables/").status_code == 200


def test_health_reports_stopped_timers_without_failing_the_web_server(client):
    beat = Heartbeat.objects.create(source="beat")
    assert client.get("/health/").json()["timers"] == "running"
    Heartbeat.objects.filter(pk=beat.pk).update(created=timezone.now() - timedelta(minutes=5))
    response = client.get("/health/")
    assert response.status_code == 200
    assert response.json()["timers"] == "stopped"
