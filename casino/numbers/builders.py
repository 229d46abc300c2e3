"""Markets that several draws share: chosen numbers drawn, counts against a line, sums
against a line, more of one kind than another. Plain Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from casino.numbers.markets import Market, Pick, Vector, at_places, over_draw
from casino.rounds import Selection

Test = Callable[[int], bool]


def one_number(ball: int, selection: Selection) -> Vector:
    return (int(ball == selection["number"]),)


def chosen(ball: int, selection: Selection) -> Vector:
    return (int(ball in selection["numbers"]),)


def number_drawn(pool: Sequence[int], count: int, *, drawn: bool, code: str, name: str) -> Market:
    """The chosen number is among the balls drawn (or is not)."""
    wins, chance = over_draw(pool, count, one_number, lambda v, s: (v[0] == 1) == drawn)
    choices = tuple((str(n), {"number": n}) for n in pool)
    return Market(code, name, f"a number from {pool[0]} to {pool[-1]}", wins, chance, choices)


def numbers_drawn(
    pool: Sequence[int],
    count: int,
    chosen_count: int,
    accept: Callable[[int], bool],
    *,
    code: str,
    name: str,
) -> Market:
    """A market on how many of ``chosen_count`` chosen numbers are drawn."""
    pick = Pick(chosen_count, pool[0], pool[-1])
    wins, chance = over_draw(pool, count, chosen, lambda v, s: accept(v[0]))
    example = {"numbers": list(pool[:chosen_count])}
    return Market(
        code,
        name,
        f"{chosen_count} different numbers from {pool[0]} to {pool[-1]}",
        wins,
        chance,
        choices=(),
        pick=pick,
        example=example,
    )


def plain(
    pool: Sequence[int],
    count: int,
    per_ball: Callable[[int, Selection], Vector],
    accept: Callable[[Vector], bool],
    code: str,
    name: str,
) -> Market:
    """A market with nothing to choose on a feature summed over the first ``count`` balls."""
    wins, chance = over_draw(pool, count, per_ball, lambda v, s: accept(v))
    return Market(code, name, "nothing", wins, chance)


def placed(
    pool: Sequence[int],
    places: Sequence[int],
    accept: Callable[[Sequence[int]], bool],
    code: str,
    name: str,
) -> Market:
    """A market with nothing to choose on the balls at ``places``."""
    wins, chance = at_places(pool, places, lambda balls, s: accept(balls))
    return Market(code, name, "nothing", wins, chance)


def under(line: float) -> Callable[[int], bool]:
    return lambda value: value < line


def over(line: float) -> Callable[[int], bool]:
    return lambda value: value > line


def at_least(count: int) -> Callable[[int], bool]:
    return lambda value: value >= count


def exactly(count: int) -> Callable[[int], bool]:
    return lambda value: value == count


def not_exactly(count: int) -> Callable[[int], bool]:
    return lambda value: value != count


def line_text(line: float) -> str:
    return f"{line:g}"
