"""Keno on the database: tickets, draws ahead, settlement in one batch, paytable versions."""

from __future__ import annotations

import uuid
from datetime import timedelta
from itertools import pairwise

import pytest
from django.utils import timezone

from casino import draws, services
from casino.keno import paytables
from casino.models import Bet, BetStatus, KenoPaytable, Round
from wallet.invariants import ledger_problems
from wallet.models import Transaction
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db


def buy(user, numbers, amount=100, game="keno-8", draws=1, purchase=None):
    return services.buy_keno_tickets(
        user,
        game=game,
        numbers=numbers,
        amount=amount,
        draws=draws,
        purchase=purchase or uuid.uuid4().hex,
    )


def make_due(game_round: Round) -> None:
    Round.objects.filter(game="keno", number__lte=game_round.number).update(
        starts_at=timezone.now() - timedelta(seconds=1),
        closes_at=timezone.now() - timedelta(seconds=6),
    )


def test_rounds_are_fixed_at_least_ten_ahead_on_whole_minutes(casino_settings):
    services.schedule_rounds("keno")
    rounds = list(Round.objects.filter(game="keno").order_by("number"))
    assert len(rounds) >= 10
    assert all(len(r.balls) == 20 and len(set(r.balls)) == 20 for r in rounds)
    assert all(r.starts_at.second == 0 for r in rounds)
    gaps = {(b.starts_at - a.starts_at).total_seconds() for a, b in pairwise(rounds)}
    assert gaps == {60}


def test_a_draw_pays_every_winner_in_one_batch(funded, casino_settings, keno_rounds):
    first = keno_rounds()
    balls = first.balls
    winner, loser = funded(10_000), funded(10_000)
    # 8 of 8 on Keno 8 pays 2000x; 0 of 8 pays 1x (the rules' row 0).
    missed = [n for n in range(1, 81) if n not in balls]
    buy(winner, balls[:8], amount=100)
    buy(winner, balls[:1], amount=100)  # 1 of 1: 3.5x
    buy(loser, missed[:3] + balls[:1], amount=100, game="keno-10")  # 1 of 4: nothing
    make_due(first)
    assert draws.advance("keno") == [first.number]
    assert cash_balance(winner) == 10_000 - 200 + 200_000 + 350
    assert cash_balance(loser) == 10_000 - 100
    assert Bet.objects.get(user=loser).status == BetStatus.LOST
    assert sorted(Bet.objects.filter(user=winner).values_list("result__hits", flat=True)) == [1, 8]
    assert Transaction.objects.filter(reference=first.reference, kind="win").count() == 1
    assert draws.advance("keno") == []  # nothing twice
    assert ledger_problems() == []


def test_the_maximum_win_caps_a_ticket(funded, casino_settings, keno_rounds):
    casino_settings.CASINO_LIMITS["keno"]["max_win"] = 150_000
    first = keno_rounds()
    player = funded(10_000)
    buy(player, first.balls[:8], amount=100)
    make_due(first)
    draws.advance("keno")
    assert Bet.objects.get(user=player).payout == 150_000


def test_a_ticket_for_several_draws_and_a_repeated_form(funded, casino_settings):
    player = funded(10_000)
    services.schedule_rounds("keno")
    purchase = uuid.uuid4().hex
    tickets = buy(player, [1, 2, 3], amount=100, draws=5, purchase=purchase)
    again = buy(player, [1, 2, 3], amount=100, draws=5, purchase=purchase)
    assert {t.pk for t in tickets} == {t.pk for t in again}
    numbers = [t.round.number for t in tickets]
    assert numbers == list(range(numbers[0], numbers[0] + 5))
    assert cash_balance(player) == 10_000 - 500


@pytest.mark.parametrize(
    ("numbers", "game", "message"),
    [
        ([], "keno-8", "mark 1 to 8"),
        (list(range(1, 10)), "keno-8", "mark 1 to 8"),
        (list(range(1, 12)), "keno-10", "mark 1 to 10"),
        ([0, 5], "keno-8", "from 1 to 80"),
        ([81], "keno-8", "from 1 to 80"),
        ([5, 5], "keno-8", "once only"),
        (["7"], "keno-8", "whole numbers"),
        ("12", "keno-8", "list of numbers"),
        ([1, 2], "keno-99", "Choose Keno"),
    ],
)
def test_malformed_tickets_are_refused(funded, numbers, game, message):
    player = funded(10_000)
    services.schedule_rounds("keno")
    with pytest.raises(services.RoundError, match=message):
        buy(player, numbers, game=game)
    assert cash_balance(player) == 10_000


def test_stake_limits_and_closed_draws(funded, casino_settings):
    player = funded(10_000_000)
    services.schedule_rounds("keno")
    with pytest.raises(services.RoundError, match="minimum"):
        buy(player, [1], amount=49)
    with pytest.raises(services.RoundError, match="maximum"):
        buy(player, [1], amount=300_001)
    with pytest.raises(services.RoundError, match="1 to 10 draws"):
        buy(player, [1], draws=11)
    Round.objects.filter(game="keno").update(closes_at=timezone.now())
    with pytest.raises(services.RoundError, match="Only 0 draws"):
        buy(player, [1])
    assert cash_balance(player) == 10_000_000


def test_a_ticket_keeps_the_paytable_version_it_was_bought_under(
    funded, casino_settings, keno_rounds
):
    first = keno_rounds()
    player = funded(10_000)
    buy(player, first.balls[:1], amount=100)  # 1 of 1 pays 3.5x under version 1
    version_1 = KenoPaytable.objects.get(game="keno-8", version=1)
    table = dict(version_1.table)
    table["1"] = {"1": 300}
    KenoPaytable.objects.create(game="keno-8", name="Keno 8", version=2, table=table)
    buy(player, first.balls[:1], amount=100)
    make_due(first)
    draws.advance("keno")
    assert sorted(Bet.objects.filter(user=player).values_list("payout", flat=True)) == [
        300,
        350,
    ]


def test_version_1_is_the_rules_paytables(casino_settings):
    tables = {t.game: t.paytable for t in KenoPaytable.objects.filter(version=1)}
    assert tables == {slug: dict(game.paytable) for slug, game in paytables.GAMES.items()}


def test_hot_and_cold_balls(casino_settings):
    services.schedule_rounds("keno")
    played = list(Round.objects.filter(game="keno").order_by("number")[:5])
    make_due(played[-1])
    draws.advance("keno")
    hot, cold = services.hot_and_cold()
    counts = {}
    for game_round in played:
        for ball in game_round.balls:
            counts[ball] = counts.get(ball, 0) + 1
    assert counts[hot[0]] == max(counts.values())
    assert all(ball not in counts for ball in cold)
    assert len(services.keno_results()) == 5


def test_quick_pick():
    picked = services.quick_pick(8)
    assert len(set(picked)) == 8 and all(1 <= n <= 80 for n in picked)
