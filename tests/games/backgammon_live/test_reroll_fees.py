"""Paid re-rolls: the engine records the fee, the runtime charges it through the wallet at
once, and a re-roll the balance cannot pay for is refused without changing anything."""

from __future__ import annotations

import pytest

from games import services
from games.models import Game
from tests.games.two_seats import FUNDS, STAKE, mover, play_to_the_end
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db

# 10% of 12.34 for one die is 1.234, 5% for both dice 0.617: floored to the cent.
FEE_ONE_DIE = 123
FEE_BOTH_DICE = 61


def reroll_table(start_table, players, kind: str):
    options = {"variant": "short", "points": 1, "reroll": kind, "reroll_times": 2}
    game, _ = start_table("backgammon", options, stake=STAKE, players=players)
    # The opening roll is played at once: the starter may roll it again before moving.
    assert game.state["phase"] == "play"
    return game


@pytest.mark.parametrize(
    ("kind", "action", "fee"),
    [
        # Die 0: after a double only the first die is offered for rolling again.
        ("one", {"type": "reroll", "dice": "one", "die": 0}, FEE_ONE_DIE),
        ("both", {"type": "reroll", "dice": "both"}, FEE_BOTH_DICE),
    ],
    ids=["one-die", "both-dice"],
)
def test_a_reroll_is_charged_its_percentage_of_the_stake(start_table, players, kind, action, fee):
    game = reroll_table(start_table, players, kind)
    seat = mover(game)
    for used in (1, 2):
        game = services.submit(game.pk, players[seat], game.seq, action)
        assert cash_balance(players[seat]) == FUNDS - STAKE - used * fee
        assert game.state["rerolls_left"][seat] == 2 - used
    assert cash_balance(players[1 - seat]) == FUNDS - STAKE
    assert game.settlement == {"fees_charged": 2}
    assert ledger_problems() == []

    # Fees are no part of the pot: the game settles as any other, 4% of 24.68 raked.
    game = play_to_the_end(game, players)
    game = services.settle_game(game.pk)
    assert game.settlement["rake"] == 98
    winner = game.outcome["placing"].index(1)
    fees = [2 * fee if s == seat else 0 for s in (0, 1)]
    assert cash_balance(players[winner]) == FUNDS + STAKE - 98 - fees[winner]
    assert cash_balance(players[1 - winner]) == FUNDS - STAKE - fees[1 - winner]
    assert ledger_problems() == []


def test_a_reroll_the_balance_cannot_cover_is_refused(start_table, funded_player):
    # Each player has exactly the stake: once it is held there is nothing left for fees.
    broke = [funded_player(STAKE), funded_player(STAKE)]
    game = reroll_table(start_table, broke, "both")
    seat, before = mover(game), game.state

    with pytest.raises(services.ActionRejected) as refused:
        services.submit(game.pk, broke[seat], game.seq, {"type": "reroll", "dice": "both"})
    assert refused.value.code == "insufficient_funds"
    game = Game.objects.get(pk=game.pk)
    assert (game.seq, game.state) == (0, before)
    assert not game.actions.exists()
    assert [cash_balance(p) for p in broke] == [0, 0]
    assert ledger_problems() == []
    # The roll is still the player's to play as it fell.
    legal = services.engine_of(game).legal_actions(before, seat)
    play = next(action for action in legal if action["type"] == "play")
    assert services.submit(game.pk, broke[seat], 0, play).seq == 1
