"""One round of Colour Five through the real runtime: a slip of chosen numbers and a plain
outcome placed with place_bets, the round drawn by the cycle on a known draw, settled once
however often the cycle comes back, the payouts in the wallet."""

from __future__ import annotations

import uuid

import pytest

from casino import draws
from casino.models import Bet, Round
from tests.casino import draw_rounds
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

GAME = "colour-five"


@pytest.mark.django_db
def test_a_round_is_placed_drawn_and_settled_exactly_once(funded):
    player = funded(100_000)
    game_round = draw_rounds.open_round(GAME)
    bets = [
        draws.BetRequest("two-numbers", {"numbers": [28, 2]}, 1_000),  # both drawn: 60.48x
        draws.BetRequest("sum-under-92.5", {}, 2_000),  # sum 60: 1.92x
        draws.BetRequest("same-colour-3", {}, 500),  # two white at most: lost
    ]
    placed = draws.place_bets(player, game=GAME, slip=str(uuid.uuid4()), bets=bets)
    assert [bet.label for bet in placed] == [
        "Two numbers drawn: 2 28",
        "Sum under 92.5",
        "At least three of one colour",
    ]
    assert cash_balance(player) == 96_500

    draw_rounds.draw_now(game_round, {"balls": [1, 2, 10, 19, 28]})
    assert game_round.number in draws.advance(GAME)
    draws.advance(GAME)  # the cycle comes back: nothing moves twice
    settled = {bet.label: (bet.status, bet.payout) for bet in Bet.objects.filter(user=player)}
    assert settled == {
        "Two numbers drawn: 2 28": ("won", 60_480),
        "Sum under 92.5": ("won", 3_840),
        "At least three of one colour": ("lost", 0),
    }
    assert cash_balance(player) == 96_500 + 60_480 + 3_840
    assert Round.objects.get(pk=game_round.pk).state == "settled"
    assert ledger_problems() == []


@pytest.mark.django_db
def test_hundred_ball_takes_two_different_bets_a_round_and_the_same_bet_again(funded):
    """The text: "the player can make 2 bets during a round", and "x2" doubles a bet."""
    player = funded(100_000)
    game_round = draw_rounds.open_round("hundred-ball")
    lower = draws.BetRequest("lower", {"number": 10}, 1_000)
    higher = draws.BetRequest("higher", {"number": 90}, 1_000)
    draws.place_bets(player, game="hundred-ball", slip=str(uuid.uuid4()), bets=[lower, higher])
    draws.place_bets(player, game="hundred-ball", slip=str(uuid.uuid4()), bets=[lower])  # x2
    third = draws.BetRequest("lower", {"number": 20}, 1_000)
    with pytest.raises(draws.RoundError, match="at most 2 different bets a round"):
        draws.place_bets(player, game="hundred-ball", slip=str(uuid.uuid4()), bets=[third])
    with pytest.raises(draws.RoundError, match="at most 2 different bets"):
        draws.place_bets(
            funded(10_000), game="hundred-ball", slip=str(uuid.uuid4()), bets=[lower, higher, third]
        )
    assert Bet.objects.filter(round=game_round).count() == 3
    assert cash_balance(player) == 97_000
    assert ledger_problems() == []
