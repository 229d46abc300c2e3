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
