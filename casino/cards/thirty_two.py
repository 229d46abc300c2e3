"""32 Cards (12.57): four seats starting on 8, 9, 10 and 11 points, one card each from a
32-card deck (6 to 9, J, Q, K, A: 6 to 13 points, the Ace 10), the highest total wins;
seats tied on the highest total take a card each again until one leads.

How the text was read is in casino/cards/RULES.md. Plain Python: no Django import.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar

from casino.cards.deck import LOST, SUITS, Card, CardBet, CardGame, card_text, rank
from casino.rounds import Cadence, Outcome, Rng

POINTS = {"6": 6, "7": 7, "8": 8, "9": 9, "A": 10, "J": 11, "Q": 12, "K": 13}
DECK: tuple[Card, ...] = tuple(r + s for r in POINTS for s in SUITS)
SEATS = (8, 9, 10, 11)  # each seat's name is the points it starts on
# The text's table of winnings, as the stake's multiple (the stake included).
PRICES = {8: Fraction(12), 9: Fraction(11, 2), 10: Fraction(16, 5), 11: Fraction(2)}
ODDS = {8: "11:1", 9: "4.5:1", 10: "2.2:1", 11: "1:1"}


def key(seat: int) -> str:
    return f"seat-{seat}"


def totals(outcome: Outcome) -> dict[int, int]:
    return {seat: seat + sum(POINTS[rank(c)] for c in outcome[key(seat)]) for seat in SEATS}


def play(rng: Rng) -> Outcome:
    """One card to each seat, 8 first; then, while the highest total is shared, one more
    card to each seat sharing it, in seat order. A deck dealt out is replaced by a fresh
    one shuffled by the same generator (no seat is favoured by it)."""
    cards = rng.shuffle(DECK)
    hands: dict[int, list[Card]] = {seat: [] for seat in SEATS}
    playing = list(SEATS)
    while len(playing) > 1:
        if len(cards) < len(playing):
            cards = rng.shuffle(DECK)
        for seat in playing:
            hands[seat].append(cards.pop(0))
        scores = {seat: seat + sum(POINTS[rank(c)] for c in hands[seat]) for seat in playing}
        best = max(scores.values())
        playing = [seat for seat in playing if scores[seat] == best]
    return {key(seat): hands[seat] for seat in SEATS}


def winner(outcome: Outcome) -> int:
    scores = totals(outcome)
    return max(SEATS, key=lambda seat: scores[seat])


@cache
def winners() -> list[tuple[Fraction, int]]:
    """Each seat's chance to win: over the first four cards (by points, 8 of each), the
    seat with the highest total, or each of the seats sharing it equally: the cards they
    then take are dealt alike to each, so none of them is likelier to win the tie."""
    chance = dict.fromkeys(SEATS, Fraction(0))
    values = sorted(set(POINTS.values()))
    for dealt in itertools.product(values, repeat=4):
        ways, left = 1, dict.fromkeys(values, 4)
        for value in dealt:
            ways *= left[value]
            left[value] -= 1
        scores = [seat + value for seat, value in zip(SEATS, dealt, strict=True)]
        leaders = [seat for seat, score in zip(SEATS, scores, strict=True) if score == max(scores)]
        for seat in leaders:
            chance[seat] += Fraction(ways, 32 * 31 * 30 * 29 * len(leaders))
    return [(chance[seat], seat) for seat in SEATS]


def seat_bet(seat: int) -> CardBet[int]:
    price = PRICES[seat]
    return CardBet(
        key(seat),
        f"Seat {seat}",
        f"nothing: the seat starting on {seat} points has the most",
        ODDS[seat],
        lambda won, s: price if won == seat else LOST,
    )


class ThirtyTwoCards(CardGame[int]):
    slug = "32-cards"
    name = "32 Cards"
    board: ClassVar[str] = "cards"
    section = "12.57"
    cadence = Cadence(every_seconds=30, closes_before_seconds=5)
    bets = tuple(seat_bet(seat) for seat in SEATS)

    def outcome(self, rng: Rng) -> Outcome:
        return play(rng)

    def coup(self, outcome: Outcome) -> int:
        return winner(outcome)

    def chances(self, bet_type: str) -> Iterable[tuple[Fraction, int]]:
        return winners()

    def describe(self, outcome: Outcome) -> str:
        scores = totals(outcome)
        seats = ", ".join(
            f"{seat}: {' '.join(map(card_text, outcome[key(seat)]))} ({scores[seat]})"
            for seat in SEATS
        )
        return f"{seats}; seat {winner(outcome)} wins"

    def hands(self) -> list[dict[str, str]]:
        return [{"key": key(seat), "label": f"Seat {seat}"} for seat in SEATS]

    def public(self) -> Mapping[str, Any]:
        """The board adds up each seat's total: the points it starts on and its cards'."""
        starts = {key(seat): seat for seat in SEATS}
        return {**super().public(), "starts": starts, "card_points": POINTS}
