"""The wheels and shows of the rules as RNG rounds (no live studio): the 19-sector wheels
(12.36), the money wheel (12.22), the rocket (12.26) and the treasure wall (12.56).

Every spin, bonus and choice inside a bonus comes from the round's generator; how the rule
text was read, and the figures it leaves open, are in casino/wheels/RULES.md.
Plain Python: no Django import.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from casino.rounds import (
    BetType,
    Cadence,
    Outcome,
    Rng,
    RoundGame,
    Selection,
    odds_payout,
)

NOTHING: tuple[tuple[str, Selection], ...] = (("", {}),)


def spread(counts: Sequence[tuple[str, int]]) -> tuple[str, ...]:
    """The segments of a wheel with ``counts`` of each label, each label spread evenly
    round it: the k-th of a label's segments sits (k + phase) / count of the way round,
    each label's phase its own so that the rare ones do not bunch together."""
    phase = [Fraction(order + 1, len(counts) + 1) for order in range(len(counts))]
    places = sorted(
        ((k + phase[order]) / count, order, label)
        for order, (label, count) in enumerate(counts)
        for k in range(count)
    )
    return tuple(label for _, _, label in places)


class FortuneGame(RoundGame):
    """A game drawn on the fortune board; ``kind`` says which picture it is."""

    board: ClassVar[str] = "fortune"
    kind: ClassVar[str]

    def public(self) -> Mapping[str, Any]:
        return {**super().public(), "kind": self.kind}


class SpunWheel(FortuneGame):
    """A game whose picture is a wheel of ``segments``, each with its colour."""

    kind: ClassVar[str] = "wheel"
    segments: ClassVar[tuple[str, ...]]
    colours: ClassVar[Mapping[str, str]]

    def public(self) -> Mapping[str, Any]:
        return {
            **super().public(),
            "segments": list(self.segments),
            "colours": dict(self.colours),
        }


# --- Wheel, Classic Wheel and Wheel of Fortune (12.36) ------------------------------------

CUP = "cup"
NUMBERS = range(1, 19)
COLOURS = ("grey", "red", "black")


def number_colour(number: int) -> str:
    """Grey, red and black in turn round the wheel from 1: six of each, three odd and
    three even (RULES.md)."""
    return COLOURS[(number - 1) % 3]


Sector = int | None  # the number the arrow stopped at; None: the cup
SectorWins = Callable[[Sector, Selection], bool]


@dataclass(frozen=True)
class SectorBet:
    """One bet type of the wheel: what it covers and the odds its size earns."""

    code: str
    name: str
    selection: str
    covers: int  # how many of the 19 sectors one selection covers
    wins: SectorWins
    choices: Sequence[tuple[str, Selection]] = NOTHING

    @property
    def win(self) -> int:
        """The odds N:1: the cup takes the house's edge, as a zero does on a roulette."""
        return 18 // self.covers - 1

    def as_bet_type(self) -> BetType:
        return BetType(self.code, self.name, self.selection, f"{self.win}:1")


def is_number(sector: Sector) -> bool:
    return sector is not None


def parity(sector: Sector) -> str:
    return "" if sector is None else ("even" if sector % 2 == 0 else "odd")


def colour_of(sector: Sector) -> str:
    return "gold" if sector is None else number_colour(sector)


RANGES = ((1, 6), (7, 12), (13, 18))
SECTOR_BETS: tuple[SectorBet, ...] = (
    SectorBet(
        "number",
        "Number",
        "a number from 1 to 18",
        1,
        lambda s, c: s == c["number"],
        tuple((str(n), {"number": n}) for n in NUMBERS),
    ),
    SectorBet(
        "range",
        "Range",
        "1 to 6, 7 to 12 or 13 to 18",
        6,
        lambda s, c: s is not None and c["low"] <= s <= c["high"],
        tuple((f"{low} to {high}", {"low": low, "high": high}) for low, high in RANGES),
    ),
    SectorBet("under", "Under 9.5", "nothing: 1 to 9", 9, lambda s, c: s is not None and s < 10),
    SectorBet("over", "Over 9.5", "nothing: 10 to 18", 9, lambda s, c: s is not None and s > 9),
    SectorBet(
        "colour",
        "Colour",
        "grey, red or black",
        6,
        lambda s, c: colour_of(s) == c["colour"],
        tuple((colour.capitalize(), {"colour": colour}) for colour in COLOURS),
    ),
    SectorBet("cup", "Cup", "nothing: the cup with the star", 1, lambda s, c: s is None),
    SectorBet("even", "Even", "nothing: 2, 4, … 18", 9, lambda s, c: parity(s) == "even"),
    SectorBet("odd", "Odd", "nothing: 1, 3, … 17", 9, lambda s, c: parity(s) == "odd"),
    SectorBet(
        "colour-parity",
        "Even or odd of a colour",
        "even or odd, and a colour",
        3,
        lambda s, c: colour_of(s) == c["colour"] and parity(s) == c["parity"],
        tuple(
            (f"{side.capitalize()} {colour}", {"colour": colour, "parity": side})
            for colour in COLOURS
            for side in ("even", "odd")
        ),
    ),
)


def sector_label(sector: Sector) -> str:
    return CUP if sector is None else str(sector)


def sector_of(label: str) -> Sector:
    return None if label == CUP else int(label)


class NumberWheel(SpunWheel):
    """Nineteen sectors, 1 to 18 and the cup; one spin a round."""

    section = "12.36"
    cadence = Cadence(every_seconds=120, closes_before_seconds=15)
    segments = (*(str(n) for n in NUMBERS), CUP)
    colours = {label: colour_of(sector_of(label)) for label in segments}
    bets: ClassVar[tuple[SectorBet, ...]] = SECTOR_BETS
    bet_types = tuple(bet.as_bet_type() for bet in SECTOR_BETS)

    def __init__(self, slug: str, name: str) -> None:
        self.slug, self.name = slug, name  # type: ignore[misc]

    def outcome(self, rng: Rng) -> Outcome:
        return {"sector": rng.choice(self.segments)}

    def describe(self, outcome: Outcome) -> str:
        sector = sector_of(outcome["sector"])
        if sector is None:
            return "the cup"
        return f"{sector} {colour_of(sector)}"

    def selections(self, bet_type: str) -> Sequence[tuple[str, Selection]]:
        return self._sector_bet(bet_type).choices

    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        bet = self._sector_bet(bet_type)
        if bet.wins(sector_of(outcome["sector"]), selection):
            return odds_payout(stake, bet.win)
        return 0

    def distribution(self) -> Iterable[tuple[Fraction, Outcome]]:
        chance = Fraction(1, len(self.segments))
        return [(chance, {"sector": label}) for label in self.segments]

    def _sector_bet(self, code: str) -> SectorBet:
        for bet in self.bets:
            if bet.code == code:
                return bet
        raise ValueError(f"{self.name} has no such bet.")


# --- The money wheel (12.22) ----------------------------------------------------------------

# (label, segments) of the 54: the numbers pay N:1, the two multipliers spin again.
MONEY_SEGMENTS: tuple[tuple[str, int], ...] = (
    ("1", 23),
    ("2", 15),
    ("5", 7),
    ("10", 4),
    ("20", 2),
    ("40", 1),
    ("2x", 1),
    ("7x", 1),
)
MONEY_NUMBERS = (1, 2, 5, 10, 20, 40)
MONEY_MULTIPLIERS = {"2x": 2, "7x": 7}
MONEY_TOTAL = sum(count for _, count in MONEY_SEGMENTS)
MONEY_COLOURS = {
    "1": "yellow",
    "2": "blue",
    "5": "pink",
    "10": "green",
    "20": "orange",
    "40": "purple",
    "2x": "silver",
    "7x": "gold",
}


def money_count(label: str) -> int:
    return dict(MONEY_SEGMENTS)[label]


class MoneyWheel(SpunWheel):
    """One bet per number; a multiplier segment keeps every bet and spins again, the
    multipliers stacking until a number comes up."""

    slug = "money-wheel"
    name = "Money Wheel"
    section = "12.22"
    cadence = Cadence(every_seconds=45, closes_before_seconds=10)
    segments = spread(MONEY_SEGMENTS)
    colours = MONEY_COLOURS
    bet_types = tuple(
        BetType(f"number-{n}", f"Number {n}", "nothing", f"{n}:1, times any multipliers")
        for n in MONEY_NUMBERS
    )

    def outcome(self, rng: Rng) -> Outcome:
        stops = [rng.randbelow(len(self.segments))]
        while self.segments[stops[-1]] in MONEY_MULTIPLIERS:
            stops.append(rng.randbelow(len(self.segments)))
        return {"stops": stops}

    def number_and_multiplier(self, outcome: Outcome) -> tuple[int, int]:
        labels = [self.segments[stop] for stop in outcome["stops"]]
        return int(labels[-1]), math.prod(MONEY_MULTIPLIERS[label] for label in labels[:-1])

    def describe(self, outcome: Outcome) -> str:
        number, multiplier = self.number_and_multiplier(outcome)
        return f"{number} x{multiplier}" if multiplier > 1 else str(number)

    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        self.bet_type(bet_type)
        number, multiplier = self.number_and_multiplier(outcome)
        if bet_type != f"number-{number}":
            return 0
        return odds_payout(stake, number * multiplier)

    def rtp(self, bet_type: str) -> Fraction:
        """Over every run of k multiplier spins before the number: the chance of the
        number times the sum over runs of (chance of the run) x (N x its product + 1);
        the runs' weighted products sum to 1 / (1 - (2 + 7) / 54), their chances to
        1 / (1 - 2 / 54)."""
        number = int(self.bet_type(bet_type).code.removeprefix("number-"))
        total = Fraction(MONEY_TOTAL)
        stacked = 1 / (1 - sum(MONEY_MULTIPLIERS.values()) / total)
        runs = 1 / (1 - len(MONEY_MULTIPLIERS) / total)
        return Fraction(money_count(str(number)), MONEY_TOTAL) * (number * stacked + runs)


WHEEL_GAMES: tuple[RoundGame, ...] = (
    NumberWheel("wheel", "Wheel"),
    NumberWheel("classic-wheel", "Classic Wheel"),
    NumberWheel("wheel-of-fortune", "Wheel of Fortune"),
    MoneyWheel(),
)
