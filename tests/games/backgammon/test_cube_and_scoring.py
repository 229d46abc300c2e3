"""The cube, beaver, Jacoby, Crawford, the scores of a game and a match, re-rolls."""

from __future__ import annotations

import pytest

from games.backgammon.rules import BACKGAMMON, TAVLI, BackgammonOptions
from games.engine import IllegalAction, OnDisconnect
from games.rng import Rng

from .helpers import SEED, play, position

START = {24: 2, 13: 5, 8: 3, 6: 5}
LAST_CHECKER = {1: 1, 0: 14}  # one roll from winning


def cube_turn(**options):
    state = position("short", START, START, (3, 1), **options)
    state["phase"], state["dice"] = "cube", None
    return state


def act(state, seat, kind, nonce=1, **extra):
    engine = TAVLI if state["engine"] == "tavli" else BACKGAMMON
    return engine.apply(state, seat, {"type": kind, **extra}, Rng(SEED, "c", nonce))


def bot_step(state, nonce):
    seat = next(iter(BACKGAMMON.to_act(state)))
    action = BACKGAMMON.bot_action(state, seat, Rng(SEED, "bot", nonce))
    return BACKGAMMON.apply(state, seat, action, Rng(SEED, "c", nonce))


# ---- the cube ----------------------------------------------------------------------------


def test_double_and_take_hands_over_the_cube():
    state = cube_turn()
    assert BACKGAMMON.legal_actions(state, 0) == [{"type": "double"}, {"type": "roll"}]
    offered = act(state, 0, "double")
    assert offered["phase"] == "take" and BACKGAMMON.to_act(offered) == {1}
    assert BACKGAMMON.legal_actions(offered, 1) == [{"type": "take"}, {"type": "drop"}]
    taken = act(offered, 1, "take")
    assert taken["cube"] == {"value": 2, "owner": 1, "turned": True}
    assert taken["phase"] == "play" and taken["turn"] == 0 and len(taken["dice"]) == 2
    # Only the owner may double next: seat 1 is offered the cube, seat 0 rolls at once.
    state, nonce = taken, 2
    turns = []
    while len(turns) < 3:
        if state["phase"] in ("cube", "play") and (not turns or turns[-1][0] != state["turn"]):
            turns.append((state["turn"], state["phase"]))
        if state["phase"] == "cube":
            state = act(state, state["turn"], "roll", nonce)
        else:
            state = bot_step(state, nonce)
        nonce += 1
    assert turns == [(0, "play"), (1, "cube"), (0, "play")]


def test_a_dropped_double_loses_the_cube_value_before_it():
    dropped = act(act(cube_turn(), 0, "double"), 1, "drop")
    outcome = BACKGAMMON.outcome(dropped)
    assert outcome.points == (1, 0) and outcome.placing == (1, 2) and outcome.reason == "drop"
    state = cube_turn()
    state["cube"] = {"value": 2, "owner": 0, "turned": True}
    outcome = BACKGAMMON.outcome(act(act(state, 0, "double"), 1, "drop"))
    assert outcome.points == (2, 0)


def test_beaver_redoubles_and_keeps_the_cube():
    offered = act(cube_turn(beaver=True), 0, "double")
    assert {"type": "beaver"} in BACKGAMMON.legal_actions(offered, 1)
    beavered = act(offered, 1, "beaver")
    assert BACKGAMMON.to_act(beavered) == {0}
    assert BACKGAMMON.legal_actions(beavered, 0) == [{"type": "take"}, {"type": "drop"}]
    taken = act(beavered, 0, "take")
    assert taken["cube"] == {"value": 4, "owner": 1, "turned": True} and taken["turn"] == 0
    dropped = act(beavered, 0, "drop")
    assert BACKGAMMON.outcome(dropped).points == (0, 2)


def test_no_beaver_unless_the_table_plays_it():
    offered = act(cube_turn(), 0, "double")
    with pytest.raises(IllegalAction):
        act(offered, 1, "beaver")


def test_no_cube_in_armenian_or_tavli():
    state = position("armenian", START, START, (3, 1))
    assert state["rules"]["cube"] is False
    with pytest.raises(IllegalAction):
        act(state, 0, "double")
    state = position("portes", START, START, (3, 1))
    assert [a["type"] for a in TAVLI.legal_actions(state, 0)] == ["play"] * len(
        TAVLI.legal_actions(state, 0)
    )


# ---- single, gammon (mars), backgammon (koks), Jacoby, pips -----------------------------


def win_points(variant, loser, cube=None, **options):
    state = position(variant, LAST_CHECKER, loser, (2, 1), **options)
    if cube:
        state["cube"] = cube
    return (
        BACKGAMMON.outcome(play(state, [[1, 0]]))
        if variant
        not in (
            "portes",
            "plakoto",
            "fevga",
        )
        else TAVLI.outcome(play(state, [[1, 0]]))
    )


def test_single_gammon_and_backgammon_wins():
    in_our_home = {19: 15}  # their 19 is our 6: the loser still sits in the winner's home
    assert win_points("short", {6: 14, 0: 1}).points == (1, 0)
    assert win_points("short", {6: 15}).points == (2, 0)
    assert win_points("short", in_our_home).points == (3, 0)
    assert win_points("short", in_our_home, {"value": 4, "owner": 1, "turned": True}).points == (
        12,
        0,
    )
    assert win_points("nack", in_our_home).points == (2, 0)
    assert win_points("nack", in_our_home, koks=True).points == (3, 0)
    assert win_points("long", in_our_home).points == (2, 0)
    assert win_points("portes", in_our_home, points=1).points == (2, 0)
    assert win_points("portes", {6: 14, 0: 1}, points=1).points == (1, 0)


def test_jacoby_counts_mars_and_koks_only_once_the_cube_turned():
    in_our_home = {19: 15}
    assert win_points("short", in_our_home, jacoby=True).points == (1, 0)
    turned = {"value": 2, "owner": 1, "turned": True}
    assert win_points("short", in_our_home, turned, jacoby=True).points == (6, 0)


def test_blitz_to_51_scores_the_losers_pips():
    # 3 checkers on the 6-point (18) and 2 still in hand (7 each): 32, doubled by the cube.
    state = position("blitz", LAST_CHECKER, {6: 3, 25: 2, 0: 10}, (2, 1), points=51)
    state["cube"] = {"value": 2, "owner": 1, "turned": True}
    after = play(state, [[1, 0]])
    assert after["score"] == [64, 0] and BACKGAMMON.outcome(after) is not None
    state = position("pioneer", LAST_CHECKER, {6: 3, 12: 1, 0: 11}, (2, 1), points=101)
    after = play(state, [[1, 0]])
    assert after["score"] == [30, 0] and BACKGAMMON.outcome(after) is None
    assert after["game_no"] == 2 and after["board"][0][12] == 3


# ---- matches and Crawford ----------------------------------------------------------------


def test_match_goes_on_to_the_target():
    state = position("short", LAST_CHECKER, {6: 15}, (2, 1), points=3)
    after = play(state, [[1, 0]])
    assert after["score"] == [2, 0] and after["game_no"] == 2
    assert BACKGAMMON.outcome(after) is None
    assert after["results"] == [
        {"game": 1, "variant": "short", "winner": 0, "points": 2, "kind": "gammon"}
    ]
    assert sum(after["board"][0]) == 15 and after["board"][0][0] == 0


def test_crawford_six_two_example():
    # Match to 7 at 5-2: winning a single makes it 6-2, and the next game has no cube.
    state = position("short", LAST_CHECKER, {6: 14, 0: 1}, (2, 1), points=7)
    state["score"] = [5, 2]
    crawford = play(state, [[1, 0]])
    assert crawford["score"] == [6, 2] and crawford["crawford"] is True
    assert BACKGAMMON.view(crawford, None)["crawford"] is True
    state, nonce = crawford, 10
    for _ in range(6):
        assert state["phase"] != "cube"
        state = bot_step(state, nonce)
        nonce += 1
    # The trailer wins the Crawford game: 6-3, and the cube is back in the next game.
    state = position("short", LAST_CHECKER, {6: 14, 0: 1}, (2, 1), turn=1, points=7)
    state.update(score=[6, 2], crawford=True, crawford_done=True)
    after = play(state, [[1, 0]])
    assert after["score"] == [6, 3] and after["crawford"] is False
    after = bot_step(after, 99)  # the opening play
    assert after["phase"] == "cube"


def test_crawford_is_the_match_rule_not_a_table_option():
    # Regulation 12.12.1 (4): "if in a series of games (i.e. in a match) one of the players
    # needs just one point to win, in the next game the doubling (cube) is not available".
    assert "crawford" not in BackgammonOptions().as_json()
    with pytest.raises(ValueError, match="unknown options"):
        BackgammonOptions.from_json({"crawford": False})
    for variant in ("short", "hyper", "nack"):
        checkers = 3 if variant == "hyper" else 15
        mine, theirs = {1: 1, 0: checkers - 1}, {6: checkers - 1, 0: 1}
        state = position(variant, mine, theirs, (2, 1), points=7)
        state["score"] = [5, 2]
        assert play(state, [[1, 0]])["crawford"] is True, variant
    # Without the cube there is nothing for the rule to take away.
    state = position("long", LAST_CHECKER, {6: 14, 0: 1}, (2, 1), points=7, cube=False)
    state["score"] = [5, 2]
    assert play(state, [[1, 0]])["crawford"] is False


def test_jacoby_is_offered_for_matches_too():
    # 12.12.1 (3) sets no limit to single games: in a match to 3 an unturned mars counts 1.
    BackgammonOptions(jacoby=True, points=3).validate()
    state = position("short", LAST_CHECKER, {6: 15}, (2, 1), points=3, jacoby=True)
    assert play(state, [[1, 0]])["score"] == [1, 0]
    state = position("short", LAST_CHECKER, {6: 15}, (2, 1), points=3, jacoby=True)
    state["cube"] = {"value": 2, "owner": 1, "turned": True}
    assert play(state, [[1, 0]])["score"] == [4, 0]


@pytest.mark.parametrize("variant", ["hyper", "nack"])
def test_nack_and_hyper_always_play_the_cube_as_short_does(variant):
    # 12.12.1: "Nack and Hyper Backgammon types differ only in their initial positioning",
    # and "Koks and doubling (cube) is a mandatory rule in Short Backgammon".
    state = BACKGAMMON.start(
        BackgammonOptions(variant=variant, cube=False, points=3), 2, Rng(SEED, "t", 0)
    )
    assert state["rules"]["cube"] is True
    assert state["rules"]["crawford"] is True
    state["phase"], state["dice"] = "cube", None
    assert {"type": "double"} in BACKGAMMON.legal_actions(state, state["turn"])


def test_tavli_series_plays_portes_plakoto_fevga_in_turn():
    state = position("portes", LAST_CHECKER, {6: 14, 0: 1}, (2, 1))
    state["match"] = "series"
    after = play(state, [[1, 0]])
    assert after["variant"] == "plakoto" and after["score"] == [1, 0]
    assert after["board"][0][24] == 15
    after["board"][0] = [0] * 26
    after["board"][0][1], after["board"][0][0] = 1, 14
    after["board"][1] = [0] * 26
    after["board"][1][6], after["board"][1][0] = 14, 1
    after.update(turn=0, phase="play", dice=[2, 1], pinned=[[], []])
    after = play(after, [[1, 0]], nonce=2)
    assert after["variant"] == "fevga" and after["score"] == [2, 0]


# ---- forfeits -----------------------------------------------------------------------------


def test_tavli_disconnection_concedes_the_maximum():
    assert TAVLI.on_disconnect == OnDisconnect.CONCEDE_MAX
    state = TAVLI.start(TAVLI.Options(variant="series", points=5), 2, Rng(SEED, "f", 0))
    state["score"] = [1, 3]
    outcome = TAVLI.outcome(TAVLI.forfeit(state, 1))
    assert outcome.points == (5, 3) and outcome.placing == (1, 2)
    single = TAVLI.start(TAVLI.Options(variant="portes", points=1), 2, Rng(SEED, "f", 0))
    assert TAVLI.outcome(TAVLI.forfeit(single, 0)).points == (0, 2)
    assert TAVLI.outcome(single) is None


def test_backgammon_forfeit_loses_the_cube_value_and_the_match():
    assert BACKGAMMON.on_disconnect == OnDisconnect.FORFEIT
    state = BACKGAMMON.start(BACKGAMMON.Options(), 2, Rng(SEED, "f", 0))
    state["cube"] = {"value": 2, "owner": 0, "turned": True}
    over = BACKGAMMON.forfeit(state, 0)
    assert BACKGAMMON.outcome(over).points == (0, 2)
    assert BACKGAMMON.forfeit(over, 1) == over
    with pytest.raises(IllegalAction, match="over"):
        BACKGAMMON.apply(over, 0, {"type": "roll"}, Rng(SEED, "f", 1))


# ---- roll the dice again -------------------------------------------------------------------


def test_reroll_one_die_records_a_ten_percent_fee_and_counts_down():
    state = position("short", START, START, (3, 1), reroll="one", reroll_times=2)
    assert {"type": "reroll", "dice": "one", "die": 0} in BACKGAMMON.legal_actions(state, 0)
    once = act(state, 0, "reroll", dice="one", die=0)
    assert once["fees"] == [{"seat": 0, "kind": "reroll_one", "rate_bp": 1000, "game": 1}]
    assert once["dice"][1] == 1 and once["rerolls_left"] == [1, 2]
    assert state["fees"] == [] and state["dice"] == [3, 1]  # the input is untouched
    twice = act(once, 0, "reroll", 2, dice="one", die=1)
    assert twice["rerolls_left"] == [0, 2] and len(twice["fees"]) == 2
    assert not [a for a in BACKGAMMON.legal_actions(twice, 0) if a["type"] == "reroll"]
    with pytest.raises(IllegalAction, match="used all"):
        act(twice, 0, "reroll", 3, dice="one", die=0)
    # The same stream gives the same dice.
    assert act(state, 0, "reroll", dice="one", die=0)["dice"] == once["dice"]


def test_reroll_both_dice_records_a_five_percent_fee():
    state = position("short", START, START, (3, 1), reroll="both")
    assert [a for a in BACKGAMMON.legal_actions(state, 0) if a["type"] == "reroll"] == [
        {"type": "reroll", "dice": "both"}
    ]
    with pytest.raises(IllegalAction):
        act(state, 0, "reroll", dice="one", die=0)
    after = act(state, 0, "reroll", dice="both")
    assert after["fees"] == [{"seat": 0, "kind": "reroll_both", "rate_bp": 500, "game": 1}]


def test_no_reroll_at_a_table_without_it_and_a_new_allowance_each_game():
    with pytest.raises(IllegalAction):
        act(position("short", START, START, (3, 1)), 0, "reroll", dice="both")
    state = position("short", LAST_CHECKER, {6: 15}, (2, 1), points=3, reroll="both")
    state["rerolls_left"] = [0, 1]
    assert play(state, [[1, 0]])["rerolls_left"] == [1, 1]


# ---- options -------------------------------------------------------------------------------


def test_options_validation():
    BackgammonOptions(variant="blitz", points=15).validate()
    with pytest.raises(ValueError, match="Blitz"):
        BackgammonOptions(variant="short", points=13).validate()
    with pytest.raises(ValueError, match="cube"):
        BackgammonOptions(variant="armenian", beaver=True).validate()
    with pytest.raises(ValueError):
        BackgammonOptions.from_json({"variant": "short", "stake": 5})
    with pytest.raises(ValueError):
        TAVLI.Options(variant="long").validate()
    assert BackgammonOptions.from_json(BackgammonOptions().as_json()) == BackgammonOptions()
