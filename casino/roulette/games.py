"""Every roulette of the rules as a round game (12.1, 12.18 and the catalogue's Mega
Roulette): one wheel model, one set of bets, and each variant as data on `Roulette`.
How the rule text was read is in casino/roulette/RULES.md. Plain Python: no Django import.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal

from casino.roulette.bets import (
    CATALOGUE,
    EVEN_MONEY,
    INSIDE_BY_SIZE,
    NEIGHBOUR_BETS,
    NEIGHBOUR_CHIPS,
    Chip,
    Offer,
    offers,
    selection_key,
)
from casino.roulette.boosts import LIGHTNING, MEGA, BoostDraw
from casino.roulette.wheel import AMERICAN, EUROPEAN, Wheel
from casino.rounds import (
    RTP_STAKE,
    BetType,
    Cadence,
    Outcome,
    Rng,
    RoundGame,
    Selection,
)

# How a bet wins with the round's balls:
#   each: once for every ball on its numbers (with one ball: the ball is on them);
#   all: when every ball is on its numbers;
#   red-and-black: when one ball is on red and the other on black;
#   same: when every ball is on one and the same of its numbers.
Rule = Literal["each", "all", "red-and-black", "same"]


@dataclass(frozen=True)
class Price:
    """Odds ``win``:``per`` paid on the stake (the stake comes back on top) per win."""

    win: int
    per: int = 1
    rule: Rule = "each"

    @property
    def odds(self) -> str:
        return f"{self.win}:{self.per}"


# The plain wheel's prices (12.1): "multiplied by 35 times" is 35:1, "tripled" 2:1 and
# "doubled" 1:1 (RULES.md).
SINGLE_BALL: dict[str, Price] = {
    "straight": Price(35),
    "split": Price(17),
    "street": Price(11),
    "corner": Price(8),
    "line": Price(5),
    "dozen": Price(2),
    "column": Price(2),
    **{code: Price(1) for code in ("red", "black", "odd", "even", "low", "high")},
}
NEIGHBOURS: dict[str, Price] = {code: Price(0) for code in NEIGHBOUR_BETS}  # paid by chip

# Double Ball's table (12.1): "multiplied by N times" is N:1, except "Red or black" at 1:1
# (RULES.md has the returns that decide it).
DOUBLE_BALL: dict[str, Price] = {
    "straight": Price(17),
    "split": Price(8),
    "street": Price(5),
    "corner": Price(7, 2),
    "line": Price(2),
    "column": Price(8, rule="all"),
    "dozen": Price(8, rule="all"),
    "red": Price(3, rule="all"),
    "black": Price(3, rule="all"),
    "red-black": Price(1, rule="red-and-black"),
    "even": Price(3, rule="all"),
    "odd": Price(3, rule="all"),
    "low": Price(3, rule="all"),
    "high": Price(3, rule="all"),
    "any-pair": Price(35, rule="same"),
    "pair": Price(1300, rule="same"),
}

_WHAT_WINS: dict[Rule, str] = {
    "each": "Pays its odds for each ball that lands on its numbers: twice when both do.",
    "all": "Wins when both balls land on its numbers.",
    "red-and-black": "Wins when one ball lands on red and the other on black.",
    "same": "Wins when both balls land on the same number.",
}


class Roulette(RoundGame):
    """A roulette: the wheel, how many balls, the bets it takes at their prices, and its
    two twists (half back on zero, boosted numbers). Bet types follow from the prices."""

    board = "wheel"
    section = "12.1"
    cadence = Cadence(every_seconds=30, closes_before_seconds=5, show_seconds=8)
    wheel: ClassVar[Wheel] = EUROPEAN
    balls: ClassVar[int] = 1
    prices: ClassVar[Mapping[str, Price]]
    partage: ClassVar[bool] = False  # half of an even-money bet back when a zero comes
    boosts: ClassVar[BoostDraw | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.bet_types = tuple(cls._describe(code) for code in cls.prices)

    def __init__(self) -> None:
        self._offers = {code: offers(code, self.wheel) for code in self.prices}
        self._by_key = {
            code: {offer.key: offer for offer in choices} for code, choices in self._offers.items()
        }
        self._distribution: tuple[tuple[Fraction, Outcome], ...] | None = None

    # --- the outcome ----------------------------------------------------------------------

    def outcome(self, rng: Rng) -> Outcome:
        """The boosted numbers first (they are shown before the spin), then each ball."""
        boosts = self.boosts.draw(rng, self.wheel.pockets) if self.boosts else None
        drawn: Outcome = {"pockets": [rng.choice(self.wheel.pockets) for _ in range(self.balls)]}
        if boosts is not None:
            drawn["boosts"] = boosts
        return drawn

    def describe(self, outcome: Outcome) -> str:
        """ "17 red", "17 red, 5 red", "00 green", "17 red (lucky 17 x200, 5 x50)"."""
        balls = ", ".join(f"{pocket} {self.wheel.colour(pocket)}" for pocket in outcome["pockets"])
        boosts: Mapping[str, int] = outcome.get("boosts") or {}
        if not boosts or self.boosts is None:
            return balls
        listed = ", ".join(f"{pocket} x{multiplier}" for pocket, multiplier in boosts.items())
        return f"{balls} ({self.boosts.word} {listed})"

    # --- bets -----------------------------------------------------------------------------

    def selections(self, bet_type: str) -> Sequence[tuple[str, Selection]]:
        code = self.bet_type(bet_type).code
        return tuple((offer.label, offer.selection()) for offer in self._offers[code])

    def validate_bet(self, bet_type: str, selection: object) -> Selection:
        kind = self.bet_type(bet_type)
        if isinstance(selection, dict):
            offer = self._by_key[kind.code].get(selection_key(selection))
            if offer is not None:
                return offer.selection()
            pockets = selection.get("pockets")
            if (
                isinstance(pockets, list)
                and all(isinstance(pocket, str) for pocket in pockets)
                and not set(pockets) <= set(self.wheel.pockets)
            ):
                raise ValueError("There is no such number on this wheel.")
        raise ValueError(f"A {kind.name} bet takes {kind.selection}.")

    def validate_stake(self, bet_type: str, stake: object) -> None:
        """None when ``stake`` suits a bet of ``bet_type``: a neighbour bet's stake is
        split into its chips, so it must divide into them evenly."""
        kind = self.bet_type(bet_type)
        if isinstance(stake, bool) or not isinstance(stake, int) or stake <= 0:
            raise ValueError("A stake is a whole amount above zero.")
        chips = self._offers[kind.code][0].chip_count
        if stake % chips:
            raise ValueError(
                f"A {kind.name} bet is {chips} equal chips: its stake must divide by {chips}."
            )

    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        offer = self._by_key[self.bet_type(bet_type).code].get(selection_key(selection))
        if offer is None:
            raise ValueError("This bet's selection is not one the game takes.")
        return self._returned(stake, offer, outcome)

    def _returned(self, stake: int, offer: Offer, outcome: Outcome) -> int:
        balls: Sequence[str] = outcome["pockets"]
        boosts: Mapping[str, int] = outcome.get("boosts") or {}
        chip_stake = stake // offer.chip_count
        return sum(
            self._chip_returned(chip_stake * chip.count, chip, balls, boosts)
            for chip in offer.chips
        )

    def _chip_returned(
        self, stake: int, chip: Chip, balls: Sequence[str], boosts: Mapping[str, int]
    ) -> int:
        price = self.prices[chip.code]
        wins = _wins(price.rule, chip.pockets, balls, self.wheel)
        if wins and chip.code == "straight" and balls[0] in boosts:
            return stake * boosts[balls[0]]
        if wins:
            return stake + wins * stake * price.win // price.per
        if self.partage and chip.code in EVEN_MONEY and balls[0] in self.wheel.zeros:
            return stake // 2
        return 0

    # --- return to player -----------------------------------------------------------------

    def distribution(self) -> Iterable[tuple[Fraction, Outcome]]:
        """Every ball's pocket equally likely, independently. With boosted numbers, only
        the boost of the first ball's pocket can change a payout (a straight-up is paid
        its multiplier when the ball lands on it), so each outcome carries just that
        pocket's boost, with the exact chance of each multiplier or of none."""
        if self._distribution is None:
            self._distribution = tuple(self._outcomes())
        return self._distribution

    def _outcomes(self) -> Iterable[tuple[Fraction, Outcome]]:
        pockets = self.wheel.pockets
        share = Fraction(1, len(pockets) ** self.balls)
        for balls in itertools.product(pockets, repeat=self.balls):
            if self.boosts is None:
                yield share, {"pockets": list(balls)}
                continue
            for chance, multiplier in self.boosts.on_one_pocket(len(pockets)):
                boosts = {} if multiplier is None else {balls[0]: multiplier}
                yield share * chance, {"pockets": list(balls), "boosts": boosts}

    def rtp(self, bet_type: str) -> Fraction:
        """The default's mean over selections and outcomes, summing each outcome's payouts
        in integers first (Double Ball has 1,369 outcomes and 60 splits)."""
        choices = self._offers[self.bet_type(bet_type).code]
        total = sum(
            (
                probability * sum(self._returned(RTP_STAKE, offer, outcome) for offer in choices)
                for probability, outcome in self.distribution()
            ),
            Fraction(0),
        )
        return total / (RTP_STAKE * len(choices))

    # --- what the pages show --------------------------------------------------------------

    def public(self) -> Mapping[str, Any]:
        return {
            **super().public(),
            "wheel": list(self.wheel.order),
            "colours": self.wheel.colours(),
            "balls": self.balls,
        }

    @classmethod
    def _describe(cls, code: str) -> BetType:
        copy = CATALOGUE[code]
        odds = cls.prices[code].odds
        if cls.balls == 1:
            text = copy.about or "Wins when the ball lands on one of its numbers."
        else:
            text = copy.about or _WHAT_WINS[cls.prices[code].rule]
        if code in NEIGHBOUR_BETS:
            odds, chips = cls._describe_chips(code)
            text += f" {chips}"
        if code in EVEN_MONEY and cls.balls == 1:
            zero = "Half the stake comes back" if cls.partage else "Loses"
            text += f" {zero} when the ball lands on {' or '.join(cls.wheel.zeros)}."
            odds += ", half back on zero" if cls.partage else ""
        if code == "straight" and cls.boosts is not None:
            boosts = cls.boosts
            odds += f"; {boosts.word} numbers {boosts.lowest - 1}:1 to {boosts.highest - 1}:1"
            text += (
                f" Before each spin 1 to {max(count for count, _ in boosts.counts)} "
                f"{boosts.word} numbers are drawn, each with a multiplier from "
                f"{boosts.lowest}x to {boosts.highest}x: a straight up on a {boosts.word} "
                "number that wins is paid its multiplier times the stake, stake included."
            )
        return BetType(code, copy.name, copy.selection, odds, text.strip())

    @classmethod
    def _describe_chips(cls, code: str) -> tuple[str, str]:
        chips = NEIGHBOUR_CHIPS[code]
        count = sum(n for _, n in chips)
        placed = ", ".join(f"{n} on {'/'.join(pockets)}" for pockets, n in chips)
        prices = sorted(
            {cls.prices[INSIDE_BY_SIZE[len(pockets)]] for pockets, _ in chips},
            key=lambda price: Fraction(price.win, price.per),
        )
        odds = [price.odds for price in prices]
        text = (
            f"The stake is split into {count} equal chips: {placed}. Each chip is paid as "
            f"its own bet, at {' or '.join(odds)}."
        )
        return "by chip: " + ", ".join(odds), text


def _wins(rule: Rule, pockets: frozenset[str], balls: Sequence[str], wheel: Wheel) -> int:
    if rule == "each":
        return sum(ball in pockets for ball in balls)
    if rule == "all":
        return int(all(ball in pockets for ball in balls))
    if rule == "same":
        return int(len(set(balls)) == 1 and balls[0] in pockets)
    return int(sorted(wheel.colour(ball) for ball in balls) == ["black", "red"])


# --- the games ----------------------------------------------------------------------------


class EuropeanRoulette(Roulette):
    slug = "roulette-european"
    name = "Roulette"
    prices = {**SINGLE_BALL, **NEIGHBOURS}


class AmericanRoulette(Roulette):
    slug = "roulette-american"
    name = "American Roulette"
    wheel = AMERICAN
    prices = {**SINGLE_BALL, "five": Price(6)}


class LaPartageRoulette(Roulette):
    slug = "roulette-la-partage"
    name = "Auto Roulette La Partage"
    prices = {**SINGLE_BALL, **NEIGHBOURS}
    partage = True


class FrenchRouletteGold(Roulette):
    slug = "roulette-french-gold"
    name = "French Roulette Gold"
    prices = {**SINGLE_BALL, **NEIGHBOURS}
    partage = True


class DoubleBallRoulette(Roulette):
    slug = "roulette-double-ball"
    name = "Double Ball Roulette"
    balls = 2
    prices = DOUBLE_BALL


class LightningRoulette(Roulette):
    slug = "roulette-lightning"
    name = "Lightning Roulette"
    prices = {**SINGLE_BALL, "straight": Price(29), **NEIGHBOURS}
    boosts = LIGHTNING


class MegaRoulette(Roulette):
    slug = "roulette-mega"
    name = "Mega Roulette"
    section = "catalogue"
    prices = {**SINGLE_BALL, "straight": Price(30), **NEIGHBOURS}
    boosts = MEGA


class ElectronicRoulette(Roulette):
    slug = "roulette-electronic"
    name = "Electronic Roulette"
    section = "12.18"
    prices = {code: price for code, price in SINGLE_BALL.items() if code != "column"}


ROULETTES: tuple[Roulette, ...] = (
    EuropeanRoulette(),
    AmericanRoulette(),
    LaPartageRoulette(),
    FrenchRouletteGold(),
    DoubleBallRoulette(),
    LightningRoulette(),
    MegaRoulette(),
    ElectronicRoulette(),
)
