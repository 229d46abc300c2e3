"""Timeouts and disconnection at a Spades table: a player out of time has the computer's
move played for them; a player who is gone is replaced by a computer player, the game goes
on, and the platform's clauses settle it (a disconnected winner gets back the buy-in)."""

from __future__ import annotations

import pytest

from games import services
from games.models import GameAction
from tests.games.belote_live.support import (
    START_BALANCE,
    play_until,
    players_by_seat,
    predicted_outcome,
    reload,
    seat_to_act,
)
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db

STAKE = 25_000
POOL = 85_000
STEP = 10


@pytest.fixture
def partners(start_table, funded_player):
    game, _ = start_table(
        "spades", {}, stake=STAKE, players=[funded_player() for _ in range(4)], step_seconds=STEP
    )
    return game


def test_a_player_out_of_time_has_a_move_played_for_them(partners, clock):
    seat = seat_to_act(partners)
    clock.advance(STEP)
    assert services.expire(partners.pk, partners.seq)
    game = reload(partners)
    (action,) = game.actions.all()
    assert (action.seat, action.actor) == (seat, GameAction.Actor.TIMEOUT)
    assert action.action["type"] == "bid"
    assert game.seats.get(position=seat).timeouts == 1
    assert seat_to_act(game) == (seat + 1) % 4  # the game goes on


def test_a_player_who_leaves_is_replaced_by_a_computer_and_a_winner_gone_gets_the_buy_in(
    partners,
):
    game = play_until(partners, lambda g: len(g.state["history"]) >= 1)
    ahead = predicted_outcome(game, disconnections=1)
    gone = ahead.winners()[0]
    partner = (gone + 2) % 4
    services.resign(game.pk, players_by_seat(game)[gone])
    game = reload(game)
    assert game.status == "playing" and game.seats.get(position=gone).bot
    game = play_until(game)
    assert GameAction.objects.filter(game=game, seat=gone, actor="bot").exists()
    placing = game.outcome["placing"]
    assert placing[gone] == placing[partner] == 1
    game = services.settle_game(game.pk)
    nets = [cash_balance(p) - START_BALANCE for _, p in sorted(players_by_seat(game).items())]
    expected = [-STAKE] * 4
    expected[gone] = 0  # the buy-in back, nothing more
    expected[partner] = POOL - STAKE - STAKE  # both shares but the one refunded
    if ahead.split.rake_free:  # the seed gave a tie: every buy-in back
        expected = [0] * 4
    assert nets == expected
    assert ledger_problems() == []
