"""One Ball (12.52, "1 Bet"): one ball of 37, numbered 0 to 36, red, black and a green
zero, put back after every draw; 41 outcomes on its number, its colour and its range.

Every outcome pays as roulette pays: 36 times the stake for each number it covers is
shared out among them, so a bet on k numbers returns 36/k times its stake and every bet
returns 36/37 (RULES.md). Plain Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import ClassVar

from casino.numbers.base import DrawGame
from casino.numbers.markets import Market, Vector, over_draw
from casino.rounds import Cadence, Outcome, Selection

BALLS = tuple(range(37))
RED = frozenset((1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36))
BLACK = frozenset(BALLS) - RED - {0}


def covering(code: str, name: str, numbers: frozenset[int], selection: str = "nothing") -> Market:
    """A bet on the ball falling among ``numbers``, paid 36/len(numbers)."""

    def hit(ball: int, chosen: Selection) -> Vector:
        return (int(ball in numbers),)

    wins, chance = over_draw(BALLS, 1, hit, lambda v, s: v[0] == 1)
    return Market(code, name, selection, wins, chance, fixed_price=Fraction(36, len(numbers)))


def straight() -> Market:
    def hit(ball: int, chosen: Selection) -> Vector:
        return (int(ball == chosen["number"]),)

    wins, chance = over_draw(BALLS, 1, hit, lambda v, s: v[0] == 1)
    return Market(
        "number",
        "Number",
        "a number from 0 to 36",
        wins,
        chance,
        choices=tuple((str(n), {"number": n}) for n in BALLS),
        fixed_price=Fraction(36),
    )


def interval(low: int, high: int, name: str) -> Market:
    return covering(f"{low}-{high}", name, frozenset(range(low, high + 1)))


def line(at: int) -> tuple[Market, Market]:
    """Over and under ``at``.5; zero is a number under every line."""
    return (
        covering(f"over-{at}.5", f"Over {at}.5", frozenset(range(at + 1, 37))),
        covering(f"under-{at}.5", f"Under {at}.5", frozenset(range(0, at + 1))),
    )


def column(which: int) -> Market:
    numbers = frozenset(range(which, 37, 3))
    return covering(f"column-{which}", f"Column {which}", numbers)


MARKETS: tuple[Market, ...] = (
    straight(),
    *(interval(low, low + 11, f"{low} to {low + 11}") for low in (1, 13, 25)),
    *(column(which) for which in (1, 2, 3)),
    *(interval(low, low + 2, f"{low} to {low + 2}") for low in range(1, 37, 3)),
    *(interval(low, low + 5, f"{low} to {low + 5}") for low in range(1, 37, 6)),
    interval(1, 18, "1 to 18"),
    interval(19, 36, "19 to 36"),
    *(market for at in (18, 14, 22, 9, 27) for market in line(at)),
    covering("red", "Red", RED),
    covering("black", "Black", BLACK),
    covering("even", "Even", frozenset(range(2, 37, 2))),
    covering("odd", "Odd", frozenset(range(1, 37, 2))),
)


class OneBall(DrawGame):
    slug = "one-ball"
    name = "One Ball"
    section = "12.52"
    cadence = Cadence(every_seconds=60, closes_before_seconds=10)
    pool: ClassVar[tuple[int, ...]] = BALLS
    drawn = 1

    def __init__(self, markets: Sequence[Market] = MARKETS) -> None:
        super().__init__(markets)

    def colour(self, ball: int) -> str:
        return "red" if ball in RED else "black" if ball in BLACK else "green"

    def describe(self, outcome: Outcome) -> str:
        ball = outcome["balls"][0]
        return f"{ball} {self.colour(ball)}"
