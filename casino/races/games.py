"""The virtual races of the rules as round games: Horse Racing (12.42), Greyhounds (12.50),
Speedway, Car Racing, Motor Racing, Cycling and Neon Racing (12.58), and Fruit Race
(12.45). The sports (12.59 to 12.61) are in casino/races/sports.py.

Every race runs the same field each round: its runners' forms are data here, the round
draws the finishing order from them (casino/races/field.py), and every pick of every bet
has a fixed price drawn from the same forms. How the rule text was read is in
casino/races/RULES.md. Plain Python: no Django import.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar

from casino.races import markets
from casino.races.field import finishing_order, leading
from casino.races.football import VirtualFootball
from casino.races.markets import Market
from casino.races.priced import CADENCE, Pick, PricedGame, decimal
from casino.races.sports import SPORTS
from casino.rounds import BetType, Outcome, Rng, RoundGame, Selection


class Race(PricedGame):
    """A race of ``len(forms)`` runners numbered from 1, and the bets ``markets``."""

    board: ClassVar[str] = "race"

    def __init__(
        self,
        slug: str,
        name: str,
        section: str,
        *,
        runner: str,
        forms: Sequence[int],
        markets: Sequence[Market],
    ) -> None:
        self.slug, self.name, self.section = slug, name, section  # type: ignore[misc]
        self.runner = runner  # what a runner is called: "horse", "dog", "rider"
        self.forms = tuple(forms)
        self.markets = {market.code: market for market in markets}
        for code, market in self.markets.items():
            if len(self.prices[code]) < len(market.picks(self.runners)):
                raise ValueError(f"{slug}: a {code} pick would not pay more than its stake")

    @property
    def runners(self) -> int:
        return len(self.forms)

    def bets(self) -> Sequence[BetType]:
        return [BetType(m.code, m.name, m.selection, "") for m in self.markets.values()]

    def picks(self, bet_type: str) -> Sequence[Pick]:
        market = self._market(bet_type)
        return [
            Pick(market.label(pick), market.selection_of(pick), pick)
            for pick in market.picks(self.runners)
        ]

    def chances(self, bet_type: str) -> Mapping[Hashable, Fraction]:
        return self._chances[bet_type]

    def wins(self, bet_type: str, key: Hashable, outcome: Outcome) -> bool:
        market = self._market(bet_type)
        return key in set(market.winners(tuple(outcome["order"][: market.depth])))

    @cached_property
    def _chances(self) -> dict[str, dict[Hashable, Fraction]]:
        """Every pick's exact chance of winning, by market."""
        depth = max(market.depth for market in self.markets.values())
        found: dict[str, dict[Hashable, Fraction]] = {
            code: defaultdict(Fraction) for code in self.markets
        }
        for chance, order in leading(self.forms, depth):
            for code, market in self.markets.items():
                for pick in set(market.winners(order[: market.depth])):
                    found[code][pick] += chance
        return {
            code: {pick: found[code][pick] for pick in market.picks(self.runners)}
            for code, market in self.markets.items()
        }

    # --- the round ------------------------------------------------------------------------

    def outcome(self, rng: Rng) -> Outcome:
        return {"order": finishing_order(rng, self.forms)}

    def describe(self, outcome: Outcome) -> str:
        order = outcome["order"]
        return f"{self.runner.capitalize()} {order[0]} wins, then {order[1]} and {order[2]}"

    def public(self) -> Mapping[str, Any]:
        win = self.prices.get("win", {})
        return {
            **super().public(),
            "runner": self.runner,
            "runners": [
                {"number": n, "win": decimal(win[n]) if n in win else ""}
                for n in range(1, self.runners + 1)
            ],
        }

    def odds_board(self) -> list[dict[str, Any]]:
        """The runner bets' prices by runner, for the rules page."""
        codes = [c for c, m in self.markets.items() if m.kind == "runner"]
        return [
            {"number": n, "prices": [decimal(self.prices[code][n]) for code in codes]}
            for n in range(1, self.runners + 1)
        ]

    def odds_board_heads(self) -> list[str]:
        return [m.name for m in self.markets.values() if m.kind == "runner"]

    def _market(self, code: str) -> Market:
        try:
            return self.markets[code]
        except KeyError:
            raise ValueError(f"{self.name} has no such bet.") from None


# --- the fields --------------------------------------------------------------------------------


def horse_markets(runners: int) -> tuple[Market, ...]:
    """12.42's eleven bets, in its order."""
    return (
        *markets.places(3),
        markets.any_order("quinella", "First two in any order", 2),
        markets.in_order("exacta", "First two in order", 2),
        markets.any_order("trio", "First three in any order", 3),
        markets.in_order("trifecta", "First three in order", 3),
        *markets.even_odd(),
        markets.over_number(runners),
        markets.under_number(runners),
    )


def greyhound_markets(runners: int) -> tuple[Market, ...]:
    """12.50's fourteen bets, in its order."""
    return (
        *markets.places(4),
        *markets.over_under(3),
        *markets.over_under(4),
        *markets.even_odd(),
        *markets.forecasts(),
        markets.any_three(runners),
        *markets.tricasts(),
        markets.swinger(),
        *markets.high_low(runners),
    )


def racing_markets(runners: int) -> tuple[Market, ...]:
    """12.58's eleven bets, in its order; the line of Over/Under by the field's size, and
    no Top four, which the text offers with 16 runners only."""
    line = {4: 2, 8: 4}.get(runners, 3)
    return (
        *markets.places(3),
        *markets.over_under(line),
        *markets.even_odd(),
        *markets.forecasts(),
        *markets.tricasts(),
        markets.swinger(),
        *markets.high_low(runners),
    )


def race(
    slug: str,
    name: str,
    runner: str,
    forms: tuple[int, ...],
    *,
    section: str = "12.58",
    markets_of: Callable[[int], tuple[Market, ...]] = racing_markets,
) -> Race:
    """A race of ``forms``' runners with the bets ``markets_of`` its field's size."""
    return Race(slug, name, section, runner=runner, forms=forms, markets=markets_of(len(forms)))


# The forms: chosen so that every price pays more than the stake (RULES.md).
HORSE_FORMS = (14, 22, 9, 30, 6, 17, 4, 11)
GREYHOUND_FORMS = (24, 15, 20, 11, 18, 12)
SPEEDWAY_FORMS = (30, 24, 27, 19)
CAR_FORMS = (18, 10, 25, 14, 21, 7, 16, 12)
MOTOR_FORMS = (20, 26, 12, 17, 9, 16)
CYCLING_FORMS = (12, 19, 8, 23, 15, 10, 17, 6, 14)
NEON_FORMS = (22, 13, 19, 25, 10, 11)

RACES: tuple[Race, ...] = (
    race(
        "horse-racing",
        "Horse Racing",
        "horse",
        HORSE_FORMS,
        section="12.42",
        markets_of=horse_markets,
    ),
    race(
        "greyhounds",
        "Greyhounds",
        "dog",
        GREYHOUND_FORMS,
        section="12.50",
        markets_of=greyhound_markets,
    ),
    race("speedway", "Speedway", "rider", SPEEDWAY_FORMS),
    race("car-racing", "Car Racing", "car", CAR_FORMS),
    race("motor-racing", "Motor Racing", "rider", MOTOR_FORMS),
    race("cycling", "Cycling", "rider", CYCLING_FORMS),
    race("neon-racing", "Neon Racing", "racer", NEON_FORMS),
)


# --- Fruit Race (12.45) ------------------------------------------------------------------------

# The comparison panel, top to bottom: three plums, three cherries, three lemons, the 7.
PANEL = ("plum",) * 3 + ("cherry",) * 3 + ("lemon",) * 3 + ("seven",)
SEVEN_ALONE = "seven"
# What a stake returns, in tenths, by the result (RULES.md: the text gives no figures).
FRUIT_PAYS: dict[str, int] = {
    SEVEN_ALONE: 100,
    "4": 12,
    "5": 32,
    "6": 60,
    "7": 150,
    "8": 500,
    "10": 5000,
}


def matches(tube: Sequence[str]) -> int:
    return sum(1 for ball, symbol in zip(tube, PANEL, strict=True) if ball == symbol)


def fruit_result(tube: Sequence[str]) -> str:
    """The paying result of a tube: "seven" for the 7 matched alone, else the match count."""
    count = matches(tube)
    if count == 1 and tube[-1] == "seven":
        return SEVEN_ALONE
    return str(count)


def arrangements() -> list[tuple[str, ...]]:
    """Every distinct order of the ten balls, each as likely as any other."""
    found: list[tuple[str, ...]] = []
    for plums in itertools.combinations(range(10), 3):
        rest = [i for i in range(10) if i not in plums]
        for cherries in itertools.combinations(rest, 3):
            others = [i for i in rest if i not in cherries]
            for lemons in itertools.combinations(others, 3):
                tube = ["seven"] * 10
                for group, fruit in ((plums, "plum"), (cherries, "cherry"), (lemons, "lemon")):
                    for i in group:
                        tube[i] = fruit
                found.append(tuple(tube))
    return found


class FruitRace(RoundGame):
    slug = "fruit-race"
    name = "Fruit Race"
    section = "12.45"
    board = "race"
    cadence = CADENCE
    bet_types = (
        BetType(
            "fruit",
            "Fruit Race",
            "nothing: the ten balls are matched against the panel",
            "10x for the 7 alone; 1.2x for 4 matches, 3.2x for 5, 6x for 6, 15x for 7, "
            "50x for 8, 500x for all 10",
        ),
    )

    def outcome(self, rng: Rng) -> Outcome:
        return {"tube": rng.shuffle(PANEL)}

    def describe(self, outcome: Outcome) -> str:
        result = fruit_result(outcome["tube"])
        if result == SEVEN_ALONE:
            return "the 7 alone"
        return f"{result} matches"

    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        self.bet_type(bet_type)
        return stake * FRUIT_PAYS.get(fruit_result(outcome["tube"]), 0) // 10

    def distribution(self) -> list[tuple[Fraction, Outcome]]:
        every = arrangements()
        return [(Fraction(1, len(every)), {"tube": list(tube)}) for tube in every]

    def rtp(self, bet_type: str) -> Fraction:
        self.bet_type(bet_type)
        every = arrangements()
        won = sum(FRUIT_PAYS.get(fruit_result(tube), 0) for tube in every)
        return Fraction(won, 10 * len(every))

    def public(self) -> Mapping[str, Any]:
        return {**super().public(), "kind": "fruit", "panel": list(PANEL)}


RACE_GAMES: tuple[RoundGame, ...] = (*RACES, FruitRace(), VirtualFootball(), *SPORTS)
