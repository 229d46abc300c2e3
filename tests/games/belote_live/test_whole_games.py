"""Every variant played to the end through the runtime, settled with the rake, replayed."""

import pytest

from games import replay, services
from tests.games.belote_live.support import (
    START_BALANCE,
    house_rake,
    play_until,
    players_by_seat,
)
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db

STAKE = 1_000

VARIANTS = [
    pytest.param("pilotta", {"target": 51}, 4, id="pilotta"),
    pytest.param("classic-pilotta", {"target": 51}, 4, id="classic-pilotta-4"),
    pytest.param("classic-pilotta", {"target": 51}, 2, id="classic-pilotta-2"),
    pytest.param("belote", {"target": 51, "no_trump": True}, 2, id="belote"),
    pytest.param("open-belote", {"target": 51}, 2, id="open-belote"),
]


@pytest.mark.parametrize(("slug", "options", "seats"), VARIANTS)
def test_a_whole_game_is_played_settled_and_replayed(
    slug, options, seats, clock, funded_player, start_table
):
    game, _ = start_table(
        slug, options, stake=STAKE, players=[funded_player() for _ in range(seats)]
    )
    rake_before = house_rake()
    game = play_until(game)
    assert game.status == "finished"
    assert game.outcome["reason"] == "target reached"
    scores = game.state["scores"]
    assert max(scores) >= 51 and scores[0] != scores[1]
    winners = {s for s, place in enumerate(game.outcome["placing"]) if place == 1}
    assert winners == {s for s in range(seats) if s % 2 == scores.index(max(scores))}

    game = services.settle_game(game.pk)
    pot = STAKE * seats
    rake = pot * 400 // 10_000  # the card games' 4%
    assert game.settlement["rake"] == rake
    assert house_rake() - rake_before == rake
    # Winners split the pot less the rake: +920 each, at four seats as at two.
    for seat, player in players_by_seat(game).items():
        expected = START_BALANCE - STAKE + ((pot - rake) // len(winners) if seat in winners else 0)
        assert cash_balance(player) == expected, seat
    assert ledger_problems() == []

    steps = replay.replay(game)
    assert replay.check(game, steps).ok
    engine = services.engine_of(game)
    assert all(engine.view(step.state, None)["hand"] is None for step in steps)
