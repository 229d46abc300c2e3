"""A round game whose round is a draw of numbered balls and whose bets are `Market`s.

Plain Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar

from casino.numbers.markets import Market, check_numbers, mapping
from casino.rounds import BetType, Outcome, Rng, RoundGame, Selection


def returned(stake: int, price: Fraction) -> int:
    """What a winning bet returns at ``price`` (its stake included), floored."""
    return stake * price.numerator // price.denominator


class DrawGame(RoundGame):
    """``drawn`` balls taken in order from ``pool``; the outcome is ``{"balls": [...]}``."""

    board: ClassVar[str] = "balls"
    pool: ClassVar[tuple[int, ...]]
    drawn: ClassVar[int]

    def __init__(self, markets: Sequence[Market]) -> None:
        self.markets = mapping(markets)

    @cached_property
    def bet_types(self) -> Sequence[BetType]:  # type: ignore[override]
        return [market.as_bet_type() for market in self.markets.values()]

    def outcome(self, rng: Rng) -> Outcome:
        return {"balls": rng.sample(self.pool, self.drawn)}

    def describe(self, outcome: Outcome) -> str:
        return " ".join(str(ball) for ball in outcome["balls"])

    def market(self, code: str) -> Market:
        try:
            return self.markets[code]
        except KeyError:
            raise ValueError(f"{self.name} has no such bet.") from None

    def selections(self, bet_type: str) -> Sequence[tuple[str, Selection]]:
        market = self.market(bet_type)
        return () if market.pick else market.choices

    def validate_bet(self, bet_type: str, selection: object) -> Selection:
        pick = self.market(bet_type).pick
        if pick is None:
            return super().validate_bet(bet_type, selection)
        return check_numbers(pick, selection)

    def label(self, bet_type: str, selection: Selection) -> str:
        if "numbers" in selection and self.market(bet_type).pick:
            numbers = " ".join(str(n) for n in selection["numbers"])
            return f"{self.market(bet_type).name}: {numbers}"
        return super().label(bet_type, selection)

    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        market = self.market(bet_type)
        return returned(stake, market.price) if market.wins(outcome, selection) else 0

    def rtp(self, bet_type: str) -> Fraction:
        market = self.market(bet_type)
        return market.probability * market.price

    def colour(self, ball: int) -> str:
        """The colour the board paints ``ball`` (the game's own where it has colours)."""
        return "white"

    def public(self) -> Mapping[str, Any]:
        picks = {code: m.pick.public() for code, m in self.markets.items() if m.pick}
        return {
            **super().public(),
            "drawn": self.drawn,
            "colours": {str(ball): self.colour(ball) for ball in self.pool},
            "picks": picks,
        }
