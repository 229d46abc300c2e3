"""Jokerbet (12.51): one card a round from a 54-card deck (52 and a red and a black
Joker); bets on its rank, the exact card, its suit, colour, or a picture or a number.

The text gives no odds and an operator-funded jackpot; how both were read is in
casino/cards/RULES.md. Plain Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import ClassVar

from casino.cards.deck import (
    RANKS,
    SUIT_NAMES,
    SUITS,
    Card,
    CardBet,
    OneCardGame,
    bet,
    card_text,
    deck,
    house_price,
    rank,
    rank_name,
    suit,
)
from casino.rounds import Cadence, Outcome, Selection

RED_JOKER, BLACK_JOKER = "JOKER-R", "JOKER-B"
JOKERS = (RED_JOKER, BLACK_JOKER)
DECK: tuple[Card, ...] = (*deck(), *JOKERS)
Wins = Callable[[Card, Selection], bool]


def is_joker(card: Card) -> bool:
    return card in JOKERS


def colour(card: Card) -> str:
    """A Joker takes its own colour; a card its suit's."""
    if is_joker(card):
        return "red" if card == RED_JOKER else "black"
    return "red" if suit(card) in "DH" else "black"


def text(card: Card) -> str:
    if is_joker(card):
        return "Red Joker" if card == RED_JOKER else "Black Joker"
    return card_text(card)


def priced(
    code: str,
    name: str,
    selection: str,
    wins: Wins,
    choices: Sequence[tuple[str, Selection]] = (("", {}),),
) -> CardBet[Card]:
    """A bet at the house price of its chance (the text gives no odds)."""
    chance = Fraction(sum(1 for card in DECK if wins(card, choices[0][1])), len(DECK))
    return bet(code, name, selection, house_price(chance), wins, choices, decimal=True)


JOKERBET_BETS: tuple[CardBet[Card], ...] = (
    priced(
        "rank",
        "Rank",
        "one of 2 to 10, J, Q, K, A",
        lambda c, s: not is_joker(c) and rank(c) == s["rank"],
        tuple((rank_name(r), {"rank": r}) for r in RANKS),
    ),
    priced("joker", "Joker", "nothing: either Joker", lambda c, s: is_joker(c)),
    priced(
        "card",
        "Exact card",
        "one card of the 54",
        lambda c, s: c == s["card"],
        tuple((text(card), {"card": card}) for card in DECK),
    ),
    priced(
        "suit",
        "Suit",
        "a suit",
        lambda c, s: not is_joker(c) and suit(c) == s["suit"],
        tuple((SUIT_NAMES[x].title(), {"suit": x}) for x in SUITS),
    ),
    priced(
        "colour",
        "Colour",
        "red or black, its Joker included",
        lambda c, s: colour(c) == s["colour"],
        (("Red", {"colour": "red"}), ("Black", {"colour": "black"})),
    ),
    priced(
        "picture",
        "Jack, Queen, King, Ace or Joker",
        "nothing",
        lambda c, s: is_joker(c) or rank(c) in "JQKA",
    ),
    priced("number", "2 to 10", "nothing", lambda c, s: not is_joker(c) and rank(c) in "23456789T"),
)


class Jokerbet(OneCardGame):
    slug = "joker-draw"
    name = "Joker Draw"
    board: ClassVar[str] = "cards"
    section = "12.51"
    cadence = Cadence(every_seconds=20, closes_before_seconds=4, show_seconds=4)
    deck = DECK
    bets = JOKERBET_BETS

    def describe(self, outcome: Outcome) -> str:
        return text(self.coup(outcome))
