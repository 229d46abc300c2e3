"""/ready/: 200 when the deployment can take players, else 503 naming each failing check
(database, Redis, beat's heartbeat, late house rounds, games over waiting for their pay)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from casino.models import Round
from games.models import Game
from reports.models import Heartbeat

pytestmark = pytest.mark.django_db


@pytest.fixture
def alive():
    return Heartbeat.objects.create(source="beat")


def ready(client) -> tuple[int, dict]:
    response = client.get("/ready/")
    return response.status_code, response.json()


def test_ready_when_everything_answers_and_nothing_is_late(client, alive):
    status, body = ready(client)
    assert status == 200
    assert body["ready"] is True and body["failing"] == []
    assert set(body["checks"]) == {"database", "redis", "heartbeat", "rounds", "games"}
    assert body["checks"]["heartbeat"]["age_s"] < 5


def test_no_heartbeat_or_a_stale_one_is_not_ready_but_still_alive(client, alive, settings):
    Heartbeat.objects.filter(pk=alive.pk).update(
        created=timezone.now() - timedelta(seconds=settings.READY_HEARTBEAT_SECONDS + 5)
    )
    status, body = ready(client)
    assert status == 503 and body["failing"] == ["heartbeat"]
    assert body["checks"]["heartbeat"]["age_s"] > settings.READY_HEARTBEAT_SECONDS
    Heartbeat.objects.all().delete()
    status, body = ready(client)
    assert status == 503 and body["checks"]["heartbeat"]["error"] == "no heartbeat yet"
    assert client.get("/health/").status_code == 200  # liveness is another question


def test_a_drawn_round_late_past_its_draw_time_is_named(client, alive, settings):
    from tests.casino import draw_rounds

    settings.CASINO_CHAIN_LENGTH = 1_000
    game_round = draw_rounds.open_round("roulette-european")
    assert ready(client)[0] == 200  # scheduled ahead: nothing due
    late = timezone.now() - timedelta(seconds=settings.READY_ROUND_LATE_SECONDS + 30)
    Round.objects.filter(pk=game_round.pk).update(starts_at=late)
    status, body = ready(client)
    assert status == 503 and body["failing"] == ["rounds"]
    oldest = body["checks"]["rounds"]["oldest"]
    assert oldest["id"] == game_round.pk and oldest["game"] == "roulette-european"
    assert oldest["late_s"] >= settings.READY_ROUND_LATE_SECONDS + 30
    # A little late is within the grace (the cycle runs every second).
    Round.objects.filter(pk=game_round.pk).update(starts_at=timezone.now() - timedelta(seconds=2))
    assert ready(client)[0] == 200
    # A game switched off is not waited for.
    Round.objects.filter(pk=game_round.pk).update(starts_at=late)
    settings.CASINO_ENABLED_GAMES = ["crash"]
    assert ready(client)[0] == 200


def test_a_crash_run_past_its_crash_instant_is_late(client, alive, settings):
    from casino import services

    settings.CASINO_CHAIN_LENGTH = 1_000
    services.schedule_rounds("crash")
    game_round = Round.objects.filter(game="crash").order_by("number").first()
    now_ms = int(timezone.now().timestamp() * 1000)
    Round.objects.filter(pk=game_round.pk).update(
        state=Round.State.RUNNING, started_at_ms=now_ms, outcome={"crash_point": 100}
    )
    assert ready(client)[0] == 200  # crashed at once, but just now
    Round.objects.filter(pk=game_round.pk).update(started_at_ms=now_ms - 600_000)
    status, body = ready(client)
    assert status == 503 and body["checks"]["rounds"]["oldest"]["id"] == game_round.pk
    assert body["checks"]["rounds"]["oldest"]["state"] == "running"


def test_a_game_over_and_not_paid_for_too_long_is_named(client, alive, start_table, settings):
    game, _ = start_table("rps", {"points": 3})
    assert ready(client)[0] == 200  # in play: not waiting for anything
    just_now = timezone.now() - timedelta(seconds=5)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, finished=just_now)
    assert ready(client)[0] == 200  # the sweep has time
    long_ago = timezone.now() - timedelta(seconds=settings.READY_GAME_UNSETTLED_SECONDS + 5)
    Game.objects.filter(pk=game.pk).update(finished=long_ago)
    status, body = ready(client)
    assert status == 503 and body["failing"] == ["games"]
    assert body["checks"]["games"]["oldest"]["id"] == game.pk
    Game.objects.filter(pk=game.pk).update(settled=True)
    assert ready(client)[0] == 200


def test_redis_down_is_named(client, alive, settings):
    from tests.faults import free_port

    settings.CACHES = {
        "default": {**settings.CACHES["default"], "LOCATION": f"redis://127.0.0.1:{free_port()}/1"}
    }
    status, body = ready(client)
    assert status == 503 and body["failing"] == ["redis"]


def test_a_database_that_does_not_answer_fails_every_check_that_needs_it(
    client, alive, monkeypatch
):
    from django.db import OperationalError

    from config import views

    class Unreachable:
        def cursor(self):
            raise OperationalError("connection refused")

    monkeypatch.setattr(views, "connection", Unreachable())
    status, body = ready(client)
    assert status == 503
    assert body["failing"] == ["database", "heartbeat", "rounds", "games"]
    assert body["checks"]["database"]["error"] == "OperationalError"
