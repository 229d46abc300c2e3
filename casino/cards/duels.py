"""One card to each of two sides, the higher wins: Dragon Tiger and Cricket War (12.24),
Football Studio (12.23) and War of Bets (12.39).

How the text was read is in casino/cards/RULES.md. Plain Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar

from casino.cards.deck import (
    LOST,
    RETURNED,
    SUIT_NAMES,
    SUITS,
    Card,
    CardBet,
    CardGame,
    PriceList,
    bet,
    card_text,
    deal,
    deck,
    house_price,
    is_red,
    peek_bet,
    rank,
    rank_name,
    shoe,
    suit,
)
from casino.rounds import Cadence, Outcome, Rng, Selection

Pair = tuple[Card, Card]  # the first side's card, the second side's
ACE_LOW = "A23456789TJQK"
ACE_HIGH = "23456789TJQKA"
HALF = Fraction(1, 2)
Wins = Callable[[Pair, Selection], bool]


@cache
def two_cards(decks: int) -> list[tuple[Fraction, Pair]]:
    """Every pair of cards the top of a shoe of ``decks`` decks can show, with its chance."""
    cards = deck()
    whole = (52 * decks) * (52 * decks - 1)
    return [
        (Fraction(decks * (decks - 1) if a == b else decks * decks, whole), (a, b))
        for a in cards
        for b in cards
    ]


class Duel(CardGame[Pair]):
    """A round deals one card to each side from a shoe of ``decks`` decks; ``order`` ranks
    the cards from low to high."""

    board: ClassVar[str] = "cards"
    decks: ClassVar[int]
    order: ClassVar[str]
    sides: ClassVar[tuple[str, str]]  # (key, label) in dealing order are `hands`
    labels: ClassVar[tuple[str, str]]

    def outcome(self, rng: Rng) -> Outcome:
        first, second = deal(rng, shoe(self.decks), 2)
        return {self.sides[0]: [first], self.sides[1]: [second]}

    def coup(self, outcome: Outcome) -> Pair:
        return outcome[self.sides[0]][0], outcome[self.sides[1]][0]

    def chances(self, bet_type: str) -> Iterable[tuple[Fraction, Pair]]:
        return two_cards(self.decks)

    @classmethod
    def compare(cls, pair: Pair) -> int:
        """1 when the first side's card ranks higher, -1 when the second's, 0 on a draw."""
        a, b = (cls.order.index(rank(card)) for card in pair)
        return (a > b) - (a < b)

    def describe(self, outcome: Outcome) -> str:
        pair = self.coup(outcome)
        verdict = self.compare(pair)
        winner = "draw" if verdict == 0 else f"{self.labels[0 if verdict > 0 else 1]} wins"
        return (
            f"{self.labels[0]} {card_text(pair[0])}, {self.labels[1]} {card_text(pair[1])}: "
            f"{winner}"
        )

    def hands(self) -> list[dict[str, str]]:
        return [
            {"key": key, "label": label} for key, label in zip(self.sides, self.labels, strict=True)
        ]

    def public(self) -> Mapping[str, Any]:
        return {**super().public(), "order": self.order}


def side_win(game: type[Duel], first: bool, draw_returns: Fraction) -> CardBet[Pair]:
    """A bet on one side: 1:1 when its card ranks higher, ``draw_returns`` of the stake back
    on a draw."""
    label = game.labels[0 if first else 1]

    def pays(pair: Pair, selection: Selection) -> Fraction:
        verdict = game.compare(pair) * (1 if first else -1)
        return Fraction(2) if verdict > 0 else draw_returns if verdict == 0 else LOST

    odds = "1:1, half the stake back on a draw" if draw_returns else "1:1"
    return CardBet(game.sides[0 if first else 1], label, "nothing", odds, pays)


# --- Dragon Tiger and Cricket War (12.24) ---------------------------------------------------


def same_rank(pair: Pair, selection: Selection) -> bool:
    return rank(pair[0]) == rank(pair[1])


def same_card(pair: Pair, selection: Selection) -> bool:
    return pair[0] == pair[1]


class DragonTiger(Duel):
    slug = "dragon-tiger"
    name = "Dragon Tiger"
    section = "12.24"
    cadence = Cadence(every_seconds=25, closes_before_seconds=5)
    decks = 8
    order = ACE_LOW
    sides = ("dragon", "tiger")
    labels = ("Dragon", "Tiger")

    def __init__(self) -> None:
        cls = type(self)
        self.bets: Sequence[CardBet[Pair]] = (
            side_win(cls, True, HALF),
            side_win(cls, False, HALF),
            bet("draw", "Draw", "nothing: both cards of one rank", Fraction(12), same_rank),
            bet(
                "suited-draw",
                "Suited draw",
                "nothing: both cards of one rank and one suit",
                Fraction(51),
                same_card,
            ),
        )


class CricketWar(DragonTiger):
    """The text's second game under the same rules, with a cricket table's two sides."""

    slug = "cricket-war"
    name = "Cricket War"
    sides = ("bat", "ball")
    labels = ("Bat", "Ball")


# --- Football Studio (12.23) ------------------------------------------------------------------


class FootballStudio(Duel):
    slug = "football-cards"
    name = "Football Cards"
    section = "12.23"
    cadence = Cadence(every_seconds=25, closes_before_seconds=5)
    decks = 8
    order = ACE_HIGH
    sides = ("home", "away")
    labels = ("Home", "Away")

    def __init__(self) -> None:
        cls = type(self)
        self.bets = (
            side_win(cls, True, HALF),
            side_win(cls, False, HALF),
            bet("draw", "Draw", "nothing: both cards of one rank", Fraction(12), same_rank),
        )


# --- War of Bets (12.39) -------------------------------------------------------------------------

COLOURS = (("Red", {"colour": "red"}), ("Black", {"colour": "black"}))
SUIT_CHOICES = tuple((SUIT_NAMES[s].title(), {"suit": s}) for s in SUITS)
PICTURES = "JQK"


def priced(
    code: str, name: str, selection: str, wins: Wins, choices: Sequence[tuple[str, Selection]]
) -> CardBet[Pair]:
    """A bet at the house price of its chance (the text gives War of Bets no odds)."""
    chance = sum(
        (p for p, pair in two_cards(WarOfBets.decks) if wins(pair, choices[0][1])), Fraction(0)
    )
    return bet(code, name, selection, house_price(chance), wins, choices, decimal=True)


def colour_is(pair_index: int) -> Wins:
    return lambda pair, s: ("red" if is_red(pair[pair_index]) else "black") == s["colour"]


def suit_is(pair_index: int) -> Wins:
    return lambda pair, s: suit(pair[pair_index]) == s["suit"]


def score(card: Card) -> int:
    """A card's score in War of Bets: 2 to 10, then J 11, Q 12, K 13, A 14."""
    return ACE_HIGH.index(rank(card)) + 2


def war_bets(side: str, index: int) -> list[CardBet[Pair]]:
    label = side.title() + "'s"
    one: list[tuple[str, Selection]] = [("", {})]
    return [
        priced(f"{side}-colour", f"{label} card colour", "red or black", colour_is(index), COLOURS),
        priced(f"{side}-suit", f"{label} card suit", "a suit", suit_is(index), SUIT_CHOICES),
        priced(
            f"{side}-8", f"{label} card is 8", "nothing", lambda p, s: score(p[index]) == 8, one
        ),
        priced(
            f"{side}-under-8",
            f"{label} card under 8",
            "nothing: 2 to 7",
            lambda p, s: score(p[index]) < 8,
            one,
        ),
        priced(
            f"{side}-over-8",
            f"{label} card over 8",
            "nothing: 9 to Ace",
            lambda p, s: score(p[index]) > 8,
            one,
        ),
        priced(
            f"{side}-picture",
            f"{label} card a picture",
            "nothing: J, Q or K",
            lambda p, s: rank(p[index]) in PICTURES,
            one,
        ),
        priced(
            f"{side}-number",
            f"{label} card an Ace or a number",
            "nothing: A, 2 to 10",
            lambda p, s: rank(p[index]) not in PICTURES,
            one,
        ),
    ]


def player_card(pair: Pair) -> str:
    """The line of the second window's price lists: the Player's card's rank, as players
    read it ("10", "King")."""
    return rank_name(rank(pair[0]))


def prices_by_player_card(wins: Callable[[Pair], bool]) -> PriceList[Pair]:
    """For each rank the Player's card may show, the house price of the chance that the
    bet wins given that card (the Dealer's card from the 311 left); RETURNED, not offered,
    where it cannot win (Dealer wins after an Ace) or its price comes to x1 (after a 2)."""
    prices = {}
    for face in ACE_HIGH:
        shown = [(p, pair) for p, pair in two_cards(WarOfBets.decks) if rank(pair[0]) == face]
        chance = sum((p for p, pair in shown if wins(pair)), Fraction(0)) / sum(
            (p for p, _ in shown), Fraction(0)
        )
        prices[rank_name(face)] = house_price(chance) if chance else RETURNED
    return PriceList(player_card, prices)


def second_bet(code: str, name: str, selection: str, wins: Callable[[Pair], bool]) -> CardBet[Pair]:
    return peek_bet(
        code, name, selection, prices_by_player_card(wins), wins, basis="the Player's card"
    )


class WarOfBets(Duel):
    slug = "war-of-bets"
    name = "War of Bets"
    section = "12.39"
    # The Player's card shows 10 seconds before bets close: the second betting window.
    cadence = Cadence(every_seconds=40, closes_before_seconds=5, peek_seconds=10)
    decks = 6
    order = ACE_HIGH
    sides = ("player", "dealer")
    labels = ("Player", "Dealer")
    peek_name = "the Player's card"

    def __init__(self) -> None:
        one: list[tuple[str, Selection]] = [("", {})]
        self.bets = (
            priced(
                "dealer-wins", "Dealer wins", "nothing", lambda p, s: score(p[1]) > score(p[0]), one
            ),
            priced(
                "player-wins", "Player wins", "nothing", lambda p, s: score(p[0]) > score(p[1]), one
            ),
            priced("war", "War", "nothing: both cards of one rank", same_rank, one),
            *war_bets("dealer", 1),
            *war_bets("player", 0),
            second_bet(
                "second-dealer-wins",
                "Dealer wins, second bet",
                "nothing",
                lambda p: score(p[1]) > score(p[0]),
            ),
            second_bet(
                "second-player-wins",
                "Player wins, second bet",
                "nothing",
                lambda p: score(p[0]) > score(p[1]),
            ),
            second_bet(
                "second-war",
                "War, second bet",
                "nothing: the Dealer's card of the Player's rank",
                lambda p: rank(p[0]) == rank(p[1]),
            ),
        )

    def peek_cards(self, outcome: Outcome) -> Outcome:
        return {"player": outcome["player"]}

    def describe(self, outcome: Outcome) -> str:
        return super().describe(outcome).replace(": draw", ": war")
