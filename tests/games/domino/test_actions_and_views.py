"""Parsing moves, refusing the ones the rules forbid, and what each seat is shown."""

from __future__ import annotations

import json

import pytest

from games.domino.rules import BLOCK, DOMINOES, ENGINES, FIVES, THREES
from games.engine import ActionRefused, IllegalAction, MalformedAction

from .hidden import hidden_from, leaked
from .support import game_rng, play_game, position

HUGE = "x" * 10_000


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
def test_every_legal_move_parses_to_itself(engine):
    options = {"points": 51, "multi_pair": True} if engine.divisor else {"points": 51}
    state = engine.start(engine.Options(**options), 2, game_rng("parse", 0))
    for seq in range(1, 80):
        if engine.outcome(state) is not None:
            break
        (seat,) = engine.to_act(state)
        for action in engine.legal_actions(state, seat):
            assert engine.parse_action(action) == action
            assert engine.parse_action(json.loads(json.dumps(action))) == action
            assert engine.is_legal(state, seat, action)
        action = engine.bot_action(state, seat, game_rng("parse-bot", seq))
        state = engine.apply(state, seat, action, game_rng("parse", seq))


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "play", "bone": [1, 2]},
        {"type": "play", "bone": [1, 2], "end": "left", "x": 1},
        {"type": "play", "bone": [1, True], "end": "left"},
        {"type": "play", "bone": [1, 2.0], "end": "left"},
        {"type": "play", "bone": [1, 7], "end": "left"},
        {"type": "play", "bone": [1, -1], "end": "left"},
        {"type": "play", "bone": [1, 2, 3], "end": "left"},
        {"type": "play", "bone": "1:2", "end": "left"},
        {"type": "play", "bone": [1, 2], "end": "middle"},
        {"type": "play", "bone": [1, 2], "end": HUGE},
        {"type": "draw"},
        {"type": "pass"},
        {"type": "pairs", "doubles": [{"double": 1, "end": "left"}]},
        {"type": "pairs", "doubles": [{"double": 1, "end": "left"}] * 5},
        {"type": "pairs", "doubles": [{"double": 1, "end": "left"}, {"double": 1, "end": "right"}]},
        {"type": "pairs", "doubles": [{"double": 1, "end": "left"}, {"double": 2, "end": "left"}]},
        {
            "type": "pairs",
            "doubles": [{"double": 1, "end": "center"}, {"double": 2, "end": "left"}],
        },
        {"type": "pairs", "doubles": [{"double": 1, "end": "left"}, {"double": 2}]},
        {"type": "pairs", "doubles": "all"},
        {"type": HUGE},
    ],
)
def test_what_is_no_move_is_malformed_and_never_echoed(raw):
    with pytest.raises(MalformedAction) as refused:
        DOMINOES.parse_action(raw)
    assert HUGE[:50] not in refused.value.reason and len(refused.value.reason) < 200


def test_a_bone_is_read_either_way_round_and_pairs_in_the_order_of_the_ends():
    assert DOMINOES.parse_action({"type": "play", "bone": [5, 2], "end": "left"}) == {
        "type": "play",
        "bone": [2, 5],
        "end": "left",
    }
    parsed = DOMINOES.parse_action(
        {"type": "pairs", "doubles": [{"end": "south", "double": 6}, {"double": 0, "end": "left"}]}
    )
    assert parsed["doubles"] == [{"double": 0, "end": "left"}, {"double": 6, "end": "south"}]


def test_moves_the_rules_forbid_are_illegal():
    state = position(DOMINOES, [[[1, 2], [3, 3]], [[6, 6], [0, 5]]], line=[[4, 1]], turn=0)
    refused = [
        (1, {"type": "play", "bone": [6, 6], "end": "left"}),  # not your turn
        (0, {"type": "play", "bone": [6, 6], "end": "left"}),  # not your bone
        (0, {"type": "play", "bone": [3, 3], "end": "left"}),  # does not match
        (0, {"type": "play", "bone": [1, 2], "end": "north"}),  # no cross yet
        (0, {"type": "play", "bone": [1, 2], "end": "center"}),  # the line is started
        (
            0,
            {
                "type": "pairs",
                "doubles": [{"double": 3, "end": "left"}, {"double": 1, "end": "right"}],
            },
        ),
        (2, {"type": "play", "bone": [1, 2], "end": "right"}),  # no such seat
    ]
    before = json.dumps(state)
    for seat, action in refused:
        with pytest.raises(IllegalAction):
            DOMINOES.apply(state, seat, action, game_rng("t", 1))
        assert not DOMINOES.is_legal(state, seat, action)
    assert json.dumps(state) == before
    over = DOMINOES.forfeit(state, 1)
    with pytest.raises(ActionRefused):
        DOMINOES.apply(over, 0, {"type": "play", "bone": [1, 2], "end": "right"}, game_rng("t", 1))


@pytest.mark.parametrize("engine", [DOMINOES, FIVES, THREES, BLOCK], ids=lambda e: e.slug)
def test_no_view_shows_the_other_hand_or_the_reserve(engine):
    options = {"points": 101, "winner_gets_all": True}

    def check(before, after):
        for seat in (0, 1, None):
            view = engine.view(after, seat)
            assert leaked(view, hidden_from(after, seat)) == set(), seat
            assert view["hand"] == (None if seat is None else after["hands"][seat])
            assert view["hand_sizes"] == [len(h) for h in after["hands"]]
            assert "reserve" not in json.dumps(view["layout"])

    final, _ = play_game(engine, options, f"views-{engine.slug}", check=check)
    assert len(final["results"]) >= 1


def test_the_view_names_the_ends_and_the_reserve_count():
    state = position(FIVES, [[[1, 2]], [[6, 6]]], line=[[4, 5], [5, 5], [5, 1]], cross=1, turn=0)
    view = FIVES.view(state, 0)
    assert view["ends"] == [
        {"end": "left", "number": 4},
        {"end": "right", "number": 1},
        {"end": "north", "number": 5},
        {"end": "south", "number": 5},
    ]
    assert view["open_count"] == 5
    assert view["reserve"] == len(state["reserve"]) == 23
    assert view["seat"] == 0 and view["turn"] == 0


def test_a_lapsed_step_time_plays_for_the_seat():
    state = position(DOMINOES, [[[1, 2], [6, 6]], [[0, 5]]], line=[[4, 1]], turn=0)
    assert DOMINOES.timeout_action(state, 0) == {"type": "play", "bone": [1, 2], "end": "right"}
    assert DOMINOES.timeout_action(state, 1) is None


def test_the_bot_scores_when_it_can():
    state = position(FIVES, [[[0, 5], [1, 5], [6, 6]], [[2, 2]]], line=[[5, 5]], cross=0, turn=0)
    # 0:5 on the cross scores 10 + 0; 1:5 sheds more pips but leaves 11, which scores nothing.
    assert FIVES.bot_action(state, 0, game_rng("bot", 1))["bone"] == [0, 5]
