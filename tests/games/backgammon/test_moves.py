"""Known positions from the rules, with their complete sets of legal plays."""

from __future__ import annotations

import pytest

from games.backgammon.rules import BACKGAMMON, next_steps
from games.engine import IllegalAction

from .helpers import play, plays, position

START = {24: 2, 13: 5, 8: 3, 6: 5}


def test_six_four_from_the_bar_with_the_six_point_closed():
    # The rules' picture 4: 6-4 with a checker on the bar, the opponent's 6-point held:
    # the checker enters on the opponent's 4-point, then the 6 is played.
    state = position("short", {25: 1, 24: 2, 13: 4, 8: 3, 6: 5}, START, (6, 4))
    assert plays(state) == {
        ((25, 21), (24, 18)),
        ((25, 21), (21, 15)),
        ((25, 21), (13, 7)),
        ((25, 21), (8, 2)),
    }


def test_no_entry_means_no_move():
    closed = {6: 2, 4: 2, 13: 11}
    state = position("short", {25: 1, 24: 2, 13: 4, 8: 3, 6: 5}, closed, (6, 4))
    assert plays(state) == {()}


def test_larger_die_when_only_one_can_be_played():
    theirs = {24: 2, 23: 2, 6: 11}  # our 1- and 2-points held
    state = position("short", {13: 1, 6: 14}, theirs, (6, 5))
    assert plays(state) == {((13, 7),)}
    with pytest.raises(IllegalAction):
        play(state, [[13, 8]])


def test_smaller_die_when_the_larger_cannot_be_played():
    theirs = {24: 2, 23: 2, 18: 2, 6: 9}  # our 7-point held too
    state = position("short", {13: 1, 6: 14}, theirs, (6, 5))
    assert plays(state) == {((13, 8),)}


def test_both_dice_must_be_played_when_possible():
    state = position("short", {13: 1, 6: 14}, {24: 2, 6: 13}, (6, 5))
    # 13/7 alone or 13/8 alone would leave a die unplayed: not offered.
    assert all(len(moves) == 2 for moves in plays(state))
    with pytest.raises(IllegalAction, match="whole roll"):
        play(state, [[13, 7]])


def test_bearing_off_from_a_lower_point_with_a_higher_number():
    state = position("short", {3: 2, 2: 1, 0: 12}, {6: 15}, (6, 5))
    assert plays(state) == {((3, 0), (3, 0))}


def test_a_higher_checker_must_move_before_a_lower_one_bears_off_with_a_larger_number():
    state = position("short", {6: 1, 2: 1, 0: 13}, {6: 15}, (5, 4))
    assert plays(state) == {((6, 1), (2, 0)), ((6, 2), (2, 0))}


def test_doubles_are_played_four_times_or_as_often_as_possible():
    # 5-5: our 14 and our 1 are held, so the back checker stops at 19, the 6s cannot
    # move and 13 runs to 3: three fives, the fourth is lost.
    theirs = {11: 2, 24: 2, 7: 11}
    state = position("short", {24: 1, 13: 1, 6: 13}, theirs, (5, 5))
    assert plays(state) == {((24, 19), (13, 8), (8, 3))}
    state = position("short", {24: 1, 6: 14}, theirs, (5, 5))
    assert plays(state) == {((24, 19),)}
    state = position("short", START, START, (5, 5))
    assert all(len(moves) == 4 for moves in plays(state))


def test_next_steps_guide_a_play_one_checker_at_a_time():
    state = position("short", {25: 1, 24: 2, 13: 4, 8: 3, 6: 5}, START, (6, 4))
    assert next_steps(state, 0, []) == [[25, 21]]
    assert next_steps(state, 0, [[25, 21]]) == [[8, 2], [13, 7], [21, 15], [24, 18]]
    assert next_steps(state, 0, [[25, 21], [13, 7]]) == []
    with pytest.raises(IllegalAction):
        next_steps(state, 0, [[13, 7]])
    with pytest.raises(IllegalAction):
        next_steps(state, 1, [])


def test_next_steps_accept_any_order_of_a_legal_play():
    state = position("short", {6: 1, 2: 1, 0: 13}, {6: 15}, (5, 4))
    assert next_steps(state, 0, [[6, 2]]) == [[2, 0]]
    after = play(state, [[6, 2], [2, 0]])
    assert after["board"][0][2] == 1 and after["board"][0][0] == 14


def test_hitting_sends_the_blot_to_the_bar():
    theirs = {24: 2, 13: 5, 8: 3, 6: 4, 5: 1}  # a blot on their 5, our 20
    state = position("short", START, theirs, (4, 1))
    after = play(state, [[24, 20], [6, 5]])
    assert after["board"][1][25] == 1 and after["board"][1][5] == 0
    assert after["board"][0][20] == 1


def test_legal_actions_of_the_opening_play_cover_every_play():
    state = position("short", START, START, (3, 1))
    found = plays(state)
    assert ((8, 5), (6, 5)) in found
    assert len(found) == len({tuple(sorted(m)) for m in found})
    assert BACKGAMMON.legal_actions(state, 1) == []
