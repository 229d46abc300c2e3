"""Timeouts and disconnection at a rummy table: a player out of time has a move played for
them (the draw from the stock, then the computer's discard); a player who is gone is
replaced by a computer player and the game goes on to its end."""

from __future__ import annotations

import pytest

from games import services
from games.models import GameAction
from tests.games.belote_live.support import play_until, players_by_seat, reload, seat_to_act
from wallet.invariants import ledger_problems

pytestmark = pytest.mark.django_db

STAKE = 10_000
STEP = 10


@pytest.fixture
def three(start_table, funded_player):
    game, _ = start_table(
        "koum-kan",
        {"target": 51},
        stake=STAKE,
        players=[funded_player() for _ in range(3)],
        step_seconds=STEP,
    )
    return game


def test_a_player_out_of_time_draws_from_the_stock_then_discards(three, clock):
    seat = seat_to_act(three)
    clock.advance(STEP)
    assert services.expire(three.pk, three.seq)
    game = reload(three)
    assert seat_to_act(game) == seat and game.state["phase"] == "play"
    clock.advance(STEP)
    assert services.expire(game.pk, game.seq)
    game = reload(game)
    actions = list(game.actions.order_by("seq"))
    assert [(a.seat, a.actor, a.action["type"]) for a in actions] == [
        (seat, GameAction.Actor.TIMEOUT, "draw"),
        (seat, GameAction.Actor.TIMEOUT, "discard"),
    ]
    assert actions[0].action["from"] == "stock"
    assert game.seats.get(position=seat).timeouts == 2
    assert seat_to_act(game) == (seat + 1) % 3  # the game goes on


def test_a_player_who_leaves_is_replaced_by_a_computer_and_the_game_ends(three):
    game = play_until(three, lambda g: g.state["hand"] >= 2)
    gone = seat_to_act(game)
    services.resign(game.pk, players_by_seat(game)[gone])
    game = reload(game)
    assert game.seats.get(position=gone).bot
    game = play_until(game)
    assert game.status == "finished"
    assert GameAction.objects.filter(game=game, seat=gone, actor="bot").exists()
    services.settle_game(game.pk)
    assert ledger_problems() == []
