"""The wheels and shows of the rules as RNG rounds (no live studio): the 19-sector wheels
(12.36), the money wheel (12.22), the rocket (12.26) and the treasure wall (12.56).

Every spin, bonus and choice inside a bonus comes from the round's generator; how the rule
text was read, and the figures it leaves open, are in casino/wheels/RULES.md.
Plain Python: no Django import.
"""

from __future__ import annotations

import functools
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
    weighted,
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


# --- The rocket (12.26) -----------------------------------------------------------------------

# The multipliers (in hundredths) a bet may leave the rocket at: a scheduled round has no
# button to press during the flight, so the exit is fixed with the bet (the text's
# "autoexit"); a list keeps every exit's chance exact.
EXITS = (110, 120, 125, 150, 175, 200, 250, 300, 400, 500, 1000, 2000, 5000, 10000)
ROCKET_SPAN = math.lcm(*EXITS)
ROCKET_RETURN = Fraction(97, 100)
FLOOR = 100  # the rocket that explodes before it climbs shows 1.00x


def multiplier_text(hundredths: int) -> str:
    return f"{hundredths // 100}.{hundredths % 100:02d}x"


def reaches(exit: int) -> Fraction:
    """The chance the rocket climbs to ``exit``: 97 / exit (in hundredths), exactly, as
    every exit divides `ROCKET_SPAN`."""
    return Fraction(ROCKET_SPAN * 97 // exit, ROCKET_SPAN)


class Rocket(FortuneGame):
    """A rocket climbs from 1.00x and explodes at the round's point; a bet leaves at its
    exit if the rocket reaches it, or half at one exit and the rest at a higher one."""

    kind = "rocket"
    section = "12.26"
    cadence = Cadence(every_seconds=30, closes_before_seconds=5)
    bet_types = (
        BetType("exit", "Cash-out", "the multiplier to leave at", "the exit's multiplier"),
        BetType(
            "half",
            "Half cash-out",
            "a multiplier for half the stake and a higher one for the rest",
            "each half at its multiplier",
        ),
    )

    def __init__(self, slug: str, name: str) -> None:
        self.slug, self.name = slug, name  # type: ignore[misc]

    def outcome(self, rng: Rng) -> Outcome:
        """The explosion point: ticket u of `ROCKET_SPAN` climbs to floor(97 x SPAN / (u+1))
        hundredths, so it reaches x with chance floor(97 x SPAN / x) / SPAN."""
        ticket = rng.randbelow(ROCKET_SPAN)
        return {"point": max(FLOOR, 97 * ROCKET_SPAN // (ticket + 1))}

    def describe(self, outcome: Outcome) -> str:
        return f"exploded at {multiplier_text(outcome['point'])}"

    def selections(self, bet_type: str) -> Sequence[tuple[str, Selection]]:
        self.bet_type(bet_type)
        if bet_type == "exit":
            return tuple((multiplier_text(e), {"exit": e}) for e in EXITS)
        return tuple(
            (
                f"half at {multiplier_text(half)}, rest at {multiplier_text(rest)}",
                {"half": half, "exit": rest},
            )
            for half in EXITS
            for rest in EXITS
            if half < rest
        )

    def validate_stake(self, bet_type: str, stake: int) -> None:
        if bet_type == "half" and stake % 2:
            raise ValueError("A Half cash-out bet is two equal halves: its stake must divide by 2.")

    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        self.bet_type(bet_type)
        point = outcome["point"]
        if bet_type == "exit":
            return leaves(stake, selection["exit"], point)
        half = stake // 2
        return leaves(half, selection["half"], point) + leaves(
            stake - half, selection["exit"], point
        )

    def rtp(self, bet_type: str) -> Fraction:
        """The mean over the bet's selections of what each part earns where it leaves."""
        choices = [selection for _, selection in self.selections(bet_type)]
        total = Fraction(0)
        for selection in choices:
            if bet_type == "exit":
                total += reaches(selection["exit"]) * Fraction(selection["exit"], 100)
            else:
                for part in (selection["half"], selection["exit"]):
                    total += reaches(part) * Fraction(part, 200)
        return total / len(choices)

    def public(self) -> Mapping[str, Any]:
        return {**super().public(), "exits": list(EXITS)}


def leaves(stake: int, exit: int, point: int) -> int:
    """What ``stake`` brings back leaving at ``exit``: nothing if the rocket explodes first."""
    return stake * exit // 100 if point >= exit else 0


# --- The treasure wall (12.56) ----------------------------------------------------------------


@dataclass(frozen=True)
class Gem:
    name: str
    multiplier: int  # what a stone of it pays, N:1
    stones: int  # how many of the wall's 70 stones it is


GEMS = (
    Gem("amber", 1, 32),
    Gem("jade", 2, 21),
    Gem("sapphire", 4, 13),
    Gem("ruby", 20, 3),
    Gem("diamond", 65, 1),
)
WALL = sum(gem.stones for gem in GEMS)
MAX_PICKS = 20
# Bonus drops a round (how many, weight) and what each multiplies its stone's value by.
DROPS: tuple[tuple[int, int], ...] = ((0, 3), (1, 1))
BONUSES: tuple[tuple[int, int], ...] = ((3, 40), (5, 30), (10, 20), (25, 7), (50, 2), (100, 1))


def mean(table: Sequence[tuple[int, int]]) -> Fraction:
    return Fraction(sum(value * weight for value, weight in table), sum(w for _, w in table))


class TreasureWall(FortuneGame):
    """A wall of 70 gem stones, shuffled; bonuses drop on random stones; the stones a bet
    opens are the round's picks, the first as many as the bet's chances."""

    slug = "treasure-wall"
    name = "Treasure Wall"
    kind = "wall"
    section = "12.56"
    cadence = Cadence(every_seconds=60, closes_before_seconds=10)
    bet_types = tuple(
        BetType(
            f"gem-{gem.name}",
            gem.name.capitalize(),
            "how many stones to open, 1 to 20 (the stake shared between them)",
            f"{gem.multiplier}:1 a stone, times any bonus on it",
        )
        for gem in GEMS
    )

    def outcome(self, rng: Rng) -> Outcome:
        stones = rng.shuffle([gem.name for gem in GEMS for _ in range(gem.stones)])
        drops = weighted(rng, DROPS)
        bonus = {str(place): weighted(rng, BONUSES) for place in rng.sample(range(WALL), drops)}
        return {"stones": stones, "bonus": bonus, "picks": rng.sample(range(WALL), MAX_PICKS)}

    def describe(self, outcome: Outcome) -> str:
        opened = [outcome["stones"][place] for place in outcome["picks"][:3]]
        text = f"first stones {', '.join(opened)}"
        for place, factor in outcome["bonus"].items():
            text += f"; x{factor} on a {outcome['stones'][int(place)]}"
        return text

    def selections(self, bet_type: str) -> Sequence[tuple[str, Selection]]:
        self.bet_type(bet_type)
        return tuple(
            (f"{n} stone{'s' if n > 1 else ''}", {"picks": n}) for n in range(1, MAX_PICKS + 1)
        )

    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        """Each opened stone carries an equal share of the stake; a share on the bet's gem
        comes back with its gem's odds times the stone's bonus; floored once, on the sum."""
        gem = self._gem(bet_type)
        count: int = selection["picks"]
        shares: int = 0
        for place in outcome["picks"][:count]:
            if outcome["stones"][place] == gem.name:
                shares += gem.multiplier * outcome["bonus"].get(str(place), 1) + 1
        return stake * shares // count

    def rtp(self, bet_type: str) -> Fraction:
        """Every opened stone is a uniform stone of the wall, apart from the bonuses: its
        gem's chance is stones / 70, a bonus lies on it with chance (mean drops) / 70."""
        gem = self._gem(bet_type)
        bonused = mean(DROPS) / WALL
        factor = 1 + bonused * (mean(BONUSES) - 1)
        return Fraction(gem.stones, WALL) * (gem.multiplier * factor + 1)

    def public(self) -> Mapping[str, Any]:
        return {**super().public(), "gems": {gem.name: gem.multiplier for gem in GEMS}}

    def _gem(self, bet_type: str) -> Gem:
        self.bet_type(bet_type)
        return next(gem for gem in GEMS if f"gem-{gem.name}" == bet_type)


# --- The funfair wheel (12.31) ----------------------------------------------------------------

NUMBER_SPOTS = ("1", "2", "5", "10")
HUNT, DROP, FLIP, BIG = "hunt", "drop", "flip", "big"
FUNFAIR_SEGMENTS: tuple[tuple[str, int], ...] = (
    ("1", 21),
    ("2", 13),
    ("5", 7),
    ("10", 4),
    (HUNT, 2),
    (DROP, 2),
    (FLIP, 4),
    (BIG, 1),
)
FUNFAIR_TOTAL = sum(count for _, count in FUNFAIR_SEGMENTS)
SPOT_NAMES = {
    "1": "Number 1",
    "2": "Number 2",
    "5": "Number 5",
    "10": "Number 10",
    HUNT: "Shooting Gallery",
    DROP: "Puck Drop",
    FLIP: "Coin Flip",
    BIG: "Big Wheel",
}
FUNFAIR_COLOURS = {
    "1": "blue",
    "2": "yellow",
    "5": "pink",
    "10": "purple",
    HUNT: "green",
    DROP: "orange",
    FLIP: "red",
    BIG: "black",
}
# The top slot: a spot, equally likely each, and a multiplier for it, by weight.
TOP_MULTIPLIERS: tuple[tuple[int, int], ...] = ((2, 70), (3, 20), (5, 7), (10, 2), (25, 1))
# The shooting gallery's 108 targets, each drawn by these weights.
GALLERY_SIZE = 108
GALLERY: tuple[tuple[int, int], ...] = (
    (5, 25),
    (7, 20),
    (10, 20),
    (15, 12),
    (20, 8),
    (25, 5),
    (50, 5),
    (100, 3),
    (200, 2),
)
# The puck drop's 16 slots (shuffled each round), two of them doubling every slot.
DOUBLE = 0
PUCK_SLOTS = (3, 3, 4, 4, 5, 5, 7, 7, 10, 10, 15, 25, 50, 75, DOUBLE, DOUBLE)
PUCK_CAP = 10_000
# The coin's two sides, each drawn by these weights.
COIN: tuple[tuple[int, int], ...] = (
    (2, 24),
    (3, 20),
    (4, 15),
    (5, 15),
    (10, 12),
    (15, 6),
    (25, 4),
    (50, 2),
    (100, 2),
)
# The big wheel's 64 segments: multipliers, and DOUBLE and TRIPLE, which multiply every
# segment and spin again for the flapper that stopped on them.
TRIPLE = -1
BIG_WHEEL = spread(
    (
        ("5", 10),
        ("10", 14),
        ("15", 10),
        ("20", 9),
        ("25", 6),
        ("50", 6),
        ("100", 4),
        ("200", 2),
        ("500", 1),
        ("2x", 1),
        ("3x", 1),
    )
)
BIG_GROWTH = {"2x": 2, "3x": 3}
BIG_CAP = 20_000
FLAPPERS = ("green", "blue", "yellow")


def table_mean(table: Sequence[tuple[int, int]]) -> Fraction:
    return Fraction(sum(v * w for v, w in table), sum(w for _, w in table))


def puck_value(slots: Sequence[int], landings: Sequence[int]) -> int:
    """Where the last puck lands, its slot doubled once for every DOUBLE before it;
    capped at 10,000x, which is also what a DOUBLE pays once every slot has reached it."""
    factor = 2 ** (len(landings) - 1)
    slot = slots[landings[-1]]
    return PUCK_CAP if slot == DOUBLE else min(slot * factor, PUCK_CAP)


def puck_done(factor: int) -> bool:
    return min(s for s in PUCK_SLOTS if s != DOUBLE) * factor >= PUCK_CAP


def big_value(stops: Sequence[int]) -> int:
    factor = math.prod(BIG_GROWTH[BIG_WHEEL[stop]] for stop in stops[:-1])
    last = BIG_WHEEL[stops[-1]]
    return BIG_CAP if last in BIG_GROWTH else min(int(last) * factor, BIG_CAP)


def big_done(factor: int) -> bool:
    return min(int(s) for s in BIG_WHEEL if s not in BIG_GROWTH) * factor >= BIG_CAP


@functools.cache
def puck_mean(factor: int = 1) -> Fraction:
    """The expected puck drop from a board grown ``factor`` times: a uniform slot; a
    DOUBLE grows it again, until every slot has reached the cap."""
    if puck_done(factor):
        return Fraction(PUCK_CAP)
    chance = Fraction(1, len(PUCK_SLOTS))
    value = sum(
        (chance * min(s * factor, PUCK_CAP) for s in PUCK_SLOTS if s != DOUBLE), Fraction(0)
    )
    return value + chance * PUCK_SLOTS.count(DOUBLE) * puck_mean(2 * factor)


@functools.cache
def big_mean(factor: int = 1) -> Fraction:
    """The expected big wheel for one flapper from a wheel grown ``factor`` times."""
    if big_done(factor):
        return Fraction(BIG_CAP)
    chance = Fraction(1, len(BIG_WHEEL))
    value = Fraction(0)
    for label in BIG_WHEEL:
        grow = BIG_GROWTH.get(label)
        value += chance * (big_mean(grow * factor) if grow else min(int(label) * factor, BIG_CAP))
    return value


class FunfairWheel(SpunWheel):
    """Four numbers and four bonus games on a 54-segment wheel, with a top slot that
    multiplies one spot's win each round."""

    slug = "funfair-wheel"
    name = "Funfair Wheel"
    section = "12.31"
    cadence = Cadence(every_seconds=60, closes_before_seconds=10)
    segments = spread(FUNFAIR_SEGMENTS)
    colours = FUNFAIR_COLOURS
    bet_types = tuple(
        BetType(
            spot,
            SPOT_NAMES[spot],
            "nothing",
            f"{spot}:1" if spot in NUMBER_SPOTS else "the bonus game's multiplier to 1",
        )
        for spot, _ in FUNFAIR_SEGMENTS
    )

    def outcome(self, rng: Rng) -> Outcome:
        stop = rng.randbelow(len(self.segments))
        top = {
            "spot": rng.choice([s for s, _ in FUNFAIR_SEGMENTS]),
            "multiplier": weighted(rng, TOP_MULTIPLIERS),
        }
        spot = self.segments[stop]
        outcome: Outcome = {"stop": stop, "top": top}
        if spot == HUNT:
            wall = [weighted(rng, GALLERY) for _ in range(GALLERY_SIZE)]
            outcome["bonus"] = {"wall": wall, "shot": rng.randbelow(GALLERY_SIZE)}
        elif spot == DROP:
            slots = rng.shuffle(PUCK_SLOTS)
            landings = [rng.randbelow(len(slots))]
            while slots[landings[-1]] == DOUBLE and not puck_done(2 ** (len(landings) - 1)):
                landings.append(rng.randbelow(len(slots)))
            outcome["bonus"] = {"slots": slots, "landings": landings}
        elif spot == FLIP:
            sides = {"red": weighted(rng, COIN), "blue": weighted(rng, COIN)}
            outcome["bonus"] = {**sides, "side": rng.choice(("red", "blue"))}
        elif spot == BIG:
            flapper = rng.choice(FLAPPERS)
            stops = [rng.randbelow(len(BIG_WHEEL))]
            while BIG_WHEEL[stops[-1]] in BIG_GROWTH and not big_done(self._grown(stops)):
                stops.append(rng.randbelow(len(BIG_WHEEL)))
            outcome["bonus"] = {"flapper": flapper, "stops": stops}
        return outcome

    @staticmethod
    def _grown(stops: Sequence[int]) -> int:
        return math.prod(BIG_GROWTH[BIG_WHEEL[stop]] for stop in stops)

    def value(self, outcome: Outcome) -> int:
        """What the spot the wheel stopped at pays, N:1, before the top slot."""
        spot = self.segments[outcome["stop"]]
        bonus = outcome.get("bonus", {})
        if spot == HUNT:
            return int(bonus["wall"][bonus["shot"]])
        if spot == DROP:
            return puck_value(bonus["slots"], bonus["landings"])
        if spot == FLIP:
            return int(bonus[bonus["side"]])
        if spot == BIG:
            return big_value(bonus["stops"])
        return int(spot)

    def boost(self, outcome: Outcome) -> int:
        top = outcome["top"]
        return int(top["multiplier"]) if top["spot"] == self.segments[outcome["stop"]] else 1

    def describe(self, outcome: Outcome) -> str:
        spot = self.segments[outcome["stop"]]
        text = f"{SPOT_NAMES[spot]}" if spot not in NUMBER_SPOTS else spot
        if spot not in NUMBER_SPOTS:
            text += f" pays {self.value(outcome)}:1"
        boost = self.boost(outcome)
        return f"{text}, top slot x{boost}" if boost > 1 else text

    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        self.bet_type(bet_type)
        if bet_type != self.segments[outcome["stop"]]:
            return 0
        return odds_payout(stake, self.value(outcome) * self.boost(outcome))

    def rtp(self, bet_type: str) -> Fraction:
        """The spot's chance x (its expected value x the top slot's expected boost + 1):
        the top slot is drawn apart from the wheel and from every bonus game."""
        self.bet_type(bet_type)
        count = dict(FUNFAIR_SEGMENTS)[bet_type]
        boost = 1 + Fraction(1, len(FUNFAIR_SEGMENTS)) * (table_mean(TOP_MULTIPLIERS) - 1)
        return Fraction(count, FUNFAIR_TOTAL) * (spot_mean(bet_type) * boost + 1)

    def public(self) -> Mapping[str, Any]:
        return {**super().public(), "big_wheel": list(BIG_WHEEL), "names": SPOT_NAMES}


def spot_mean(spot: str) -> Fraction:
    """A spot's expected odds when the wheel stops on it: the number, or the bonus game's
    expected multiplier (each player's choice in it made at random, the text's default)."""
    if spot == HUNT:
        return table_mean(GALLERY)
    if spot == DROP:
        return puck_mean()
    if spot == FLIP:
        return table_mean(COIN)
    if spot == BIG:
        return big_mean()
    return Fraction(int(spot))


# --- The briefcase show (12.28) ---------------------------------------------------------------

RING_SEGMENTS = 3  # one gold segment in three on each of the vault's three rings
RING_COSTS = (1, 3, 9)  # a spin's cost in bets with 0, 1 or 2 rings bought (the text's)
# What the 16 briefcases hold, in bets.
CASES = (1, 2, 3, 4, 5, 7, 10, 12, 15, 20, 25, 30, 40, 50, 75, 115)
OPENINGS = (3, 4, 4, 3)  # briefcases opened before each of the banker's four offers
OFFER_SHARES = (Fraction(1, 2), Fraction(13, 20), Fraction(4, 5), Fraction(9, 10))
FINALS = (("Keep my briefcase", "keep"), ("Switch briefcases", "switch"))


def hundredths_text(value: Fraction) -> str:
    """A multiple of the bet as the banker shows it, floored to hundredths: "12.26"."""
    cents = math.floor(value * 100)
    return f"{cents // 100}.{cents % 100:02d}"


def ring_label(rings: int) -> str:
    return {0: "Spin", 1: "Spin with one ring", 2: "Spin with two rings"}[rings]


class BriefcaseShow(FortuneGame):
    """A vault spin to qualify, then 16 briefcases opened in four rounds with the
    banker's offers; the player keeps (or switches) their briefcase to the end."""

    slug = "briefcase-show"
    name = "Briefcase Show"
    kind = "briefcases"
    section = "12.28"
    cadence = Cadence(every_seconds=90, closes_before_seconds=10)
    bet_types = tuple(
        BetType(
            f"spin-{rings}",
            ring_label(rings),
            "keep your briefcase or switch at the end",
            f"costs {RING_COSTS[rings]} bet{'s' if rings else ''}; pays the briefcase",
        )
        for rings in range(3)
    )

    def outcome(self, rng: Rng) -> Outcome:
        rings = [rng.randbelow(RING_SEGMENTS) for _ in range(3)]  # 0: the gold segment
        cases = rng.shuffle(CASES)
        order = rng.shuffle(range(len(CASES)))
        mine, opened = order[0], order[1:]
        offers, seen = [], 0
        for count, share in zip(OPENINGS, OFFER_SHARES, strict=True):
            seen += count
            closed = [cases[i] for i in order if i not in opened[:seen]]
            offers.append(hundredths_text(share * Fraction(sum(closed), len(closed))))
        return {"rings": rings, "cases": cases, "mine": mine, "opened": opened, "offers": offers}

    def qualifies(self, bet_type: str, outcome: Outcome) -> bool:
        """The bought rings match by themselves; the others must stop on gold."""
        rings = int(self.bet_type(bet_type).code.removeprefix("spin-"))
        return all(ring == 0 for ring in outcome["rings"][rings:])

    def won_case(self, final: str, outcome: Outcome) -> int:
        """Every offer declined (the text's default), then the briefcase kept or switched."""
        case = outcome["mine"] if final == "keep" else outcome["opened"][-1]
        return int(outcome["cases"][case])

    def describe(self, outcome: Outcome) -> str:
        gold = sum(1 for ring in outcome["rings"] if ring == 0)
        mine = self.won_case("keep", outcome)
        other = self.won_case("switch", outcome)
        return f"{gold} gold; briefcase {mine}x, the last {other}x"

    def selections(self, bet_type: str) -> Sequence[tuple[str, Selection]]:
        self.bet_type(bet_type)
        return tuple((label, {"final": final}) for label, final in FINALS)

    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        if not self.qualifies(bet_type, outcome):
            return 0
        rings = int(bet_type.removeprefix("spin-"))
        return stake * self.won_case(selection["final"], outcome) // RING_COSTS[rings]

    def rtp(self, bet_type: str) -> Fraction:
        """The chance the rings left to chance stop on gold, times the mean briefcase, per
        bet of cost: 1/27, 1/9 over 3, 1/3 over 9, the same 1/27 for every spin."""
        rings = int(self.bet_type(bet_type).code.removeprefix("spin-"))
        qualify = Fraction(1, RING_SEGMENTS ** (3 - rings))
        return qualify * Fraction(sum(CASES), len(CASES)) / RING_COSTS[rings]

    def public(self) -> Mapping[str, Any]:
        return {**super().public(), "openings": list(OPENINGS)}


WHEEL_GAMES: tuple[RoundGame, ...] = (
    NumberWheel("wheel", "Wheel"),
    NumberWheel("classic-wheel", "Classic Wheel"),
    NumberWheel("wheel-of-fortune", "Wheel of Fortune"),
    MoneyWheel(),
    Rocket("rocket", "Rocket"),
    Rocket("cash-rocket", "Cash Rocket"),
    TreasureWall(),
    FunfairWheel(),
    BriefcaseShow(),
)
