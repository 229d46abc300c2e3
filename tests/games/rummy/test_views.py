"""What each seat and a spectator see: their own hand only, never the stock's order or
another hand; and the parsing of moves."""

from __future__ import annotations

import json

import pytest

from games.engine import MalformedAction
from games.rummy.rules import ENGINES, KOUM_KAN
from tests.games.rummy.support import play_game


def hidden_from(state, seat):
    """Card lists the viewer may not see: the stock and every other hand."""
    secrets = [state["stock"]]
    secrets += [hand for s, hand in enumerate(state["hands"]) if s != seat and hand]
    return secrets


def leaked(view, state, seat) -> bool:
    text = json.dumps(view)
    if state["stock"] and json.dumps(state["stock"]) in text:
        return True
    return any(json.dumps(h) in text for h in hidden_from(state, seat)[1:] if len(h) > 1)


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
def test_views_hold_no_other_hand_and_no_stock(engine):
    _, _, states = play_game(engine, 3, f"{engine.slug}-views", target=51)
    for state in states[::5]:
        for seat in (0, 1, 2, None):
            view = engine.view(state, seat)
            assert "stock" not in view and "hands" not in view
            if seat is None:
                assert view["hand"] is None
            else:
                assert sorted(view["hand"]) == sorted(state["hands"][seat])
            assert not leaked(view, state, seat)
            assert view["hand_sizes"] == [len(h) for h in state["hands"]]


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "draw", "from": "deck"},
        {"type": "draw", "from": "stock", "extra": 1},
        {"type": "meld", "kind": "run", "cards": "4C5C6C"},
        {"type": "meld", "kind": "row", "cards": ["4C", "5C", "6C"]},
        {"type": "meld", "kind": "run", "cards": ["4C"] * 14},
        {"type": "lay", "meld": True, "card": "4C"},
        {"type": "lay", "meld": 1.0, "card": "4C"},
        {"type": "lay", "meld": -1, "card": "4C"},
        {"type": "discard", "card": "1C"},
        {"type": "shout"},
        ["discard", "4C"],
    ],
)
def test_malformed_moves_are_refused_without_echo(raw):
    with pytest.raises(MalformedAction) as refused:
        KOUM_KAN.parse_action(raw)
    assert "deck" not in refused.value.reason and "shout" not in refused.value.reason


def test_a_parsed_move_parses_to_itself():
    for move in (
        {"type": "draw", "from": "discard"},
        {"type": "meld", "kind": "group", "cards": ["7C", "7D", "XX"]},
        {"type": "lay", "meld": 3, "card": "XX"},
        {"type": "out", "card": "KS"},
    ):
        assert KOUM_KAN.parse_action(KOUM_KAN.parse_action(move)) == move
