"""A real Celery worker (in-process thread, Redis broker) runs a task that writes to the DB."""

import pytest
from celery.contrib.testing.worker import start_worker

from config.celery import app
from reports.models import Heartbeat
from reports.tasks import record_heartbeat


@pytest.mark.django_db(transaction=True)
def test_worker_runs_a_task_that_writes_to_the_database():
    with start_worker(app, perform_ping_check=False, pool="solo", loglevel="WARNING"):
        result = record_heartbeat.delay("test")
        pk = result.get(timeout=30)
    assert Heartbeat.objects.get(pk=pk).source == "test"


def test_beat_schedules_the_heartbeat(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["heartbeat"]
    assert entry["task"] == "reports.tasks.record_heartbeat"
    assert entry["task"] in app.tasks or app.loader.import_default_modules() is None
