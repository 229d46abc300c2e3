"""The computer player: it takes the discard only to put a combination down at once, keeps
jokers, throws the costliest loose card, and goes out in Thanasis when it can."""

from __future__ import annotations

from games.rummy import bots
from games.rummy.cards import JOKER, only_jokers


def test_takes_the_discard_only_for_a_combination_it_can_put_down():
    assert bots.draw(["4C", "5C", "KD"], "6C", only_jokers, 10) == {
        "type": "draw",
        "from": "discard",
    }
    # With two cards a combination of three leaves nothing to discard: the stock.
    assert bots.draw(["4C", "5C"], "6C", only_jokers, 10) == {"type": "draw", "from": "stock"}
    assert bots.draw(["4C", "9H", "KD"], "6C", only_jokers, 10) == {"type": "draw", "from": "stock"}


def test_throws_the_costliest_loose_card_and_keeps_the_joker():
    assert bots.throw(["4C", "5C", "6C", "KD", "2H", JOKER], only_jokers, 10) == "KD"


def test_melds_then_lays_off_keeping_a_card():
    move = bots.meld_or_lay(["4C", "5C", "6C", "KD"], [], False, lambda m, c: False, only_jokers)
    assert move == {"type": "meld", "kind": "run", "cards": ["4C", "5C", "6C"]}
    assert bots.meld_or_lay(["KD"], [], True, lambda m, c: True, only_jokers) is None


def test_goes_out_when_ten_cards_make_combinations():
    def fives(card: str) -> bool:
        return card == JOKER or card[0] == "5"

    hand = ["4C", "5C", "6C", "7C", "7D", "7H", "7S", "JH", "QH", "5D", "KC"]
    assert bots.going_out(hand, fives, 1) == "KC"
    assert bots.going_out([*hand[:-1], "2S"], fives, 1) == "2S"
