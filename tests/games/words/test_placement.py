"""Placements the rules refuse (003, "To create new words"), each with its reason, and the
word list's judgement; nothing changes on a refusal."""

from __future__ import annotations

import copy

import pytest

from games.engine import IllegalAction, MalformedAction
from games.words.rules import WORDFALL
from tests.games.words.support import across, board_with, place, rng, state

CAT = board_with((7, 6, "across", "CAT"))


def refused(game, action, seat=0) -> str:
    before = copy.deepcopy(game)
    with pytest.raises(IllegalAction) as refusal:
        WORDFALL.apply(game, seat, action, rng(1))
    assert game == before
    return refusal.value.reason


def test_the_first_word_must_cover_the_centre():
    game = state(racks=[list("CATEEEE"), list("EEEEEEE")])
    assert "centre" in refused(game, across(3, 3, "CAT"))


def test_a_first_move_of_one_tile_makes_no_word():
    game = state(racks=[list("AEEEEEE"), list("EEEEEEE")])
    assert "two letters" in refused(game, place((7, 7, "A")))


def test_tiles_must_not_leave_a_gap():
    game = state(racks=[list("CATEEEE"), list("EEEEEEE")])
    assert "gap" in refused(game, place((7, 6, "C"), (7, 7, "A"), (7, 9, "T")))


def test_an_existing_tile_may_fill_the_gap():
    # C _ T with the A already on the board: CAT, a bridge (rule 5).
    game = state(racks=[list("CTEEEEE"), list("EEEEEEE")], board=board_with((7, 7, "across", "A")))
    after = WORDFALL.apply(game, 0, place((7, 6, "C"), (7, 8, "T")), rng(1))
    assert after["history"][-1]["words"] == [["CAT", 5]]


def test_tiles_go_in_one_line():
    game = state(racks=[list("CATEEEE"), list("EEEEEEE")])
    assert "one row or one column" in refused(game, place((7, 7, "C"), (8, 8, "A")))


def test_a_new_word_joins_the_tiles_on_the_board():
    game = state(racks=[list("DOGEEEE"), list("EEEEEEE")], board=CAT)
    assert "join" in refused(game, across(1, 1, "DOG"))


def test_a_tile_goes_on_an_empty_square_only():
    game = state(racks=[list("SEEEEEE"), list("EEEEEEE")], board=CAT)
    assert "empty square" in refused(game, place((7, 7, "S")))


def test_every_word_formed_must_be_in_the_list():
    game = state(racks=[list("QZXEEEE"), list("EEEEEEE")])
    assert "QZX is not in the word list" in refused(game, across(7, 6, "QZX"))
    # The main word is fine but a cross word is not: CATS over ZZ... A Z under the A of
    # CAT makes AZ down, no word.
    game = state(racks=[list("ZEEEEEE"), list("EEEEEEE")], board=CAT)
    assert "AZ is not in the word list" in refused(game, place((8, 7, "Z")))


def test_the_rack_must_hold_the_tiles():
    game = state(racks=[list("CAEEEEE"), list("EEEEEEE")])
    assert "rack" in refused(game, across(7, 6, "CAT"))
    # A lower-case letter is a blank: without one on the rack it is refused.
    assert "rack" in refused(game, across(7, 6, "cAE"))


def test_two_tiles_on_one_square_and_out_of_turn_are_refused():
    game = state(racks=[list("CATEEEE"), list("EEEEEEE")])
    assert "one square" in refused(game, place((7, 7, "C"), (7, 7, "A")))
    assert "not your turn" in refused(game, across(7, 6, "CAT"), seat=1)


def test_an_exchange_needs_seven_tiles_in_the_bag():
    game = state(racks=[list("CATEEEE"), list("EEEEEEE")], bag=list("ABCDEF"))
    assert "seven or more" in refused(game, {"type": "exchange", "tiles": ["C"]})
    game = state(racks=[list("CATEEEE"), list("EEEEEEE")], bag=list("ABCDEFG"))
    after = WORDFALL.apply(game, 0, {"type": "exchange", "tiles": ["C", "A"]}, rng(1))
    assert sorted(after["bag"] + after["racks"][0]) == sorted(game["bag"] + game["racks"][0])
    assert after["passes"] == 1 and after["turn"] == 1


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "place", "tiles": []},
        {"type": "place", "tiles": [[7, 7, "AB"]]},
        {"type": "place", "tiles": [[7, 15, "A"]]},
        {"type": "place", "tiles": [[True, 7, "A"]]},
        {"type": "place", "tiles": [[7.0, 7, "A"]]},
        {"type": "place", "tiles": [[7, 7, "1"]]},
        {"type": "place", "tiles": [[7, 7, "A"]] * 8},
        {"type": "exchange", "tiles": ["a"]},
        {"type": "exchange"},
        {"type": "pass", "tiles": ["A"]},
        {"type": "swap", "tiles": ["A"]},
    ],
)
def test_malformed_moves_are_refused_without_echo(raw):
    with pytest.raises(MalformedAction) as refusal:
        WORDFALL.parse_action(raw)
    assert "AB" not in refusal.value.reason.replace("A move", "")


def test_parsing_is_idempotent():
    for raw in (across(7, 6, "cAT"), {"type": "exchange", "tiles": ["?", "A"]}, {"type": "pass"}):
        parsed = WORDFALL.parse_action(raw)
        assert WORDFALL.parse_action(parsed) == parsed == raw
