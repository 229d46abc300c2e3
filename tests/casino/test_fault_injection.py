"""Killing the Celery worker (SIGKILL) or Redis in the middle of settlements pays every
bet and seat exactly once.

A real `celery -A config worker` (three pool processes) settles at once a Crash round, a
Keno draw and a finished game, each with a winner. "In the middle" is made real, not
mocked: the test holds a row lock on each winner's cash account, so each settlement stops
inside its transaction (round or game locked, bet and ticket rows written, the payment
waiting for that account). Then:

- worker: SIGKILL to the worker and its pool; the locks are released (the dead
  settlements' transactions abort: nothing of them was committed); a new worker starts and
  is handed the unacknowledged tasks again after the visibility timeout (10 s here); it
  settles everything.
- Redis: SIGKILL to Redis; the locks are released and the settlements commit while Redis
  is away; the worker lives on, Redis comes back, beat's next nudges find everything
  settled and pay nothing, and no task is left unacknowledged to be handed out later.

Each ends by checking the payments one by one and `manage.py ledger_check`.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import uuid
from datetime import timedelta

import psycopg
import pytest
import redis as redis_client
from django.conf import settings
from django.db import connection
from django.utils import timezone
from kombu import Connection

from casino import clock as casino_clock
from casino import services as casino
from casino import tasks as casino_tasks
from casino.models import Bet, BetStatus, Round
from games import finishing
from games import services as games
from games import tasks as game_tasks
from games.models import Game as LiveGame
from tests.conftest import database_url
from tests.faults import own_redis, wait_for, worker
from wallet.invariants import ledger_problems
from wallet.models import Transaction
from wallet.selectors import cash_balance
from wallet.services import cash_account

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

VISIBILITY = "10"


class AccountLocks:
    """Row locks on cash accounts, held in a connection of the test's own until released."""

    def __init__(self, account_ids: list[int]) -> None:
        self.connection = psycopg.connect(database_url(connection.settings_dict))
        self.connection.execute(
            "SELECT id FROM wallet_account WHERE id = ANY(%s) ORDER BY id FOR UPDATE",
            [account_ids],
        )
        self.pid = self.connection.info.backend_pid

    def waiting(self) -> int:
        """Backends of this database waiting for a lock (the stopped settlements)."""
        with psycopg.connect(database_url(connection.settings_dict)) as probe:
            return probe.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock' AND pid <> %s",
                [self.pid],
            ).fetchone()[0]

    def release(self) -> None:
        self.connection.rollback()
        self.connection.close()


@pytest.fixture
def three_settlements(funded, crash_round, keno_rounds, start_table):
    """A Crash round past its crash, a due Keno draw and a finished game, each with a
    winner whose payment the test can hold up; returns what to check afterwards."""
    crash_player, keno_player = funded(10_000), funded(10_000)

    game_round = crash_round(500)
    casino.place_crash_bet(crash_player, 1_000, auto_cash_out=150)
    Round.objects.filter(pk=game_round.pk).update(closes_at=timezone.now() - timedelta(seconds=1))
    casino.start_crash_run(game_round.pk)
    Round.objects.filter(pk=game_round.pk).update(
        started_at_ms=casino_clock.now_ms() - 600_000  # crashed ten minutes ago
    )

    draw = keno_rounds()
    casino.buy_keno_tickets(
        keno_player, game="keno-8", numbers=draw.balls[:2], amount=100, purchase=uuid.uuid4().hex
    )
    Round.objects.filter(pk=draw.pk).update(
        starts_at=timezone.now() - timedelta(seconds=1),
        closes_at=timezone.now() - timedelta(seconds=6),
    )

    game, (winner, loser) = start_table("penalty", {"shots": 3}, stake=1_000)
    with pytest.MonkeyPatch.context() as patch:  # finished, its settlement left to the worker
        patch.setattr(finishing, "settle_or_leave_to_sweep", lambda game: game)
        games.resign(game.pk, loser)
    assert not LiveGame.objects.get(pk=game.pk).settled

    return {
        "crash": (game_round, crash_player, 10_000 - 1_000 + 1_500),
        "keno": (draw, keno_player, 10_000 - 100 + 1_000),
        "game": (game, winner, cash_balance(winner) + 1_000 + 1_000 - 80),
        "locked": [cash_account(p).pk for p in (crash_player, keno_player, winner)],
    }


def send_settlements(redis_url: str, scene: dict, sweep: bool = False) -> list[str]:
    """What beat sends (the round cycles) and what a finished game's commit sends (its
    settlement; after an outage beat's sweep instead)."""
    with Connection(redis_url) as broker:
        sent = [
            casino_tasks.crash_cycle.apply_async(connection=broker),
            casino_tasks.draw_cycle.apply_async(connection=broker),
            game_tasks.sweep.apply_async(connection=broker)
            if sweep
            else game_tasks.settle.apply_async((scene["game"][0].pk,), connection=broker),
        ]
    return [result.id for result in sent]


def settled_exactly_once(scene: dict) -> None:
    game_round, crash_player, crash_expected = scene["crash"]
    game_round.refresh_from_db()
    assert game_round.state == Round.State.SETTLED
    bet = Bet.objects.get(round=game_round)
    assert (bet.status, bet.payout) == (BetStatus.WON, 1_500)
    assert cash_balance(crash_player) == crash_expected
    assert Transaction.objects.filter(reference=game_round.reference, kind="win").count() == 1

    draw, keno_player, keno_expected = scene["keno"]
    draw.refresh_from_db()
    assert draw.state == Round.State.SETTLED
    ticket = Bet.objects.get(round=draw)
    assert (ticket.status, ticket.payout) == (BetStatus.WON, 1_000)
    assert cash_balance(keno_player) == keno_expected
    assert Transaction.objects.filter(reference=draw.reference, kind="win").count() == 1

    game, winner, winner_expected = scene["game"]
    game = LiveGame.objects.get(pk=game.pk)
    assert game.settled and game.settlement["payouts"].count(0) == 1
    assert cash_balance(winner) == winner_expected
    assert Transaction.objects.filter(reference=game.escrow_reference, kind="settle").count() == 1

    assert ledger_problems() == []
    check = subprocess.run(
        [sys.executable, "manage.py", "ledger_check"],
        cwd=settings.BASE_DIR,
        env={"PATH": "/usr/bin:/bin", "DATABASE_URL": database_url(connection.settings_dict)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert check.returncode == 0, check.stdout + check.stderr


def all_settled(scene: dict) -> bool:
    return (
        Round.objects.filter(
            pk__in=[scene["crash"][0].pk, scene["keno"][0].pk], state=Round.State.SETTLED
        ).count()
        == 2
        and LiveGame.objects.filter(pk=scene["game"][0].pk, settled=True).exists()
    )


def test_killing_the_worker_mid_settlement_pays_everyone_once(tmp_path, three_settlements):
    scene = three_settlements
    log = tmp_path / "worker.log"
    with own_redis(tmp_path) as redis:
        locks = AccountLocks(scene["locked"])
        try:
            with worker(redis.url, log, BROKER_VISIBILITY_SECONDS=VISIBILITY, CONCURRENCY="3"):
                send_settlements(redis.url, scene)
                wait_for(lambda: locks.waiting() >= 3, 60, "three settlements stopping")
                assert not all_settled(scene)
            # The worker is dead (SIGKILL to it and its pool) in the middle of all three.
        finally:
            locks.release()
        assert not all_settled(scene), "a killed settlement committed"
        with worker(redis.url, log, BROKER_VISIBILITY_SECONDS=VISIBILITY, CONCURRENCY="3"):
            wait_for(lambda: all_settled(scene), 90, "the tasks handed out again settling")
    settled_exactly_once(scene)


def test_killing_redis_mid_settlement_pays_everyone_once(tmp_path, three_settlements):
    scene = three_settlements
    log = tmp_path / "worker.log"
    with (
        own_redis(tmp_path) as redis,
        worker(redis.url, log, BROKER_VISIBILITY_SECONDS=VISIBILITY, CONCURRENCY="3") as process,
    ):
        locks = AccountLocks(scene["locked"])
        try:
            first = send_settlements(redis.url, scene)
            wait_for(lambda: locks.waiting() >= 3, 60, "three settlements stopping")
            redis.kill()
        finally:
            locks.release()
        wait_for(lambda: all_settled(scene), 60, "the settlements committing without Redis")
        time.sleep(2)  # room for the worker to fall over on the acknowledgements it lost
        assert process.alive, process.output()
        redis.start()

        # Beat's next nudges after the outage (and the sweep that settles games) find
        # everything done.
        again = send_settlements(redis.url, scene, sweep=True)
        wait_for(
            lambda: all(f"[{task_id}] succeeded" in process.output() for task_id in again),
            60,
            "the nudges after the outage",
        )
        # An interrupted task whose acknowledgement was lost with Redis is handed out
        # again after the visibility timeout (and pays nothing, as the nudges show), then
        # acknowledged: none is left behind to surprise anyone later. Waited for, not
        # read once: a task logs its success a moment before its acknowledgement lands.
        broker = redis_client.Redis.from_url(redis.url)

        def held() -> set[str]:
            messages = [json.loads(raw)[0] for raw in broker.hvals("unacked")] + [
                json.loads(raw)
                for queue in settings.WORK_QUEUES.values()
                for raw in broker.lrange(queue, 0, -1)
            ]
            return {message["headers"]["id"] for message in messages}

        wait_for(
            lambda: not held() & set(first),
            3 * int(VISIBILITY),
            "the interrupted tasks' messages acknowledged",
        )
        assert process.alive, process.output()
    settled_exactly_once(scene)
