"""Cards, decks and shoes, and the pieces every card-draw game shares: a bet type as data
(what it returns on a coup), its price from a chance, and the game that deals and settles.

A card is its code, rank then suit, as the board kit draws it: "AS", "TH" (T is the ten),
"JOKER" for a joker. Plain Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, TypeVar

from casino.rounds import BetType, Outcome, Rng, RoundGame, Selection

RANKS = "23456789TJQKA"
SUITS = "CDHS"
RED_SUITS = "DH"
JOKER = "JOKER"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {"T": "10", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}

Card = str
# What a bet returns on a coup, as a multiple of its stake: 0 lost, 1 returned, more won.
LOST, RETURNED = Fraction(0), Fraction(1)
C = TypeVar("C")


def deck() -> list[Card]:
    """One deck of 52 cards."""
    return [rank + suit for rank in RANKS for suit in SUITS]


def shoe(decks: int) -> list[Card]:
    """``decks`` decks together, in order: what a round shuffles."""
    return deck() * decks


def rank(card: Card) -> str:
    return card[0]


def suit(card: Card) -> str:
    return card[1]


def is_red(card: Card) -> bool:
    return card != JOKER and suit(card) in RED_SUITS


def rank_name(code: str) -> str:
    return RANK_NAMES.get(code, code)


def card_text(card: Card) -> str:
    """A card as history lines show it: "10♥", "A♠", "Joker"."""
    if card == JOKER:
        return "Joker"
    face = "10" if rank(card) == "T" else rank(card)
    return face + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[suit(card)]


def deal(rng: Rng, cards: Sequence[Card], count: int) -> list[Card]:
    """The top ``count`` cards of ``cards`` shuffled afresh for the round: drawn one by one
    without replacement from the round's generator, which is the same as shuffling the whole
    shoe and taking its top cards."""
    return rng.sample(cards, count)


# --- prices ------------------------------------------------------------------------------

PRICE_TARGET = Fraction(96, 100)
PRICE_STEP = Fraction(1, 20)


def house_price(chance: Fraction) -> Fraction:
    """Where the text gives no odds: the largest multiple of 0.05 at or below 96% of the fair
    price (1 / chance), as the dice games price theirs (RULES.md)."""
    return (PRICE_TARGET / chance // PRICE_STEP) * PRICE_STEP


def odds_text(price: Fraction) -> str:
    """The published odds of a bet returning ``price`` times its stake: 2 -> "1:1"."""
    win = price - 1
    return f"{win.numerator}:{win.denominator}"


def decimal_text(price: Fraction) -> str:
    """A price in hundredths as the text writes decimal odds: Fraction(12, 5) -> "x2.4"."""
    hundredths = price * 100
    if hundredths.denominator != 1:
        raise ValueError("decimal odds are in hundredths")
    whole, part = divmod(hundredths.numerator, 100)
    return f"x{whole}" if not part else f"x{whole}.{part:02d}".rstrip("0")


def returned(stake: int, price: Fraction) -> int:
    """What a bet returns at ``price`` times its stake, floored."""
    return stake * price.numerator // price.denominator


# --- bets and games ------------------------------------------------------------------------


@dataclass(frozen=True)
class CardBet(Generic[C]):
    """One bet type: its name, what the player chooses, its published odds, and what it
    returns on each coup (the facts of a round that bets read)."""

    code: str
    name: str
    selection: str
    odds: str
    pays: Callable[[C, Selection], Fraction]
    choices: Sequence[tuple[str, Selection]] = (("", {}),)

    def as_bet_type(self) -> BetType:
        return BetType(self.code, self.name, self.selection, self.odds)


def bet(
    code: str,
    name: str,
    selection: str,
    price: Fraction,
    wins: Callable[[C, Selection], bool],
    choices: Sequence[tuple[str, Selection]] = (("", {}),),
    *,
    decimal: bool = False,
) -> CardBet[C]:
    """A bet that returns ``price`` times its stake when ``wins`` and nothing otherwise; its
    odds shown as "N:1", or with ``decimal`` as the stake's multiple ("x1.9")."""
    odds = decimal_text(price) if decimal else odds_text(price)
    return CardBet(code, name, selection, odds, lambda c, s: price if wins(c, s) else LOST, choices)


class CardGame(RoundGame, Generic[C]):
    """A game whose round deals cards and whose bets read the round's coup.

    A subclass deals (`outcome`), reads a coup from the cards dealt (`coup`), and gives for
    each bet the exact distribution of the coups it reads (`chances`); the return to player
    follows from them.
    """

    bets: Sequence[CardBet[C]]

    @property
    def bet_types(self) -> Sequence[BetType]:  # type: ignore[override]
        return [card_bet.as_bet_type() for card_bet in self.bets]

    def coup(self, outcome: Outcome) -> C:
        raise NotImplementedError

    def chances(self, bet_type: str) -> Iterable[tuple[Fraction, C]]:
        """Every coup a bet of ``bet_type`` may meet, with its exact probability."""
        raise NotImplementedError

    def selections(self, bet_type: str) -> Sequence[tuple[str, Selection]]:
        return self.card_bet(bet_type).choices

    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        return returned(stake, self.card_bet(bet_type).pays(self.coup(outcome), selection))

    def rtp(self, bet_type: str) -> Fraction:
        """Exact, from `chances`; counted once a process, as the rules page asks often."""
        known: dict[str, Fraction] = self.__dict__.setdefault("_rtp", {})
        if bet_type not in known:
            known[bet_type] = self.count_rtp(bet_type)
        return known[bet_type]

    def count_rtp(self, bet_type: str) -> Fraction:
        card_bet = self.card_bet(bet_type)
        coups = list(self.chances(bet_type))
        total = sum(
            (
                chance * card_bet.pays(coup, selection)
                for _, selection in card_bet.choices
                for chance, coup in coups
            ),
            Fraction(0),
        )
        return total / len(card_bet.choices)

    def card_bet(self, code: str) -> CardBet[C]:
        for card_bet in self.bets:
            if card_bet.code == code:
                return card_bet
        raise ValueError(f"{self.name} has no such bet.")

    def public(self) -> Mapping[str, Any]:
        return {**super().public(), "hands": self.hands()}

    def hands(self) -> list[dict[str, str]]:
        """The places cards are dealt to, in the order the board lays them out."""
        return []
