"""Six of 48 (12.46, the second "Lucky 6"): 35 of 48 balls in eight colours drawn in
order; the main bet is six numbers and the ball that completes them (the 6th to the 35th),
then bets on the first five's sum, the first and the last ball, odd and even, and colours.
Prices and readings: casino/numbers/RULES.md. Plain Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from math import comb
from typing import Any, ClassVar

from casino.numbers import builders as b
from casino.numbers.base import DrawGame
from casino.numbers.markets import Market, Pick, Vector, at_places
from casino.rounds import Cadence, Outcome, Selection

BALLS = tuple(range(1, 49))
DRAWN = 35
CHOSEN = 6
# In the text's order: 1 green, 2 blue, ... 8 black, 9 green again.
COLOURS = ("green", "blue", "red", "purple", "yellow", "orange", "brown", "black")
FIRST, LAST = 0, -1
HALF_LINE = 24.5


def colour_of(ball: int) -> str:
    return COLOURS[(ball - 1) % len(COLOURS)]


def completed_at(balls: Sequence[int], chosen: Sequence[int]) -> int | None:
    """The place (1 the first ball) of the ball that completes the chosen numbers, or
    None when some of them are not drawn."""
    places = {ball: place for place, ball in enumerate(balls, start=1)}
    if not all(number in places for number in chosen):
        return None
    return max(places[number] for number in chosen)


def completed_by(place: int) -> Market:
    """The six chosen numbers are all drawn and the last of them is ball ``place``."""

    def wins(outcome: Outcome, selection: Selection) -> bool:
        return completed_at(outcome["balls"], selection["numbers"]) == place

    def chance(selection: Selection) -> Fraction:
        # The five others among the first place - 1 balls, the sixth at ``place``: every
        # order of the 48 balls is alike, so count the places the six may take.
        return Fraction(comb(place - 1, CHOSEN - 1), comb(len(BALLS), CHOSEN))

    return Market(
        f"six-by-{place}",
        f"Six numbers with ball {place}",
        "6 different numbers from 1 to 48",
        wins,
        chance,
        choices=(),
        pick=Pick(CHOSEN, 1, 48),
        example={"numbers": list(range(1, CHOSEN + 1))},
    )


def number(ball: int, selection: Selection) -> Vector:
    return (ball,)


def even(ball: int, selection: Selection) -> Vector:
    return (int(ball % 2 == 0),)


def one_ball(place: int, test: Callable[[int], bool], code: str, name: str) -> Market:
    return b.placed(BALLS, (place,), lambda balls: test(balls[0]), code, name)


def colour_at(place: int, code: str, name: str) -> Market:
    wins, chance = at_places(BALLS, (place,), lambda balls, s: colour_of(balls[0]) == s["colour"])
    choices = tuple((colour, {"colour": colour}) for colour in COLOURS)
    return Market(code, name, "a colour", wins, chance, choices)


MARKETS: tuple[Market, ...] = (
    *(completed_by(place) for place in range(CHOSEN, DRAWN + 1)),
    b.plain(BALLS, 5, number, lambda v: v[0] > 122.5, "first-five-over", "First five over 122.5"),
    b.plain(BALLS, 5, number, lambda v: v[0] < 122.5, "first-five-under", "First five under 122.5"),
    one_ball(FIRST, b.over(HALF_LINE), "first-over", "First ball over 24.5"),
    one_ball(FIRST, b.under(HALF_LINE), "first-under", "First ball under 24.5"),
    one_ball(LAST, b.over(HALF_LINE), "last-over", "Last ball over 24.5"),
    one_ball(LAST, b.under(HALF_LINE), "last-under", "Last ball under 24.5"),
    one_ball(FIRST, lambda n: n % 2 == 0, "first-even", "First ball even"),
    one_ball(FIRST, lambda n: n % 2 == 1, "first-odd", "First ball odd"),
    one_ball(LAST, lambda n: n % 2 == 0, "last-even", "Last ball even"),
    one_ball(LAST, lambda n: n % 2 == 1, "last-odd", "Last ball odd"),
    b.plain(BALLS, DRAWN, even, lambda v: v[0] > DRAWN - v[0], "more-even", "More even balls"),
    b.plain(BALLS, DRAWN, even, lambda v: v[0] < DRAWN - v[0], "more-odd", "More odd balls"),
    colour_at(FIRST, "first-colour", "Colour of the first ball"),
    colour_at(LAST, "last-colour", "Colour of the last ball"),
)


class SixOf48(DrawGame):
    slug = "six-of-48"
    name = "Six of 48"
    section = "12.46"
    cadence = Cadence(every_seconds=300, closes_before_seconds=10, show_seconds=30)
    pool: ClassVar[tuple[int, ...]] = BALLS
    drawn = DRAWN

    def __init__(self, markets: Sequence[Market] = MARKETS) -> None:
        super().__init__(markets)

    def colour(self, ball: int) -> str:
        return colour_of(ball)

    def result(self, bet_type: str, selection: Selection, outcome: Outcome) -> dict[str, Any]:
        if "numbers" not in selection:
            return {}
        place = completed_at(outcome["balls"], selection["numbers"])
        return {} if place is None else {"completed_at": place}

    def describe_result(self, result: Mapping[str, Any]) -> str:
        place = result.get("completed_at")
        return "" if place is None else f"complete with ball {place}"
