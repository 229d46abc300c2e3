"""The tree of next steps the server sends the board: built from the move generator, it
offers exactly the steps that lead to a listed play, and names that play at the end."""

from __future__ import annotations

import pytest

from games.backgammon.rules import BACKGAMMON, TAVLI, next_steps, play_steps
from games.rng import Rng

from .helpers import SEED, position

START = {24: 2, 13: 5, 8: 3, 6: 5}


def walks(tree: dict, at: int = 0, path: tuple = ()):
    """Every path from the roll's start to a node where the roll is played."""
    node = tree["nodes"][at]
    if not node["steps"]:
        yield path, node
    for frm, to, child, *_ in node["steps"]:
        yield from walks(tree, child, (*path, [frm, to]))


def check_against_the_generator(state: dict, seat: int) -> int:
    """Each node offers what moves.next_steps offers after the path to it, and each finished
    path names the listed play reaching the same position. Returns the paths checked."""
    tree = play_steps(state, seat)
    engine = BACKGAMMON if state["engine"] == "backgammon" else TAVLI
    legal = engine.legal_actions(state, seat)
    paths = 0
    for path, end in walks(tree):
        assert len(path) == tree["length"]
        chosen = legal[end["play"]]
        assert chosen["type"] == "play"
        # The named play and the path built end in the same position.
        by_path = engine.apply(
            state, seat, {"type": "play", "moves": list(path)}, Rng(SEED, "t", 1)
        )
        by_play = engine.apply(state, seat, chosen, Rng(SEED, "t", 1))
        assert by_path["board"] == by_play["board"] and by_path["pinned"] == by_play["pinned"]
        for done in range(len(path)):
            node = tree["nodes"][0]
            for step in path[:done]:
                node = tree["nodes"][next(s[2] for s in node["steps"] if s[:2] == step)]
            offered = [s[:2] for s in node["steps"]]
            assert offered == next_steps(state, seat, list(path[:done]))
        paths += 1
    return paths


def test_entering_from_the_bar_then_any_checker():
    state = position("short", {25: 1, 24: 2, 13: 4, 8: 3, 6: 5}, START, (6, 4))
    tree = play_steps(state, 0)
    assert tree["length"] == 2
    assert [s[:2] for s in tree["nodes"][0]["steps"]] == [[25, 21]]
    assert check_against_the_generator(state, 0) == 4


def test_a_step_onto_a_blot_says_it_hits():
    theirs = {24: 2, 13: 5, 8: 3, 6: 4, 4: 1}  # their blot on their 4, our 21
    state = position("short", START, theirs, (3, 1))
    steps = {tuple(s[:2]): s[3:] for s in play_steps(state, 0)["nodes"][0]["steps"]}
    assert steps[(24, 21)] == ["hit"]
    assert steps[(24, 23)] == []


def test_plakoto_pins_and_frees():
    theirs = {24: 14, 4: 1}  # their lone checker on their 4: our 21
    state = position("plakoto", {24: 14, 22: 1}, theirs, (1, 2))
    steps = {tuple(s[:2]): s[3:] for s in play_steps(state, 0)["nodes"][0]["steps"]}
    assert steps[(22, 21)] == ["pin"]


def test_no_tree_for_a_seat_that_is_not_playing_a_roll():
    state = position("short", START, START, (6, 4))
    assert play_steps(state, 1) is None
    assert play_steps(state, None) is None
    assert BACKGAMMON.view(state, None)["steps"] is None
    assert BACKGAMMON.view(state, 0)["steps"] == play_steps(state, 0)


def test_a_roll_that_cannot_be_played_is_one_finished_node():
    closed = {6: 2, 4: 2, 13: 11}
    state = position("short", {25: 1, 24: 2, 13: 4, 8: 3, 6: 5}, closed, (6, 4))
    assert play_steps(state, 0) == {
        "length": 0,
        "nodes": [{"dice": [6, 4], "steps": [], "play": 0}],
    }


@pytest.mark.parametrize("variant", ["short", "long", "portes", "plakoto", "fevga"])
def test_every_path_of_played_games_matches_the_generator(variant):
    """Bots play a few dozen turns; every tree on the way agrees with the generator."""
    engine = TAVLI if variant in ("portes", "plakoto", "fevga") else BACKGAMMON
    state = engine.start(engine.Options(variant=variant), 2, Rng(SEED, "game:1", 0))
    checked = 0
    for seq in range(1, 16):
        if engine.outcome(state) is not None:
            break
        seat = next(iter(engine.to_act(state)))
        if state["phase"] == "play":
            checked += check_against_the_generator(state, seat)
        action = engine.bot_action(state, seat, Rng(SEED, "bot", seq))
        state = engine.apply(state, seat, action, Rng(SEED, "game:1", seq))
    assert checked > 5
