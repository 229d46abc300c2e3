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


def house_price(chance: Fraction, returned: Fraction = Fraction(0)) -> Fraction:
    """Where the text gives no odds: the largest multiple of 0.05 at or below 96% of the fair
    price (1 / chance), as the dice games price theirs (RULES.md). A bet that gets its
    stake back with chance ``returned`` (Baccarat's Player on a tie) is priced so that
    its whole return stays at or below 96%."""
    return ((PRICE_TARGET - returned) / chance // PRICE_STEP) * PRICE_STEP


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
class PriceList(Generic[C]):
    """The prices of a bet of the second window, one a line of what the peek showed (the
    Player's card "7"): ``line`` reads a coup's line, ``prices`` gives each line's price,
    the stake's multiple on a win, or RETURNED where the bet cannot win: the table does
    not offer it, and the stake comes back."""

    line: Callable[[C], str]
    prices: Mapping[str, Fraction]

    def price(self, coup: C) -> Fraction:
        return self.prices[self.line(coup)]

    def texts(self) -> dict[str, str]:
        return {line: price_text(price) for line, price in self.prices.items()}


def price_text(price: Fraction) -> str:
    return "not offered" if price == RETURNED else decimal_text(price)


@dataclass(frozen=True)
class CardBet(Generic[C]):
    """One bet type: its name, what the player chooses, its published odds, and what it
    returns on each coup (the facts of a round that bets read); a bet of the second window
    has the price list its odds come from."""

    code: str
    name: str
    selection: str
    odds: str
    pays: Callable[[C, Selection], Fraction]
    choices: Sequence[tuple[str, Selection]] = (("", {}),)
    price_list: PriceList[C] | None = None

    def as_bet_type(self) -> BetType:
        return BetType(
            self.code, self.name, self.selection, self.odds, after_peek=self.price_list is not None
        )


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


def peek_bet(
    code: str,
    name: str,
    selection: str,
    prices: PriceList[C],
    wins: Callable[[C], bool],
    *,
    basis: str,
    push: Callable[[C], bool] | None = None,
) -> CardBet[C]:
    """A bet of the second window: when ``wins``, its line's price (the line read from what
    the peek showed, ``basis`` naming it for the slip); the stake back on a ``push`` and on
    a line where it cannot win; nothing otherwise."""

    def pays(coup: C, selection: Selection) -> Fraction:
        price = prices.price(coup)
        if price == RETURNED or (push is not None and push(coup)):
            return RETURNED
        return price if wins(coup) else LOST

    offered = [price for price in prices.prices.values() if price != RETURNED]
    odds = f"by {basis}: {decimal_text(min(offered))} to {decimal_text(max(offered))}"
    return CardBet(code, name, selection, odds, pays, price_list=prices)


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
        if card_bet.price_list is not None:
            # A second bet is taken only on the lines the table offers: its return is over
            # the coups where what the peek shows offers it.
            offered = [
                (c, coup) for c, coup in coups if card_bet.price_list.price(coup) != RETURNED
            ]
            weight = sum((chance for chance, _ in offered), Fraction(0))
            coups = [(chance / weight, coup) for chance, coup in offered]
        total = sum(
            (
                chance * card_bet.pays(coup, selection)
                for _, selection in card_bet.choices
                for chance, coup in coups
            ),
            Fraction(0),
        )
        return total / len(card_bet.choices)

    def peek_cards(self, outcome: Outcome) -> Outcome | None:
        """The cards the peek shows, by place; None for a game with one betting window."""
        return None

    def not_offered(self, bet_type: str, outcome: Outcome) -> bool:
        price_list = self.card_bet(bet_type).price_list
        return price_list is not None and price_list.price(self.coup(outcome)) == RETURNED

    def peek(self, outcome: Outcome) -> Outcome | None:
        """The cards the peek shows and, for each bet of the second window, its price on
        them (the line of its price list they fall on)."""
        cards = self.peek_cards(outcome)
        if cards is None:
            return None
        coup = self.coup(outcome)
        prices = {
            b.code: price_text(b.price_list.price(coup))
            for b in self.bets
            if b.price_list is not None
        }
        return {"cards": cards, "prices": prices}

    def result(self, bet_type: str, selection: Selection, outcome: Outcome) -> dict[str, Any]:
        """A second-window bet keeps the price it was paid at (the peek's line)."""
        price_list = self.card_bet(bet_type).price_list
        if price_list is None:
            return {}
        return {"price": price_text(price_list.price(self.coup(outcome)))}

    def describe_result(self, result: Mapping[str, Any]) -> str:
        return f"price {result['price']}" if "price" in result else ""

    def card_bet(self, code: str) -> CardBet[C]:
        for card_bet in self.bets:
            if card_bet.code == code:
                return card_bet
        raise ValueError(f"{self.name} has no such bet.")

    def public(self) -> Mapping[str, Any]:
        prices = {b.code: b.price_list.texts() for b in self.bets if b.price_list is not None}
        return {
            **super().public(),
            "hands": self.hands(),
            **({"peek_prices": prices} if prices else {}),
        }

    def hands(self) -> list[dict[str, str]]:
        """The places cards are dealt to, in the order the board lays them out."""
        return []


class OneCardGame(CardGame[Card]):
    """A round that draws one card from `deck`, every card as likely: the card is the coup."""

    deck: tuple[Card, ...]

    def outcome(self, rng: Rng) -> Outcome:
        return {"card": [rng.choice(self.deck)]}

    def coup(self, outcome: Outcome) -> Card:
        card: Card = outcome["card"][0]
        return card

    def chances(self, bet_type: str) -> Iterable[tuple[Fraction, Card]]:
        return [(Fraction(1, len(self.deck)), card) for card in self.deck]

    def hands(self) -> list[dict[str, str]]:
        return [{"key": "card", "label": "The card"}]
