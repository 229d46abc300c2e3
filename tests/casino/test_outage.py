"""House rounds after an outage (reports/outage.py, casino/outage.py)."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from casino import conf, services, tasks
from casino.models import Bet, BetStatus, Round
from reports import outage
from reports.models import Heartbeat
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_check(monkeypatch):
    monkeypatch.setattr(outage, "_checked_at", float("-inf"))


def silent_since(seconds: float) -> None:
    """Beat's last heartbeat, `seconds` ago: nothing has run since."""
    Heartbeat.objects.all().delete()
    when = timezone.now() - timedelta(seconds=seconds)
    Heartbeat.objects.filter(pk=Heartbeat.objects.create(source="beat").pk).update(created=when)


def test_a_crash_run_cut_by_an_outage_is_voided_and_every_bet_returned(
    funded, crash_round, run_round, fake_clock, django_capture_on_commit_callbacks
):
    player = funded(10_000)
    game_round = crash_round(500)
    services.place_crash_bet(player, 1_000)  # no auto cash-out: only a click could save it
    run_round(game_round)
    silent_since(120)
    fake_clock.now += 120_000  # the crash instant passed while nobody could click
    with django_capture_on_commit_callbacks(execute=True):
        tasks.crash_cycle.apply().get()  # the worker's first task after the outage
    game_round.refresh_from_db()
    assert game_round.state == Round.State.VOID
    bet = Bet.objects.get(user=player)
    assert (bet.status, bet.payout) == (BetStatus.VOID, 1_000)
    assert cash_balance(player) == 10_000
    assert ledger_problems() == []


def test_a_betting_window_that_closed_in_an_outage_opens_again_for_its_full_length(
    funded, crash_round
):
    player = funded(10_000)
    game_round = crash_round(500)
    services.place_crash_bet(player, 1_000)
    Round.objects.filter(pk=game_round.pk).update(closes_at=timezone.now() - timedelta(seconds=100))
    silent_since(110)
    now = timezone.now()
    assert outage.recover(now) is not None
    game_round.refresh_from_db()
    assert game_round.state == Round.State.BETTING
    assert game_round.closes_at == now + timedelta(seconds=conf.CRASH_BETTING_SECONDS)
    assert services.advance_crash().to_start is None  # not started behind the players' backs


def test_a_keno_draw_due_in_a_short_outage_is_drawn_late_and_in_a_long_one_voided(
    funded, keno_rounds, settings
):
    settings.OUTAGE_VOID_SECONDS = 300
    player = funded(10_000)
    draw = keno_rounds()
    services.buy_keno_tickets(  # one ticket on this draw and one on the following
        player, game="keno-8", numbers=[1, 2], amount=100, draws=2, purchase=uuid.uuid4().hex
    )
    following = Round.objects.get(game="keno", number=draw.number + 1)
    Round.objects.filter(pk=draw.pk).update(
        starts_at=timezone.now() - timedelta(seconds=60),
        closes_at=timezone.now() - timedelta(seconds=65),
    )
    silent_since(120)  # short: the draw's balls were fixed, its tickets bought: it stands
    outage.recover()
    draw.refresh_from_db()
    assert draw.state != Round.State.VOID

    Round.objects.filter(pk=following.pk).update(
        starts_at=timezone.now() - timedelta(seconds=1),
        closes_at=timezone.now() - timedelta(seconds=6),
    )
    silent_since(400)  # long: what it caught is void
    outage.recover()
    following.refresh_from_db()
    assert following.state == Round.State.VOID
    ticket = Bet.objects.get(round=following)
    assert (ticket.status, ticket.payout) == (BetStatus.VOID, 100)
    assert ledger_problems() == []


@pytest.mark.django_db(transaction=True)
async def test_a_run_voided_while_it_streams_ends_without_settling(
    funded, crash_round, run_round, fake_clock, monkeypatch
):
    from channels.db import database_sync_to_async

    from casino import clock, runner
    from casino.voiding import void_round

    player = await database_sync_to_async(funded)(10_000)
    game_round = await database_sync_to_async(crash_round)(300)
    await database_sync_to_async(services.place_crash_bet)(player, 1_000)
    await database_sync_to_async(run_round)(game_round)
    voided = []

    async def tick_then_void(milliseconds: int) -> None:
        fake_clock.advance(max(1, milliseconds))
        if not voided:  # the outage's recovery voids it between two ticks
            voided.append(
                await database_sync_to_async(void_round)(
                    game_round.pk, staff=None, reason="Platform outage"
                )
            )

    monkeypatch.setattr(clock, "sleep_ms", tick_then_void)
    assert await runner.stream_crash(game_round.pk) is False
    bet = await database_sync_to_async(Bet.objects.get)(user=player)
    assert (bet.status, bet.payout) == (BetStatus.VOID, 1_000)
    assert await database_sync_to_async(cash_balance)(player) == 10_000
