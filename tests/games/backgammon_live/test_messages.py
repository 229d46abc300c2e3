"""What the board is sent: enough to build a play step by step, and nothing to act on for
anyone but the seat to move."""

from __future__ import annotations

import pytest

from games import messages
from tests.games.two_seats import mover

pytestmark = pytest.mark.django_db


def test_the_seat_to_move_gets_its_plays_and_what_the_board_needs(start_table, players):
    options = {"variant": "nack", "points": 1, "reroll": "one", "reroll_times": 2}
    game, _ = start_table("backgammon", options, players=players)
    seat = mover(game)

    mine = messages.state_message(game, seat)
    plays = [action for action in mine["legal"] if action["type"] == "play"]
    assert plays and all(len(p["moves"]) == len(plays[0]["moves"]) for p in plays)
    assert {"type": "reroll", "dice": "one", "die": 0} in mine["legal"]
    view = mine["view"]
    assert view["movement"] == {"contact": "hit", "entry": "bar"}
    assert view["reroll_fee_bp"] == 1000 and view["rerolls_left"] == [2, 2]
    assert view["variant_name"] == "Nack backgammon"
    # The tree the board builds a play along, ending in the listed plays.
    tree = view["steps"]
    assert tree["length"] == len(plays[0]["moves"]) and tree["nodes"][0]["steps"]
    ends = {node["play"] for node in tree["nodes"] if "play" in node}
    assert ends == set(range(len(plays)))

    for position in (1 - seat, None):
        waiting = messages.state_message(game, position)
        assert waiting["legal"] == [] and waiting["view"]["actions"] == []
        assert waiting["view"]["steps"] is None
        assert waiting["view"]["boards"] == view["boards"]
