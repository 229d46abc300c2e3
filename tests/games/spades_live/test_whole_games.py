"""Spades for money through the lobby, the runtime and the wallet: the buy-in taken on
entering, both modes played to the end, settled with the 15% rake and the text's split,
replayed, and found in the player's history and the regulator's export."""

from __future__ import annotations

import json
from datetime import date

import pytest

from games import messages, replay, services
from games.settlement import divide
from lobby import services as lobby
from reports import exports, history
from tests.games.belote_live.support import (
    START_BALANCE,
    house_rake,
    play_until,
    players_by_seat,
)
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db

STAKE = 25_000  # the text's 250-coin table
RAKE = 15_000  # 15% of the four buy-ins
POOL = 85_000
EVER = history.Period(date(2000, 1, 1), date(2100, 1, 1))


def spec(**options) -> lobby.TableSpec:
    return lobby.TableSpec(
        game_slug="spades", options=options, stake=STAKE, seats=4, step_seconds=30
    )


def test_the_buy_in_is_taken_on_entering_and_nobody_enters_without_it(funded_player):
    creator, poor = funded_player(), funded_player(STAKE - 1)
    table = lobby.create_table(creator, spec())
    assert cash_balance(creator) == START_BALANCE - STAKE
    with pytest.raises(lobby.LobbyError):
        lobby.join(poor, table.pk)
    assert cash_balance(poor) == STAKE - 1
    seat = lobby.join(funded_player(), table.pk)
    assert seat.held == STAKE
    assert ledger_problems() == []


def test_the_table_shows_the_stake_the_pot_and_the_rake(start_table, funded_player):
    game, _ = start_table("spades", {}, stake=STAKE, players=[funded_player() for _ in range(4)])
    for audience in (0, 1, 2, 3, None):
        money = messages.state_message(game, audience)["money"]
        assert money == {"stake": STAKE, "pot": 4 * STAKE, "rake": RAKE}


@pytest.mark.parametrize("mode", ["partners", "solo"])
def test_a_whole_game_is_played_settled_replayed_and_reported(
    mode, clock, start_table, funded_player
):
    people = [funded_player() for _ in range(4)]
    game, _ = start_table("spades", {"mode": mode}, stake=STAKE, players=people)
    rake_before = house_rake()
    game = play_until(game)
    assert game.status == "finished"
    outcome = services.engine_of(game).outcome(game.state)
    assert 1 <= len(game.state["history"]) <= 3

    game = services.settle_game(game.pk)
    if outcome.split.rake_free:  # a tie: every buy-in back
        expected_rake, expected = 0, [STAKE] * 4
    elif mode == "partners":
        expected_rake = RAKE
        expected = [POOL // 2 if place == 1 else 0 for place in outcome.placing]
    else:
        expected_rake = RAKE
        shares = divide(POOL, dict(enumerate(outcome.split.values)), 4)
        expected = [shares.get(seat, 0) for seat in range(4)]
    assert game.settlement["rake"] == expected_rake
    assert house_rake() - rake_before == expected_rake
    assert sum(game.settlement["payouts"]) == 4 * STAKE - expected_rake
    assert sum(expected) == 4 * STAKE - expected_rake
    assert list(game.settlement["payouts"]) == expected
    for seat, player in players_by_seat(game).items():
        assert cash_balance(player) == START_BALANCE - STAKE + expected[seat]
    assert ledger_problems() == []

    steps = replay.replay(game)
    assert replay.check(game, steps).ok

    lines = history.History(people[0], EVER)[0:10]
    assert [(line.game, line.stake, line.rake) for line in lines] == [
        ("Spades", STAKE, expected_rake)
    ]
    data = json.loads(exports.render("games", exports.Filters(EVER), "json"))
    rows = [dict(zip(data["columns"], row, strict=True)) for row in data["rows"]]
    (row,) = [r for r in rows if r["id"] == f"game:{game.pk}"]
    assert row["seed_hash"] == game.seed_hash and row["revealed_seed"] == game.revealed_seed
    assert game.settlement["transaction"] in row["ledger_transactions"]
