"""Whole games between bots, replays, and the actions the engine must refuse."""

from __future__ import annotations

import json

import pytest

from games.backgammon.rules import BACKGAMMON, ENGINES, TAVLI
from games.backgammon.variants import VARIANTS
from games.engine import ActionRefused, IllegalAction
from games.rng import Rng

from .helpers import SEED, position

TABLES = [
    (TAVLI, {"variant": "portes", "points": 1}),
    (TAVLI, {"variant": "plakoto", "points": 3}),
    (TAVLI, {"variant": "fevga", "points": 1}),
    (TAVLI, {"variant": "series", "points": 5}),
    (BACKGAMMON, {"variant": "short", "points": 1}),
    (BACKGAMMON, {"variant": "short", "points": 5, "beaver": True}),
    (BACKGAMMON, {"variant": "armenian", "points": 3}),
    (BACKGAMMON, {"variant": "long", "points": 1, "cube": False}),
    (BACKGAMMON, {"variant": "blitz", "points": 51}),
    (BACKGAMMON, {"variant": "pioneer", "points": 3}),
    (BACKGAMMON, {"variant": "hyper", "points": 3, "koks": True}),
    (BACKGAMMON, {"variant": "nack", "points": 1, "jacoby": True}),
]
SEEDS = [bytes([n]) * 32 for n in range(3)]
MAX_ACTIONS = 5000


def snapshot(state) -> str:
    return json.dumps(state, sort_keys=True)


def check_position(state) -> None:
    variant = VARIANTS[state["variant"]]
    for seat in (0, 1):
        assert sum(state["board"][seat]) == variant.checkers
        assert all(count >= 0 for count in state["board"][seat])
        for point in state["pinned"][seat]:
            # A pinned checker lies alone under at least one opposing checker.
            assert state["board"][seat][point] == 1
            assert state["board"][1 - seat][variant.other(point)] >= 1


def play_out(engine, options, seed):
    state = engine.start(engine.Options(**options), 2, Rng(seed, "game", 0))
    log, states = [], [state]
    while engine.outcome(state) is None:
        assert len(log) < MAX_ACTIONS
        check_position(state)
        (seat,) = engine.to_act(state)
        action = engine.bot_action(state, seat, Rng(seed, "bot", len(log)))
        assert action in engine.legal_actions(state, seat)
        before = snapshot(state)
        state = engine.apply(state, seat, action, Rng(seed, "game", len(log) + 1))
        assert snapshot(states[-1]) == before  # apply left its input alone
        log.append(action)
        states.append(state)
    return log, states


@pytest.mark.parametrize("seed", SEEDS, ids=range(len(SEEDS)))
@pytest.mark.parametrize(("engine", "options"), TABLES, ids=[t[1]["variant"] for t in TABLES])
def test_bots_play_every_variant_to_the_end(engine, options, seed):
    _, states = play_out(engine, options, seed)
    final = states[-1]
    check_position(final)
    outcome = engine.outcome(final)
    winner = final["winner"]
    assert outcome.placing == tuple(1 if s == winner else 2 for s in (0, 1))
    assert outcome.points == tuple(final["score"])
    assert final["score"][winner] >= options["points"] > final["score"][1 - winner]
    for seat in (0, 1):
        won = sum(r["points"] for r in final["results"] if r["winner"] == seat)
        assert won == final["score"][seat]
    assert engine.to_act(final) == set() and engine.legal_actions(final, 0) == []
    for state in states[:: max(1, len(states) // 15)]:
        json.loads(json.dumps(engine.view(state, None)))
        for seat in (0, 1):
            view = engine.view(state, seat)
            assert json.loads(json.dumps(view)) == view
            timeout = engine.timeout_action(state, seat)
            if seat in engine.to_act(state):
                assert timeout in engine.legal_actions(state, seat)
            else:
                assert timeout is None


def test_replaying_the_seed_and_the_log_rebuilds_every_state():
    for engine, options in (TABLES[3], TABLES[5]):
        log, states = play_out(engine, options, SEEDS[0])
        state = engine.start(engine.Options(**options), 2, Rng(SEEDS[0], "game", 0))
        assert state == states[0]
        for n, action in enumerate(log, start=1):
            (seat,) = engine.to_act(state)
            state = engine.apply(state, seat, action, Rng(SEEDS[0], "game", n))
            assert state == states[n]


def test_engines_are_listed_with_their_contract():
    assert [(e.slug, e.name, e.min_seats, e.max_seats) for e in ENGINES] == [
        ("tavli", "Tavli", 2, 2),
        ("backgammon", "Backgammon", 2, 2),
    ]
    with pytest.raises(ValueError):
        TAVLI.start(TAVLI.Options(), 3, Rng(SEED, "x", 0))


def test_spectators_see_no_actions_and_nothing_of_the_future():
    state = BACKGAMMON.start(BACKGAMMON.Options(), 2, Rng(SEED, "v", 0))
    view = BACKGAMMON.view(state, None)
    assert view["actions"] == [] and view["seat"] is None
    assert "seed" not in json.dumps(view)
    mover = state["turn"]
    assert BACKGAMMON.view(state, mover)["actions"] == BACKGAMMON.legal_actions(state, mover)
    assert BACKGAMMON.view(state, 1 - mover)["actions"] == []


START = {24: 2, 13: 5, 8: 3, 6: 5}


@pytest.mark.parametrize(
    "action",
    [
        "play",
        None,
        {},
        {"type": 3},
        {"type": "fly"},
        {"type": "play"},
        {"type": "play", "moves": "24/18"},
        {"type": "play", "moves": [[24]]},
        {"type": "play", "moves": [[True, 23]]},
        {"type": "play", "moves": [["24", "21"], ["24", "23"]]},
        {"type": "double"},
        {"type": "take"},
    ],
)
def test_malformed_or_untimely_actions_are_refused(action):
    state = position("short", START, START, (3, 1))
    with pytest.raises(ActionRefused):
        BACKGAMMON.apply(state, 0, action, Rng(SEED, "i", 1))


def test_wrong_seat_incomplete_and_illegal_plays_are_refused():
    state = position("short", START, START, (3, 1))
    rng = Rng(SEED, "i", 1)
    with pytest.raises(IllegalAction, match="not your turn"):
        BACKGAMMON.apply(state, 1, {"type": "play", "moves": [[8, 5], [6, 5]]}, rng)
    with pytest.raises(IllegalAction, match="whole roll"):
        BACKGAMMON.apply(state, 0, {"type": "play", "moves": [[8, 5]]}, rng)
    with pytest.raises(IllegalAction, match="Too many"):
        BACKGAMMON.apply(state, 0, {"type": "play", "moves": [[8, 5], [6, 5], [6, 5]]}, rng)
    with pytest.raises(IllegalAction, match="not a legal play"):
        BACKGAMMON.apply(state, 0, {"type": "play", "moves": [[8, 4], [6, 5]]}, rng)
    after = BACKGAMMON.apply(state, 0, {"type": "play", "moves": [[6, 5], [8, 5]]}, rng)
    assert after["board"][0][5] == 2 and after["turn"] == 1


def test_a_roll_that_cannot_be_played_passes_the_turn():
    # Seat 0 sits on the bar against a closed board: its roll passes straight back.
    closed = {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 13: 3}
    state = position("portes", closed, {25: 1, 24: 2, 13: 4, 8: 3, 6: 5}, (6, 5), turn=1)
    after = TAVLI.apply(state, 1, {"type": "play", "moves": [[13, 7], [13, 8]]}, Rng(SEED, "p", 1))
    assert after["turn"] == 1 and after["phase"] == "play"
    assert after["recent"][-1]["seat"] == 0 and after["recent"][-1]["moves"] == []
    assert after["recent"][-2] == {"seat": 1, "dice": [6, 5], "moves": [[13, 7], [13, 8]]}


def test_the_view_maps_each_seats_points_onto_the_common_board():
    state = TAVLI.start(TAVLI.Options(variant="fevga"), 2, Rng(SEED, "m", 0))
    numbering = TAVLI.view(state, 0)["numbering"]
    assert numbering[0][24] == 24 and numbering[1][24] == 12 and numbering[1][13] == 1
    state = BACKGAMMON.start(BACKGAMMON.Options(), 2, Rng(SEED, "m", 0))
    view = BACKGAMMON.view(state, None)
    assert BACKGAMMON.view(state, None)["numbering"][1][24] == 1
    assert view["points"][0]["checkers"] == [0, 2] and view["points"][23]["checkers"] == [2, 0]
    assert view["pips"] == [167, 167]
