"""Colour Five (12.34, "Lucky 5 (5 Bet)"): 5 balls of 36 in four colours, nine of each
(1-9 white, 10-18 blue, 19-27 green, 28-36 red), drawn in order; the text's 94 outcomes on
the numbers, their sum, odd and even, and the colours. Prices: casino/numbers/RULES.md.

Plain Python: no Django import.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import ClassVar

from casino.numbers import builders as b
from casino.numbers.base import DrawGame
from casino.numbers.markets import Market, Vector
from casino.rounds import Cadence, Selection

BALLS = tuple(range(1, 37))
DRAWN = 5
COLOURS = ("white", "blue", "green", "red")  # in the text's order, nine numbers each
SUM_LINE = 92.5


def colour_of(ball: int) -> str:
    return COLOURS[(ball - 1) // 9]


def colours(ball: int, selection: Selection) -> Vector:
    """One vector for every colour market: how many of each colour."""
    return tuple(int(colour_of(ball) == colour) for colour in COLOURS)


def odd(ball: int, selection: Selection) -> Vector:
    return (ball % 2,)


def number(ball: int, selection: Selection) -> Vector:
    return (ball,)


def on_colours(accept: Callable[[Vector], bool], code: str, name: str) -> Market:
    return b.plain(BALLS, DRAWN, colours, accept, code, name)


def of_colour(colour: str, test: Callable[[int], bool], code: str, name: str) -> Market:
    at = COLOURS.index(colour)
    return on_colours(lambda v: test(v[at]), f"{colour}-{code}", name.format(c=colour))


def colour_counts(colour: str) -> tuple[Market, ...]:
    """Items 11-25 of the text for white, and their like for green, red and blue."""
    rows: Sequence[tuple[Callable[[int], bool], str, str]] = (
        (b.at_least(1), "at-least-1", "At least one {c} ball"),
        (b.exactly(0), "none", "No {c} ball"),
        (b.over(1.5), "over-1.5", "{c} balls over 1.5"),
        (b.under(1.5), "under-1.5", "{c} balls under 1.5"),
        (b.over(2.5), "over-2.5", "{c} balls over 2.5"),
        (b.under(2.5), "under-2.5", "{c} balls under 2.5"),
        (b.over(3.5), "over-3.5", "{c} balls over 3.5"),
        (b.exactly(5), "5", "Five {c} balls"),
        (b.exactly(1), "1", "Exactly one {c} ball"),
        (b.not_exactly(1), "not-1", "Not exactly one {c} ball"),
        (b.exactly(2), "2", "Exactly two {c} balls"),
        (b.not_exactly(2), "not-2", "Not exactly two {c} balls"),
        (b.exactly(3), "3", "Exactly three {c} balls"),
        (b.not_exactly(3), "not-3", "Not exactly three {c} balls"),
        (b.exactly(4), "4", "Exactly four {c} balls"),
    )
    return tuple(of_colour(colour, test, code, name) for test, code, name in rows)


def more(first: Sequence[str], second: Sequence[str]) -> Market:
    ones = [COLOURS.index(c) for c in first]
    others = [COLOURS.index(c) for c in second]
    return on_colours(
        lambda v: sum(v[i] for i in ones) > sum(v[i] for i in others),
        f"more-{'-'.join(first)}",
        f"More {' and '.join(first)} than {' and '.join(second)}",
    )


def duel(first: str, second: str) -> tuple[Market, Market, Market]:
    one, other = COLOURS.index(first), COLOURS.index(second)
    return (
        on_colours(
            lambda v: v[one] > v[other], f"{first}-over-{second}", f"More {first} than {second}"
        ),
        on_colours(
            lambda v: v[other] > v[one], f"{second}-over-{first}", f"More {second} than {first}"
        ),
        on_colours(
            lambda v: v[one] == v[other], f"{first}-equals-{second}", f"As many {first} as {second}"
        ),
    )


MARKETS: tuple[Market, ...] = (
    b.number_drawn(BALLS, DRAWN, drawn=True, code="number", name="Number drawn"),
    b.number_drawn(BALLS, DRAWN, drawn=False, code="not-number", name="Number not drawn"),
    b.numbers_drawn(BALLS, DRAWN, 2, b.exactly(2), code="two-numbers", name="Two numbers drawn"),
    b.numbers_drawn(
        BALLS, DRAWN, 3, b.exactly(3), code="three-numbers", name="Three numbers drawn"
    ),
    b.plain(BALLS, DRAWN, odd, lambda v: v[0] >= 3, "more-odd", "More odd numbers"),
    b.plain(BALLS, DRAWN, odd, lambda v: v[0] <= 2, "more-even", "More even numbers"),
    b.plain(BALLS, DRAWN, number, lambda v: v[0] % 2 == 1, "sum-odd", "Sum odd"),
    b.plain(BALLS, DRAWN, number, lambda v: v[0] % 2 == 0, "sum-even", "Sum even"),
    b.plain(BALLS, DRAWN, number, lambda v: v[0] < SUM_LINE, "sum-under-92.5", "Sum under 92.5"),
    b.plain(BALLS, DRAWN, number, lambda v: v[0] > SUM_LINE, "sum-over-92.5", "Sum over 92.5"),
    *colour_counts("white"),
    *colour_counts("green"),
    *colour_counts("red"),
    *colour_counts("blue"),
    on_colours(lambda v: max(v) >= 3, "same-colour-3", "At least three of one colour"),
    on_colours(lambda v: max(v) >= 4, "same-colour-4", "At least four of one colour"),
    on_colours(lambda v: max(v) == 5, "same-colour-5", "Five of one colour"),
    more(("white", "green"), ("red", "blue")),
    more(("white", "red"), ("green", "blue")),
    more(("white", "blue"), ("green", "red")),
    *itertools.chain.from_iterable(
        duel(first, second)
        for first, second in (
            ("white", "green"),
            ("white", "red"),
            ("white", "blue"),
            ("green", "red"),
            ("green", "blue"),
            ("red", "blue"),
        )
    ),
)


class ColourFive(DrawGame):
    slug = "colour-five"
    name = "Colour Five"
    section = "12.34"
    cadence = Cadence(every_seconds=300, closes_before_seconds=10, show_seconds=12)
    pool: ClassVar[tuple[int, ...]] = BALLS
    drawn = DRAWN

    def __init__(self, markets: Sequence[Market] = MARKETS) -> None:
        super().__init__(markets)

    def colour(self, ball: int) -> str:
        return colour_of(ball)
