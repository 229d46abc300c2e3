"""Hi Lo (12.21): one card a round from a 25-card deck (2 to 9, J, Q, K, A in red and black,
and a Joker), the deck whole again every round.

The text's table of Higher and Lower odds lost its layout; its reading is in
casino/cards/RULES.md. Plain Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import ClassVar

from casino.cards.deck import (
    JOKER,
    Card,
    CardBet,
    OneCardGame,
    bet,
    card_text,
    is_red,
    rank,
)
from casino.rounds import Cadence, Outcome, Selection

ORDER = "23456789JQKA"  # low to high; the deck has no 10
DECK: tuple[Card, ...] = (*(r + s for r in ORDER for s in "HS"), JOKER)
Wins = Callable[[Card, Selection], bool]
PICTURE_NAMES = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}

# The text's table: the card on the table, the price of Higher, the price of Lower, in
# hundredths; Higher is not offered on an Ace, Lower not on a 2.
HIGHER = {"2": 109, "3": 120, "4": 133, "5": 150, "6": 171, "7": 200}
HIGHER |= {"8": 240, "9": 300, "J": 400, "Q": 600, "K": 1200}
LOWER = {"3": 1200, "4": 600, "5": 400, "6": 300, "7": 240, "8": 200}
LOWER |= {"9": 171, "J": 150, "Q": 133, "K": 120, "A": 109}


def hundredths(value: int) -> Fraction:
    return Fraction(value, 100)


def height(card: Card) -> int:
    return ORDER.index(rank(card))


def name_of(face: str) -> str:
    return PICTURE_NAMES.get(face, face)


def higher(than: str) -> CardBet[Card]:
    return bet(
        f"higher-{than}",
        f"Higher than {name_of(than)}",
        f"nothing: the card on the table is {name_of(than)}",
        hundredths(HIGHER[than]),
        lambda card, s: card != JOKER and height(card) > ORDER.index(than),
        decimal=True,
    )


def lower(than: str) -> CardBet[Card]:
    return bet(
        f"lower-{than}",
        f"Lower than {name_of(than)}",
        f"nothing: the card on the table is {name_of(than)}",
        hundredths(LOWER[than]),
        lambda card, s: card != JOKER and height(card) < ORDER.index(than),
        decimal=True,
    )


def fixed(
    code: str,
    name: str,
    selection: str,
    price: int,
    wins: Wins,
    choices: tuple[tuple[str, Selection], ...] = (("", {}),),
) -> CardBet[Card]:
    return bet(code, name, selection, hundredths(price), wins, choices, decimal=True)


def colour(card: Card) -> str:
    return "red" if is_red(card) else "black"


HI_LO_BETS: tuple[CardBet[Card], ...] = (
    *(higher(face) for face in HIGHER),
    *(lower(face) for face in LOWER),
    fixed(
        "two-to-nine",
        "2 to 9",
        "nothing: one of 2 to 9",
        150,
        lambda card, s: card != JOKER and rank(card) in "23456789",
    ),
    fixed(
        "jack-to-ace",
        "J, Q, K or A",
        "nothing",
        300,
        lambda card, s: card != JOKER and rank(card) in "JQKA",
    ),
    fixed("king-or-ace", "K or A", "nothing", 600, lambda c, s: c != JOKER and rank(c) in "KA"),
    fixed(
        "card",
        "Card",
        "one of 2 to 9, J, Q, K, A",
        1200,
        lambda card, s: card != JOKER and rank(card) == s["rank"],
        tuple((name_of(face), {"rank": face}) for face in ORDER),
    ),
    fixed("joker", "Joker", "nothing", 2400, lambda card, s: card == JOKER),
    fixed(
        "colour",
        "Colour",
        "red or black",
        200,
        lambda card, s: card != JOKER and colour(card) == s["colour"],
        (("Red", {"colour": "red"}), ("Black", {"colour": "black"})),
    ),
)


class HiLo(OneCardGame):
    slug = "hi-lo"
    name = "Hi Lo"
    board: ClassVar[str] = "cards"
    section = "12.21"
    cadence = Cadence(every_seconds=20, closes_before_seconds=4, show_seconds=4)
    deck = DECK
    bets = HI_LO_BETS

    def describe(self, outcome: Outcome) -> str:
        return card_text(self.coup(outcome))
