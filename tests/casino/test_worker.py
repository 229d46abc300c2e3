"""A real Celery worker (in-process, Redis broker) drives Keno and Crash cycles end to end."""

from __future__ import annotations

import time
import uuid
from datetime import timedelta

import pytest
from celery.contrib.testing.worker import start_worker
from django.utils import timezone

from casino import services, tasks
from casino.models import Bet, BetStatus, Round
from config.celery import app
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance


def wait_for(condition, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the worker did not get there in time"
        time.sleep(0.05)


@pytest.mark.django_db(transaction=True)
def test_a_worker_runs_a_keno_cycle(funded, keno_rounds):
    player = funded(10_000)
    draw = keno_rounds()
    services.buy_keno_tickets(
        player, game="keno-8", numbers=draw.balls[:2], amount=100, purchase=uuid.uuid4().hex
    )
    Round.objects.filter(pk=draw.pk).update(
        starts_at=timezone.now() - timedelta(seconds=1),
        closes_at=timezone.now() - timedelta(seconds=6),
    )
    with start_worker(app, perform_ping_check=False, pool="solo", loglevel="WARNING"):
        played = tasks.draw_cycle.apply_async(ignore_result=False).get(timeout=30)
    assert played["keno"] == [draw.number]
    ticket = Bet.objects.get(user=player)
    assert (ticket.status, ticket.result, ticket.payout) == (BetStatus.WON, {"hits": 2}, 1_000)
    assert cash_balance(player) == 10_000 - 100 + 1_000
    following = Round.objects.get(game="keno", number=draw.number + 1)
    assert following.state == Round.State.BETTING
    assert ledger_problems() == []


@pytest.mark.django_db(transaction=True)
def test_a_worker_runs_a_crash_round(funded, crash_round):
    player = funded(10_000)
    game_round = crash_round(105)  # crashes about 0.8 s into the run
    services.place_crash_bet(player, 1_000, auto_cash_out=102)
    Round.objects.filter(pk=game_round.pk).update(closes_at=timezone.now() - timedelta(seconds=2))
    with start_worker(app, perform_ping_check=False, pool="solo", loglevel="WARNING"):
        tasks.crash_cycle.delay()  # beat's nudge: the window is overdue, start the run
        wait_for(lambda: Round.objects.get(pk=game_round.pk).state == Round.State.SETTLED)
        wait_for(lambda: Round.objects.filter(game="crash", state=Round.State.BETTING).exists())
    assert Bet.objects.get(user=player).payout == 1_020
    assert cash_balance(player) == 10_000 + 20
