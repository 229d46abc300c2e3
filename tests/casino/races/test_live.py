"""One Greyhounds round through the worker: a slip of a winning and a losing bet placed
with draws.place_bets, the round drawn on a finishing order the test sets, settled once by
draws.advance (a second advance pays nothing more), the ledger balanced."""

from __future__ import annotations

import uuid

import pytest

from casino import draws, registry
from casino.models import Bet, Round
from tests.casino import draw_rounds
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db

GAME = "greyhounds"


def test_a_greyhound_race_is_settled_once_at_its_fixed_prices(funded):
    player = funded(100_000)
    game = registry.get(GAME)
    game_round = draw_rounds.open_round(GAME)
    placed = draws.place_bets(
        player,
        game=GAME,
        slip=str(uuid.uuid4()),
        bets=[
            draws.BetRequest("forecast", {"first": 2, "second": 1}, 1_000),
            draws.BetRequest("win", {"runner": 6}, 500),
        ],
    )
    forecast = game.prices["forecast"][(2, 1)]
    assert [b.label for b in placed] == [
        f"Forecast 2-1 at {forecast // 100}.{forecast % 100:02d}",
        f"Win 6 at {game.prices['win'][6] // 100}.{game.prices['win'][6] % 100:02d}",
    ]
    assert cash_balance(player) == 98_500
    draw_rounds.draw_now(game_round, {"order": [2, 1, 6, 5, 4, 3]})
    draws.advance(GAME)
    draws.advance(GAME)
    game_round.refresh_from_db()
    assert game_round.state == Round.State.SETTLED
    won = 1_000 * forecast // 100
    assert cash_balance(player) == 98_500 + won
    statuses = dict(Bet.objects.filter(round=game_round).values_list("bet_type", "status"))
    assert statuses == {"forecast": "won", "win": "lost"}
    assert ledger_problems() == []
