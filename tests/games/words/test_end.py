"""The end of a game (003, "When the game ends", "Score deduction/-addition", "Time
deduction"): going out, three rounds of passes, the time over the limit."""

from __future__ import annotations

import pytest

from games.engine import GameClock
from games.words.rules import WORDFALL, WordsOptions
from tests.games.words.support import across, rng, state

PASS = {"type": "pass"}


def test_going_out_with_an_empty_bag_takes_the_others_racks():
    # "A D and a Q left at the hand gives 2+10=12 points in deduction ... The player which
    # has no tiles left recieves a bonus which is the sum of all the other players penalty
    # deduction."
    game = state(racks=[list("CAT"), list("DQ"), list("AE")], bag=[])
    after = WORDFALL.apply(game, 0, across(7, 6, "CAT"), rng(1))
    result = after["result"]
    assert result["reason"] == "out" and result["out"] == 0
    assert result["racks"] == [0, 12, 2] and result["bonus"] == 14
    assert after["scores"] == [10 + 14, -12, -2]
    outcome = WORDFALL.outcome(after)
    assert outcome.placing == (1, 3, 2) and WORDFALL.to_act(after) == set()


def test_emptying_the_rack_while_the_bag_has_tiles_draws_and_goes_on():
    game = state(racks=[list("CAT"), list("DQ")], bag=list("EEE"))
    after = WORDFALL.apply(game, 0, across(7, 6, "CAT"), rng(1))
    assert after["result"] is None and after["racks"][0] == ["E", "E", "E"]


def test_three_rounds_of_passes_end_the_game_and_deduct_every_rack():
    # "The game is also ended if all the players pass three rounds in a row (exchanging
    # tiles is also considered a pass)."
    game = state(racks=[list("CATEEEE"), list("DOGEEEE")], bag=list("ABCDEFGHIJ"))
    game = WORDFALL.apply(game, 0, {"type": "exchange", "tiles": ["E"]}, rng(1))
    for seq in range(2, 6):
        assert game["result"] is None
        game = WORDFALL.apply(game, game["turn"], PASS, rng(seq))
    game = WORDFALL.apply(game, game["turn"], PASS, rng(6))
    result = game["result"]
    assert result["reason"] == "passes" and result["bonus"] == 0
    assert game["scores"] == [-r for r in result["racks"]]


def test_a_word_between_passes_starts_the_count_again():
    game = state(racks=[list("CATEEEE"), list("DOGEEEE")], bag=list("ABCDEFGHIJ"))
    game = WORDFALL.apply(game, 0, PASS, rng(1))
    game = WORDFALL.apply(game, 1, PASS, rng(2))
    game = WORDFALL.apply(game, 0, across(7, 6, "CAT"), rng(3))
    assert game["passes"] == 0
    for seq in range(4, 9):
        game = WORDFALL.apply(game, game["turn"], PASS, rng(seq))
    assert game["result"] is None
    game = WORDFALL.apply(game, game["turn"], PASS, rng(9))
    assert game["result"]["reason"] == "passes"


@pytest.mark.parametrize(
    ("mode", "minutes"), [("rush", 12), ("stress", 20), ("fast", 30), ("normal", 60)]
)
def test_each_time_mode_fixes_the_clock_with_five_minutes_of_overtime(mode, minutes):
    clock = WORDFALL.game_clock(WordsOptions(time=mode))
    assert clock == GameClock(total_ms=minutes * 60_000, overtime_ms=5 * 60_000)


def test_unlimited_has_no_clock():
    assert WORDFALL.game_clock(WordsOptions(time="unlimited")) is None


@pytest.mark.parametrize(
    ("mode", "over_ms", "deducted"),
    [
        ("fast", 1, 10),  # a minute begun
        ("fast", 60_000, 10),
        ("fast", 60_001, 20),
        ("normal", 150_000, 30),
        ("rush", 1, 10),  # Rush: per 15 seconds begun
        ("rush", 15_000, 10),
        ("rush", 16_000, 20),
        ("rush", 61_000, 50),
    ],
)
def test_time_over_the_limit_is_deducted_at_the_end(mode, over_ms, deducted):
    # "For each minute begun the player is penalized by a 10 point deduction ... the Rush
    # mode ... a 10 point deduction for each 15 seconds which the player exceeds the limit."
    game = state(racks=[list("CAT"), list("DQ")], bag=[], options=WordsOptions(time=mode))
    game = WORDFALL.clock_spent(game, 1, -over_ms)
    assert game["overtime"] == [0, over_ms] and game["result"] is None
    game = WORDFALL.apply(game, 0, across(7, 6, "CAT"), rng(1))
    assert game["result"]["time"] == [0, deducted]
    assert game["scores"][1] == -12 - deducted


def test_five_minutes_over_ends_the_game_at_once():
    # "A game ends automaticaly if one of the players has five minutes over the time limit."
    game = state(racks=[list("CATEEEE"), list("DQ")], options=WordsOptions(time="rush"))
    game = WORDFALL.clock_spent(game, 0, -299_999)
    assert game["result"] is None
    game = WORDFALL.clock_spent(game, 0, -300_000)
    assert game["result"]["reason"] == "time"
    assert game["result"]["time"] == [200, 0]  # 300 s over at 10 per 15 s begun
    assert game["scores"] == [
        -200 - 9,
        -12,
    ]  # C 3 A 1 T 1 and four E and WORDFALL.to_act(game) == set()


def test_a_clock_within_the_time_changes_nothing():
    game = state(racks=[list("CATEEEE"), list("DQ")])
    assert WORDFALL.clock_spent(game, 0, 5_000) is game


def test_a_player_who_leaves_is_last_and_the_rest_stand_by_their_scores():
    game = state(racks=[list("CATEEEE"), list("DQ"), list("EE")])
    game = WORDFALL.apply(game, 0, across(7, 6, "CAT"), rng(1))
    game = WORDFALL.forfeit(game, 0)
    assert game["result"]["reason"] == "forfeit" and game["scores"] == [10, 0, 0]
    assert WORDFALL.outcome(game).placing == (3, 1, 1)


def test_equal_highest_scores_share_first_place():
    game = state(racks=[list("AT"), list("TA")], bag=[])
    game["scores"] = [20, 20]
    game = WORDFALL.apply(game, 0, {"type": "pass"}, rng(1))
    for seq in range(2, 7):
        game = WORDFALL.apply(game, game["turn"], {"type": "pass"}, rng(seq))
    assert game["result"]["reason"] == "passes"
    assert game["scores"] == [18, 18]
    assert WORDFALL.outcome(game).placing == (1, 1)
