"""Every roulette bet as data: what a player may choose for each bet type and which
pockets each choice covers (casino/roulette/RULES.md). The games price them.

A choice is an `Offer`: the label the bet slip shows, the selection stored on the bet,
and its chips. An ordinary bet is one chip; a neighbour bet (Zero game, Voisins du Zero,
Orphelins, Tier) is the chips of the rules' table, each paid as that bet would be.
Plain Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from casino.roulette.wheel import (
    NUMBERS,
    RED,
    Pockets,
    Wheel,
    column,
    dozen,
    grid_corners,
    grid_six_lines,
    grid_splits,
    grid_streets,
)

# The bets paid 1:1 that return half the stake on zero at La Partage and French Gold.
EVEN_MONEY = frozenset({"red", "black", "odd", "even", "low", "high"})
NEIGHBOUR_BETS = ("zero-game", "voisins", "orphelins", "tiers")
# A neighbour bet's chip is priced as the inside bet of as many numbers.
INSIDE_BY_SIZE = {1: "straight", 2: "split", 3: "street", 4: "corner", 6: "line"}

SelectionKey = tuple[Any, ...]


@dataclass(frozen=True)
class Chip:
    """``count`` chips on ``pockets``, priced as a bet of type ``code``."""

    code: str
    pockets: frozenset[str]
    count: int = 1


@dataclass(frozen=True)
class Offer:
    """One choice of a bet type: ``pockets`` for an inside bet (in the table's reading
    order), ``which`` for a dozen or column, neither for a bet with nothing to choose."""

    label: str
    chips: tuple[Chip, ...]
    pockets: Pockets = ()
    which: int = 0

    @property
    def chip_count(self) -> int:
        return sum(chip.count for chip in self.chips)

    @property
    def key(self) -> SelectionKey:
        return selection_key(self.selection())

    def selection(self) -> dict[str, Any]:
        """The selection as stored on a bet: a new dict each time (callers may keep it)."""
        if self.pockets:
            return {"pockets": list(self.pockets)}
        if self.which:
            return {"which": self.which}
        return {}


def selection_key(selection: dict[str, Any]) -> SelectionKey:
    """What identifies a selection whatever the order of its pockets; ``("bad",)`` for a
    selection of no known shape."""
    if not selection:
        return ()
    if set(selection) == {"pockets"}:
        pockets = selection["pockets"]
        if (
            isinstance(pockets, list)
            and pockets
            and all(isinstance(pocket, str) for pocket in pockets)
            and len(set(pockets)) == len(pockets)
        ):
            return ("pockets", frozenset(pockets))
    if set(selection) == {"which"}:
        which = selection["which"]
        if isinstance(which, int) and not isinstance(which, bool):
            return ("which", which)
    return ("bad",)


@dataclass(frozen=True)
class BetCopy:
    """What players read about a bet type, whatever the game; ``about`` replaces the
    game's usual words on when a bet wins."""

    name: str
    selection: str
    about: str = ""


CATALOGUE: dict[str, BetCopy] = {
    "straight": BetCopy("Straight up", "one number"),
    "split": BetCopy("Split", "two numbers side by side on the table"),
    "street": BetCopy("Street", "a row of three numbers, or a zero with the two beside it"),
    "corner": BetCopy("Corner", "four numbers that meet at one corner"),
    "line": BetCopy("Six line", "two neighbouring rows, six numbers"),
    "five": BetCopy("Five numbers", "0, 00, 1, 2 and 3"),
    "dozen": BetCopy("Dozen", "the first (1-12), second (13-24) or third (25-36) dozen"),
    "column": BetCopy("Column", "the first, second or third column"),
    "red": BetCopy("Red", "nothing"),
    "black": BetCopy("Black", "nothing"),
    "odd": BetCopy("Odd", "nothing"),
    "even": BetCopy("Even", "nothing"),
    "low": BetCopy("1-18", "nothing"),
    "high": BetCopy("19-36", "nothing"),
    "zero-game": BetCopy(
        "Zero game",
        "nothing: 4 chips",
        "Covers the numbers nearest to zero on the wheel: 12, 35, 3, 26, 0, 32 and 15.",
    ),
    "voisins": BetCopy(
        "Voisins du Zero",
        "nothing: 9 chips",
        "Covers the 17 numbers of the wheel from 22 to 25 around zero.",
    ),
    "orphelins": BetCopy(
        "Orphelins",
        "nothing: 5 chips",
        "Covers the two stretches of the wheel left between the others: 17, 34, 6 and "
        "1, 20, 14, 31, 9.",
    ),
    "tiers": BetCopy(
        "Tier",
        "nothing: 6 chips",
        "Covers the 12 numbers of the wheel opposite zero, from 27 to 33.",
    ),
    "red-black": BetCopy("Red and black", "nothing"),
    "any-pair": BetCopy("Both balls on one number", "nothing"),
    "pair": BetCopy(
        "Both balls on your number", "one number", "Wins when both balls land on your number."
    ),
}

# The rules' table of neighbour bets (12.1): pockets of each chip and how many chips.
NEIGHBOUR_CHIPS: dict[str, tuple[tuple[Pockets, int], ...]] = {
    "zero-game": ((("0", "3"), 1), (("12", "15"), 1), (("26",), 1), (("32", "35"), 1)),
    "voisins": (
        (("0", "2", "3"), 2),
        (("4", "7"), 1),
        (("12", "15"), 1),
        (("18", "21"), 1),
        (("19", "22"), 1),
        (("25", "26", "28", "29"), 2),
        (("32", "35"), 1),
    ),
    "orphelins": (
        (("1",), 1),
        (("6", "9"), 1),
        (("14", "17"), 1),
        (("17", "20"), 1),
        (("31", "34"), 1),
    ),
    "tiers": (
        (("5", "8"), 1),
        (("10", "11"), 1),
        (("13", "16"), 1),
        (("23", "24"), 1),
        (("27", "30"), 1),
        (("33", "36"), 1),
    ),
}


# --- the choices of each bet type on a wheel ---------------------------------------------


def _inside(code: str, groups: tuple[Pockets, ...]) -> tuple[Offer, ...]:
    joiner = "/" if code == "split" else "-"
    return tuple(
        Offer(joiner.join(group), (Chip(code, frozenset(group)),), pockets=group)
        for group in groups
    )


def _whole(code: str, pockets: Pockets) -> tuple[Offer, ...]:
    return (Offer("", (Chip(code, frozenset(pockets)),)),)


def _thirds(code: str, label: str, pockets_of: Callable[[int], Pockets]) -> tuple[Offer, ...]:
    return tuple(
        Offer(label.format(which=which, first=pockets_of(which)[0], last=pockets_of(which)[-1]),
              (Chip(code, frozenset(pockets_of(which))),), which=which)
        for which in (1, 2, 3)
    )  # fmt: skip


def _neighbours(code: str) -> tuple[Offer, ...]:
    chips = tuple(
        Chip(INSIDE_BY_SIZE[len(pockets)], frozenset(pockets), count)
        for pockets, count in NEIGHBOUR_CHIPS[code]
    )
    return (Offer("", chips),)


_BLACK = tuple(n for n in NUMBERS if n not in RED)
_BUILDERS: dict[str, Callable[[Wheel], tuple[Offer, ...]]] = {
    "straight": lambda wheel: _inside("straight", tuple((p,) for p in wheel.pockets)),
    "split": lambda wheel: _inside("split", wheel.zero_splits + grid_splits()),
    "street": lambda wheel: _inside("street", wheel.zero_streets + grid_streets()),
    "corner": lambda wheel: _inside("corner", grid_corners()),
    "line": lambda wheel: _inside("line", grid_six_lines()),
    "five": lambda wheel: _inside("five", (("0", "00", "1", "2", "3"),)),
    "dozen": lambda wheel: _thirds("dozen", "Dozen {first}-{last}", dozen),
    "column": lambda wheel: _thirds("column", "Column {which}", column),
    "red": lambda wheel: _whole("red", tuple(sorted(RED, key=int))),
    "black": lambda wheel: _whole("black", _BLACK),
    "odd": lambda wheel: _whole("odd", NUMBERS[0::2]),
    "even": lambda wheel: _whole("even", NUMBERS[1::2]),
    "low": lambda wheel: _whole("low", NUMBERS[:18]),
    "high": lambda wheel: _whole("high", NUMBERS[18:]),
    "zero-game": lambda wheel: _neighbours("zero-game"),
    "voisins": lambda wheel: _neighbours("voisins"),
    "orphelins": lambda wheel: _neighbours("orphelins"),
    "tiers": lambda wheel: _neighbours("tiers"),
    "red-black": lambda wheel: _whole("red-black", NUMBERS),
    "any-pair": lambda wheel: _whole("any-pair", wheel.pockets),
    "pair": lambda wheel: _inside("pair", tuple((p,) for p in wheel.pockets)),
}


def offers(code: str, wheel: Wheel) -> tuple[Offer, ...]:
    """Every choice of a bet of type ``code`` on ``wheel``."""
    return _BUILDERS[code](wheel)
