"""The wheel and the table: pockets, colours, wheel order and which numbers sit side by
side on the betting layout (casino/roulette/RULES.md). Plain Python: no Django import.

A pocket is named by its label, a string: "0".."36", and "00" on the American wheel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Colour = Literal["red", "black", "green"]
Pockets = tuple[str, ...]

# The red numbers of every wheel; the other numbers 1-36 are black, the zeros green.
RED = frozenset(str(n) for n in (1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36))
NUMBERS: Pockets = tuple(str(n) for n in range(1, 37))


@dataclass(frozen=True)
class Wheel:
    """One wheel and its table: ``order`` is the pockets clockwise from the first zero;
    ``zero_splits`` and ``zero_streets`` the two- and three-number bets the layout allows
    with a zero (every other inside bet lies on the 1-36 grid)."""

    name: str
    order: Pockets
    zeros: Pockets
    zero_splits: tuple[Pockets, ...]
    zero_streets: tuple[Pockets, ...]

    @property
    def pockets(self) -> Pockets:
        """Every pocket in the table's reading order: the zeros, then 1 to 36."""
        return self.zeros + NUMBERS

    def colour(self, pocket: str) -> Colour:
        if pocket in self.zeros:
            return "green"
        return "red" if pocket in RED else "black"

    def colours(self) -> dict[str, Colour]:
        return {pocket: self.colour(pocket) for pocket in self.pockets}

    def neighbours(self, first: str, last: str) -> Pockets:
        """The pockets clockwise from ``first`` to ``last``, both included."""
        start = self.order.index(first)
        count = (self.order.index(last) - start) % len(self.order) + 1
        return tuple(self.order[(start + i) % len(self.order)] for i in range(count))


# Clockwise from zero, as the wheels are built.
_SINGLE_ZERO_ORDER = (
    "0 32 15 19 4 21 2 25 17 34 6 27 13 36 11 30 8 23 10 5 24 16 33 1 20 14 31 9 22 18 29 7 28"
    " 12 35 3 26"
)
_DOUBLE_ZERO_ORDER = (
    "0 28 9 26 30 11 7 20 32 17 5 22 34 15 3 24 36 13 1 00 27 10 25 29 12 8 19 31 18 6 21 33"
    " 16 4 23 35 14 2"
)

EUROPEAN = Wheel(
    name="single zero",
    order=tuple(_SINGLE_ZERO_ORDER.split()),
    zeros=("0",),
    zero_splits=(("0", "1"), ("0", "2"), ("0", "3")),
    zero_streets=(("0", "1", "2"), ("0", "2", "3")),
)

AMERICAN = Wheel(
    name="double zero",
    order=tuple(_DOUBLE_ZERO_ORDER.split()),
    zeros=("0", "00"),
    zero_splits=(("0", "1"), ("0", "2"), ("00", "2"), ("00", "3"), ("0", "00")),
    zero_streets=(("0", "1", "2"), ("0", "00", "2"), ("00", "2", "3")),
)


# --- the 1-36 grid: twelve rows of three, "1 2 3" at the top ---------------------------


def _row(n: int) -> tuple[int, ...]:
    first = 3 * ((n - 1) // 3) + 1
    return (first, first + 1, first + 2)


def grid_splits() -> tuple[Pockets, ...]:
    """Two numbers side by side in a row or one above the other in a column."""
    across = [(n, n + 1) for n in range(1, 37) if n % 3 != 0]
    down = [(n, n + 3) for n in range(1, 34)]
    return tuple((str(a), str(b)) for a, b in sorted(across + down))


def grid_streets() -> tuple[Pockets, ...]:
    return tuple(tuple(str(n) for n in _row(first)) for first in range(1, 37, 3))


def grid_corners() -> tuple[Pockets, ...]:
    """Four numbers meeting at one corner: two of a row and the two below them."""
    return tuple((str(n), str(n + 1), str(n + 3), str(n + 4)) for n in range(1, 33) if n % 3 != 0)


def grid_six_lines() -> tuple[Pockets, ...]:
    """Two neighbouring rows."""
    return tuple(tuple(str(n) for n in _row(first) + _row(first + 3)) for first in range(1, 34, 3))


def dozen(which: int) -> Pockets:
    return tuple(str(n) for n in range(12 * which - 11, 12 * which + 1))


def column(which: int) -> Pockets:
    return tuple(str(n) for n in range(which, 37, 3))
