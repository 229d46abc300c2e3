"""Pilotta's five loss-of-connection clauses, end to end through the runtime and the ledger.

A disconnected seat is played by the bot and the game goes on. The people here play the
bot's own moves, so the game's end can be looked ahead at (`predicted_outcome`) and the
clause under test chosen: which side to disconnect is picked once the winners are known.
"""

import pytest

from games import services
from games.belote.base import team
from games.models import GameAction
from tests.games.belote_live.support import (
    START_BALANCE,
    house_rake,
    play_one,
    play_until,
    players_by_seat,
    predicted_outcome,
    reload,
    seat_to_act,
)
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db

STAKE = 1_000
STEP = 10
RAKE = 4 * STAKE * 400 // 10_000  # 4% of the four stakes
SHARE = (4 * STAKE - RAKE) // 2  # each winner's part of the pot


@pytest.fixture
def pilotta(start_table, funded_player):
    game, _ = start_table(
        "pilotta",
        {"target": 51},
        stake=STAKE,
        players=[funded_player() for _ in range(4)],
        step_seconds=STEP,
    )
    return game


def settle(game):
    rake_before = house_rake()
    game = services.settle_game(game.pk)
    assert house_rake() - rake_before == game.settlement["rake"]
    return game


def nets(game) -> list[int]:
    return [cash_balance(p) - START_BALANCE for _, p in sorted(players_by_seat(game).items())]


def disconnected(game) -> set[int]:
    return set(game.seats.filter(disconnected=True).values_list("position", flat=True))


def winners(game) -> set[int]:
    return {seat for seat, place in enumerate(game.outcome["placing"]) if place == 1}


def bot_played_for(game, seat: int) -> bool:
    return GameAction.objects.filter(game=game, seat=seat, actor="bot").exists()


def resign_now(game, seats) -> None:
    """Resign `seats` one after the other, the one to act last: its bot moves only
    after every disconnection is logged, as `predicted_outcome` assumes."""
    to_act = seat_to_act(game)
    people = players_by_seat(game)
    for seat in sorted(seats, key=lambda s: s == to_act):
        services.resign(game.pk, people[seat])


def time_out(game, clock) -> None:
    clock.advance(STEP)
    assert services.expire(game.pk, game.seq)


def test_clause_1_when_every_player_is_gone_the_game_is_void(pilotta, clock):
    resign_now(pilotta, [0, 1, 2])
    game = reload(pilotta)
    assert game.status == "playing" and seat_to_act(game) == 3  # the bots played up to seat 3
    # The last person lets the clock run out on five turns: the 5th disconnects them too.
    for timeouts in range(1, 6):
        time_out(game, clock)
        game = reload(game)
        assert game.seats.get(position=3).timeouts == timeouts
    assert game.status == "void" and disconnected(game) == {0, 1, 2, 3}
    game = settle(game)
    assert (game.settlement["void"], game.settlement["rake"]) == (True, 0)
    assert nets(game) == [0, 0, 0, 0]
    assert ledger_problems() == []


def test_clause_2_when_no_winner_is_connected_the_game_is_void(pilotta):
    game = play_until(pilotta, lambda g: g.state["hand_no"] > 1)
    side = predicted_outcome(game, disconnections=2).winners()
    resign_now(game, side)
    game = play_until(game)
    assert game.status == "finished" and winners(game) == set(side)
    assert all(bot_played_for(game, seat) for seat in side)
    game = settle(game)
    assert (game.settlement["void"], game.settlement["rake"]) == (True, 0)
    assert nets(game) == [0, 0, 0, 0]
    assert ledger_problems() == []


def test_clause_3_a_disconnected_loser_forfeits_the_stake(pilotta, clock):
    # Every seat uses four of its five timeouts; the next one will disconnect.
    game = pilotta
    while game.seats.filter(timeouts__lt=4).exists():
        if game.seats.get(position=seat_to_act(game)).timeouts < 4:
            time_out(game, clock)
            game = reload(game)
        else:
            game = play_one(game)
    # A seat on its turn lets the clock run out once more when its side is going to lose.
    while team(seat_to_act(game)) in {team(s) for s in predicted_outcome(game, 1).winners()}:
        game = play_one(game)
    gone = seat_to_act(game)
    time_out(game, clock)
    game = reload(game)
    assert disconnected(game) == {gone} and game.seats.get(position=gone).bot
    logged = game.actions.get(kind="disconnect")
    assert (logged.actor, logged.seat) == ("system", gone)
    game = play_until(game)
    assert bot_played_for(game, gone) and gone not in winners(game)
    game = settle(game)
    assert game.settlement["rake"] == RAKE
    assert nets(game) == [SHARE - STAKE if s in winners(game) else -STAKE for s in range(4)]
    assert ledger_problems() == []


def test_clause_4_a_disconnected_winner_is_refunded_and_the_partner_takes_the_winnings(
    pilotta,
):
    game = play_until(pilotta, lambda g: g.state["hand_no"] > 1)
    gone = predicted_outcome(game, disconnections=1).winners()[0]
    partner = (gone + 2) % 4
    resign_now(game, [gone])
    game = play_until(game)
    assert winners(game) == {gone, partner} and bot_played_for(game, gone)
    game = settle(game)
    assert game.settlement["rake"] == RAKE
    expected = [-STAKE] * 4
    expected[gone] = 0  # the stake back, nothing more
    expected[partner] = 2 * SHARE - 2 * STAKE  # both winners' parts less the refunded stake
    assert nets(game) == expected
    assert ledger_problems() == []


def test_clause_5_money_lost_equals_money_won_with_a_winner_and_a_loser_gone(pilotta):
    game = play_until(pilotta, lambda g: g.state["hand_no"] > 1)
    side = predicted_outcome(game, disconnections=2).winners()
    gone_winner, gone_loser = side[0], (side[0] + 1) % 4
    resign_now(game, [gone_winner, gone_loser])
    game = play_until(game)
    assert gone_winner in winners(game) and gone_loser not in winners(game)
    game = settle(game)
    result = nets(game)
    assert result[gone_winner] == 0 and result[gone_loser] == -STAKE
    # The house keeps its usual 4% and nothing else: what was lost was won.
    assert sum(result) == -RAKE == -game.settlement["rake"]
    assert sum(n for n in result if n > 0) == -sum(n for n in result if n < 0) - RAKE
    assert ledger_problems() == []
