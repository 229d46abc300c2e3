"""The rules that set each variant apart."""

from __future__ import annotations

import pytest

from games.backgammon.rules import BACKGAMMON, TAVLI, next_steps, plays_for
from games.backgammon.variants import VARIANTS
from games.engine import IllegalAction
from games.rng import Rng

from .helpers import SEED, play, plays, position

# ---- Plakoto: pinning and the mother checker ---------------------------------------------


def test_plakoto_plays_and_pinning():
    state = position("plakoto", {24: 14, 20: 1}, {24: 14, 8: 1}, (3, 1), points=1)
    assert plays(state) == {
        ((24, 21), (24, 23)),
        ((24, 21), (21, 20)),
        ((24, 21), (20, 19)),
        ((20, 17), (24, 23)),
        ((20, 17), (17, 16)),
    }
    after = play(state, [[20, 17], [24, 23]])
    # Their checker on their 8 (our 17) is pinned under ours, not hit.
    assert after["pinned"] == [[], [8]]
    assert after["board"][1][8] == 1 and after["board"][1][25] == 0
    assert after["board"][0][17] == 1


def test_a_pinned_checker_cannot_move_and_its_point_is_closed_to_its_owner():
    state = position(
        "plakoto", {24: 13, 23: 1, 17: 1}, {24: 14, 8: 1}, (4, 1), turn=1, pinned=([], [8])
    )
    for moves in plays(state):
        assert all(frm != 8 for frm, _ in moves)
        assert all(to != 8 for _, to in moves)  # our own pinned point is held by them
    assert ((24, 20), (24, 23)) in plays(state)


def test_moving_the_pinning_checker_away_frees_the_pinned_one():
    state = position("plakoto", {24: 13, 23: 1, 17: 1}, {24: 14, 8: 1}, (2, 1), pinned=([], [8]))
    after = play(state, [[17, 15], [15, 14]])
    assert after["pinned"] == [[], []]
    after["dice"] = [2, 1]
    assert ((8, 6), (6, 5)) in plays(after)


def test_plakoto_no_bearing_off_while_a_checker_is_pinned():
    # Our checker on our 5 is pinned by theirs (their 20): no bearing off, only moves inside.
    state = position("plakoto", {6: 10, 5: 1, 0: 4}, {20: 1, 24: 14}, (6, 1), pinned=([5], []))
    assert all(to != 0 for moves in plays(state) for _, to in moves)


def test_pinning_the_mother_wins_two_points_when_the_pinner_has_left_home():
    state = position("plakoto", {6: 14, 3: 1}, {24: 1, 6: 14}, (2, 1), points=1)
    after = play(state, [[3, 1], [6, 5]])
    outcome = TAVLI.outcome(after)
    assert outcome is not None and outcome.points == (2, 0) and outcome.placing == (1, 2)
    assert after["results"][-1]["kind"] == "mother"


def test_pinning_the_mother_while_ours_is_still_home_plays_on():
    state = position("plakoto", {24: 2, 6: 12, 3: 1}, {24: 1, 6: 14}, (2, 1), points=1)
    after = play(state, [[3, 1], [6, 5]])
    assert TAVLI.outcome(after) is None
    assert after["pinned"] == [[], [24]]


def test_both_mothers_pinned_is_a_draw():
    state = position(
        "plakoto",
        {24: 1, 3: 1, 6: 13},
        {24: 1, 1: 1, 6: 13},
        (2, 1),
        pinned=([24], []),
        points=1,
    )
    # Seat 0's mother (its 24) lies under seat 1's checker; seat 0 now pins seat 1's.
    after = play(state, [[3, 1], [6, 5]])
    outcome = TAVLI.outcome(after)
    assert outcome is not None and outcome.points == (0, 0) and outcome.placing == (1, 1)


# ---- Fevga: blocking, the first checker, the primes -------------------------------------


def test_fevga_a_single_checker_holds_a_point():
    # Their lone checker on their 19 is our 7: our checker on 10 cannot land there.
    state = position("fevga", {24: 14, 10: 1}, {24: 14, 19: 1}, (3, 1))
    assert plays(state) == {
        ((24, 21), (24, 23)),
        ((24, 21), (21, 20)),
        ((24, 21), (10, 9)),
        ((10, 9), (9, 6)),
    }


def test_fevga_the_first_checker_must_pass_the_opponents_start():
    # Our 14 has not passed their start (our 12): nothing else may leave our 24 until it has.
    state = position("fevga", {24: 14, 14: 1}, {24: 15}, (4, 2))
    assert plays(state) == {((14, 10), (10, 8)), ((14, 10), (24, 22))}


def test_fevga_no_closing_the_whole_starting_quarter():
    mine = {24: 9, 23: 1, 22: 1, 21: 1, 20: 1, 10: 2}
    state = position("fevga", mine, {24: 15}, (5, 1))
    for moves in plays(state):
        after = play(state, [list(m) for m in moves])
        assert not all(after["board"][0][p] for p in range(19, 25))
    with pytest.raises(IllegalAction):
        play(state, [[24, 19], [10, 9]])
    play(state, [[24, 19], [19, 18]])


def test_fevga_no_prime_that_traps_every_opposing_checker():
    # Our 18..14 hold their 6..2 with all of theirs on their 24; 20/19 would close six.
    mine = {24: 8, 20: 1, 18: 1, 17: 1, 16: 1, 15: 1, 14: 1, 5: 1}
    state = position("fevga", mine, {24: 15}, (2, 1))
    with pytest.raises(IllegalAction):
        play(state, [[20, 19], [24, 22]])
    assert ((20, 19), (24, 22)) not in plays(state)
    play(state, [[20, 18], [24, 23]])


# ---- Long: the head and the six-point block --------------------------------------------


def test_long_only_one_checker_leaves_the_head_each_turn():
    state = position("long", {24: 14, 20: 1}, {24: 15}, (5, 3))
    assert plays(state) == {((24, 19), (19, 16)), ((24, 19), (20, 17)), ((20, 15), (24, 21))}


def test_long_first_roll_six_six_takes_two_from_the_head():
    theirs = {24: 14, 19: 1}  # their 24 is our 12: a six from our 18 is blocked
    first = position("long", {24: 15}, theirs, (6, 6), moved=(True, False), turn=1)
    assert plays(first) == {((24, 18), (24, 18))}
    later = position("long", {24: 15}, theirs, (6, 6), moved=(True, True), turn=1)
    assert plays(later) == {((24, 18),)}


def test_long_first_roll_four_four_takes_two_from_the_head():
    first = position("long", {24: 15}, {24: 15}, (4, 4), moved=(True, False), turn=1)
    assert plays(first) == {((24, 20), (24, 20), (20, 16), (20, 16))}


def test_long_no_six_block_without_an_opposing_checker_in_front():
    mine = {24: 9, 20: 1, 18: 1, 17: 1, 16: 1, 15: 1, 14: 1}
    state = position("long", mine, {24: 15}, (2, 1))
    with pytest.raises(IllegalAction):
        play(state, [[20, 19], [24, 22]])
    # One of theirs already past the block (their 1, our 13): the block is allowed.
    state = position("long", mine, {24: 14, 1: 1}, (2, 1))
    play(state, [[20, 19], [24, 22]])


# ---- Armenian: a hitting checker stops in the opponent's home board ---------------------


def test_armenian_the_hitting_checker_cannot_continue():
    theirs = {4: 1, 6: 5, 8: 3, 13: 6}  # a blot on their 4, our 21
    mine = {24: 2, 13: 13}
    armenian = position("armenian", mine, theirs, (3, 1))
    short = position("short", mine, theirs, (3, 1))
    assert ((24, 21), (21, 20)) in plays(short)
    with pytest.raises(IllegalAction):
        play(armenian, [[24, 21], [21, 20]])
    assert next_steps(armenian, 0, [[24, 21]]) == [[24, 23]]  # their 13 holds our 12
    # The other checker from 24 may still move, and hitting outside their home is free.
    play(armenian, [[24, 21], [24, 23]])


def test_armenian_hitting_outside_their_home_board_may_continue():
    theirs = {10: 1, 6: 5, 8: 3, 13: 6}  # a blot on their 10, our 15
    state = position("armenian", {24: 2, 13: 2, 18: 11}, theirs, (3, 2))
    after = play(state, [[18, 15], [15, 13]])
    assert after["board"][1][25] == 1


# ---- Blitz, Pioneer, Hyper, Nack ---------------------------------------------------------


def test_blitz_checkers_enter_on_the_points_of_the_dice():
    state = position("blitz", {25: 15}, {25: 15}, (6, 3))
    assert plays(state) == {((25, 6), (25, 3))}
    state = position("blitz", {25: 1, 6: 14}, {25: 15}, (5, 5))
    assert plays(state) == {((25, 5), (6, 1), (6, 1), (6, 1)), ((25, 5), (6, 1), (6, 1), (5, 0))}


def test_pioneer_checkers_come_down_on_their_numbers():
    start = dict(VARIANTS["pioneer"].start)
    # A die with no checker up on its number may move a checker inside the home board.
    assert plays(position("pioneer", start, start, (6, 3))) == {
        ((12, 6), (9, 3)),
        ((12, 6), (6, 3)),
    }
    # Low doubles are played once while checkers are still up, high doubles twice.
    assert plays(position("pioneer", start, start, (2, 2))) == {((8, 2),)}
    assert plays(position("pioneer", start, start, (5, 5))) == {((11, 5), (11, 5))}
    # Once all are down, a double bears off two checkers.
    home = {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}
    found = plays(position("pioneer", home, start, (2, 2)))
    assert ((2, 0), (2, 0)) in found and all(len(moves) == 2 for moves in found)


def test_starting_positions():
    rng = Rng(SEED, "t", 0)
    nack = BACKGAMMON.start(BACKGAMMON.Options(variant="nack"), 2, rng)
    assert {p: c for p, c in enumerate(nack["board"][0]) if c} == {
        24: 2,
        23: 2,
        13: 4,
        8: 3,
        6: 4,
    }
    hyper = BACKGAMMON.start(BACKGAMMON.Options(variant="hyper"), 2, rng)
    assert {p: c for p, c in enumerate(hyper["board"][1]) if c} == {24: 1, 23: 1, 22: 1}
    fevga = TAVLI.start(TAVLI.Options(variant="fevga"), 2, rng)
    view = TAVLI.view(fevga, None)
    # Diagonally opposite starts: seat 0 on the common 24, seat 1 on the common 12.
    assert view["points"][23]["checkers"] == [15, 0]
    assert view["points"][11]["checkers"] == [0, 15]
    plakoto = TAVLI.start(TAVLI.Options(variant="plakoto"), 2, rng)
    view = TAVLI.view(plakoto, None)
    assert view["points"][23]["checkers"] == [15, 0]
    assert view["points"][0]["checkers"] == [0, 15]


def test_legal_plays_do_not_depend_on_the_order_they_were_asked_for():
    state = position("long", {24: 14, 20: 1}, {24: 15}, (5, 3))
    assert plays_for(state, 0) == plays_for(state, 0)
