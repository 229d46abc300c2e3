"""/metrics/: for staff or a scraper with the token only; requests, sockets, moves, bets,
settlements, task run time and queue depths counted where they happen; every process of
a host summed in multiprocess mode."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.conf import settings as django_settings

from config import metrics as scrape_metrics
from tests.config.watching import json_lines, site_log, value

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def scrape(client, make_user):
    staff = make_user(is_staff=True)

    def read() -> str:
        client.force_login(staff)
        response = client.get("/metrics/")
        assert response.status_code == 200
        assert response["Content-Type"].startswith("text/plain; version=")
        return response.content.decode()

    return read


def test_only_staff_or_the_token_may_scrape(client, make_user, settings):
    settings.METRICS_TOKEN = ""
    assert client.get("/metrics/").status_code == 403
    assert client.get("/metrics/", HTTP_AUTHORIZATION="Bearer ").status_code == 403
    client.force_login(make_user())
    assert client.get("/metrics/").status_code == 403  # a player
    client.logout()
    settings.METRICS_TOKEN = "scrape-7c1e0f"
    assert client.get("/metrics/", HTTP_AUTHORIZATION="Bearer scrape-7c1e0f").status_code == 200
    assert client.get("/metrics/", HTTP_AUTHORIZATION="Bearer scrape-7c1e0").status_code == 403
    assert client.get("/metrics/", HTTP_AUTHORIZATION="Basic scrape-7c1e0f").status_code == 403
    client.force_login(make_user(is_staff=True))
    assert client.get("/metrics/").status_code == 200


def test_requests_are_counted_by_view_and_status(client, scrape):
    labels = {"view": "health", "method": "GET", "status": "200"}
    before = value(scrape(), "longtable_http_requests_total", **labels)
    client.get("/health/")
    client.get("/health/")
    client.get("/no-such-page/")
    text = scrape()
    assert value(text, "longtable_http_requests_total", **labels) == before + 2
    assert (
        value(text, "longtable_http_requests_total", view="unresolved", method="GET", status="404")
        >= 1
    )
    assert value(text, "longtable_http_request_duration_seconds_count", view="health") >= 2


def test_moves_accepted_and_refused_are_counted(scrape, start_table):
    from games import services

    game, players = start_table("rps", {"points": 3})
    first = min(services.engine_of(game).to_act(game.state))
    before = scrape()
    services.submit(game.pk, players[first], 0, {"sign": "rock"})
    with pytest.raises(services.ActionRejected):
        services.submit(game.pk, players[first], 0, {"sign": "rock"})  # stale now
    text = scrape()
    assert value(text, "longtable_moves_total", game="rps") == (
        value(before, "longtable_moves_total", game="rps") + 1
    )
    assert value(text, "longtable_moves_refused_total", code="stale") == (
        value(before, "longtable_moves_refused_total", code="stale") + 1
    )


def test_bets_and_settlements_are_counted_once_committed(
    scrape, funded_player, start_table, settings, django_capture_on_commit_callbacks
):
    from casino import draws
    from games import finishing, services
    from tests.casino import draw_rounds

    settings.CASINO_CHAIN_LENGTH = 1_000
    game = "roulette-european"
    before = scrape()
    game_round = draw_rounds.open_round(game)
    slip = [draws.BetRequest("red", {}, 1_000), draws.BetRequest("black", {}, 1_000)]
    with django_capture_on_commit_callbacks(execute=False):  # rolled back: not counted
        draws.place_bets(funded_player(), game=game, slip=str(uuid.uuid4()), bets=slip)
    assert value(scrape(), "longtable_bets_total", game=game) == value(
        before, "longtable_bets_total", game=game
    )
    with django_capture_on_commit_callbacks(execute=True):
        draws.place_bets(funded_player(), game=game, slip=str(uuid.uuid4()), bets=slip)
        draw_rounds.draw_now(game_round)
        draws.advance(game)
        table, players = start_table("rps", {"points": 1})
        services.resign(table.pk, players[0])
        finishing.settle_game(table.pk)
    text = scrape()
    assert value(text, "longtable_bets_total", game=game) == (
        value(before, "longtable_bets_total", game=game) + 2
    )
    for labels in (
        {"kind": "round", "game": game, "result": "settled"},
        {"kind": "game", "game": "rps", "result": "settled"},
    ):
        assert value(text, "longtable_settlements_total", **labels) == (
            value(before, "longtable_settlements_total", **labels) + 1
        )


@pytest.mark.django_db(transaction=True)
async def test_open_sockets_are_counted_and_uncounted():
    from prometheus_client import REGISTRY

    from tests.config.ping import connect

    def open_now() -> float:
        return (
            REGISTRY.get_sample_value("longtable_sockets_open", {"consumer": "PingConsumer"}) or 0
        )

    before = open_now()
    with site_log() as out:
        first, second = await connect(), await connect()
        assert open_now() == before + 2
        await first.disconnect()
        await second.disconnect()
        assert open_now() == before
    lines = [line for line in json_lines(out) if line["logger"] == "realtime.sockets"]
    assert [line["message"].split()[1] for line in lines] == ["opened"] * 2 + ["closed"] * 2
    assert all(line["request_id"].startswith("ws-") for line in lines)
    assert len({line["request_id"] for line in lines}) == 2  # one id per socket
    body = scrape_metrics.generate_latest(scrape_metrics.registry()).decode()
    assert value(body, "longtable_sockets_opened_total", consumer="PingConsumer") >= 2


def test_celery_tasks_are_timed_and_their_lines_carry_the_task(scrape):
    from reports.tasks import record_heartbeat

    labels = {"task": "reports.tasks.record_heartbeat", "state": "SUCCESS"}
    before = value(scrape(), "longtable_task_duration_seconds_count", **labels)
    record_heartbeat.apply(args=["test"])
    assert value(scrape(), "longtable_task_duration_seconds_count", **labels) == before + 1

    from telemetry import context

    scrape_metrics.task_started(task_id="task-1")
    assert context.current() == {"task_id": "task-1"}
    scrape_metrics.task_ended(task_id="task-1", task=record_heartbeat, state="SUCCESS")
    assert context.current() == {}


def test_queue_depths_are_read_from_redis_when_scraped(scrape):
    import redis

    queue = django_settings.CELERY_TASK_DEFAULT_QUEUE
    client = redis.Redis.from_url(django_settings.CELERY_BROKER_URL)
    keys = [queue, scrape_metrics.queue_key(queue, 3)]
    client.delete(*keys)
    try:
        client.rpush(keys[0], "a", "b", "c")
        client.rpush(keys[1], "d")
        text = scrape()
        assert value(text, "longtable_queue_depth", queue=queue) == 4
        assert value(text, "longtable_queue_broker_up") == 1
    finally:
        client.delete(*keys)
    assert value(scrape(), "longtable_queue_depth", queue=queue) == 0


def test_a_broker_that_does_not_answer_is_said_not_failed(scrape, settings):
    from tests.faults import free_port

    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{free_port()}/1"
    text = scrape()
    assert value(text, "longtable_queue_broker_up") == 0
    assert "longtable_queue_depth{" not in text


WORKER = """
from telemetry import metrics
metrics.MOVES.labels("rps").inc(3)
metrics.SOCKETS_OPEN.labels("GameConsumer").inc()
metrics.TASK_SECONDS.labels("games.tasks.ring", "SUCCESS").observe(0.2)
"""


def test_multiprocess_mode_sums_every_process_of_the_host(tmp_path, monkeypatch):
    from prometheus_client import multiprocess

    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    pids = []
    for _ in range(2):
        process = subprocess.Popen([sys.executable, "-c", WORKER], cwd=ROOT, env=env)
        assert process.wait(timeout=60) == 0
        pids.append(process.pid)
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    text = scrape_metrics.generate_latest(scrape_metrics.registry()).decode()
    assert value(text, "longtable_moves_total", game="rps") == 6
    assert value(text, "longtable_sockets_open", consumer="GameConsumer") == 2
    assert (
        value(
            text, "longtable_task_duration_seconds_count", task="games.tasks.ring", state="SUCCESS"
        )
        == 2
    )
    assert "longtable_queue_depth" in text
    # A web process that exited holds no socket open any more (the supervisor says so).
    multiprocess.mark_process_dead(pids[0], str(tmp_path))
    text = scrape_metrics.generate_latest(scrape_metrics.registry()).decode()
    assert value(text, "longtable_sockets_open", consumer="GameConsumer") == 1
    assert value(text, "longtable_moves_total", game="rps") == 6  # counts are kept


def test_crash_bets_and_keno_tickets_are_counted_too(
    scrape, funded_player, settings, django_capture_on_commit_callbacks
):
    from casino import draws, services

    settings.CASINO_CHAIN_LENGTH = 1_000
    before = scrape()
    player = funded_player()
    with django_capture_on_commit_callbacks(execute=True):
        services.schedule_rounds("crash")
        services.open_crash_betting()
        services.place_crash_bet(player, 1_000)
        draws.advance("keno")
        services.buy_keno_tickets(
            player,
            game="keno-8",
            numbers=[1, 2, 3, 4, 5],
            amount=100,
            draws=2,
            purchase=uuid.uuid4().hex,
        )
    text = scrape()
    for game, placed in (("crash", 1), ("keno", 2)):
        assert value(text, "longtable_bets_total", game=game) == (
            value(before, "longtable_bets_total", game=game) + placed
        )
