"""Whole matches of every game from seeds: the 28 bones are conserved, the line matches
half to half, scores add up, every match ends, and the replay rebuilds the end exactly."""

from __future__ import annotations

import itertools
import json

import pytest

from games.domino.bones import full_set, norm
from games.domino.layout import count
from games.domino.rules import BLOCK, DOMINOES, FIVES, MOST_DEALS, THREES

from .support import every_bone, play_game, replay

TABLES = [
    (DOMINOES, {"points": 1}),
    (DOMINOES, {"points": 101, "winner_gets_all": True}),
    (BLOCK, {"points": 5}),
    (BLOCK, {"points": 51}),
    (FIVES, {"points": 101}),
    (FIVES, {"points": 55, "multi_pair": True, "winner_gets_all": True}),
    (THREES, {"points": 51, "multi_pair": True}),
    (THREES, {"points": 3}),
]
GAMES = range(6)


def check_layout(layout) -> None:
    line = layout["line"]
    for left, right in itertools.pairwise(line):
        assert left[1] == right[0]
    cross = layout["cross"]
    if cross is None:
        assert not layout["north"] and not layout["south"]
        return
    number = line[cross][0]
    assert line[cross] == [number, number]
    for arm in (layout["north"], layout["south"]):
        inner = number
        for bone in arm:
            assert bone[0] == inner
            inner = bone[1]


def check_step(before, after) -> None:
    assert every_bone(after) == full_set()
    check_layout(after["layout"])
    assert all(a >= b for a, b in zip(after["score"], before["score"], strict=True))
    for hand in after["hands"]:
        assert hand == sorted(norm(b) for b in hand)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("engine", "options"), TABLES, ids=[f"{e.slug}-{o['points']}" for e, o in TABLES]
)
def test_random_matches_conserve_the_bones_and_end(engine, options, game):
    game_id = f"{engine.slug}-{options['points']}-{game}"
    final, log = play_game(engine, options, game_id, check=check_step)
    outcome = engine.outcome(final)
    assert engine.to_act(final) == set()
    assert engine.legal_actions(final, 0) == engine.legal_actions(final, 1) == []
    winner = final["winner"]
    assert outcome.placing == tuple(1 if s == winner else 2 for s in (0, 1))
    if options["points"] <= MOST_DEALS:
        assert final["deals_won"][winner] == options["points"]
        assert sum(final["deals_won"]) == len(final["results"])
    else:
        assert final["score"][winner] >= options["points"] > final["score"][1 - winner]
    for seat in (0, 1):
        settled = sum(r["points"] for r in final["results"] if r["winner"] == seat)
        assert final["score"][seat] >= settled
        if engine.divisor == 0:
            assert final["score"][seat] == settled  # Classic and Block score only deals
    assert json.dumps(replay(engine, options, game_id, log)) == json.dumps(final)


def test_every_play_of_fives_that_scores_scores_a_multiple_of_five():
    def check(before, after):
        check_step(before, after)
        for event in after["recent"]:
            if event["kind"] in ("play", "pairs"):
                assert event["points"] % 5 == 0
        gained = [a - b for a, b in zip(after["score"], before["score"], strict=True)]
        if after["deal_no"] == before["deal_no"] and after["winner"] is None:
            mover = next(s for s in (0, 1) if len(after["hands"][s]) < len(before["hands"][s]))
            expected = count(after["layout"]) if count(after["layout"]) % 5 == 0 else 0
            assert gained[mover] == expected

    for game in range(4):
        play_game(FIVES, {"points": 301, "multi_pair": True}, f"fives-check-{game}", check=check)
