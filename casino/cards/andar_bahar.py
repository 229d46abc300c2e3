"""Andar Bahar (12.55): one deck, the Joker card opened, then one card to each side in turn
(which side first is drawn too) until a card of the Joker card's rank falls.

The text gives no odds; the prices and the reading of the side bets are in
casino/cards/RULES.md. Plain Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb
from typing import ClassVar

from casino.cards.deck import (
    SUIT_NAMES,
    SUITS,
    Card,
    CardBet,
    CardGame,
    bet,
    card_text,
    deck,
    house_price,
    is_red,
    rank,
    suit,
)
from casino.rounds import Cadence, Outcome, Rng, Selection

SIDES = ("andar", "bahar")
ORDER = "23456789TJQKA"  # the text's deck runs from 2 to Ace
# The side bets on how many cards are dealt after the Joker card, the winning one included.
RANGES = ((1, 5), (6, 10), (11, 15), (16, 25), (26, 30), (31, 35), (36, 40), (41, 49))


@dataclass(frozen=True)
class Coup:
    joker: Card
    winner: str  # the side dealt the card of the Joker card's rank
    dealt: int  # cards dealt after the Joker card, the winning one included
    winning: Card


Wins = Callable[[Coup, Selection], bool]


def play(cards: list[Card], first: str) -> Outcome:
    """The round on a shuffled deck: its top card is the Joker card, then the sides take a
    card each in turn, ``first`` first, until one takes a card of the Joker card's rank."""
    joker, rest = cards[0], cards[1:]
    hands: dict[str, list[Card]] = {"andar": [], "bahar": []}
    turn = SIDES.index(first)
    for card in rest:
        hands[SIDES[turn]].append(card)
        if rank(card) == rank(joker):
            break
        turn = 1 - turn
    return {"joker": [joker], "first": first, **hands}


def read(outcome: Outcome) -> Coup:
    andar, bahar = outcome["andar"], outcome["bahar"]
    dealt = len(andar) + len(bahar)
    first = outcome["first"]
    winner = first if dealt % 2 else SIDES[1 - SIDES.index(first)]
    return Coup(outcome["joker"][0], winner, dealt, outcome[winner][-1])


def first_match(dealt: int) -> Fraction:
    """The chance that the first of the three cards of the Joker card's rank left among the
    51 comes ``dealt``-th: the two others both among the 51 - dealt cards after it."""
    return Fraction(comb(51 - dealt, 2), comb(51, 3))


@cache
def coups() -> list[tuple[Fraction, Coup]]:
    """Every coup with its chance: the Joker card (1 in 52), the side dealt first (1 in 2),
    where the first card of its rank falls, and which of the three it is (1 in 3 each).

    Coups the bets cannot tell apart are added up under one of them: the bets read the
    count of cards only by its range, and the winning card only by its colour."""
    cards = deck()
    found: dict[Coup, Fraction] = {}
    for joker in cards:
        others = [card for card in cards if rank(card) == rank(joker) and card != joker]
        for first in SIDES:
            for dealt in range(1, 50):
                winner = first if dealt % 2 else SIDES[1 - SIDES.index(first)]
                chance = first_match(dealt) / (52 * 2 * len(others))
                shown = alike(dealt)
                for card in others:
                    same = min(c for c in others if is_red(c) == is_red(card))
                    coup = Coup(joker, winner, shown, same)
                    found[coup] = found.get(coup, Fraction(0)) + chance
    return [(chance, coup) for coup, chance in found.items()]


def alike(dealt: int) -> int:
    """The first count of cards in ``dealt``'s range with its parity (the side it means)."""
    low = next(low for low, high in RANGES if low <= dealt <= high)
    return low if (dealt - low) % 2 == 0 else low + 1


def priced(
    code: str,
    name: str,
    selection: str,
    wins: Wins,
    choices: tuple[tuple[str, Selection], ...] = (("", {}),),
) -> CardBet[Coup]:
    """A bet at the house price of its chance (the text gives Andar Bahar no odds)."""
    chance = sum((p for p, coup in coups() if wins(coup, choices[0][1])), Fraction(0))
    return bet(code, name, selection, house_price(chance), wins, choices, decimal=True)


def colour(card: Card) -> str:
    return "red" if is_red(card) else "black"


def height(card: Card) -> int:
    return ORDER.index(rank(card))


COLOURS = (("Red", {"colour": "red"}), ("Black", {"colour": "black"}))


def joker_against(face: str) -> list[CardBet[Coup]]:
    line = ORDER.index(face)
    return [
        priced(
            f"joker-under-{face}",
            f"Joker card lower than {face}",
            "nothing",
            lambda c, s: height(c.joker) < line,
        ),
        priced(
            f"joker-{face}", f"Joker card {face}", "nothing", lambda c, s: rank(c.joker) == face
        ),
        priced(
            f"joker-over-{face}",
            f"Joker card higher than {face}",
            "nothing",
            lambda c, s: height(c.joker) > line,
        ),
    ]


def dealt_between(low: int, high: int) -> CardBet[Coup]:
    return priced(
        f"dealt-{low}-{high}",
        f"{low} to {high} cards" if high < 49 else f"{low} cards or more",
        "nothing: how many cards are dealt after the Joker card, the winning one included",
        lambda c, s: low <= c.dealt <= high,
    )


@cache
def andar_bahar_bets() -> tuple[CardBet[Coup], ...]:
    return (
        priced("andar", "Andar", "nothing", lambda c, s: c.winner == "andar"),
        priced("bahar", "Bahar", "nothing", lambda c, s: c.winner == "bahar"),
        *(dealt_between(low, high) for low, high in RANGES),
        priced(
            "winning-colour",
            "Winning card colour",
            "red or black",
            lambda c, s: colour(c.winning) == s["colour"],
            COLOURS,
        ),
        priced(
            "joker-colour",
            "Joker card colour",
            "red or black",
            lambda c, s: colour(c.joker) == s["colour"],
            COLOURS,
        ),
        priced(
            "joker-suit",
            "Joker card suit",
            "a suit",
            lambda c, s: suit(c.joker) == s["suit"],
            tuple((SUIT_NAMES[x].title(), {"suit": x}) for x in SUITS),
        ),
        *joker_against("7"),
        *joker_against("8"),
    )


class AndarBahar(CardGame[Coup]):
    slug = "andar-bahar"
    name = "Andar Bahar"
    board: ClassVar[str] = "cards"
    section = "12.55"
    cadence = Cadence(every_seconds=45, closes_before_seconds=8, show_seconds=12)

    def __init__(self) -> None:
        self.bets = andar_bahar_bets()

    def outcome(self, rng: Rng) -> Outcome:
        cards = rng.shuffle(deck())
        return play(cards, rng.choice(SIDES))

    def coup(self, outcome: Outcome) -> Coup:
        return read(outcome)

    def chances(self, bet_type: str) -> Iterable[tuple[Fraction, Coup]]:
        return coups()

    def describe(self, outcome: Outcome) -> str:
        coup = read(outcome)
        return (
            f"Joker card {card_text(coup.joker)}, {card_text(coup.winning)} to "
            f"{coup.winner.title()} after {coup.dealt}"
        )

    def hands(self) -> list[dict[str, str]]:
        return [
            {"key": "joker", "label": "Joker card"},
            {"key": "andar", "label": "Andar"},
            {"key": "bahar", "label": "Bahar"},
        ]
