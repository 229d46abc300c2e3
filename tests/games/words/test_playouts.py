"""Whole games of computer players, who play the best legal word they find: every tile
stays accounted for, scores add up, the game ends, and the log replays to the same
states. Every view hides the bag and the other racks."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.rng import Rng
from games.words.rules import WORDFALL, WordsOptions
from games.words.tiles import ENGLISH

GAMES = [(2, "standard"), (3, "special"), (4, "random")]
MOVES_AT_MOST = 200


def tiles_of(state) -> Counter:
    """Every tile in play: the bag, the racks, the board (a blank played counts as ?)."""
    counted = Counter(state["bag"])
    for rack in state["racks"]:
        counted.update(rack)
    counted.update("?" if t.islower() else t for t in state["board"] if t != ".")
    return counted


def playout(seats: int, board: str, seed: bytes):
    state = WORDFALL.start(WordsOptions(board=board), seats, Rng(seed, "game:1", 0))
    states, log = [state], []
    for seq in range(1, MOVES_AT_MOST):
        if WORDFALL.outcome(state) is not None:
            return states, log
        (seat,) = WORDFALL.to_act(state)
        action = WORDFALL.bot_action(state, seat, Rng(seed, "bot:1", seq))
        assert WORDFALL.parse_action(action) == action
        state = WORDFALL.apply(state, seat, action, Rng(seed, "game:1", seq))
        states.append(state)
        log.append((seat, action))
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module", params=GAMES, ids=[f"{s}-{b}" for s, b in GAMES])
def game(request):
    seats, board = request.param
    seed = bytes([seats]) * 32
    return seats, board, seed, *playout(seats, board, seed)


def test_a_game_of_computer_players_ends_with_every_tile_accounted_for(game):
    seats, _, _, states, log = game
    whole = Counter(ENGLISH.bag())
    for state in states:
        assert tiles_of(state) == whole
        assert all(len(rack) <= 7 for rack in state["racks"])
    final = states[-1]
    outcome = WORDFALL.outcome(final)
    assert outcome is not None and WORDFALL.to_act(final) == set()
    assert len(outcome.points) == len(outcome.placing) == seats
    assert any(action["type"] == "place" for _, action in log)
    # Scores: the moves' scores, then the end's deductions and bonus.
    result = final["result"]
    for seat in range(seats):
        made = sum(r["score"] for r in final["history"] if r["seat"] == seat)
        bonus = result["bonus"] if seat == result["out"] else 0
        assert final["scores"][seat] == made + bonus - result["racks"][seat] - result["time"][seat]
    assert sum(result["racks"]) == result["bonus"] or result["out"] is None


def test_the_log_replays_to_the_same_states(game):
    seats, board, seed, states, log = game
    state = WORDFALL.start(WordsOptions(board=board), seats, Rng(seed, "game:1", 0))
    assert state == states[0]
    for seq, (seat, action) in enumerate(log, start=1):
        state = WORDFALL.apply(state, seat, action, Rng(seed, "game:1", seq))
        assert state == states[seq]


def test_no_view_holds_the_bag_or_another_rack(game):
    seats, _, _, states, _ = game
    for state in states:
        for viewer in [*range(seats), None]:
            view = WORDFALL.view(state, viewer)
            text = json.dumps(view)
            assert view["rack"] == (None if viewer is None else state["racks"][viewer])
            assert "racks" not in view and "bag" not in view
            assert view["bag_size"] == len(state["bag"])
            if len(state["bag"]) >= 7:  # a shorter bag's order could match by chance
                assert json.dumps(state["bag"]) not in text
            for other in set(range(seats)) - {viewer}:
                rack = state["racks"][other]
                if len(rack) >= 5 and (viewer is None or rack != state["racks"][viewer]):
                    assert json.dumps(rack) not in text


def test_views_stay_small(game):
    _, _, _, states, _ = game
    assert max(len(json.dumps(WORDFALL.view(s, 0))) for s in states) < 8_000
