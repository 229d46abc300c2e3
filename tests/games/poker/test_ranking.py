"""Hand ranking edge cases, each variant's own, through the ranking the engine uses."""

from __future__ import annotations

import random

import pytest

from games.poker.hand import (
    HOLDEM,
    OMAHA,
    OMAHA5,
    SHORT_DECK_HOLDEM,
    best_hand,
    hand_name,
    to_kit,
)


def name(variant, hole, board):
    return hand_name(best_hand(variant, hole.split(), board.split()))


def test_the_wheel_is_a_straight_and_the_lowest_one():
    assert name(HOLDEM, "AS 2D", "3C 4H 5S 9D KC") == "Straight"
    wheel = best_hand(HOLDEM, ["AS", "2D"], ["3C", "4H", "5S", "9D", "KC"])
    six_high = best_hand(HOLDEM, ["6S", "2D"], ["3C", "4H", "5S", "9D", "KC"])
    assert wheel < six_high


def test_a_straight_never_wraps_round_the_ace():
    assert name(HOLDEM, "QS KD", "AC 2H 3S 8D 9C") == "High card"


def test_omaha_uses_exactly_two_cards_from_the_hand():
    # Four hearts in the hand and one on the board: no flush (only two from the hand).
    assert name(OMAHA, "AH KH QH JH", "2H 7C 8D 9S 3C") != "Flush"
    # Four of a suit on the board and one in the hand: no flush either.
    assert name(OMAHA, "AH 2C 3D 4S", "KH QH JH 9H 5C") != "Flush"
    # Two from the hand: the flush is there.
    assert name(OMAHA, "AH 2H 3D 4S", "KH QH 7C 9H 5C") == "Flush"
    # Hold'em would play the board's four hearts with one from the hand.
    assert name(HOLDEM, "AH 2C", "KH QH JH 9H 5C") == "Flush"


def test_five_card_omaha_still_takes_two_from_the_hand():
    assert name(OMAHA5, "AH KH QH JH TH", "2H 7C 8D 9S 3C") != "Flush"
    assert name(OMAHA5, "AH KH 2C 3D 4S", "QH JH TC 9S 3C") == "Straight"


def test_short_deck_ranks_a_flush_over_a_full_house():
    flush = best_hand(SHORT_DECK_HOLDEM, ["AH", "7H"], ["9H", "JH", "6H", "KS", "KD"])
    full = best_hand(SHORT_DECK_HOLDEM, ["KC", "9C"], ["9H", "JH", "6H", "KS", "KD"])
    assert (hand_name(flush), hand_name(full)) == ("Flush", "Full house")
    assert full < flush
    # Hold'em ranks them the other way round.
    assert best_hand(HOLDEM, ["AH", "7H"], ["9H", "JH", "6H", "KS", "KD"]) < best_hand(
        HOLDEM, ["KC", "9C"], ["9H", "JH", "6H", "KS", "KD"]
    )


def test_short_deck_plays_a_six_to_nine_with_the_ace_as_a_straight():
    assert name(SHORT_DECK_HOLDEM, "AS 6D", "7C 8H 9S JD KC") == "Straight"
    low = best_hand(SHORT_DECK_HOLDEM, ["AS", "6D"], ["7C", "8H", "9S", "JD", "KC"])
    ten_high = best_hand(SHORT_DECK_HOLDEM, ["TS", "6D"], ["7C", "8H", "9S", "JD", "KC"])
    assert low < ten_high


@pytest.mark.parametrize(
    "variant", [HOLDEM, OMAHA, OMAHA5, SHORT_DECK_HOLDEM], ids=lambda v: v.slug
)
def test_the_remembered_ranking_orders_hands_as_pokerkit_ranks_them(variant):
    """The engine asks PokerKit's lookup once per kind of five cards and remembers it: over
    random deals it must order and tie every pair of hands as PokerKit's own `from_game`."""
    deals = random.Random(21)
    for _ in range(150):
        cards = deals.sample(variant.deck, 2 * variant.hole_cards + 5)
        board = cards[:5]
        holes = [cards[5 : 5 + variant.hole_cards], cards[5 + variant.hole_cards :]]
        ours = [best_hand(variant, hole, board) for hole in holes]
        theirs = [
            variant.hand_type.from_game("".join(map(to_kit, hole)), "".join(map(to_kit, board)))
            for hole in holes
        ]
        assert (ours[0] < ours[1], ours[0] == ours[1]) == (
            theirs[0] < theirs[1],
            theirs[0] == theirs[1],
        )
        assert [hand_name(h) for h in ours] == [str(h).split(" (")[0] for h in theirs]
