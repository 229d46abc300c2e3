"""Twenty identical requests at once (a double click, a retrying client) on real PostgreSQL:
exactly one ticket, bet or cash-out, exactly one charge, the balance exact."""

from __future__ import annotations

import uuid

import pytest

from casino import draws, services
from casino.models import Bet, Round
from tests.threads import in_threads
from wallet.invariants import ledger_problems
from wallet.models import Transaction
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 20


def test_twenty_identical_keno_purchases_buy_one_ticket_per_draw_charged_once(funded, keno_rounds):
    keno_rounds()
    player = funded(10_000)
    purchase = uuid.uuid4().hex

    def buy(_):
        return services.buy_keno_tickets(
            player, game="keno-8", numbers=[1, 2, 3], amount=100, draws=3, purchase=purchase
        )

    results = in_threads(THREADS, buy)
    assert all(isinstance(r, list) for r in results), results
    tickets = Bet.objects.filter(user=player)
    assert tickets.count() == 3
    assert all({t.pk for t in r} == set(tickets.values_list("pk", flat=True)) for r in results)
    assert Transaction.objects.filter(kind="bet", actor=player).count() == 3
    assert cash_balance(player) == 10_000 - 300
    assert ledger_problems() == []


def test_twenty_identical_crash_bets_place_one_bet_charged_once(funded, crash_round):
    game_round = crash_round(500)
    player = funded(10_000)
    results = in_threads(THREADS, lambda _: services.place_crash_bet(player, 200))
    placed = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, services.RoundError)]
    assert len(placed) == 1 and len(refused) == THREADS - 1, results
    assert all("already have a bet" in str(r) for r in refused)
    assert game_round.bets.count() == 1
    assert Transaction.objects.filter(kind="bet", actor=player).count() == 1
    assert cash_balance(player) == 10_000 - 200
    assert ledger_problems() == []


def test_twenty_identical_cash_outs_cash_out_once_and_pay_once(
    funded, crash_round, run_round, fake_clock
):
    game_round = crash_round(500)
    player = funded(10_000)
    services.place_crash_bet(player, 200)
    running = run_round(game_round)
    received = running.started_at_ms + 1_000
    results = in_threads(THREADS, lambda _: services.cash_out(player, received_ms=received))
    cashed = [r for r in results if isinstance(r, services.CashOut)]
    refused = [r for r in results if isinstance(r, services.RoundError)]
    assert len(cashed) == 1 and len(refused) == THREADS - 1, results
    assert all("already cashed out" in str(r) for r in refused)
    fake_clock.advance(10**7)
    # Twenty settlements at once (beat, the run task, a retry): one pays.
    settled = in_threads(THREADS, lambda _: services.settle_crash(running.pk))
    assert settled.count(True) == 1 and settled.count(False) == THREADS - 1, settled
    assert Transaction.objects.filter(reference=running.reference, kind="win").count() == 1
    assert cash_balance(player) == 10_000 - 200 + cashed[0].payout
    assert ledger_problems() == []


def test_twenty_settlements_of_one_keno_draw_pay_once(funded, keno_rounds):
    from datetime import timedelta

    from django.utils import timezone

    first = keno_rounds()
    player = funded(10_000)
    services.buy_keno_tickets(
        player, game="keno-8", numbers=first.balls[:1], amount=100, purchase=uuid.uuid4().hex
    )
    Round.objects.filter(game="keno", number__lte=first.number).update(
        starts_at=timezone.now() - timedelta(seconds=1),
        closes_at=timezone.now() - timedelta(seconds=6),
    )
    Round.objects.filter(pk=first.pk).update(state=Round.State.RUNNING)  # drawn: now to settle
    settled = in_threads(THREADS, lambda _: draws.settle(first.pk))
    assert settled.count(True) == 1 and settled.count(False) == THREADS - 1, settled
    assert cash_balance(player) == 10_000 - 100 + 350  # 1 of 1 pays 3.5x
    assert ledger_problems() == []


def test_twenty_voids_of_one_round_refund_once_and_audit_once(funded, crash_round, make_user):
    from casino.voiding import void_round
    from reports.models import AuditLog

    game_round = crash_round(500)
    player = funded(10_000)
    services.place_crash_bet(player, 200)
    staff = make_user(is_staff=True)
    voided = in_threads(
        THREADS, lambda _: void_round(game_round.pk, staff=staff, reason="Wheel stuck")
    )
    assert all(isinstance(r, Round) and r.state == Round.State.VOID for r in voided), voided
    assert Transaction.objects.filter(reference=game_round.reference, kind="win").count() == 1
    assert AuditLog.objects.filter(action="casino.void_round").count() == 1
    assert cash_balance(player) == 10_000
    assert ledger_problems() == []
