"""A round of a contract game with many bets of mixed types, drawn and settled by a real
Celery worker (in-process, Redis broker) exactly once, the ledger balanced (a War of Bets
round with bets in both its windows too); twenty identical slips at once on PostgreSQL
place one set of bets; twenty settlements pay once."""

from __future__ import annotations

import random
import uuid
from collections import Counter
from datetime import timedelta

import pytest
from celery.contrib.testing.worker import start_worker
from django.utils import timezone

from casino import draws, registry, tasks
from casino.models import Bet, Round
from config.celery import app
from tests.casino import draw_rounds
from tests.threads import in_threads
from wallet.invariants import ledger_problems
from wallet.models import Transaction
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db(transaction=True)
GAME = "roulette-european"
THREADS = 20


def mixed_slip(rng: random.Random, size: int) -> list[draws.BetRequest]:
    game = registry.get(GAME)
    bets = []
    for _ in range(size):
        bet_type = rng.choice([t.code for t in game.bet_types])
        _, selection = rng.choice(list(game.selections(bet_type)))
        chips = {"voisins": 9, "orphelins": 5, "tiers": 6, "zero-game": 4}.get(bet_type, 1)
        bets.append(draws.BetRequest(bet_type, selection, 90 * chips))
    return bets


def test_a_worker_draws_and_settles_a_round_of_many_mixed_bets_once(funded):
    rng = random.Random(15)
    players = [funded(1_000_000) for _ in range(10)]
    game_round = draw_rounds.open_round(GAME)
    for player in players:
        draws.place_bets(player, game=GAME, slip=str(uuid.uuid4()), bets=mixed_slip(rng, 30))
    assert Bet.objects.filter(round=game_round).count() == 300
    game = registry.get(GAME)
    expected = Counter()
    for bet in Bet.objects.filter(round=game_round):
        expected[bet.user_id] += game.payout(
            bet.stake, bet.bet_type, bet.selection, game_round.outcome
        )
    draw_rounds.draw_now(game_round)
    with start_worker(app, perform_ping_check=False, pool="solo", loglevel="WARNING"):
        played = tasks.draw_cycle.apply_async(ignore_result=False).get(timeout=60)
        again = tasks.draw_cycle.apply_async(ignore_result=False).get(timeout=60)
    assert played[GAME] == [game_round.number] and again[GAME] == []
    for player in players:
        staked = sum(Bet.objects.filter(user=player).values_list("stake", flat=True))
        assert cash_balance(player) == 1_000_000 - staked + expected[player.pk]
    wins = Transaction.objects.filter(reference=game_round.reference, kind="win")
    assert wins.count() == (1 if any(expected.values()) else 0)
    assert not Bet.objects.filter(round=game_round, status="open").exists()
    assert ledger_problems() == []


def test_twenty_identical_slips_place_one_set_of_bets_charged_once(funded):
    player = funded(100_000)
    draw_rounds.open_round(GAME)
    slip = str(uuid.uuid4())
    bets = [draws.BetRequest("red", {}, 500), draws.BetRequest("dozen", {"which": 2}, 700)]
    results = in_threads(
        THREADS, lambda _: draws.place_bets(player, game=GAME, slip=slip, bets=bets)
    )
    assert not [r for r in results if isinstance(r, Exception)]
    assert {tuple(b.pk for b in r) for r in results} == {
        tuple(Bet.objects.order_by("pk").values_list("pk", flat=True))
    }
    assert Bet.objects.count() == 2 and cash_balance(player) == 100_000 - 1_200
    assert ledger_problems() == []


def test_twenty_settlements_of_one_round_pay_once(funded):
    player = funded(100_000)
    game_round = draw_rounds.open_round(GAME)
    draws.place_bets(
        player, game=GAME, slip=str(uuid.uuid4()), bets=[draws.BetRequest("red", {}, 1_000)]
    )
    Round.objects.filter(pk=game_round.pk).update(
        state=Round.State.RUNNING,
        outcome={"pockets": ["1"]},  # 1 is red
    )
    settled = in_threads(THREADS, lambda _: draws.settle(game_round.pk))
    assert settled.count(True) == 1 and settled.count(False) == THREADS - 1
    assert cash_balance(player) == 100_000 + 1_000
    assert Transaction.objects.filter(reference=game_round.reference, kind="win").count() == 1
    assert ledger_problems() == []


def test_a_worker_settles_a_war_of_bets_round_with_bets_in_both_windows_once(funded, settings):
    """First bets before the Player's card, second bets after it at the price the card
    sets, the round drawn by the worker's draw cycle and paid once."""
    settings.CASINO_ENABLED_GAMES = ["war-of-bets"]
    game = "war-of-bets"
    player = funded(100_000)
    game_round = draw_rounds.open_round(game)
    # Player 5♥, Dealer J♣: the Dealer wins; after a 5, Dealer wins pays x1.35 and War x12.95.
    Round.objects.filter(pk=game_round.pk).update(outcome={"player": ["5H"], "dealer": ["JC"]})
    first = [draws.BetRequest("dealer-wins", {}, 1_000), draws.BetRequest("player-wins", {}, 500)]
    draws.place_bets(player, game=game, slip=str(uuid.uuid4()), bets=first)
    peek_seconds = registry.get(game).cadence.peek_seconds
    Round.objects.filter(pk=game_round.pk).update(
        closes_at=timezone.now() + timedelta(seconds=peek_seconds // 2)
    )
    second = [
        draws.BetRequest("second-dealer-wins", {}, 2_000),
        draws.BetRequest("second-war", {}, 100),
    ]
    draws.place_bets(player, game=game, slip=str(uuid.uuid4()), bets=second)
    draw_rounds.draw_now(game_round)
    with start_worker(app, perform_ping_check=False, pool="solo", loglevel="WARNING"):
        played = tasks.draw_cycle.apply_async(ignore_result=False).get(timeout=60)
        again = tasks.draw_cycle.apply_async(ignore_result=False).get(timeout=60)
    assert played[game] == [game_round.number] and again[game] == []
    assert sorted(Bet.objects.values_list("bet_type", "payout")) == [
        ("dealer-wins", 2_050),
        ("player-wins", 0),
        ("second-dealer-wins", 2_700),
        ("second-war", 0),
    ]
    assert cash_balance(player) == 100_000 - 3_600 + 2_050 + 2_700
    wins = Transaction.objects.filter(reference=game_round.reference, kind="win")
    assert wins.count() == 1
    assert ledger_problems() == []
