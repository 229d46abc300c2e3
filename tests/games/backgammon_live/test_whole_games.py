"""Every variant played to the end through the runtime, then settled against the ledger."""

from __future__ import annotations

import pytest

from games import services
from games.backgammon.rules import TAVLI_SERIES
from tests.games.two_seats import FUNDS, STAKE, play_to_the_end
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db

TABLES = [
    ("tavli", "series"),
    ("tavli", "portes"),
    ("tavli", "plakoto"),
    ("tavli", "fevga"),
    ("backgammon", "short"),
    ("backgammon", "armenian"),
    ("backgammon", "long"),
    ("backgammon", "blitz"),
    ("backgammon", "pioneer"),
    ("backgammon", "hyper"),
    ("backgammon", "nack"),
]


def expected_nets(placing: list[int]) -> list[int]:
    """What each seat gains or loses: the pot less 4% (floored) goes to the winners."""
    pot = 2 * STAKE
    rake = pot * 400 // 10_000
    winners = [seat for seat in (0, 1) if placing[seat] == 1]
    share = (pot - rake) // len(winners)  # 2,370 splits evenly in a draw
    return [(share if seat in winners else 0) - STAKE for seat in (0, 1)]


@pytest.mark.parametrize(("slug", "variant"), TABLES, ids=[v for _, v in TABLES])
def test_a_one_point_game_is_played_to_the_end_and_settled(slug, variant, start_table, players):
    game, _ = start_table(slug, {"variant": variant, "points": 1}, stake=STAKE, players=players)
    game = play_to_the_end(game, players)

    assert game.status == "finished"
    placing = game.outcome["placing"]
    if game.outcome["reason"] != "draw":
        winner = placing.index(1)
        assert game.outcome["points"][winner] >= 1 and placing[1 - winner] == 2
    game = services.settle_game(game.pk)
    nets = expected_nets(placing)
    assert game.settlement["net"] == nets
    assert game.settlement["rake"] == 98
    assert [cash_balance(p) for p in players] == [FUNDS + net for net in nets]
    assert ledger_problems() == []


def test_a_tavli_series_plays_portes_plakoto_and_fevga_in_turn(start_table, players):
    game, _ = start_table("tavli", {"variant": "series", "points": 3}, players=players)
    game = play_to_the_end(game, players)

    played = [result["variant"] for result in game.state["results"]]
    assert played == [TAVLI_SERIES[n % 3] for n in range(len(played))]
    winner = game.state["winner"]
    assert game.state["score"][winner] >= 3 > game.state["score"][1 - winner]
    services.settle_game(game.pk)
    assert ledger_problems() == []
