"""Cards, ranks, points and the trick rules shared by every variant.

A card is two characters: rank then suit, e.g. "JH" (jack of hearts), "TD" (ten of
diamonds). The trump is a suit letter or "NT" for a game with no trump.
"""

from __future__ import annotations

from typing import Any

SUITS = ("C", "D", "H", "S")
NO_TRUMP = "NT"
RANKS_32 = ("7", "8", "9", "T", "J", "Q", "K", "A")
RANKS_24 = ("9", "T", "J", "Q", "K", "A")

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", NO_TRUMP: "no trump"}
RANK_NAMES = {
    "7": "7",
    "8": "8",
    "9": "9",
    "T": "10",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}

# Low to high, so the index is the strength within a suit.
TRUMP_ORDER = "78QKTA9J"
PLAIN_ORDER = "789JQKTA"
# Sequences (tierce, 50, 100) use the natural order whatever the trump.
SEQUENCE_ORDER = "789TJQKA"

TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
# Belote's "No Trump" column: the ace is worth 19 so the deck still sums to 152.
NO_TRUMP_POINTS = {**PLAIN_POINTS, "A": 19}

Trick = list[dict[str, Any]]  # [{"seat": 0, "card": "JH"}, ...] in playing order


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def make_deck(ranks: tuple[str, ...]) -> list[str]:
    return [r + s for s in SUITS for r in ranks]


def card_name(card: str) -> str:
    return f"the {RANK_NAMES[rank(card)]} of {SUIT_NAMES[suit(card)]}"


def is_trump(card: str, trump: str | None) -> bool:
    return suit(card) == trump


def strength(card: str, trump: str | None) -> int:
    order = TRUMP_ORDER if is_trump(card, trump) else PLAIN_ORDER
    return order.index(rank(card))


def card_points(card: str, trump: str | None) -> int:
    if trump == NO_TRUMP:
        return NO_TRUMP_POINTS[rank(card)]
    if is_trump(card, trump):
        return TRUMP_POINTS[rank(card)]
    return PLAIN_POINTS[rank(card)]


def beats(card: str, other: str, trump: str | None) -> bool:
    """Whether `card` beats `other`, which currently holds the trick."""
    if suit(card) == suit(other):
        return strength(card, trump) > strength(other, trump)
    return is_trump(card, trump)


def trick_winner(trick: Trick, trump: str | None) -> int:
    best = trick[0]
    for play in trick[1:]:
        if beats(play["card"], best["card"], trump):
            best = play
    seat: int = best["seat"]
    return seat


def _highest_trump(trick: Trick, trump: str | None) -> int | None:
    strengths = [strength(p["card"], trump) for p in trick if is_trump(p["card"], trump)]
    return max(strengths) if strengths else None


def legal_cards(hand: list[str], trick: Trick, trump: str | None) -> list[str]:
    """Follow suit; else trump; when a trump is on the trick, go over it if you can.

    All texts agree on this order; none has a partner-is-winning exception.
    """
    if not trick:
        return list(hand)
    led = suit(trick[0]["card"])
    following = [c for c in hand if suit(c) == led]
    trumps = [c for c in hand if is_trump(c, trump)]
    top_trump = _highest_trump(trick, trump)
    if following:
        if led == trump and top_trump is not None:
            higher = [c for c in following if strength(c, trump) > top_trump]
            return higher or following
        return following
    if trumps:
        if top_trump is None:
            return trumps
        higher = [c for c in trumps if strength(c, trump) > top_trump]
        return higher or trumps
    return list(hand)


def illegal_card_reason(hand: list[str], trick: Trick, trump: str | None, card: str) -> str:
    """Why `card` may not be played now (the caller knows it is not legal)."""
    if card not in hand:
        return f"You do not hold {card_name(card)}" if is_card(card) else "That is not a card"
    led = suit(trick[0]["card"])
    if any(suit(c) == led for c in hand):
        if led == trump and suit(card) == led:
            return "You must play a higher trump"
        return f"You must follow suit: {SUIT_NAMES[led]}"
    if is_trump(card, trump):
        return "You must overtrump"
    return f"You must play a trump: {SUIT_NAMES[trump]}"  # type: ignore[index]


def is_card(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 2 and value[0] in RANKS_32 and value[1] in SUITS
