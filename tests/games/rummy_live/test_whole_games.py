"""Koum-kan, Thanasis and Dynamitis for money through the lobby, the runtime and the
wallet: played to the end by people making the bot's moves, settled (the winner takes the
pot less the rake), replayed, and found in history and the regulator's export."""

from __future__ import annotations

import json
from datetime import date

import pytest

from games import replay, services
from games.conf import limits
from reports import exports, history
from tests.games.belote_live.support import START_BALANCE, house_rake, play_until, players_by_seat
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db

STAKE = 10_000
EVER = history.Period(date(2000, 1, 1), date(2100, 1, 1))
NAMES = {"koum-kan": "Koum-kan", "thanasis": "Thanasis", "dynamitis": "Dynamitis"}


@pytest.mark.parametrize(("slug", "seats"), [("koum-kan", 2), ("thanasis", 3), ("dynamitis", 2)])
def test_a_whole_game_is_played_settled_replayed_and_reported(
    slug, seats, clock, start_table, funded_player
):
    people = [funded_player() for _ in range(seats)]
    game, _ = start_table(slug, {"target": 51}, stake=STAKE, players=people)
    rake_before = house_rake()
    game = play_until(game)
    assert game.status == "finished"
    outcome = services.engine_of(game).outcome(game.state)
    (winner,) = outcome.winners()
    assert game.state["out"][winner] is None

    game = services.settle_game(game.pk)
    pot = seats * STAKE
    rake = pot * limits(slug).rake_bp // 10_000
    assert game.settlement["rake"] == rake and house_rake() - rake_before == rake
    assert list(game.settlement["payouts"]) == [
        pot - rake if s == winner else 0 for s in range(seats)
    ]
    for seat, player in players_by_seat(game).items():
        won = pot - rake if seat == winner else 0
        assert cash_balance(player) == START_BALANCE - STAKE + won
    assert ledger_problems() == []

    steps = replay.replay(game)
    assert replay.check(game, steps).ok
    lines = history.History(people[0], EVER)[0:10]
    assert [(line.game, line.stake, line.rake) for line in lines] == [(NAMES[slug], STAKE, rake)]
    data = json.loads(exports.render("games", exports.Filters(EVER), "json"))
    rows = [dict(zip(data["columns"], row, strict=True)) for row in data["rows"]]
    (row,) = [r for r in rows if r["id"] == f"game:{game.pk}"]
    assert row["seed_hash"] == game.seed_hash
    assert game.settlement["transaction"] in row["ledger_transactions"]
