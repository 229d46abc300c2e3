"""A finished backgammon game rebuilt from its seed and action log."""

from __future__ import annotations

import pytest

from games import replay, services
from games.backgammon.rules import BACKGAMMON

from .conftest import STAKE, mover, play_to_the_end

pytestmark = pytest.mark.django_db


def test_the_replay_rebuilds_a_finished_game_with_cube_and_rerolls(start_table, players):
    options = {"variant": "short", "points": 3, "reroll": "both", "beaver": True}
    game, _ = start_table("backgammon", options, stake=STAKE, players=players)
    # A paid re-roll is logged like any action: its dice must come back in the replay too.
    seat = mover(game)
    game = services.submit(game.pk, players[seat], 0, {"type": "reroll", "dice": "both"})
    game = play_to_the_end(game, players)

    steps = replay.replay(game)
    assert [step.seq for step in steps] == list(range(game.seq + 1))
    assert replay.check(game, steps).ok
    assert steps[-1].state == game.state
    assert steps[-1].state["phase"] == "over"
    assert steps[1].action == {"type": "reroll", "dice": "both"}
    # Each frame's public view is what the replay page shows: nothing to act on.
    final = BACKGAMMON.view(steps[-1].state, None)
    assert final["winner"] == game.outcome["placing"].index(1) and final["actions"] == []
