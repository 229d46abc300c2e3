"""Yellow and Black (12.35, "Lucky 7 (7 Bet)"): 7 balls of 42 drawn in order, 21 yellow
(the odd numbers) and 21 black (the even ones); the text's 73 outcomes. Why the odd
numbers are the yellow ones, and the prices, are in casino/numbers/RULES.md.

Plain Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from casino.numbers import builders as b
from casino.numbers.base import DrawGame
from casino.numbers.markets import Market, Vector
from casino.rounds import Cadence, Selection

BALLS = tuple(range(1, 43))
DRAWN = 7
COLOUR_LINE = 73.5


def is_yellow(ball: int) -> bool:
    return ball % 2 == 1


def yellow(ball: int, selection: Selection) -> Vector:
    return (int(is_yellow(ball)),)


def black(ball: int, selection: Selection) -> Vector:
    return (int(not is_yellow(ball)),)


def yellow_sum(ball: int, selection: Selection) -> Vector:
    return (ball if is_yellow(ball) else 0,)


def black_sum(ball: int, selection: Selection) -> Vector:
    return (0 if is_yellow(ball) else ball,)


def number(ball: int, selection: Selection) -> Vector:
    return (ball,)


def odd(ball: int, selection: Selection) -> Vector:
    return (ball % 2,)


def over_all(
    per_ball: Callable[[int, Selection], Vector], test: Callable[[int], bool], code: str, name: str
) -> Market:
    return b.plain(BALLS, DRAWN, per_ball, lambda v: test(v[0]), code, name)


def at(
    places: Sequence[int], test: Callable[[Sequence[int]], bool], code: str, name: str
) -> Market:
    return b.placed(BALLS, places, test, code, name)


def chosen_seven(test: Callable[[int], bool], code: str, name: str) -> Market:
    return b.numbers_drawn(BALLS, DRAWN, 7, test, code=code, name=name)


def colour_counts(colour: str, per_ball: Callable[[int, Selection], Vector]) -> tuple[Market, ...]:
    """Items 24-30 (yellow) and 31-37 (black) of the text, then 38-44 and 45-51."""
    lines = (
        (b.under(3.5), "under-3.5", "under 3.5"),
        (b.over(3.5), "over-3.5", "over 3.5"),
        (b.under(2.5), "under-2.5", "under 2.5"),
        (b.over(2.5), "over-2.5", "over 2.5"),
        (b.under(1.5), "under-1.5", "under 1.5"),
        (b.over(1.5), "over-1.5", "over 1.5"),
    )
    return (
        *(
            over_all(per_ball, test, f"{colour}-{code}", f"{colour.title()} balls {words}")
            for test, code, words in lines
        ),
        over_all(per_ball, b.exactly(0), f"{colour}-none", f"No {colour} ball"),
    )


def colour_exactly(colour: str, per_ball: Callable[[int, Selection], Vector]) -> tuple[Market, ...]:
    return tuple(
        over_all(per_ball, b.exactly(n), f"{colour}-{n}", f"Exactly {n} {colour}")
        for n in (7, 6, 5, 4, 3, 2, 1)
    )


def is_odd(ball: int) -> bool:
    return ball % 2 == 1


FIRST, SECOND, LAST = 0, 1, -1

MARKETS: tuple[Market, ...] = (
    b.number_drawn(BALLS, DRAWN, drawn=True, code="number", name="Number drawn"),
    b.number_drawn(BALLS, DRAWN, drawn=False, code="not-number", name="Number not drawn"),
    b.numbers_drawn(BALLS, DRAWN, 2, b.exactly(2), code="two-numbers", name="Two numbers drawn"),
    b.numbers_drawn(
        BALLS, DRAWN, 3, b.exactly(3), code="three-numbers", name="Three numbers drawn"
    ),
    b.numbers_drawn(BALLS, DRAWN, 4, b.exactly(4), code="four-numbers", name="Four numbers drawn"),
    chosen_seven(b.exactly(0), "seven-none", "None of seven numbers drawn"),
    *(
        chosen_seven(b.at_least(n), f"seven-{n}", f"At least {n} of seven numbers drawn")
        for n in (1, 2, 3, 4, 5)
    ),
    over_all(yellow_sum, b.under(COLOUR_LINE), "yellow-sum-under", "Yellow sum under 73.5"),
    over_all(yellow_sum, b.over(COLOUR_LINE), "yellow-sum-over", "Yellow sum over 73.5"),
    over_all(black_sum, b.under(COLOUR_LINE), "black-sum-under", "Black sum under 73.5"),
    over_all(black_sum, b.over(COLOUR_LINE), "black-sum-over", "Black sum over 73.5"),
    # Items 16-23 as the text lists them: no "over 100.5" and no "over 200.5".
    over_all(number, b.under(100.5), "sum-under-100.5", "Sum under 100.5"),
    *(
        market
        for line in (125.5, 150.5, 175.5)
        for market in (
            over_all(number, b.under(line), f"sum-under-{line:g}", f"Sum under {line:g}"),
            over_all(number, b.over(line), f"sum-over-{line:g}", f"Sum over {line:g}"),
        )
    ),
    over_all(number, b.under(200.5), "sum-under-200.5", "Sum under 200.5"),
    *colour_counts("yellow", yellow),
    *colour_counts("black", black),
    *colour_exactly("yellow", yellow),
    *colour_exactly("black", black),
    over_all(odd, lambda n: n >= 4, "more-odd", "More odd numbers"),
    over_all(odd, lambda n: n <= 3, "more-even", "More even numbers"),
    over_all(number, lambda total: total % 2 == 1, "sum-odd", "Sum odd"),
    over_all(number, lambda total: total % 2 == 0, "sum-even", "Sum even"),
    at((FIRST,), lambda s: is_odd(s[0]), "first-odd", "First ball odd"),
    at((FIRST,), lambda s: not is_odd(s[0]), "first-even", "First ball even"),
    at((LAST,), lambda s: is_odd(s[0]), "last-odd", "Last ball odd"),
    at((LAST,), lambda s: not is_odd(s[0]), "last-even", "Last ball even"),
    at((FIRST, SECOND), lambda s: is_odd(s[0]) and is_odd(s[1]), "first-two-odd", "First two odd"),
    at(
        (FIRST, SECOND),
        lambda s: not is_odd(s[0]) and not is_odd(s[1]),
        "first-two-even",
        "First two even",
    ),
    at(
        (FIRST, SECOND),
        lambda s: is_odd(s[0]) and not is_odd(s[1]),
        "first-odd-second-even",
        "First odd, second even",
    ),
    at(
        (FIRST, SECOND),
        lambda s: not is_odd(s[0]) and is_odd(s[1]),
        "first-even-second-odd",
        "First even, second odd",
    ),
    at(
        (FIRST, LAST),
        lambda s: is_odd(s[0]) and not is_odd(s[1]),
        "first-odd-last-even",
        "First odd, last even",
    ),
    at(
        (FIRST, LAST),
        lambda s: not is_odd(s[0]) and is_odd(s[1]),
        "first-even-last-odd",
        "First even, last odd",
    ),
    at((FIRST,), lambda s: is_yellow(s[0]), "first-yellow", "First ball yellow"),
    at((FIRST,), lambda s: not is_yellow(s[0]), "first-black", "First ball black"),
    at((LAST,), lambda s: is_yellow(s[0]), "last-yellow", "Last ball yellow"),
    at((LAST,), lambda s: not is_yellow(s[0]), "last-black", "Last ball black"),
    over_all(yellow, lambda n: n >= 4, "more-yellow", "More yellow"),
    over_all(yellow, lambda n: n <= 3, "more-black", "More black"),
    at(
        (FIRST, SECOND),
        lambda s: is_yellow(s[0]) == is_yellow(s[1]),
        "first-two-same",
        "First two the same colour",
    ),
    at(
        (FIRST, SECOND),
        lambda s: is_yellow(s[0]) != is_yellow(s[1]),
        "first-two-different",
        "First two different colours",
    ),
)


class YellowAndBlack(DrawGame):
    slug = "yellow-and-black"
    name = "Yellow and Black"
    section = "12.35"
    cadence = Cadence(every_seconds=300, closes_before_seconds=10, show_seconds=14)
    pool: ClassVar[tuple[int, ...]] = BALLS
    drawn = DRAWN

    def __init__(self, markets: Sequence[Market] = MARKETS) -> None:
        super().__init__(markets)

    def colour(self, ball: int) -> str:
        return "yellow" if is_yellow(ball) else "black"
