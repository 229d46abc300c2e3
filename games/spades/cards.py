"""The deck and the trick rules of Spades.

A card is two characters, rank then suit: "AS" (the ace of spades), "TH" (the ten of
hearts). Suits have no order among themselves; spades always trump.
"""

from __future__ import annotations

from typing import TypedDict

SPADES = "S"
SUITS = ("C", "D", "H", SPADES)
# Low to high, so a rank's index is its strength within its suit.
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
DECK = tuple(r + s for s in SUITS for r in RANKS)

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", SPADES: "spades"}
FACE_NAMES = {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}


class Play(TypedDict):
    seat: int
    card: str


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def strength(card: str) -> int:
    return RANKS.index(rank(card))


def is_card(value: object) -> bool:
    return isinstance(value, str) and value in DECK


def card_name(card: str) -> str:
    return f"the {FACE_NAMES.get(rank(card), rank(card))} of {SUIT_NAMES[suit(card)]}"


def sorted_cards(cards: list[str]) -> list[str]:
    """Suit by suit, spades last, each suit low to high: how a hand is held."""
    return sorted(cards, key=lambda c: (SUITS.index(suit(c)), strength(c)))


def beats(card: str, best: str) -> bool:
    """Whether `card` beats `best`, the card now holding the trick."""
    if suit(card) == suit(best):
        return strength(card) > strength(best)
    return suit(card) == SPADES


def winning_play(trick: list[Play]) -> Play:
    best = trick[0]
    for play in trick[1:]:
        if beats(play["card"], best["card"]):
            best = play
    return best


def trick_winner(trick: list[Play]) -> int:
    """The highest spade, or with no spade the highest card of the suit led."""
    return winning_play(trick)["seat"]


def legal_cards(hand: list[str], trick: list[Play], broken: bool) -> list[str]:
    """Follow suit when you can, else any card. A lead may be a spade only once spades
    are broken or when the hand holds nothing else."""
    if trick:
        led = suit(trick[0]["card"])
        following = [c for c in hand if suit(c) == led]
        return following or list(hand)
    others = [c for c in hand if suit(c) != SPADES]
    return list(hand) if broken or not others else others


def illegal_card_reason(hand: list[str], trick: list[Play], card: str) -> str:
    """Why `card` may not be played now (the caller knows it is not legal)."""
    if card not in hand:
        return f"You do not hold {card_name(card)}."
    if trick:
        return f"You must follow suit: {SUIT_NAMES[suit(trick[0]['card'])]}."
    return "Spades are not broken yet: lead another suit."
