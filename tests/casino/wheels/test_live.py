"""One round of the money wheel through the real runtime: a slip placed with
casino.draws.place_bets, the round drawn on a fixed outcome with two multipliers and
settled by casino.draws.advance exactly once, the winner paid the stacked odds."""

from __future__ import annotations

import uuid

import pytest

from casino import draws, registry
from casino.draws import BetRequest
from casino.models import Bet, Round
from tests.casino import draw_rounds
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

GAME = "money-wheel"


@pytest.mark.django_db
def test_a_money_wheel_round_is_placed_drawn_and_settled_once(funded):
    player = funded(100_000)
    game_round = draw_rounds.open_round(GAME)
    slip = str(uuid.uuid4())
    draws.place_bets(
        player,
        game=GAME,
        slip=slip,
        bets=[BetRequest("number-5", {}, 1_000), BetRequest("number-1", {}, 500)],
    )
    assert cash_balance(player) == 98_500
    wheel = registry.get(GAME)
    stops = [wheel.segments.index(label) for label in ("2x", "7x", "5")]
    draw_rounds.draw_now(game_round, {"stops": stops})

    assert game_round.number in draws.advance(GAME)
    # 5 after 2x and 7x: (5 x 2 x 7):1 on 10.00, the stake back on top.
    assert sorted(Bet.objects.filter(round=game_round).values_list("label", "payout")) == [
        ("Number 1", 0),
        ("Number 5", 71_000),
    ]
    assert cash_balance(player) == 98_500 + 71_000
    assert game_round.number not in draws.advance(GAME)  # settled once, never again
    assert draws.settle(game_round.pk) is False
    assert cash_balance(player) == 169_500
    assert Round.objects.get(pk=game_round.pk).state == Round.State.SETTLED
    assert ledger_problems() == []
