"""Games whose every bet is a pick at a fixed price, as a bookmaker's board shows it: the
races and the virtual sports.

A game lists its bets as `Market`s (a code, a name, the picks it offers) and says, for each
pick, its exact chance of winning and whether an outcome makes it win. The price of every
pick follows from its chance once, when the game is made: the largest hundredth at or
below 92% of its fair price (1 / chance), so no pick returns more than 92% (RULES.md). A
pick so likely that this price would not pay more than its stake is not offered. Plain
Python: no Django import.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from casino.rounds import BetType, Cadence, Outcome, RoundGame, Selection

TARGET = Fraction(92, 100)
# The text's "at least 40 seconds to place a bet": 50 of every 60, then the event.
CADENCE = Cadence(every_seconds=60, closes_before_seconds=10, show_seconds=12)


def price_of(chance: Fraction) -> int:
    """A pick's price in hundredths of the stake returned (420: 4.20 back for 1)."""
    return int(TARGET * 100 / chance)


def decimal(hundredths: int) -> str:
    return f"{hundredths // 100}.{hundredths % 100:02d}"


@dataclass(frozen=True)
class Pick:
    """One pick of a bet: the label the slip shows, the selection the bet stores, and the
    key the game's rules know it by."""

    label: str
    selection: Selection
    key: Hashable


def frozen(selection: Selection) -> Hashable:
    """A selection as a dictionary key; a list in it is a set of picks, in any order."""
    return tuple(
        sorted((k, tuple(sorted(v)) if isinstance(v, list) else v) for k, v in selection.items())
    )


class PricedGame(RoundGame):
    """A game of picks at fixed prices. Subclasses give the bets (`bets`: their odds are
    filled in here), and per pick its chance (`chances`) and whether an outcome wins it
    (`wins`)."""

    cadence = CADENCE

    @abstractmethod
    def bets(self) -> Sequence[BetType]:
        """Every bet type, in the order of the text, its odds left empty."""

    @abstractmethod
    def picks(self, bet_type: str) -> Sequence[Pick]:
        """Every pick the bet type may take, likely or not."""

    @abstractmethod
    def chances(self, bet_type: str) -> Mapping[Hashable, Fraction]:
        """Every pick's exact chance of winning, by key."""

    @abstractmethod
    def wins(self, bet_type: str, key: Hashable, outcome: Outcome) -> bool:
        """Whether the pick ``key`` wins on ``outcome``."""

    @cached_property
    def prices(self) -> dict[str, dict[Hashable, int]]:
        """The odds board: every offered pick's price in hundredths, fixed for every round."""
        board = {}
        for bet in self.bets():
            chances = self.chances(bet.code)
            board[bet.code] = {
                pick.key: price_of(chances[pick.key])
                for pick in self.picks(bet.code)
                if chances[pick.key] and price_of(chances[pick.key]) > 100
            }
        return board

    @cached_property
    def _offered(self) -> dict[str, dict[Hashable, Pick]]:
        """The offered picks of every bet type, by their frozen selection."""
        return {
            bet.code: {
                frozen(pick.selection): pick
                for pick in self.picks(bet.code)
                if pick.key in self.prices[bet.code]
            }
            for bet in self.bets()
        }

    @cached_property
    def _bet_types(self) -> list[BetType]:
        found = []
        for bet in self.bets():
            prices = self.prices[bet.code].values()
            low, high = decimal(min(prices)), decimal(max(prices))
            odds = f"{low}x" if low == high else f"{low}x to {high}x, by pick"
            found.append(BetType(bet.code, bet.name, bet.selection, odds, bet.description))
        return found

    @property
    def bet_types(self) -> Sequence[BetType]:  # type: ignore[override]
        return self._bet_types

    def selections(self, bet_type: str) -> Sequence[tuple[str, Selection]]:
        prices = self._prices(bet_type)
        # A bet with nothing to choose shows its one price as its odds.
        return [
            (f"{pick.label} at {decimal(prices[pick.key])}" if pick.label else "", pick.selection)
            for pick in self._offered[bet_type].values()
        ]

    def validate_bet(self, bet_type: str, selection: object) -> Selection:
        kind = self.bet_type(bet_type)
        if isinstance(selection, dict):
            try:
                pick = self._offered[bet_type].get(frozen(selection))
            except TypeError:  # a value no pick has (a dict inside): no such pick
                pick = None
            if pick is not None:
                return pick.selection
        raise ValueError(f"A {kind.name} bet takes {kind.selection}.")

    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        key = self._offered[bet_type][frozen(selection)].key
        if not self.wins(bet_type, key, outcome):
            return 0
        return stake * self.prices[bet_type][key] // 100

    def rtp(self, bet_type: str) -> Fraction:
        """The mean over the offered picks of chance times price; each at most 92%."""
        prices, chances = self._prices(bet_type), self.chances(bet_type)
        each = [chances[key] * price / 100 for key, price in prices.items()]
        return sum(each, Fraction(0)) / len(each)

    def public(self) -> Mapping[str, Any]:
        return {**super().public(), "kind": self.board}

    def _prices(self, bet_type: str) -> dict[Hashable, int]:
        self.bet_type(bet_type)
        return self.prices[bet_type]
