"""Six Zones (12.38, the first "Lucky 6"): 6 balls of 60, 30 red and 30 blue, each
marked with a digit 0 to 9, drop one at a time into zones A, B and C, two balls a zone;
the text's 38 outcomes. The text gives only each colour's sum (red 138, blue 132); how
the digits are spread over the balls is reconstructed in casino/numbers/RULES.md.

Plain Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from casino.numbers import builders as b
from casino.numbers.base import DrawGame
from casino.numbers.markets import Market, Vector, at_places, over_draw
from casino.rounds import Cadence, Outcome, Selection

DIGITS = range(10)
# Three balls of every digit in each colour, except that red has two 0s and four 3s and
# blue four 0s and two 3s: red sums to 138, blue to 132, and every digit is on six balls.
RED_DIGITS = tuple(d for d in DIGITS for _ in range({0: 2, 3: 4}.get(d, 3)))
BLUE_DIGITS = tuple(d for d in DIGITS for _ in range({0: 4, 3: 2}.get(d, 3)))
BALLS = tuple(range(1, 61))  # 1-30 red, 31-60 blue, by position in the lists above
DRAWN = 6
ZONES = {"A": (0, 1), "B": (2, 3), "C": (4, 5)}


def digit(ball: int) -> int:
    return RED_DIGITS[ball - 1] if ball <= 30 else BLUE_DIGITS[ball - 31]


def is_red(ball: int) -> bool:
    return ball <= 30


def red_sum(ball: int, selection: Selection) -> Vector:
    return (digit(ball) if is_red(ball) else 0,)


def blue_sum(ball: int, selection: Selection) -> Vector:
    return (0 if is_red(ball) else digit(ball),)


def total(ball: int, selection: Selection) -> Vector:
    return (digit(ball),)


def even_digit(ball: int, selection: Selection) -> Vector:
    return (int(digit(ball) % 2 == 0),)


def odd_digit(ball: int, selection: Selection) -> Vector:
    return (digit(ball) % 2,)


def the_digit(ball: int, selection: Selection) -> Vector:
    return (int(digit(ball) == selection["digit"]),)


DIGIT_CHOICES = tuple((str(d), {"digit": d}) for d in DIGITS)


def whole(
    per_ball: Callable[[int, Selection], Vector], test: Callable[[int], bool], code: str, name: str
) -> Market:
    return b.plain(BALLS, DRAWN, per_ball, lambda v: test(v[0]), code, name)


def digit_in_zone(zone: str) -> Market:
    wins, chance = at_places(
        BALLS, ZONES[zone], lambda balls, s: s["digit"] in (digit(balls[0]), digit(balls[1]))
    )
    return Market(
        f"digit-in-{zone.lower()}",
        f"Digit in zone {zone}",
        "a digit from 0 to 9",
        wins,
        chance,
        DIGIT_CHOICES,
    )


def zone_number(zone: str, *, double: bool) -> Market:
    """The two digits of a zone read as a number, first ball first: a double (00, 11, …)
    is its own bet type, being less likely than two different digits."""
    wins, chance = at_places(
        BALLS,
        ZONES[zone],
        lambda balls, s: (digit(balls[0]), digit(balls[1])) == (s["tens"], s["units"]),
    )
    choices = tuple(
        (f"{tens}{units}", {"tens": tens, "units": units})
        for tens in DIGITS
        for units in DIGITS
        if (tens == units) == double
    )
    kind = "double" if double else "number"
    words = "a double, 00 to 99" if double else "two different digits, 01 to 98"
    return Market(
        f"zone-{zone.lower()}-{kind}", f"Zone {zone} {kind}", words, wins, chance, choices
    )


def digit_count(test: Callable[[int], bool], code: str, name: str) -> Market:
    wins, chance = over_draw(BALLS, DRAWN, the_digit, lambda v, s: test(v[0]))
    return Market(code, name, "a digit from 0 to 9", wins, chance, DIGIT_CHOICES)


def zone_sum(zone: str, test: Callable[[int], bool], code: str, name: str) -> Market:
    return b.placed(
        BALLS,
        ZONES[zone],
        lambda balls: test(digit(balls[0]) + digit(balls[1])),
        f"zone-{zone.lower()}-{code}",
        f"Zone {zone} {name}",
    )


def is_even(n: int) -> bool:
    return n % 2 == 0


def is_odd(n: int) -> bool:
    return n % 2 == 1


MARKETS: tuple[Market, ...] = (
    *(digit_in_zone(zone) for zone in ZONES),
    *(zone_number(zone, double=double) for zone in ZONES for double in (False, True)),
    digit_count(b.over(1.5), "digit-over-1.5", "Digit drawn over 1.5 times"),
    digit_count(b.under(1.5), "digit-under-1.5", "Digit drawn under 1.5 times"),
    digit_count(is_even, "digit-even", "Digit drawn an even number of times"),
    digit_count(is_odd, "digit-odd", "Digit drawn an odd number of times"),
    whole(red_sum, b.under(13.5), "red-under-13.5", "Red sum under 13.5"),
    whole(red_sum, b.over(13.5), "red-over-13.5", "Red sum over 13.5"),
    whole(blue_sum, b.under(12.5), "blue-under-12.5", "Blue sum under 12.5"),
    whole(blue_sum, b.over(12.5), "blue-over-12.5", "Blue sum over 12.5"),
    *(
        zone_sum(zone, test, code, name)
        for zone in ZONES
        for test, code, name in (
            (b.under(9.5), "under-9.5", "sum under 9.5"),
            (b.over(9.5), "over-9.5", "sum over 9.5"),
        )
    ),
    whole(total, is_even, "sum-even", "Sum even"),
    whole(total, is_odd, "sum-odd", "Sum odd"),
    whole(even_digit, b.under(2.5), "even-under-2.5", "Even balls under 2.5"),
    whole(even_digit, b.over(2.5), "even-over-2.5", "Even balls over 2.5"),
    whole(odd_digit, b.under(2.5), "odd-under-2.5", "Odd balls under 2.5"),
    whole(odd_digit, b.over(2.5), "odd-over-2.5", "Odd balls over 2.5"),
    *(
        zone_sum(zone, test, code, name)
        for zone in ZONES
        for test, code, name in (
            (is_even, "even", "sum even"),
            (is_odd, "odd", "sum odd"),
        )
    ),
    *(
        market
        for line in (26.5, 15.5, 38.5)
        for market in (
            whole(total, b.under(line), f"sum-under-{line:g}", f"Sum under {line:g}"),
            whole(total, b.over(line), f"sum-over-{line:g}", f"Sum over {line:g}"),
        )
    ),
)


class SixZones(DrawGame):
    slug = "six-zones"
    name = "Six Zones"
    section = "12.38"
    cadence = Cadence(every_seconds=300, closes_before_seconds=10, show_seconds=12)
    pool: ClassVar[tuple[int, ...]] = BALLS
    drawn = DRAWN

    def __init__(self, markets: Sequence[Market] = MARKETS) -> None:
        super().__init__(markets)

    def colour(self, ball: int) -> str:
        return "red" if is_red(ball) else "blue"

    def describe(self, outcome: Outcome) -> str:
        digits = [digit(ball) for ball in outcome["balls"]]
        return " · ".join(
            f"{zone} {digits[first]}{digits[second]}" for zone, (first, second) in ZONES.items()
        )

    def public(self) -> Mapping[str, Any]:
        labels = {str(ball): str(digit(ball)) for ball in BALLS}
        return {**super().public(), "labels": labels, "zones": list(ZONES)}
