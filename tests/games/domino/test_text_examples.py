"""Every example of the rule text (the regulation's section 12.12.2, "Domino"), each with
the sentence it comes from."""

from __future__ import annotations

import pytest

from games.domino.bones import round_fives, round_threes
from games.domino.layout import count
from games.domino.rules import (
    BLOCK,
    DOMINOES,
    FIVES,
    GAME_SCORES,
    THREES,
    opener,
    opening_bones,
)
from games.engine import IllegalAction

from .support import game_rng, position


def play(engine, state, seat, bone, end):
    return engine.apply(state, seat, {"type": "play", "bone": bone, "end": end}, game_rng("t", 1))


def last_points(state) -> int:
    plays = [e for e in state["recent"] if e["kind"] in ("play", "pairs")]
    return plays[-1]["points"]


# "The standard set of 28 bones ... At the beginning each player gets 7 bones. The rest are
# put in the closed reserve."
@pytest.mark.parametrize("engine", [DOMINOES, FIVES, THREES, BLOCK], ids=lambda e: e.slug)
def test_a_deal_gives_seven_bones_each_and_leaves_fourteen(engine):
    state = engine.start(engine.Options(), 2, game_rng("deal", 0))
    assert [len(hand) for hand in state["hands"]] == [7, 7]
    assert len(state["reserve"]) == 14
    bones = sorted([*state["hands"][0], *state["hands"][1], *state["reserve"]])
    assert bones == sorted([a, b] for a in range(7) for b in range(a, 7))


# "game score (up to 1, 3, 5, 7, 51,101, 201, 301, 53, 103, 203, 55, 105, 205, 305)"
def test_the_game_scores_are_the_texts_list():
    assert GAME_SCORES == (1, 3, 5, 7, 51, 101, 201, 301, 53, 103, 203, 55, 105, 205, 305)
    for engine in (DOMINOES, FIVES, THREES, BLOCK):
        for score in GAME_SCORES:
            engine.Options(points=score).validate()
        with pytest.raises(ValueError):
            engine.Options(points=100).validate()


# "the player who gets the bone with lowest double, starting from 1:1 but if both players
# don't have a bone with double, then the bone with lowest number counts"
def test_the_draw_for_the_first_move():
    assert opener([[[0, 0], [2, 5]], [[1, 1], [3, 4]]]) == 1  # 1:1 comes before 0:0
    assert opener([[[3, 3], [0, 1]], [[2, 2], [0, 2]]]) == 1
    assert opener([[[6, 6]], [[0, 0]]]) == 0  # the double blank is the last double
    assert opener([[[0, 2], [5, 6]], [[0, 1], [4, 6]]]) == 1  # no double: 0:1 is lowest
    assert opener([[[0, 3], [4, 6]], [[1, 2], [5, 6]]]) == 0  # equal pips: the lower half


# "The step must be taken only by a double (if available) or with the lowest bone."
def test_the_first_bone_is_a_double_or_else_the_lowest_bone():
    assert opening_bones([[1, 1], [2, 6], [4, 4]]) == [[1, 1], [4, 4]]
    assert opening_bones([[2, 6], [0, 5], [1, 3]]) == [[1, 3]]
    state = position(DOMINOES, [[[2, 2], [4, 4], [0, 6]], [[1, 5]]], turn=0)
    legal = DOMINOES.legal_actions(state, 0)
    assert legal == [
        {"type": "play", "bone": [2, 2], "end": "center"},
        {"type": "play", "bone": [4, 4], "end": "center"},
    ]
    with pytest.raises(IllegalAction):
        play(DOMINOES, state, 0, [0, 6], "center")


# "The first double put, whether it is a first step or not, becomes the basis of the cross -
# bones can be set on all four sides. All following doubles are standard ones."
def test_the_first_double_is_the_cross_even_when_played_later():
    state = position(DOMINOES, [[[3, 3], [6, 6]], [[1, 4], [0, 6]]], line=[[1, 3]], turn=0)
    state = play(DOMINOES, state, 0, [3, 3], "right")
    assert state["layout"]["cross"] == 1
    ends = [e["end"] for e in DOMINOES.view(state, 0)["ends"]]
    assert ends == ["left", "right", "north", "south"]
    state = play(DOMINOES, state, 1, [1, 4], "left")  # the cross moves along the line
    assert state["layout"]["cross"] == 2
    assert state["layout"]["line"][2] == [3, 3]


def test_later_doubles_are_standard_ones():
    state = position(
        DOMINOES, [[[6, 6], [1, 2]], [[0, 3], [1, 3]]], line=[[5, 5], [5, 6]], cross=0, turn=0
    )
    state = play(DOMINOES, state, 0, [6, 6], "right")
    assert state["layout"]["cross"] == 0
    assert [e["end"] for e in DOMINOES.view(state, 1)["ends"]] == [
        "left",
        "right",
        "north",
        "south",
    ]


# Fives, "Samples (Pic. 4)", a to d, played in turn by two players.
def test_the_fives_samples_a_to_d():
    hands = [
        [[5, 5], [3, 5], [5, 4], [2, 5], [6, 6], [1, 6]],
        [[5, 0], [0, 2], [2, 2], [3, 3], [1, 1], [4, 6]],
    ]
    state = position(FIVES, hands, turn=0)
    # a. "If the first bone put is 55, the player gets 10 points. At this moment all sides
    # of a 55 double are available to play."
    state = play(FIVES, state, 0, [5, 5], "center")
    assert state["score"] == [10, 0]
    assert FIVES.view(state, 1)["ends"] == [
        {"end": end, "number": 5} for end in ("left", "right", "north", "south")
    ]
    # b. "If the second bone is 50, the player gets 10 points."
    state = play(FIVES, state, 1, [0, 5], "right")
    assert state["score"] == [10, 10]
    # c. "If the third 35 bone is put beside the 55 double, the value is 3 (3 + 0) and the
    # player gets no score. If after the 35 the next player puts 02, then the amount makes
    # 5 (3 + 2) and the player who puts 02 gets 5 points."
    state = play(FIVES, state, 0, [3, 5], "left")
    assert count(state["layout"]) == 3 and state["score"] == [10, 10]
    state = play(FIVES, state, 1, [0, 2], "right")
    assert state["score"] == [10, 15]
    # "The upper and lower parts of the cross 55 remain available to play as well as the
    # open 3 and 2."
    assert FIVES.view(state, 0)["ends"] == [
        {"end": "left", "number": 3},
        {"end": "right", "number": 2},
        {"end": "north", "number": 5},
        {"end": "south", "number": 5},
    ]
    # d. "54 is put on the top of 55, the 22 double is put on the 02, 25 is put on 22, 33
    # double is put on 35. The sum makes 15 points (4 + 3 + 3 + 5)."
    state = play(FIVES, state, 0, [5, 4], "north")
    state = play(FIVES, state, 1, [2, 2], "right")
    state = play(FIVES, state, 0, [2, 5], "right")
    assert state["score"] == [10, 15]  # 9, 11 and 12 on the way score nothing
    state = play(FIVES, state, 1, [3, 3], "left")
    assert count(state["layout"]) == 15 and last_points(state) == 15
    assert state["score"] == [10, 30]
    # "Now 4 ends are open ... The 22 and 33 doubles are the standard ones"
    assert FIVES.view(state, 0)["ends"] == [
        {"end": "left", "number": 3},
        {"end": "right", "number": 5},
        {"end": "north", "number": 4},
        {"end": "south", "number": 5},
    ]
    assert state["layout"]["cross"] == 2


# Fives: "The standard double scores its total value (6:6 - 12 points)."
def test_a_standard_double_at_an_end_counts_both_halves():
    layout = {"line": [[6, 6], [6, 1], [1, 1]], "cross": 0, "north": [], "south": []}
    assert count(layout) == 12 + 2
    layout = {"line": [[3, 5], [5, 5], [5, 6], [6, 6]], "cross": 1, "north": [], "south": []}
    assert count(layout) == 3 + 12


# Fives: "If the player is left with only 1 bone - 0:0, it is counted as 25 points."
def test_a_last_double_blank_counts_25():
    state = position(FIVES, [[[1, 2]], [[0, 0]]], line=[[4, 1]], turn=0, points=301)
    state = play(FIVES, state, 0, [1, 2], "right")
    result = state["results"][-1]
    assert result["how"] == "out" and result["winner"] == 0
    assert result["counted"][1] == 25 and result["points"] == 25


# Fives: "if the winner's points are equal to 27, then this number is rounded down to 25,
# if 28, then rounded up to the nearest number divisible by 5, i.e. 30."
def test_fives_rounding():
    assert round_fives(27) == 25
    assert round_fives(28) == 30
    assert [round_fives(n) for n in range(10)] == [0, 0, 0, 5, 5, 5, 5, 5, 10, 10]


def test_fives_going_out_scores_the_rounded_hand():
    # 28 pips left (6:6, 5:5, 0:6) score 30 to the player who went out.
    state = position(FIVES, [[[1, 2]], [[6, 6], [5, 5], [0, 6]]], line=[[4, 1]], turn=0, points=301)
    state = play(FIVES, state, 0, [1, 2], "right")
    assert state["results"][-1]["counted"][1] == 28 and state["results"][-1]["points"] == 30


# Threes: "if the winner's points are equal to 25, then this number is rounded down to 24,
# if 28, then rounded up to the nearest number divisible by 3, i.e. 30."
def test_threes_rounding():
    assert round_threes(25) == 24
    assert round_threes(28) == 30
    assert all(round_threes(n) == n for n in range(0, 60, 3))
    assert all(round_threes(n) % 3 == 0 for n in range(100))


# Threes: "The bones with 2 on one side and 4 on another on the table, 55 in the house.
# The player puts 53. He gets 3 points (2 + 4 + 3 = 9; 9 / 3 = 3)."
def test_the_threes_example_scores_3():
    state = position(
        THREES,
        [[[5, 3], [6, 6]], [[1, 1], [0, 6]]],
        line=[[2, 5], [5, 5], [5, 4]],
        cross=1,
        turn=0,
        points=301,
    )
    state = play(THREES, state, 0, [5, 3], "north")
    assert count(state["layout"]) == 9
    assert state["score"] == [3, 0]


# Multi Pair: "if the bone 1:1 is surrounded by 1:0, 1:5, 1:4 and 1:6 bones from 4 sides,
# i.e. the sum of the surrounding bone points is 15, then in case of having 0:0, 6:6, 4:4
# and 5:5 bones with doubles, the player can put all these bone simultaneously, making up
# 30 points. ... Upon wish, he can play with only 1, 2, or 3 of these bones"
def multi_pair_table(engine, multi_pair=True):
    return position(
        engine,
        [[[0, 0], [6, 6], [4, 4], [5, 5], [2, 3]], [[2, 2], [3, 6]]],
        line=[[0, 1], [1, 1], [1, 5]],
        cross=1,
        north=[[1, 4]],
        south=[[1, 6]],
        turn=0,
        points=301,
        multi_pair=multi_pair,
    )


ALL_FOUR = {
    "type": "pairs",
    "doubles": [
        {"double": 0, "end": "left"},
        {"double": 5, "end": "right"},
        {"double": 4, "end": "north"},
        {"double": 6, "end": "south"},
    ],
}


def test_the_multi_pair_example_scores_30():
    state = multi_pair_table(FIVES)
    assert count(state["layout"]) == 15
    legal = FIVES.legal_actions(state, 0)
    assert ALL_FOUR in legal
    sizes = {len(a["doubles"]) for a in legal if a["type"] == "pairs"}
    assert sizes == {2, 3, 4}
    assert {"type": "play", "bone": [5, 5], "end": "right"} in legal  # one alone
    state = FIVES.apply(state, 0, ALL_FOUR, game_rng("t", 1))
    assert state["score"] == [30, 0]
    assert state["hands"][0] == [[2, 3]]
    assert count(state["layout"]) == 30


def test_multi_pair_only_when_the_doubles_score_together():
    state = multi_pair_table(FIVES)
    # 0:0 and 4:4: 0 + 5 + 8 + 6 = 19, not a multiple of 5.
    no_score = {
        "type": "pairs",
        "doubles": [{"double": 0, "end": "left"}, {"double": 4, "end": "north"}],
    }
    assert no_score not in FIVES.legal_actions(state, 0)
    with pytest.raises(IllegalAction):
        FIVES.apply(state, 0, no_score, game_rng("t", 1))


def test_multi_pair_is_an_option_of_the_table():
    state = multi_pair_table(FIVES, multi_pair=False)
    assert all(a["type"] == "play" for a in FIVES.legal_actions(state, 0))
    with pytest.raises(IllegalAction):
        FIVES.apply(state, 0, ALL_FOUR, game_rng("t", 1))


def test_multi_pair_in_threes_needs_a_multiple_of_3():
    state = multi_pair_table(THREES)
    pairs = [a for a in THREES.legal_actions(state, 0) if a["type"] == "pairs"]
    assert ALL_FOUR in pairs  # 30 is a multiple of 3 as well: 10 points
    state = THREES.apply(state, 0, ALL_FOUR, game_rng("t", 1))
    assert state["score"] == [10, 0]
