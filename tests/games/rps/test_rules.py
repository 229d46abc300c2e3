"""Rock Paper Scissors: known answers from the rules, playouts, hidden signs, replays."""

from __future__ import annotations

import copy
import hashlib
import json
from typing import Any

import pytest

from games.engine import IllegalAction, MalformedAction, OnDisconnect
from games.rng import Rng
from games.rps.rules import ENGINES, RPS, SIGNS, RpsOptions, round_winner

SALT = "game:1"
PLAYOUT_SEEDS = [hashlib.sha256(f"rps{i}".encode()).digest() for i in range(300)]
SEED_IDS = [f"seed{i}" for i in range(300)]


def seed_of(i: int) -> bytes:
    return hashlib.sha256(str(i).encode()).digest()


def new_game(points: int = 3, first: int | None = None) -> tuple[bytes, dict[str, Any]]:
    """A started game; with `first`, the first seed whose draw lets that seat open."""
    for i in range(100):
        seed = seed_of(i)
        state = RPS.start(RpsOptions(points=points), 2, Rng(seed, SALT, 0))
        if first is None or RPS.to_act(state) == {first}:
            return seed, state
    raise AssertionError("no seed lets that seat open")


def play_round(state: dict[str, Any], first_sign: str, second_sign: str) -> dict[str, Any]:
    (first,) = RPS.to_act(state)
    state = RPS.apply(state, first, {"sign": first_sign}, Rng(b"x", SALT, 1))
    assert RPS.to_act(state) == {1 - first}
    return RPS.apply(state, 1 - first, {"sign": second_sign}, Rng(b"x", SALT, 2))


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


# Who beats whom


@pytest.mark.parametrize(
    ("signs", "winner"),
    [
        (["rock", "scissors"], 0),
        (["scissors", "rock"], 1),
        (["scissors", "paper"], 0),
        (["paper", "scissors"], 1),
        (["paper", "rock"], 0),
        (["rock", "paper"], 1),
        (["rock", "rock"], None),
        (["paper", "paper"], None),
        (["scissors", "scissors"], None),
    ],
)
def test_standard_cycle_decides_the_round(signs: list[str], winner: int | None) -> None:
    assert round_winner(signs) == winner


def test_round_winner_scores_one_point_and_both_signs_are_revealed() -> None:
    _, state = new_game(first=0)
    state = play_round(state, "paper", "rock")
    view = RPS.view(state, 1)
    assert view["scores"] == [1, 0]
    assert view["rounds"] == [{"first": 0, "signs": ["paper", "rock"], "winner": 0}]


def test_signs_are_recorded_by_seat_whoever_opens() -> None:
    _, state = new_game(first=1)
    state = play_round(state, "scissors", "paper")  # seat 1 scissors, seat 0 paper
    assert RPS.view(state, None)["rounds"] == [
        {"first": 1, "signs": ["paper", "scissors"], "winner": 1}
    ]
    assert RPS.view(state, None)["scores"] == [0, 1]


def test_drawn_round_scores_nothing_and_the_opener_alternates() -> None:
    _, state = new_game(first=0)
    state = play_round(state, "rock", "rock")
    assert RPS.view(state, None)["scores"] == [0, 0]
    assert RPS.view(state, None)["rounds"][0]["winner"] is None
    assert RPS.to_act(state) == {1}
    state = play_round(state, "rock", "rock")
    assert RPS.to_act(state) == {0}
    assert len(RPS.view(state, None)["rounds"]) == 2
    assert RPS.outcome(state) is None


def test_first_to_the_target_wins() -> None:
    _, state = new_game(points=3, first=0)
    # Seat 0 wins rounds 1 and 3, seat 1 round 2; draw in round 4; seat 0 wins round 5.
    state = play_round(state, "rock", "scissors")  # seat 0 opens
    state = play_round(state, "rock", "scissors")  # seat 1 opens and wins
    state = play_round(state, "paper", "rock")
    assert RPS.outcome(state) is None
    state = play_round(state, "paper", "paper")
    assert RPS.outcome(state) is None
    state = play_round(state, "scissors", "paper")
    outcome = RPS.outcome(state)
    assert outcome is not None
    assert outcome.points == (3, 1)
    assert outcome.placing == (1, 2)
    assert outcome.winners() == (0,)
    assert RPS.to_act(state) == set()
    assert RPS.legal_actions(state, 0) == RPS.legal_actions(state, 1) == []


def test_target_of_one_ends_at_the_first_won_round() -> None:
    _, state = new_game(points=1, first=1)
    state = play_round(state, "scissors", "scissors")
    assert RPS.outcome(state) is None
    state = play_round(state, "scissors", "rock")  # seat 0 opens with scissors
    outcome = RPS.outcome(state)
    assert outcome is not None
    assert outcome.points == (0, 1)
    assert outcome.placing == (2, 1)


def test_the_opener_is_drawn_from_the_start_stream() -> None:
    openers = set()
    for i in range(40):
        seed = seed_of(i)
        state = RPS.start(RpsOptions(), 2, Rng(seed, SALT, 0))
        assert RPS.to_act(state) == {Rng(seed, SALT, 0).randbelow(2)}
        openers |= RPS.to_act(state)
    assert openers == {0, 1}


# Options and the engine's description


def test_engine_description() -> None:
    assert ENGINES == [RPS]
    assert (RPS.slug, RPS.name) == ("rps", "Rock Paper Scissors")
    assert (RPS.min_seats, RPS.max_seats) == (2, 2)
    assert RPS.on_disconnect is OnDisconnect.FORFEIT
    assert RPS.Options is RpsOptions


def test_points_option_runs_from_one_to_ten() -> None:
    assert RpsOptions().points == 3
    assert RpsOptions.from_json({"points": 10}) == RpsOptions(points=10)
    for bad in (0, 11, "3"):
        with pytest.raises(ValueError):
            RpsOptions.from_json({"points": bad})
    with pytest.raises(ValueError):
        RpsOptions.from_json({"rounds": 3})
    with pytest.raises(ValueError):
        RPS.start(RpsOptions(points=0), 2, Rng(b"x", SALT, 0))


@pytest.mark.parametrize("seats", [1, 3])
def test_two_seats_only(seats: int) -> None:
    with pytest.raises(ValueError):
        RPS.start(RpsOptions(), seats, Rng(b"x", SALT, 0))


# Hidden signs


def test_second_seat_and_spectators_do_not_see_the_first_sign() -> None:
    _, state = new_game(first=0)
    state = RPS.apply(state, 0, {"sign": "scissors"}, Rng(b"x", SALT, 1))
    assert RPS.view(state, 0)["my_sign"] == "scissors"
    for seat in (1, None):
        view = RPS.view(state, seat)
        assert view["my_sign"] is None
        assert "scissors" not in json.dumps(view)


def test_forfeit_mid_round_does_not_reveal_the_pending_sign() -> None:
    _, state = new_game(first=1)
    state = RPS.apply(state, 1, {"sign": "paper"}, Rng(b"x", SALT, 1))
    state = RPS.forfeit(state, 1)
    for seat in (0, None):
        assert "paper" not in json.dumps(RPS.view(state, seat))


# Time and forfeits


def test_timeout_forfeits() -> None:
    _, state = new_game(first=0)
    assert RPS.timeout_action(state, 0) is None


@pytest.mark.parametrize("seat", [0, 1])
def test_forfeit_hands_the_game_to_the_other_seat(seat: int) -> None:
    _, state = new_game(points=2, first=0)
    state = play_round(state, "rock", "scissors")
    before = copy.deepcopy(state)
    after = RPS.forfeit(state, seat)
    assert state == before
    outcome = RPS.outcome(after)
    assert outcome is not None
    assert outcome.winners() == (1 - seat,)
    assert outcome.points == (1, 0)
    assert outcome.reason == "forfeit"
    assert RPS.to_act(after) == set()
    with pytest.raises(IllegalAction):
        RPS.forfeit(after, 1 - seat)


# Illegal moves


@pytest.mark.parametrize("seat", [2, -1, "0", True, None, 0.0])
def test_no_such_seat(seat: Any) -> None:
    _, state = new_game(first=0)
    with pytest.raises(IllegalAction, match="no seat"):
        RPS.apply(state, seat, {"sign": "rock"}, Rng(b"x", SALT, 1))
    with pytest.raises(IllegalAction):
        RPS.forfeit(state, seat)


def test_move_out_of_turn() -> None:
    _, state = new_game(first=0)
    with pytest.raises(IllegalAction, match="not your turn"):
        RPS.apply(state, 1, {"sign": "rock"}, Rng(b"x", SALT, 1))
    state = RPS.apply(state, 0, {"sign": "rock"}, Rng(b"x", SALT, 1))
    with pytest.raises(IllegalAction, match="not your turn"):
        RPS.apply(state, 0, {"sign": "paper"}, Rng(b"x", SALT, 2))
    assert RPS.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction):
        RPS.bot_action(state, 0, Rng(b"x", SALT, 2))


@pytest.mark.parametrize(
    "action",
    [
        {},
        {"choice": "rock"},
        {"sign": "lizard"},
        {"sign": "Rock"},
        {"sign": 1},
        {"sign": None},
        {"sign": ["rock"]},
        {"sign": "rock", "also": "paper"},
        "rock",
        ["rock"],
        None,
    ],
)
def test_malformed_moves(action: Any) -> None:
    _, state = new_game(first=0)
    with pytest.raises(MalformedAction) as raised:
        RPS.apply(state, 0, action, Rng(b"x", SALT, 1))
    assert raised.value.reason


def test_no_move_after_the_end() -> None:
    _, state = new_game(points=1, first=0)
    state = play_round(state, "paper", "rock")
    for seat in (0, 1):
        with pytest.raises(IllegalAction, match="over"):
            RPS.apply(state, seat, {"sign": "rock"}, Rng(b"x", SALT, 3))


# Playouts


def playout(seed: bytes) -> tuple[list[dict[str, Any]], list[tuple[int, dict[str, Any]]]]:
    """Bots on both seats to the end; returns every state and the action log."""
    points = 1 + seed[0] % 10
    state = RPS.start(RpsOptions(points=points), 2, Rng(seed, SALT, 0))
    states, log = [state], []
    for seq in range(1, 2000):
        if RPS.outcome(state) is not None:
            return states, log
        (seat,) = RPS.to_act(state)
        action = RPS.bot_action(state, seat, Rng(seed, "bot", seq))
        assert action in RPS.legal_actions(state, seat)
        before = copy.deepcopy(state)
        state = RPS.apply(state, seat, action, Rng(seed, SALT, seq))
        assert before == states[-1], "apply changed its input"
        states.append(state)
        log.append((seat, action))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", PLAYOUT_SEEDS, ids=SEED_IDS)
def test_bot_playouts_keep_the_invariants(seed: bytes) -> None:
    states, _ = playout(seed)
    target = RPS.view(states[0], None)["target"]
    for state in states:
        assert as_json(state) == state
        view = RPS.view(state, None)
        assert all(0 <= score <= target for score in view["scores"])
        decided = [r for r in view["rounds"] if r["winner"] is not None]
        assert sum(view["scores"]) == len(decided)
        for r in view["rounds"]:
            assert r["winner"] == round_winner(r["signs"])
        for seat in (0, 1, None):
            assert as_json(RPS.view(state, seat)) == RPS.view(state, seat)
        if RPS.outcome(state) is None:
            (seat,) = RPS.to_act(state)
            assert [a["sign"] for a in RPS.legal_actions(state, seat)] == list(SIGNS)
            assert RPS.legal_actions(state, 1 - seat) == []
    outcome = RPS.outcome(states[-1])
    assert outcome is not None
    (winner,) = outcome.winners()
    assert outcome.points[winner] == target
    assert outcome.points[1 - winner] < target
    assert outcome.placing[1 - winner] == 2


@pytest.mark.parametrize("seed", PLAYOUT_SEEDS[:100], ids=SEED_IDS[:100])
def test_no_view_depends_on_a_pending_sign(seed: bytes) -> None:
    """Whatever the opener chose, the other seat and spectators see exactly the same."""
    states, _ = playout(seed)
    for seq, state in enumerate(states, start=1):
        if RPS.outcome(state) is not None:
            continue
        (opener,) = RPS.to_act(state)
        if RPS.view(state, None)["first"] != opener:
            continue  # the second sign ends the round and is meant to be seen
        branches = [RPS.apply(state, opener, {"sign": s}, Rng(seed, SALT, seq)) for s in SIGNS]
        for seat in (1 - opener, None):
            views = [json.dumps(RPS.view(branch, seat), sort_keys=True) for branch in branches]
            assert views[0] == views[1] == views[2]
        for seat in (1 - opener, None):
            assert RPS.view(RPS.forfeit(branches[0], opener), seat) == RPS.view(
                RPS.forfeit(branches[1], opener), seat
            )


@pytest.mark.parametrize("seed", PLAYOUT_SEEDS[:50], ids=SEED_IDS[:50])
def test_replay_from_seed_and_log_rebuilds_every_state(seed: bytes) -> None:
    states, log = playout(seed)
    points = RPS.view(states[0], None)["target"]
    state = RPS.start(RpsOptions(points=points), 2, Rng(seed, SALT, 0))
    assert state == states[0]
    for seq, (seat, action) in enumerate(log, start=1):
        state = RPS.apply(as_json(state), seat, as_json(action), Rng(seed, SALT, seq))
        assert state == states[seq]
    assert RPS.outcome(state) == RPS.outcome(states[-1])
