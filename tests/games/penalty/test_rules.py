"""Penalty Shootout: the rules' examples, sudden death, playouts, hidden sectors, replays."""

from __future__ import annotations

import copy
import hashlib
import itertools
import json
from typing import Any

import pytest

from games.engine import IllegalAction, MalformedAction, OnDisconnect
from games.penalty.rules import ENGINES, PENALTY, SECTORS, PenaltyOptions
from games.rng import Rng

SALT = "game:1"
PLAYOUT_SEEDS = [hashlib.sha256(f"penalty{i}".encode()).digest() for i in range(300)]
SEED_IDS = [f"seed{i}" for i in range(300)]


def seed_of(i: int) -> bytes:
    return hashlib.sha256(str(i).encode()).digest()


def new_game(shots: int = 5, forward: int = 0) -> dict[str, Any]:
    """A started game in which `forward` takes the first shot."""
    for i in range(100):
        state = PENALTY.start(PenaltyOptions(shots=shots), 2, Rng(seed_of(i), SALT, 0))
        if PENALTY.view(state, None)["forward"] == forward:
            return state
    raise AssertionError("no seed lets that seat shoot first")


def shoot(state: dict[str, Any], shot: int, save: int) -> dict[str, Any]:
    forward = PENALTY.view(state, None)["forward"]
    assert PENALTY.to_act(state) == {forward}
    state = PENALTY.apply(state, forward, {"sector": shot}, Rng(b"x", SALT, 1))
    assert PENALTY.to_act(state) == {1 - forward}
    return PENALTY.apply(state, 1 - forward, {"sector": save}, Rng(b"x", SALT, 2))


def shots(state: dict[str, Any], goals: str) -> dict[str, Any]:
    """Plays shots in order: "G" a goal (sector 1 against 6), "S" a save (3 against 3)."""
    for mark in goals:
        state = shoot(state, 1, 6) if mark == "G" else shoot(state, 3, 3)
    return state


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def score(state: dict[str, Any]) -> tuple[list[int], list[int]]:
    view = PENALTY.view(state, None)
    return view["goals"], view["taken"]


# A shot


def test_different_sectors_are_a_goal_and_the_roles_swap() -> None:
    state = shoot(new_game(forward=0), 2, 5)
    view = PENALTY.view(state, None)
    assert view["goals"] == [1, 0]
    assert view["taken"] == [1, 0]
    assert view["history"] == [{"forward": 0, "shot": 2, "save": 5, "goal": True}]
    assert (view["forward"], view["goalkeeper"], view["to_act"]) == (1, 0, 1)


def test_same_sector_is_saved() -> None:
    state = shoot(new_game(forward=1), 6, 6)
    view = PENALTY.view(state, 0)
    assert view["goals"] == [0, 0]
    assert view["taken"] == [0, 1]
    assert view["history"] == [{"forward": 1, "shot": 6, "save": 6, "goal": False}]
    assert view["forward"] == 0


def test_the_first_forward_is_drawn_from_the_start_stream() -> None:
    firsts = set()
    for i in range(40):
        state = PENALTY.start(PenaltyOptions(), 2, Rng(seed_of(i), SALT, 0))
        expected = Rng(seed_of(i), SALT, 0).randbelow(2)
        assert PENALTY.view(state, None)["forward"] == expected
        assert PENALTY.to_act(state) == {expected}
        firsts.add(expected)
    assert firsts == {0, 1}


# Early stop


def test_rules_example_three_one_then_a_fourth_goal_stops_the_game() -> None:
    # 5 shots; seat 0 shoots first: goals G G G, seat 1 scores once in three.
    state = shots(new_game(shots=5, forward=0), "GGGSGS")
    assert score(state) == ([3, 1], [3, 3])
    assert PENALTY.outcome(state) is None
    state = shots(state, "G")
    assert score(state) == ([4, 1], [4, 3])
    outcome = PENALTY.outcome(state)
    assert outcome is not None
    assert outcome.points == (4, 1)
    assert outcome.placing == (1, 2)
    assert outcome.reason == "more goals"
    assert PENALTY.to_act(state) == set()


def test_rules_example_with_a_saved_fourth_shot_goes_on() -> None:
    state = shots(new_game(shots=5, forward=0), "GGGSGSS")
    assert score(state) == ([3, 1], [4, 3])
    assert PENALTY.outcome(state) is None


def test_a_miss_by_the_trailing_side_can_end_it() -> None:
    # 5 shots: 3:0 after seat 1's third miss, with only 2 shots left for seat 1.
    state = shots(new_game(shots=5, forward=0), "GSGSG")
    assert PENALTY.outcome(state) is None
    state = shots(state, "S")
    outcome = PENALTY.outcome(state)
    assert outcome is not None
    assert outcome.points == (3, 0)
    assert score(state)[1] == [3, 3]


def test_three_shot_game_stops_at_two_nil_with_one_shot_left_each() -> None:
    state = shots(new_game(shots=3, forward=1), "GS")
    assert PENALTY.outcome(state) is None
    state = shots(state, "GS")
    outcome = PENALTY.outcome(state)
    assert outcome is not None
    assert outcome.points == (0, 2)
    assert outcome.winners() == (1,)


def test_nine_shot_game_can_go_to_the_last_shot() -> None:
    state = shots(new_game(shots=9, forward=0), "GS" * 4 + "SG" * 4 + "G")
    assert score(state) == ([5, 4], [9, 8])
    assert PENALTY.outcome(state) is None
    state = shots(state, "S")
    outcome = PENALTY.outcome(state)
    assert outcome is not None
    assert outcome.points == (5, 4)


# Sudden death


def test_level_after_all_shots_goes_to_sudden_death() -> None:
    state = shots(new_game(shots=3, forward=0), "GGSSGG")
    view = PENALTY.view(state, None)
    assert (view["goals"], view["taken"]) == ([2, 2], [3, 3])
    assert view["sudden_death"] is True
    assert view["quota"] == 4
    assert PENALTY.outcome(state) is None


def test_sudden_death_goal_then_save_wins_for_the_first_shooter() -> None:
    state = shots(new_game(shots=3, forward=0), "GGSSGG")
    state = shots(state, "G")
    assert PENALTY.outcome(state) is None, "the second shooter can still level"
    state = shots(state, "S")
    outcome = PENALTY.outcome(state)
    assert outcome is not None
    assert outcome.points == (3, 2)
    assert outcome.winners() == (0,)
    assert outcome.reason == "sudden death"


def test_sudden_death_save_then_goal_wins_for_the_second_shooter() -> None:
    state = shots(new_game(shots=3, forward=1), "SSSSSS" + "S")
    assert PENALTY.outcome(state) is None
    state = shots(state, "G")
    outcome = PENALTY.outcome(state)
    assert outcome is not None
    assert outcome.points == (1, 0)
    assert outcome.winners() == (0,)


def test_sudden_death_goes_on_while_pairs_are_level() -> None:
    state = shots(new_game(shots=3, forward=0), "GGGGGG" + "GG" + "SS" + "GG")
    view = PENALTY.view(state, None)
    assert view["quota"] == 7
    assert view["goals"] == [5, 5]
    assert PENALTY.outcome(state) is None
    assert PENALTY.to_act(state) == {0}, "the first forward opens every pair"


# Options and the engine's description


def test_engine_description() -> None:
    assert ENGINES == [PENALTY]
    assert (PENALTY.slug, PENALTY.name) == ("penalty", "Penalty Shootout")
    assert (PENALTY.min_seats, PENALTY.max_seats) == (2, 2)
    assert PENALTY.on_disconnect is OnDisconnect.FORFEIT
    assert PENALTY.Options is PenaltyOptions


def test_shots_option() -> None:
    assert PenaltyOptions().shots == 5
    for good in (3, 5, 7, 9):
        assert PenaltyOptions.from_json({"shots": good}).shots == good
    for bad in (0, 4, 11, "5"):
        with pytest.raises(ValueError):
            PenaltyOptions.from_json({"shots": bad})
    with pytest.raises(ValueError):
        PENALTY.start(PenaltyOptions(shots=4), 2, Rng(b"x", SALT, 0))


@pytest.mark.parametrize("seats", [1, 3])
def test_two_seats_only(seats: int) -> None:
    with pytest.raises(ValueError):
        PENALTY.start(PenaltyOptions(), seats, Rng(b"x", SALT, 0))


# Hidden sectors


def test_goalkeeper_and_spectators_do_not_see_the_shot() -> None:
    before = shots(new_game(forward=0), "GS")
    after = PENALTY.apply(before, 0, {"sector": 4}, Rng(b"x", SALT, 1))
    assert PENALTY.view(after, 0)["my_shot"] == 4
    for seat in (1, None):
        # Only the turn moves on: nothing in the view tells where the ball is going.
        assert PENALTY.view(after, seat) == PENALTY.view(before, seat) | {"to_act": 1}


# Time and forfeits


@pytest.mark.parametrize("role", ["forward", "goalkeeper"])
def test_a_timed_out_pick_is_a_random_sector_from_the_action_stream(role: str) -> None:
    seed = seed_of(7)
    state = new_game(forward=0)
    if role == "goalkeeper":
        state = PENALTY.apply(state, 0, {"sector": 2}, Rng(seed, SALT, 1))
    (seat,) = PENALTY.to_act(state)
    action = PENALTY.timeout_action(state, seat)
    assert action == {"type": "timeout"}
    after = PENALTY.apply(state, seat, action, Rng(seed, SALT, 2))
    drawn = SECTORS[Rng(seed, SALT, 2).randbelow(6)]
    if role == "forward":
        assert PENALTY.view(after, 0)["my_shot"] == drawn
    else:
        assert PENALTY.view(after, None)["history"][-1]["save"] == drawn


def test_timed_out_picks_cover_every_sector() -> None:
    state = new_game(forward=0)
    drawn = {
        PENALTY.view(PENALTY.apply(state, 0, {"type": "timeout"}, Rng(seed_of(i), SALT, 1)), 0)[
            "my_shot"
        ]
        for i in range(100)
    }
    assert drawn == set(SECTORS)


@pytest.mark.parametrize("seat", [0, 1])
def test_forfeit_hands_the_game_to_the_other_seat(seat: int) -> None:
    state = shots(new_game(forward=0), "GS")
    before = copy.deepcopy(state)
    after = PENALTY.forfeit(state, seat)
    assert state == before
    outcome = PENALTY.outcome(after)
    assert outcome is not None
    assert outcome.winners() == (1 - seat,)
    assert outcome.points == (1, 0)
    assert outcome.reason == "forfeit"
    assert PENALTY.to_act(after) == set()
    with pytest.raises(IllegalAction):
        PENALTY.forfeit(after, seat)


# Illegal moves


@pytest.mark.parametrize("seat", [2, -1, "0", True, None, 1.0])
def test_no_such_seat(seat: Any) -> None:
    state = new_game(forward=0)
    with pytest.raises(IllegalAction, match="no seat"):
        PENALTY.apply(state, seat, {"sector": 1}, Rng(b"x", SALT, 1))
    with pytest.raises(IllegalAction):
        PENALTY.forfeit(state, seat)


def test_moves_out_of_turn() -> None:
    state = new_game(forward=0)
    with pytest.raises(IllegalAction, match="not your turn"):
        PENALTY.apply(state, 1, {"sector": 1}, Rng(b"x", SALT, 1))
    state = PENALTY.apply(state, 0, {"sector": 1}, Rng(b"x", SALT, 1))
    with pytest.raises(IllegalAction, match="not your turn"):
        PENALTY.apply(state, 0, {"sector": 2}, Rng(b"x", SALT, 2))
    with pytest.raises(IllegalAction, match="not your turn"):
        PENALTY.apply(state, 0, {"type": "timeout"}, Rng(b"x", SALT, 2))
    assert PENALTY.legal_actions(state, 0) == []
    assert PENALTY.legal_actions(state, 1) == [{"sector": s} for s in SECTORS]


@pytest.mark.parametrize(
    "action",
    [
        {},
        {"sector": 0},
        {"sector": 7},
        {"sector": -1},
        {"sector": "3"},
        {"sector": 3.0},
        {"sector": True},
        {"sector": None},
        {"sector": [3]},
        {"sector": 3, "power": 9},
        {"side": 3},
        {"type": "timeouts"},
        {"type": "timeout", "sector": 3},
        "timeout",
        3,
        None,
    ],
)
@pytest.mark.parametrize("role", ["forward", "goalkeeper"])
def test_malformed_moves(action: Any, role: str) -> None:
    state = new_game(forward=0)
    if role == "goalkeeper":
        state = PENALTY.apply(state, 0, {"sector": 1}, Rng(b"x", SALT, 1))
    (seat,) = PENALTY.to_act(state)
    with pytest.raises(MalformedAction) as raised:
        PENALTY.apply(state, seat, action, Rng(b"x", SALT, 2))
    assert raised.value.reason


def test_no_move_after_the_end() -> None:
    state = shots(new_game(shots=3, forward=0), "GSGS")
    assert PENALTY.outcome(state) is not None
    for seat in (0, 1):
        with pytest.raises(IllegalAction, match="over"):
            PENALTY.apply(state, seat, {"sector": 1}, Rng(b"x", SALT, 9))
        assert PENALTY.legal_actions(state, seat) == []


# Playouts


def playout(seed: bytes) -> tuple[list[dict[str, Any]], list[tuple[int, dict[str, Any]]]]:
    """Bots on both seats to the end, with some timed-out picks; every state and the log."""
    options = PenaltyOptions(shots=(3, 5, 7, 9)[seed[0] % 4])
    state = PENALTY.start(options, 2, Rng(seed, SALT, 0))
    states, log = [state], []
    for seq in range(1, 2000):
        if PENALTY.outcome(state) is not None:
            return states, log
        (seat,) = PENALTY.to_act(state)
        if Rng(seed, "late", seq).randbelow(10) == 0:
            action = PENALTY.timeout_action(state, seat)
        else:
            action = PENALTY.bot_action(state, seat, Rng(seed, "bot", seq))
            assert action in PENALTY.legal_actions(state, seat)
        before = copy.deepcopy(state)
        state = PENALTY.apply(state, seat, action, Rng(seed, SALT, seq))
        assert before == states[-1], "apply changed its input"
        states.append(state)
        log.append((seat, action))
    raise AssertionError("the game did not end")


def result_is_fixed(shots_each: int, goals: list[bool]) -> int | None:
    """Whether the first (0) or second (1) shooter has won whatever happens next, found
    by trying every continuation; None while the result can still change.

    `goals` lists the resolved shots in order, the first shooter's at even indexes.
    """
    left = 2 * shots_each - len(goals)
    if left <= 0:
        # Sudden death (or the last regular shot): only a finished, unequal pair decides.
        lead = sum(goals[0::2]) - sum(goals[1::2])
        if len(goals) % 2 or lead == 0:
            return None
        return 0 if lead > 0 else 1
    leaders = set()
    for rest in itertools.product((False, True), repeat=left):
        every = goals + list(rest)
        lead = sum(every[0::2]) - sum(every[1::2])
        leaders.add(0 if lead > 0 else 1 if lead < 0 else None)
    return leaders.pop() if len(leaders) == 1 else None


@pytest.mark.parametrize("seed", PLAYOUT_SEEDS, ids=SEED_IDS)
def test_bot_playouts_keep_the_invariants(seed: bytes) -> None:
    states, _ = playout(seed)
    for state in states:
        assert as_json(state) == state
        for seat in (0, 1, None):
            assert as_json(PENALTY.view(state, seat)) == PENALTY.view(state, seat)
        view = PENALTY.view(state, None)
        history = view["history"]
        for seat in (0, 1):
            mine = [h for h in history if h["forward"] == seat]
            assert view["taken"][seat] == len(mine) <= view["quota"]
            assert view["goals"][seat] == sum(h["goal"] for h in mine)
        for h in history:
            assert h["goal"] == (h["shot"] != h["save"])
            assert h["shot"] in SECTORS and h["save"] in SECTORS
        assert abs(view["taken"][0] - view["taken"][1]) <= 1
        assert view["forward"] != view["goalkeeper"]
    outcome = PENALTY.outcome(states[-1])
    assert outcome is not None
    (winner,) = outcome.winners()
    assert outcome.points[winner] > outcome.points[1 - winner]


@pytest.mark.parametrize("seed", PLAYOUT_SEEDS[:150], ids=SEED_IDS[:150])
def test_playouts_stop_exactly_when_the_result_is_fixed(seed: bytes) -> None:
    states, _ = playout(seed)
    first = PENALTY.view(states[0], None)["forward"]
    shots_each = PENALTY.view(states[0], None)["shots"]
    for state in states:
        view = PENALTY.view(state, None)
        if view["to_act"] == view["goalkeeper"]:
            continue  # mid-shot: nothing new is resolved
        goals = [h["goal"] for h in view["history"]]
        if 2 * shots_each - len(goals) > 12:
            continue  # too many continuations to try them all
        fixed = result_is_fixed(shots_each, goals)
        outcome = PENALTY.outcome(state)
        if fixed is None:
            assert outcome is None
        else:
            assert outcome is not None
            assert outcome.winners() == (first if fixed == 0 else 1 - first,)


@pytest.mark.parametrize("seed", PLAYOUT_SEEDS[:100], ids=SEED_IDS[:100])
def test_no_view_depends_on_the_shot_in_play(seed: bytes) -> None:
    """Whatever sector the forward picked, the keeper and spectators see the same."""
    states, _ = playout(seed)
    for seq, state in enumerate(states, start=1):
        view = PENALTY.view(state, None)
        if PENALTY.outcome(state) is not None or view["to_act"] != view["forward"]:
            continue
        forward, keeper = view["forward"], view["goalkeeper"]
        branches = [
            PENALTY.apply(state, forward, {"sector": s}, Rng(seed, SALT, seq)) for s in SECTORS
        ]
        branches += [PENALTY.forfeit(b, forward) for b in branches]
        branches_ko = [PENALTY.forfeit(b, keeper) for b in branches[:6]]
        for group in (branches[:6], branches[6:], branches_ko):
            for seat in (keeper, None):
                views = {json.dumps(PENALTY.view(b, seat), sort_keys=True) for b in group}
                assert len(views) == 1


@pytest.mark.parametrize("seed", PLAYOUT_SEEDS[:50], ids=SEED_IDS[:50])
def test_replay_from_seed_and_log_rebuilds_every_state(seed: bytes) -> None:
    states, log = playout(seed)
    shots_each = PENALTY.view(states[0], None)["shots"]
    state = PENALTY.start(PenaltyOptions(shots=shots_each), 2, Rng(seed, SALT, 0))
    assert state == states[0]
    for seq, (seat, action) in enumerate(log, start=1):
        state = PENALTY.apply(as_json(state), seat, as_json(action), Rng(seed, SALT, seq))
        assert state == states[seq]
    assert PENALTY.outcome(state) == PENALTY.outcome(states[-1])
