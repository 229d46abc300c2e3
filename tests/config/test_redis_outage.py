"""Losing Redis does not stop the house: a real worker outlives its broker's death, and
the task it held when Redis died is handed out again after the visibility timeout."""

from __future__ import annotations

import time

import pytest
from django.conf import settings
from kombu import Connection

from reports.models import Heartbeat
from reports.tasks import record_heartbeat
from tests.faults import own_redis, wait_for, worker


def beat(redis_url: str, source: str, countdown: float = 0) -> None:
    with Connection(redis_url) as broker:
        record_heartbeat.apply_async((source,), connection=broker, countdown=countdown)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_worker_survives_redis_dying_and_coming_back(tmp_path):
    with (
        own_redis(tmp_path) as redis,
        worker(redis.url, tmp_path / "worker.log", BROKER_VISIBILITY_SECONDS="10") as process,
    ):
        beat(redis.url, "before")
        wait_for(lambda: Heartbeat.objects.filter(source="before").exists(), 60, "a first task")
        # Held by the worker, unacknowledged, when Redis dies: kombu's restore of it on the
        # dead connection is what killed the worker.
        beat(redis.url, "held", countdown=15)
        time.sleep(1)
        redis.kill()
        time.sleep(4)
        assert process.alive, process.output()
        redis.start()
        beat(redis.url, "after")
        wait_for(
            lambda: Heartbeat.objects.filter(source="after").exists() or not process.alive,
            60,
            "a task after the outage",
        )
        assert process.alive, process.output()
        wait_for(lambda: Heartbeat.objects.filter(source="held").exists(), 60, "the held task")


def test_unacknowledged_tasks_come_back_within_minutes_not_an_hour():
    options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    assert settings.CELERY_BROKER_TRANSPORT == "config.broker:Transport"
    assert settings.CELERY_TASK_ACKS_LATE and settings.CELERY_TASK_REJECT_ON_WORKER_LOST
    # Longer than the longest countdown (a game's reconnection window), far below an hour.
    assert 150 < options["visibility_timeout"] <= 300
    assert options["unacked_restore_interval"] * options["unacked_restore_throttle"] <= 10
    assert settings.CELERY_BROKER_CONNECTION_MAX_RETRIES is None
