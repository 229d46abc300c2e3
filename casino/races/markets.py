"""The bets of a virtual race, as data: what the player picks and which picks a finishing
order makes winners.

A pick is a `Choice`: a runner (3), runners in order ((3, 1)), runners in any order (kept
sorted: (1, 3)), a number the winner is over or under, or nothing. A market names the
picks it offers for a field of ``runners`` and the picks a finishing order wins. Plain
Python: no Django import.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from casino.races.field import Order
from casino.rounds import Selection

Choice = int | tuple[int, ...] | None
ORDINALS = ("first", "second", "third")


@dataclass(frozen=True)
class Market:
    """One bet type of a race: ``kind`` says how a pick is chosen ("runner", "ordered",
    "unordered", "number", "none"), ``size`` how many runners it names, ``depth`` how many
    places decide it, ``winners`` the picks a finishing order (its first ``depth`` places)
    makes winners, ``offered`` which picks a field of n runners offers."""

    code: str
    name: str
    selection: str
    kind: str
    depth: int
    winners: Callable[[Order], Iterable[Choice]]
    size: int = 1
    offered: Callable[[int], Sequence[Choice]] | None = None

    def picks(self, runners: int) -> Sequence[Choice]:
        if self.offered is not None:
            return self.offered(runners)
        numbers = range(1, runners + 1)
        if self.kind == "runner":
            return list(numbers)
        if self.kind == "ordered":
            return list(itertools.permutations(numbers, self.size))
        if self.kind == "unordered":
            return list(itertools.combinations(numbers, self.size))
        return [None]

    def selection_of(self, pick: Choice) -> Selection:
        """The pick as the bet stores it."""
        if isinstance(pick, tuple):
            if self.kind == "ordered":
                return dict(zip(ORDINALS, pick, strict=False))
            return {"runners": list(pick)}
        if pick is None:
            return {}
        return {"number" if self.kind == "number" else "runner": pick}

    def pick_of(self, selection: Selection) -> Choice:
        """The pick a stored selection names (a selection `selection_of` made)."""
        if self.kind == "ordered":
            return tuple(selection[place] for place in ORDINALS[: self.size])
        if self.kind == "unordered":
            return tuple(sorted(selection["runners"]))
        if self.kind == "none":
            return None
        value = selection["number" if self.kind == "number" else "runner"]
        return int(value)

    def label(self, pick: Choice) -> str:
        if isinstance(pick, tuple):
            joiner = "-" if self.kind == "ordered" else ", "
            return joiner.join(map(str, pick))
        return "" if pick is None else str(pick)


def placed(code: str, name: str, places: int) -> Market:
    """The runner finishes in the first ``places`` places."""
    word = {1: "first", 2: "first or second", 3: "in the first three", 4: "in the first four"}
    return Market(
        code,
        name,
        f"a runner to finish {word[places]}",
        "runner",
        places,
        lambda order: order[:places],
    )


def in_order(code: str, name: str, size: int) -> Market:
    return Market(
        code,
        name,
        f"{size} runners to finish first to {ORDINALS[size - 1]} in that order",
        "ordered",
        size,
        lambda order: (order[:size],),
        size,
    )


def any_order(code: str, name: str, size: int) -> Market:
    return Market(
        code,
        name,
        f"{size} runners to take the first {size} places in any order",
        "unordered",
        size,
        lambda order: (tuple(sorted(order[:size])),),
        size,
    )


def places(deepest: int) -> tuple[Market, ...]:
    """Win, Top two and so on down to the first ``deepest`` places."""
    names = {1: ("win", "Win"), 2: ("top-2", "Top two"), 3: ("top-3", "Top three")}
    names[4] = ("top-4", "Top four")
    return tuple(placed(*names[n], n) for n in range(1, deepest + 1))


def forecasts() -> tuple[Market, Market]:
    """The first two, in order and in any order."""
    return in_order("forecast", "Forecast", 2), any_order("reverse-forecast", "Reverse forecast", 2)


def tricasts() -> tuple[Market, Market]:
    """The first three, in order and in any order."""
    return in_order("tricast", "Tricast", 3), any_order("reverse-tricast", "Reverse tricast", 3)


def swinger() -> Market:
    """Two of the first three, in any order: every pair the first three hold."""
    return Market(
        "swinger",
        "Two in three",
        "2 runners both to finish in the first three",
        "unordered",
        3,
        lambda order: itertools.combinations(sorted(order[:3]), 2),
        2,
    )


def any_three(runners: int) -> Market:
    """Three runners, one of which wins: every three the winner is one of."""

    def winners(order: Order) -> Iterable[Choice]:
        others = [n for n in range(1, runners + 1) if n != order[0]]
        return (tuple(sorted((order[0], *pair))) for pair in itertools.combinations(others, 2))

    return Market(
        "any-three", "Any three", "3 runners, one of which wins", "unordered", 1, winners, 3
    )


def winner_is(code: str, name: str, selection: str, wins: Callable[[int], bool]) -> Market:
    """A bet on the winner's number with nothing to choose."""
    return Market(code, name, selection, "none", 1, lambda order: (None,) if wins(order[0]) else ())


def over_under(line: int) -> tuple[Market, Market]:
    half = f"{line}.5"
    return (
        winner_is(
            f"over-{half}",
            f"Over {half}",
            f"nothing: winner {line + 1} or higher",
            lambda n: n > line,
        ),
        winner_is(
            f"under-{half}",
            f"Under {half}",
            f"nothing: winner {line} or lower",
            lambda n: n <= line,
        ),
    )


def even_odd() -> tuple[Market, Market]:
    return (
        winner_is("even", "Even", "nothing: the winner's number is even", lambda n: n % 2 == 0),
        winner_is("odd", "Odd", "nothing: the winner's number is odd", lambda n: n % 2 == 1),
    )


def high_low(runners: int) -> tuple[Market, Market]:
    """Low is the lower half of the numbers (the text's tables: 1-3 of 6, 1-4 of 9)."""
    low = runners // 2
    return (
        winner_is("low", "Low", f"nothing: winner 1 to {low}", lambda n: n <= low),
        winner_is("high", "High", f"nothing: winner {low + 1} to {runners}", lambda n: n > low),
    )


def over_number(runners: int) -> Market:
    """The winner's number is higher than the chosen one (12.42, bet 10)."""
    return Market(
        "over",
        "Over a number",
        "a number the winner's number is higher than",
        "number",
        1,
        lambda order: range(1, order[0]),
        offered=lambda n: list(range(1, n)),
    )


def under_number(runners: int) -> Market:
    """The winner's number is lower than the chosen one (12.42, bet 11)."""
    return Market(
        "under",
        "Under a number",
        "a number the winner's number is lower than",
        "number",
        1,
        lambda order: range(order[0] + 1, runners + 1),
        offered=lambda n: list(range(2, n + 1)),
    )
