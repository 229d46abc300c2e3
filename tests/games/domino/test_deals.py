"""Drawing, passing, going out and the block in each game, Winner Gets All, and how a
match is counted (RULES.md)."""

from __future__ import annotations

import pytest

from games.domino.rules import BLOCK, DOMINOES, FIVES, THREES

from .support import game_rng, position


def play(engine, state, seat, bone, end):
    return engine.apply(state, seat, {"type": "play", "bone": bone, "end": end}, game_rng("t", 1))


def blocked(engine, **options):
    """Seat 0 plays 2:6 on 3:1-1:2; then nobody holds a 3 or a 6 and nothing is left to
    draw: seat 0 keeps 5:5 and 0:1 (11 pips), seat 1 keeps 0:0 and 4:4 (8 pips)."""
    state = position(
        engine,
        [[[2, 6], [5, 5], [0, 1]], [[0, 0], [4, 4]]],
        line=[[3, 1], [1, 2]],
        turn=0,
        **options,
    )
    state["reserve"] = []
    return play(engine, state, 0, [2, 6], "right")


# Classic: "In case of "block" the prize belongs to the player who has the less points. His
# prize includes also the difference of remaining points between him and the opponent."
def test_classic_block_pays_the_difference_to_the_lighter_hand():
    state = blocked(DOMINOES, points=51)
    result = state["results"][-1]
    assert (result["how"], result["winner"], result["counted"]) == ("block", 1, [11, 8])
    assert result["points"] == 3 and state["score"] == [0, 3]
    assert state["deal_no"] == 2 and state["recent"][0]["kind"] == "deal"


# Block: "The player with the lowest such sum wins the match and takes the sum of points
# equal ... to the sum of all pips remaining at the other player"
def test_block_dominoes_block_pays_the_whole_other_hand():
    state = blocked(BLOCK, points=51)
    assert state["results"][-1]["winner"] == 1 and state["score"] == [0, 11]


# Fives and Threes: "If all the players are blocked, the hand with the lowest points wins,
# still earning points based on the pips in opponents' hands."
@pytest.mark.parametrize(("engine", "points"), [(FIVES, 10), (THREES, 12)])
def test_fives_and_threes_block_pays_the_rounded_other_hand(engine, points):
    state = blocked(engine, points=301)
    assert state["results"][-1]["winner"] == 1 and state["score"][1] == points


# "If two players have the bones with the same amount of points the player who has the
# lowest bone becomes the winner."
def test_equal_hands_in_a_block_go_to_the_lowest_bone():
    state = position(
        DOMINOES,
        [[[2, 6], [5, 5]], [[4, 5], [0, 1]]],
        line=[[3, 1], [1, 2]],
        turn=0,
        points=1,
    )
    state["reserve"] = []
    state = play(DOMINOES, state, 0, [2, 6], "right")
    result = state["results"][-1]
    assert result["counted"] == [10, 10] and result["winner"] == 1  # 0:1 is the lowest
    assert result["points"] == 0
    assert state["winner"] == 1 and state["deals_won"] == [0, 1]


# Classic: "The game is over when one player puts the last bone ... After that the
# calculation of opponent's points take place which are transferred to the player who won."
def test_going_out_takes_the_other_hand():
    state = position(DOMINOES, [[[1, 2]], [[6, 6], [3, 4]]], line=[[4, 1]], turn=0, points=51)
    state = play(DOMINOES, state, 0, [1, 2], "right")
    assert state["results"][-1]["how"] == "out" and state["score"] == [19, 0]
    assert state["deal_no"] == 2  # the next deal is dealt at once
    assert [len(hand) for hand in state["hands"]] == [7, 7]


# Winner gets all: "the winning player gets the opponent's remaining scores as well as the
# sum of bone points from the "Reserve""
def test_winner_gets_all_adds_the_reserve():
    state = position(
        DOMINOES, [[[1, 2]], [[6, 6]]], line=[[4, 1]], turn=0, points=301, winner_gets_all=True
    )
    reserve = sum(a + b for a, b in state["reserve"])
    state = play(DOMINOES, state, 0, [1, 2], "right")
    assert state["results"][-1]["reserve"] == reserve
    assert state["score"] == [12 + reserve, 0]


def test_winner_gets_all_in_fives_rounds_hand_and_reserve_together():
    state = position(
        FIVES, [[[1, 2]], [[6, 6]]], line=[[4, 1]], turn=0, points=305, winner_gets_all=True
    )
    state["reserve"] = [[0, 1]]  # 12 + 1 = 13 -> 15
    state = play(FIVES, state, 0, [1, 2], "right")
    assert state["results"][-1]["points"] == 15


# Classic: "A player who cannot take any step, selects bones from the "Reserve" until he
# finds a bone with the needed points or the "Reserve" is over."
def test_a_player_who_cannot_play_draws_until_a_bone_fits():
    state = position(
        DOMINOES,
        [[[1, 2], [6, 6]], [[0, 0], [5, 5]]],
        line=[[4, 1]],
        reserve=[[3, 3], [0, 5], [2, 4], [6, 1]],
        turn=0,
        points=51,
    )
    state = play(DOMINOES, state, 0, [1, 2], "right")  # ends 4 and 2
    assert state["turn"] == 1
    assert state["hands"][1] == [[0, 0], [0, 5], [2, 4], [3, 3], [5, 5]]
    assert state["recent"][-1] == {"seat": 1, "kind": "draw", "count": 3}
    assert state["reserve"][0] == [1, 6]


def test_with_the_reserve_empty_a_player_who_cannot_play_passes():
    state = position(
        DOMINOES, [[[1, 2], [2, 6]], [[0, 0], [5, 5]]], line=[[4, 1]], turn=0, points=51
    )
    state["reserve"] = []
    state = play(DOMINOES, state, 0, [1, 2], "right")
    assert state["turn"] == 0 and state["recent"][-1] == {"seat": 1, "kind": "pass"}


# Block: "The rest of the bones are not used for this game. ... If a player fails to match
# his bones ... he misses step."
def test_block_dominoes_never_draws():
    state = position(BLOCK, [[[1, 2], [2, 6]], [[0, 0], [5, 5]]], line=[[4, 1]], turn=0)
    assert len(state["reserve"]) == 23
    state = play(BLOCK, state, 0, [1, 2], "right")
    assert state["hands"][1] == [[0, 0], [5, 5]] and len(state["reserve"]) == 23
    assert state["turn"] == 0 and state["recent"][-1] == {"seat": 1, "kind": "pass"}
    assert BLOCK.view(state, 0)["reserve"] is None


# "The purpose of the game is to get a certain number of points (51,101, 201, 301)."
def test_fives_ends_when_a_play_reaches_the_score():
    state = position(FIVES, [[[5, 5], [1, 1]], [[0, 2], [3, 3]]], line=[[5, 0]], turn=0, points=51)
    state["score"] = [41, 0]
    state = play(FIVES, state, 0, [5, 5], "left")  # 10 + 0
    assert state["score"] == [51, 0]
    assert state["winner"] == 0 and FIVES.to_act(state) == set()
    outcome = FIVES.outcome(state)
    assert outcome.points == (51, 0) and outcome.placing == (1, 2)


def test_deals_are_counted_for_small_game_scores():
    state = position(DOMINOES, [[[1, 2]], [[6, 6]]], line=[[4, 1]], turn=0, points=3)
    state = play(DOMINOES, state, 0, [1, 2], "right")
    assert state["deals_won"] == [1, 0] and state["winner"] is None
    state = position(DOMINOES, [[[1, 2]], [[6, 6]]], line=[[4, 1]], turn=0, points=3)
    state["deals_won"] = [2, 0]
    state = play(DOMINOES, state, 0, [1, 2], "right")
    assert state["winner"] == 0 and DOMINOES.outcome(state).points == (3, 0)


def test_in_fives_a_counted_deal_goes_to_whoever_scored_more_in_it():
    state = position(FIVES, [[[1, 2]], [[0, 1]]], line=[[4, 1]], turn=0, points=3)
    state["deal_points"] = [0, 20]
    state = play(FIVES, state, 0, [1, 2], "right")  # out, 1 pip -> 0 points
    result = state["results"][-1]
    assert result["winner"] == 0 and result["deal_winner"] == 1
    assert state["deals_won"] == [0, 1]


def test_a_forfeit_ends_the_match_for_the_other_seat():
    state = position(DOMINOES, [[[1, 2]], [[6, 6]]], line=[[4, 1]], turn=0, points=51)
    state = DOMINOES.forfeit(state, 0)
    outcome = DOMINOES.outcome(state)
    assert outcome.placing == (2, 1) and outcome.reason == "forfeit"
    assert DOMINOES.to_act(state) == set()
