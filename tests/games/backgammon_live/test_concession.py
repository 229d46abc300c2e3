"""Tavli's disconnection rule: the seat that leaves concedes and the opponent gets the most
points a game can give (and so the match); the winner is paid from the escrow."""

from __future__ import annotations

import pytest

from games import services
from tests.games.two_seats import FUNDS, STAKE, bot_move, mover, reload
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db

STEP_SECONDS = 10
POT_LESS_RAKE = 2 * STAKE - 98


def assert_conceded(game, players, loser: int, target: int) -> None:
    winner = 1 - loser
    assert game.status == "finished" and game.outcome["reason"] == "forfeit"
    assert game.outcome["placing"][winner] == 1
    assert game.state["score"][winner] == target  # the match goes to the opponent
    assert game.state["results"][-1] == {
        "game": 1,
        "variant": "portes",
        "winner": winner,
        "points": 2,  # a double win, the most one Tavli game gives
        "kind": "forfeit",
    }
    services.settle_game(game.pk)
    assert cash_balance(players[winner]) == FUNDS - STAKE + POT_LESS_RAKE
    assert cash_balance(players[loser]) == FUNDS - STAKE
    assert ledger_problems() == []


def test_the_fifth_timeout_concedes_the_tavli_match(clock, start_table, players):
    game, _ = start_table(
        "tavli",
        {"variant": "series", "points": 5},
        stake=STAKE,
        players=players,
        step_seconds=STEP_SECONDS,
    )
    victim = mover(game)
    timeouts = 0
    while not game.is_over:
        seat = mover(game)
        if seat == victim:
            clock.advance(STEP_SECONDS)
            assert services.expire(game.pk, game.seq)
            game = reload(game)
            timeouts += 1
        else:
            game = services.submit(game.pk, players[seat], game.seq, bot_move(game, seat))
    # Four timeouts are played for the seat by the computer; the fifth disconnects it.
    assert timeouts == 5
    assert game.seats.get(position=victim).disconnected
    assert game.actions.filter(actor="timeout").count() == 4
    assert_conceded(game, players, victim, target=5)


def test_resigning_concedes_the_tavli_match(start_table, players):
    game, _ = start_table("tavli", {"variant": "series", "points": 3}, stake=STAKE, players=players)
    # Resigning is open to either seat, on its turn or not.
    quitter = 1 - mover(game)
    game = services.resign(game.pk, players[quitter])
    assert_conceded(reload(game), players, quitter, target=3)
