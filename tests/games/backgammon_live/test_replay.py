"""A finished backgammon game rebuilt from its seed and action log."""

from __future__ import annotations

import pytest

from games import replay, services
from games.backgammon.rules import BACKGAMMON
from tests.games.two_seats import STAKE, mover, play_to_the_end

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


def test_a_game_recorded_before_contract_v2_replays_after_its_migration(start_table, players):
    from importlib import import_module

    from django.apps import apps

    from games.models import Game, GameAction

    migration = import_module("games.migrations.0005_backgammon_records_on_contract_v2")
    options = {"variant": "short", "points": 3}
    game, _ = start_table("backgammon", options, stake=STAKE, players=players)
    game = play_to_the_end(game, players)
    # As the old runtime stored them: the Crawford option, and a move as it was sent.
    Game.objects.filter(pk=game.pk).update(options={**game.options, "crawford": True})
    logged = GameAction.objects.filter(game=game, kind="act").first()
    GameAction.objects.filter(pk=logged.pk).update(action={**logged.action, "pad": "x" * 100})
    game.refresh_from_db()
    with pytest.raises(ValueError):
        replay.replay(game)

    migration.drop_what_contract_v2_refuses(apps, None)

    game.refresh_from_db()
    steps = replay.replay(game)
    assert replay.check(game, steps).ok and steps[-1].state == game.state
    assert GameAction.objects.get(pk=logged.pk).action == logged.action
