"""An outage is not charged to players (reports/outage.py), driven by a controlled clock.

The worker runs the sweep as a Celery task (eagerly here): before it, the task_prerun hook
sees that beat's heartbeat fell silent, and restarts the turns the outage interrupted, or
voids the games when it lasted too long."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from kombu import Connection

from games import services, tasks
from games.models import Game
from reports import outage
from reports.models import Heartbeat
from tests.faults import own_redis, wait_for, worker
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_check(monkeypatch):
    monkeypatch.setattr(outage, "_checked_at", float("-inf"))


def heartbeat_at(when) -> None:
    Heartbeat.objects.filter(pk=Heartbeat.objects.create(source="beat").pk).update(created=when)


def worker_sweeps() -> None:
    """The worker's next task after the outage: beat's sweep, through Celery's task path."""
    tasks.sweep.apply().get()


def test_a_deadline_that_passed_in_an_outage_is_restarted_with_the_full_step_time(
    clock, start_table, settings, django_capture_on_commit_callbacks
):
    settings.OUTAGE_VOID_SECONDS = 600
    game, _players = start_table("penalty", {"shots": 3}, step_seconds=10)
    heartbeat_at(clock.now)
    clock.advance(4)
    clock.advance(595)  # nothing runs: no heartbeat, no timer, for almost 10 minutes
    with django_capture_on_commit_callbacks(execute=True):
        worker_sweeps()
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.PLAYING and game.seq == 0
    assert [seat.timeouts for seat in game.seats.all()] == [0, 0]
    assert game.turn_started == clock.now
    assert game.deadline == clock.now + timedelta(seconds=10)
    assert Heartbeat.objects.filter(source=outage.RECOVERY_SOURCE, created=clock.now).exists()

    clock.advance(9)
    worker_sweeps()
    assert Game.objects.get(pk=game.pk).seq == 0
    clock.advance(1)  # the platform was up for the whole step: now it is a timeout
    with django_capture_on_commit_callbacks(execute=True):
        worker_sweeps()
    game = Game.objects.get(pk=game.pk)
    assert game.seq == 1 and sum(seat.timeouts for seat in game.seats.all()) == 1


def test_an_outage_longer_than_the_setting_voids_the_game_and_returns_the_stakes(
    clock, start_table, settings, django_capture_on_commit_callbacks
):
    settings.OUTAGE_VOID_SECONDS = 300
    game, players = start_table("penalty", {"shots": 3}, stake=1_000, step_seconds=10)
    before = [cash_balance(p) for p in players]
    heartbeat_at(clock.now)
    clock.advance(301)
    with django_capture_on_commit_callbacks(execute=True):
        worker_sweeps()
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.VOID and game.settled
    assert game.outcome["reason"] == "outage"
    assert [cash_balance(p) for p in players] == [b + 1_000 for b in before]
    assert game.settlement["rake"] == 0
    assert ledger_problems() == []


def test_a_short_silence_is_no_outage_and_the_timeout_is_played(
    clock, start_table, django_capture_on_commit_callbacks
):
    game, _players = start_table("penalty", {"shots": 3}, step_seconds=10)
    heartbeat_at(clock.now)
    clock.advance(30)  # within the detection window: the platform was up
    with django_capture_on_commit_callbacks(execute=True):
        worker_sweeps()
    assert Game.objects.get(pk=game.pk).seq == 1
    assert not Heartbeat.objects.filter(source=outage.RECOVERY_SOURCE).exists()


def test_recovery_happens_once_per_outage(clock, start_table):
    game, _players = start_table("penalty", {"shots": 3}, step_seconds=10)
    heartbeat_at(clock.now)
    clock.advance(200)
    assert outage.recover() is not None
    assert outage.recover() is None  # a second worker noticing it finds it dealt with
    assert services.expire(game.pk, 0) is False


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_back_from_an_outage_restarts_turns_before_its_first_task(
    tmp_path, start_table
):
    """`celery -A config worker` as deployed: its task_prerun hook (config/celery.py)
    recovers before the sweep that would have played the overdue deadline."""
    game, _players = start_table("penalty", {"shots": 3}, step_seconds=10)
    long_ago = timezone.now() - timedelta(seconds=200)
    Game.objects.filter(pk=game.pk).update(
        turn_started=long_ago, deadline=long_ago + timedelta(seconds=10)
    )
    heartbeat_at(long_ago)
    with (
        own_redis(tmp_path) as redis,
        worker(redis.url, tmp_path / "worker.log") as process,
    ):
        with Connection(redis.url) as broker:
            tasks.sweep.apply_async(connection=broker)
        wait_for(
            lambda: "games.tasks.sweep" in process.output() and "succeeded" in process.output(),
            60,
            "the worker's sweep",
        )
    game = Game.objects.get(pk=game.pk)
    assert game.seq == 0 and game.status == Game.Status.PLAYING
    assert game.turn_started > long_ago + timedelta(seconds=150)
    assert game.deadline == game.turn_started + timedelta(seconds=10)
    assert Heartbeat.objects.filter(source=outage.RECOVERY_SOURCE).exists()
