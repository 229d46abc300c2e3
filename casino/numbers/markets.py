"""Bets on a draw of numbered balls, each with its exact chance and the house's price.

A draw takes balls from a pool without putting them back, in order. A market (one bet
type) wins on a feature of the drawn balls, and is built by one of two helpers so that
the rule that settles a bet and the rule that counts its chance are the same function:

- `over_draw`: on a sum, over the balls at the first ``count`` places, of a small vector
  per ball (how many are white, the sum of their numbers, whether it is the chosen
  number). Its chance is counted over every set of ``count`` balls of the pool, the sets
  weighed alike (any ``count`` places of a fair draw hold such a set).
- `at_places`: on the balls at a few places (the first, the first two, the last). Its
  chance is counted over every ordered tuple of that many different balls.

Plain Python: no Django import.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from math import comb, perm
from typing import Any

from casino.rounds import BetType, Outcome, Selection

Vector = tuple[int, ...]
# What one ball adds to the feature a market reads, for a selection.
PerBall = Callable[[int, Selection], Vector]
Accept = Callable[[Vector, Selection], bool]
Wins = Callable[[Outcome, Selection], bool]
Chance = Callable[[Selection], Fraction]
NOTHING: tuple[tuple[str, Selection], ...] = (("", {}),)

# The texts give no prices for these draws: each bet returns the largest multiple of 0.01
# at or below 96% of its fair price (RULES.md).
TARGET = Fraction(96, 100)
STEP = Fraction(1, 100)


def house_price(chance: Fraction) -> Fraction:
    """What a winning bet returns, its stake included, for a bet winning with ``chance``."""
    price = (TARGET / chance // STEP) * STEP
    if price > 1:
        return price
    # A bet more likely than 96% (the text lists a few) gets the smallest price that still
    # wins something, while it returns less than it takes.
    if chance * (1 + STEP) >= 1:
        raise ValueError("a bet this likely cannot be priced to win anything")
    return 1 + STEP


def decimal_odds(price: Fraction) -> str:
    """A price in hundredths as players read it: Fraction(104, 100) -> "1.04x"."""
    hundredths = price * 100
    if hundredths.denominator != 1:
        raise ValueError("a price in whole hundredths")
    whole, cents = divmod(hundredths.numerator, 100)
    return f"{whole:,}.{cents:02d}x"


def ratio_odds(price: Fraction) -> str:
    """A price as win:stake odds: Fraction(3) -> "2:1", Fraction(18, 11) -> "7:11"."""
    win = price - 1
    return f"{win.numerator}:{win.denominator}"


def add(a: Vector, b: Vector) -> Vector:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def set_sums(
    pool: Sequence[int], count: int, per_ball: Callable[[int], Vector]
) -> dict[Vector, int]:
    """How many sets of ``count`` balls of ``pool`` sum ``per_ball`` to each vector: one
    pass over the balls, each either taken or not (a knapsack count, exact)."""
    width = len(per_ball(pool[0]))
    sums: list[Counter[Vector]] = [Counter() for _ in range(count + 1)]
    sums[0][(0,) * width] = 1
    for ball in pool:
        value = per_ball(ball)
        for taken in range(count, 0, -1):
            for vector, ways in sums[taken - 1].items():
                sums[taken][add(vector, value)] += ways
    return dict(sums[count])


_SET_SUMS: dict[tuple[Any, ...], dict[Vector, int]] = {}


def _selection_key(selection: Selection) -> tuple[Any, ...]:
    return tuple(sorted((k, repr(v)) for k, v in selection.items()))


def over_draw(
    pool: Sequence[int], count: int, per_ball: PerBall, accept: Accept
) -> tuple[Wins, Chance]:
    """A market on the sum of ``per_ball`` over the first ``count`` balls drawn."""

    def wins(outcome: Outcome, selection: Selection) -> bool:
        total: Vector | None = None
        for ball in outcome["balls"][:count]:
            value = per_ball(ball, selection)
            total = value if total is None else add(total, value)
        assert total is not None, "a draw has balls"
        return accept(total, selection)

    def chance(selection: Selection) -> Fraction:
        key = (tuple(pool), count, per_ball, _selection_key(selection))
        if key not in _SET_SUMS:
            _SET_SUMS[key] = set_sums(pool, count, lambda ball: per_ball(ball, selection))
        won = sum(ways for vector, ways in _SET_SUMS[key].items() if accept(vector, selection))
        return Fraction(won, comb(len(pool), count))

    return wins, chance


def at_places(
    pool: Sequence[int], places: Sequence[int], accept: Callable[[Sequence[int], Selection], bool]
) -> tuple[Wins, Chance]:
    """A market on the balls at ``places`` (0 the first, -1 the last), in that order."""

    def wins(outcome: Outcome, selection: Selection) -> bool:
        return accept([outcome["balls"][place] for place in places], selection)

    def chance(selection: Selection) -> Fraction:
        won = sum(
            1 for balls in itertools.permutations(pool, len(places)) if accept(balls, selection)
        )
        return Fraction(won, perm(len(pool), len(places)))

    return wins, chance


@dataclass(frozen=True)
class Pick:
    """A selection of ``count`` different numbers from ``low`` to ``high``, too many to
    list: the board offers a picker, the game checks it (`check_numbers`)."""

    count: int
    low: int
    high: int

    def public(self) -> dict[str, Any]:
        return {"kind": "numbers", "count": self.count, "low": self.low, "high": self.high}


@dataclass(frozen=True)
class Market:
    """One bet type of a draw: its words, when it wins, its exact chance and its price.

    ``chance`` is the same for every selection (the contract's rule; the tests check it
    over the selections); ``price`` is the return of a winning bet, its stake included.
    """

    code: str
    name: str
    selection: str
    wins: Wins
    chance: Chance
    choices: Sequence[tuple[str, Selection]] = NOTHING
    pick: Pick | None = None
    fixed_price: Fraction | None = None
    # The selection the chance is counted for (every selection has the same).
    example: Selection = field(default_factory=dict)

    @cached_property
    def probability(self) -> Fraction:
        sample = self.choices[0][1] if self.choices else self.example
        return self.chance(sample)

    @cached_property
    def price(self) -> Fraction:
        return self.fixed_price if self.fixed_price is not None else house_price(self.probability)

    def odds(self) -> str:
        price = self.price
        return ratio_odds(price) if self.fixed_price is not None else decimal_odds(price)

    def as_bet_type(self) -> BetType:
        return BetType(self.code, self.name, self.selection, self.odds())


def check_numbers(pick: Pick, selection: object) -> Selection:
    """``{"numbers": [...]}`` of ``pick.count`` different whole numbers in its range,
    sorted; ValueError in words a player reads otherwise."""
    wanted = (
        f"{pick.count} different numbers from {pick.low} to {pick.high}"
        if pick.count > 1
        else f"a number from {pick.low} to {pick.high}"
    )
    numbers = selection.get("numbers") if isinstance(selection, dict) else None
    if (
        not isinstance(numbers, list)
        or len(numbers) != pick.count
        or not all(type(n) is int and pick.low <= n <= pick.high for n in numbers)
        or len(set(numbers)) != pick.count
    ):
        raise ValueError(f"This bet takes {wanted}.")
    return {"numbers": sorted(numbers)}


def mapping(markets: Sequence[Market]) -> Mapping[str, Market]:
    by_code = {market.code: market for market in markets}
    if len(by_code) != len(markets):
        raise ValueError("two markets share a code")
    return by_code
