"""Koum-kan's turn: the draw, melding, laying off (with the joker taken back), the
mandatory discard and going out; each of the text's examples is a test."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction
from games.rummy.cards import JOKER
from games.rummy.rules import KOUM_KAN
from tests.games.rummy.support import crafted, game_rng

X = JOKER
RNG = game_rng("koum-kan", 1)


def act(state, seat, **move):
    return KOUM_KAN.apply(state, seat, KOUM_KAN.parse_action(move), RNG)


def run_of(low, suit, cards):
    return {"kind": "run", "suit": suit, "low": low, "cards": cards}


def group_of(rank, cards):
    return {"kind": "group", "suit": "", "low": rank, "cards": cards}


def test_the_deal_ten_each_one_face_up_and_the_rest_the_stock():
    state = KOUM_KAN.start(KOUM_KAN.Options(), 3, game_rng("deal", 0))
    assert [len(h) for h in state["hands"]] == [10, 10, 10]
    assert len(state["discard"]) == 1 and len(state["stock"]) == 108 - 31
    assert state["turn"] == (state["dealer"] + 1) % 3


def test_draw_from_the_stock_or_the_discard_pile():
    state = crafted(KOUM_KAN, [["2C"] * 2 + ["9D"], ["3H", "4H"]], phase="draw")
    top = state["discard"][-1]
    taken = act(state, 0, type="draw", **{"from": "discard"})
    assert taken["hands"][0][-1] == top and taken["discard"] == [] and taken["taken"] == top
    drawn = act(state, 0, type="draw", **{"from": "stock"})
    assert (
        drawn["hands"][0][-1] == state["stock"][-1]
        and len(drawn["stock"]) == len(state["stock"]) - 1
    )
    with pytest.raises(IllegalAction, match="Draw a card first"):
        act(state, 0, type="discard", card="9D")


def test_meld_a_run_and_then_a_group():
    state = crafted(KOUM_KAN, [["4C", "5C", "6C", "7D", "7H", "7S", "KD"], ["3H"]])
    state = act(state, 0, type="meld", kind="run", cards=["6C", "4C", "5C"])
    assert state["melds"] == [run_of(4, "C", ["4C", "5C", "6C"])] and state["melded"][0]
    state = act(state, 0, type="meld", kind="group", cards=["7S", "7D", "7H"])
    assert state["melds"][1] == group_of(7, ["7D", "7H", "7S"])
    assert state["hands"][0] == ["KD"]


def test_a_meld_that_is_no_combination_is_refused():
    state = crafted(KOUM_KAN, [["4C", "5C", "7C", "KD"], ["3H"]])
    with pytest.raises(IllegalAction, match="A run is"):
        act(state, 0, type="meld", kind="run", cards=["4C", "5C", "7C"])
    with pytest.raises(IllegalAction, match="do not hold"):
        act(state, 0, type="meld", kind="run", cards=["4C", "5C", "6C"])


def test_the_discard_is_mandatory_so_a_meld_of_every_card_is_refused():
    # "if the player holds only two cards a combination with the picked up card cannot be
    # formed because no card would be available to discard"
    state = crafted(KOUM_KAN, [["4C", "5C", "6C"], ["3H"]])
    with pytest.raises(IllegalAction, match="discard is mandatory"):
        act(state, 0, type="meld", kind="run", cards=["4C", "5C", "6C"])
    melds = [run_of(4, "C", ["4C", "5C", "6C"])]
    state = crafted(KOUM_KAN, [["7C"], ["3H"]], melds=melds, melded=[True, False])
    with pytest.raises(IllegalAction, match="discard is mandatory"):
        act(state, 0, type="lay", meld=0, card="7C")


def test_only_laying_off_with_two_cards_then_the_discard_goes_out():
    melds = [run_of(4, "C", ["4C", "5C", "6C"])]
    state = crafted(KOUM_KAN, [["7C", "9S"], ["3H", "QS"]], melds=melds, melded=[True, False])
    state = act(state, 0, type="lay", meld=0, card="7C")
    assert state["melds"][0]["cards"] == ["4C", "5C", "6C", "7C"]
    state = act(state, 0, type="discard", card="9S")
    # Going out ends the hand at once: the other player's cards are counted.
    assert state["history"][0]["winner"] == 0 and state["history"][0]["points"] == [0, 13]
    assert state["scores"] == [0, 13] and state["hand"] == 2


def test_lay_off_extends_a_run_at_either_end():
    # "to the 4 of Clubs, 5 of Clubs, 6 of Clubs you could add the 3 of Clubs or the 7"
    melds = [run_of(4, "C", ["4C", "5C", "6C"])]
    state = crafted(KOUM_KAN, [["3C", "7C", "8C", "KD"], ["3H"]], melds=melds, melded=[True, False])
    low = act(state, 0, type="lay", meld=0, card="3C")
    assert low["melds"][0] == run_of(3, "C", ["3C", "4C", "5C", "6C"])
    high = act(state, 0, type="lay", meld=0, card="7C")
    assert high["melds"][0] == run_of(4, "C", ["4C", "5C", "6C", "7C"])
    with pytest.raises(IllegalAction, match="does not fit"):
        act(state, 0, type="lay", meld=0, card="8C")


def test_no_rearranging_the_two_of_spades_stays_in_its_group():
    # The text's example: 2C 2H 2D 2S and 3S 4S 5S melded; the ace of spades does not fit.
    melds = [group_of(2, ["2C", "2D", "2H", "2S"]), run_of(3, "S", ["3S", "4S", "5S"])]
    state = crafted(KOUM_KAN, [["AS", "KD"], ["3H"]], melds=melds, melded=[True, False])
    for index in (0, 1):
        with pytest.raises(IllegalAction, match="does not fit"):
            act(state, 0, type="lay", meld=index, card="AS")


def test_a_card_laid_in_a_jokers_place_takes_the_joker_back():
    # "it can lay off the 3 of Clubs in a 2 of Clubs, Joker, 4 of Clubs combination"
    melds = [run_of(2, "C", ["2C", X, "4C"])]
    state = crafted(KOUM_KAN, [["3C", "KD"], ["3H"]], melds=melds, melded=[True, False])
    state = act(state, 0, type="lay", meld=0, card="3C")
    assert state["melds"][0]["cards"] == ["2C", "3C", "4C"]
    assert sorted(state["hands"][0]) == ["KD", X]


def test_a_card_in_a_groups_joker_place_takes_the_joker_back():
    melds = [group_of(7, ["7C", "7H", X])]
    state = crafted(KOUM_KAN, [["7D", "7C", "KD"], ["3H"]], melds=melds, melded=[True, False])
    laid = act(state, 0, type="lay", meld=0, card="7D")
    assert laid["melds"][0]["cards"] == ["7C", "7H", "7D"] and X in laid["hands"][0]
    with pytest.raises(IllegalAction, match="does not fit"):
        act(state, 0, type="lay", meld=0, card="7C")  # that suit is there already


def test_a_joker_is_laid_off_wherever_a_card_could_be():
    melds = [run_of(11, "H", ["JH", "QH", "KH"]), group_of(9, ["9C", "9D", "9H", "9S"])]
    state = crafted(KOUM_KAN, [[X, "KD"], ["3H"]], melds=melds, melded=[True, False])
    below = act(state, 0, type="lay", meld=0, card=X)
    assert below["melds"][0] == run_of(10, "H", [X, "JH", "QH", "KH"])
    with pytest.raises(IllegalAction, match="does not fit"):
        act(state, 0, type="lay", meld=1, card=X)  # a full group


def test_no_laying_off_before_ones_own_first_meld():
    # Recent rule change: "A card cannot be laid off ... unless the player has melded".
    melds = [run_of(4, "C", ["4C", "5C", "6C"])]
    state = crafted(
        KOUM_KAN, [["7C", "8D", "8H", "8S", "KD"], ["3H"]], melds=melds, melded=[False, True]
    )
    with pytest.raises(IllegalAction, match="combination of your own"):
        act(state, 0, type="lay", meld=0, card="7C")
    state = act(state, 0, type="meld", kind="group", cards=["8D", "8H", "8S"])
    state = act(state, 0, type="lay", meld=0, card="7C")  # now it may
    assert state["hands"][0] == ["KD"]


def test_out_of_turn_and_after_the_draw():
    state = crafted(KOUM_KAN, [["7C", "KD"], ["3H", "4H"]])
    with pytest.raises(IllegalAction, match="not your turn"):
        act(state, 1, type="discard", card="3H")
    with pytest.raises(IllegalAction, match="drawn already"):
        act(state, 0, type="draw", **{"from": "stock"})


def test_apply_leaves_its_input_alone():
    state = crafted(KOUM_KAN, [["4C", "5C", "6C", "KD"], ["3H"]])
    before = repr(state)
    act(state, 0, type="meld", kind="run", cards=["4C", "5C", "6C"])
    assert repr(state) == before
