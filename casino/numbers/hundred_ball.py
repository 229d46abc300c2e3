"""Hundred Ball (12.33, "Keno Express"): one ball of 100 drawn each round; a bet says the
ball will be at or below a number, at or above it, inside a range or outside it.

The text fixes a price for every number and range but prints none: a bet covering k of
the 100 numbers returns 96/k times its stake, so every bet of every kind returns exactly
96% (RULES.md). Plain Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from casino.numbers.base import returned
from casino.rounds import BetType, Cadence, Outcome, Rng, RoundGame, Selection

BALLS = tuple(range(1, 101))
SHARE = 96  # the percentage of the stake returned, spread over the numbers covered
MOST_COVERED = 95  # a bet covering more could not pay back more than its stake


def covered(bet_type: str, selection: Selection) -> range | tuple[int, ...]:
    """The numbers a bet wins on."""
    if bet_type == "lower":
        return range(1, selection["number"] + 1)
    if bet_type == "higher":
        return range(selection["number"], 101)
    low, high = selection["low"], selection["high"]
    if bet_type == "inside":
        return range(low, high + 1)
    return (*range(1, low), *range(high + 1, 101))


def price(bet_type: str, selection: Selection) -> Fraction:
    return Fraction(SHARE, len(covered(bet_type, selection)))


def shown(value: Fraction) -> str:
    """A price to two decimals, rounded down (what is paid is never less)."""
    hundredths = value.numerator * 100 // value.denominator
    return f"{hundredths // 100}.{hundredths % 100:02d}x"


class HundredBall(RoundGame):
    slug = "hundred-ball"
    bets_per_round = 2  # the text: "the player can make 2 bets during a round"
    name = "Hundred Ball"
    board = "balls"
    section = "12.33"
    cadence = Cadence(every_seconds=30, closes_before_seconds=5)
    bet_types: Sequence[BetType] = (
        BetType("lower", "Lower", "a number: the ball at it or below", "96 ÷ numbers covered"),
        BetType("higher", "Higher", "a number: the ball at it or above", "96 ÷ numbers covered"),
        BetType(
            "inside",
            "In the range",
            "a range: the ball inside it, ends included",
            "96 ÷ numbers covered",
        ),
        BetType(
            "outside", "Out of the range", "a range: the ball outside it", "96 ÷ numbers covered"
        ),
    )

    def outcome(self, rng: Rng) -> Outcome:
        return {"balls": [rng.choice(BALLS)]}

    def describe(self, outcome: Outcome) -> str:
        return str(outcome["balls"][0])

    def selections(self, bet_type: str) -> Sequence[tuple[str, Selection]]:
        self.bet_type(bet_type)
        if bet_type == "lower":
            numbers: Sequence[int] = range(1, MOST_COVERED + 1)
        elif bet_type == "higher":
            numbers = range(101 - MOST_COVERED, 101)
        else:
            return ()  # every range: too many to list
        return tuple(
            (f"{n} · {shown(price(bet_type, {'number': n}))}", {"number": n}) for n in numbers
        )

    def validate_bet(self, bet_type: str, selection: object) -> Selection:
        if bet_type in ("lower", "higher"):
            return super().validate_bet(bet_type, selection)
        self.bet_type(bet_type)
        low = selection.get("low") if isinstance(selection, dict) else None
        high = selection.get("high") if isinstance(selection, dict) else None
        if not (type(low) is int and type(high) is int and 1 <= low < high <= 100):
            raise ValueError("A range bet takes two numbers from 1 to 100, the first the lower.")
        checked: Selection = {"low": low, "high": high}
        count = len(covered(bet_type, checked))
        if not 1 <= count <= MOST_COVERED:
            raise ValueError(
                f"A range bet covers from 1 to {MOST_COVERED} numbers; this one covers {count}."
            )
        return checked

    def label(self, bet_type: str, selection: Selection) -> str:
        odds = shown(price(bet_type, selection))
        if bet_type == "lower":
            return f"{selection['number']} or lower · {odds}"
        if bet_type == "higher":
            return f"{selection['number']} or higher · {odds}"
        where = "in" if bet_type == "inside" else "not in"
        return f"{where} {selection['low']} to {selection['high']} · {odds}"

    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        if outcome["balls"][0] in covered(bet_type, selection):
            return returned(stake, price(bet_type, selection))
        return 0

    def every_selection(self, bet_type: str) -> list[Selection]:
        listed = self.selections(bet_type)
        if listed:
            return [selection for _, selection in listed]
        ranges = ({"low": low, "high": high} for low in BALLS for high in BALLS if low < high)
        return [r for r in ranges if 1 <= len(covered(bet_type, r)) <= MOST_COVERED]

    def rtp(self, bet_type: str) -> Fraction:
        """The mean over every selection of its chance (the numbers it covers, of 100)
        times its price."""
        returns = [
            Fraction(len(covered(bet_type, selection)), len(BALLS)) * price(bet_type, selection)
            for selection in self.every_selection(bet_type)
        ]
        return sum(returns, Fraction(0)) / len(returns)

    def public(self) -> Mapping[str, Any]:
        ranges = {"kind": "range", "low": 1, "high": 100}
        return {
            **super().public(),
            "drawn": 1,
            "colours": {},
            "picks": {"inside": ranges, "outside": ranges},
        }


HUNDRED_BALL = HundredBall()
