"""The "Auto" mode of Crash (rules 12.20, "The procedure of placing bets in Auto mode").

The player fills in a base bet, a total bets limit, an auto cash-out (1.01x when left
empty) and, for the round after a win and the round after a loss, either "Return to Base
Bet" or "Double Current Bet". The system then bets for them "until the amount of all bets
exceeds the amount specified in the Total Bets Limit field": a bet is placed only if the
sum of every bet of this Auto run, that bet included, stays within the limit. The rules'
example: base 50, limit 500, double on loss; after losses at 50, 100 and 200 the next bet
would be 400, and 50 + 100 + 200 + 400 = 750 > 500 turns AUTOBET off.

A pure state machine over integer amounts in minor units; the Django side stores the
`AutoRun` and checks each bet against the table's bet limits as for any bet.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from casino.crash.curve import MIN_AUTO_CASH_OUT


class NextBet(Enum):
    """The choice the player makes for the round after a win, and after a loss."""

    RETURN_TO_BASE = "return_to_base"
    DOUBLE = "double"


def _check_amount(value: int, name: str, least: int = 1) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise ValueError(f"{name} must be an integer of at least {least}, got {value!r}")


@dataclass(frozen=True)
class AutoPlan:
    """What the player entered before pressing AUTOBET; fixed for the whole run."""

    base_bet: int
    total_bets_limit: int
    on_win: NextBet
    on_loss: NextBet
    auto_cash_out: int = MIN_AUTO_CASH_OUT  # hundredths

    def __post_init__(self) -> None:
        _check_amount(self.base_bet, "the base bet")
        _check_amount(self.total_bets_limit, "the total bets limit")
        if self.total_bets_limit < self.base_bet:
            raise ValueError("the total bets limit is below the base bet: no bet could be placed")
        _check_amount(self.auto_cash_out, "the auto cash-out (hundredths)", MIN_AUTO_CASH_OUT)
        if not isinstance(self.on_win, NextBet) or not isinstance(self.on_loss, NextBet):
            raise ValueError("on win and on loss must each be a NextBet choice")


@dataclass(frozen=True)
class AutoRun:
    """The bet about to be placed and the sum of all bets of the run, that one included."""

    bet: int
    total_bet: int


def start(plan: AutoPlan) -> AutoRun:
    """The first round of the run bets the base bet (the plan guarantees it fits)."""
    return AutoRun(bet=plan.base_bet, total_bet=plan.base_bet)


def after_round(plan: AutoPlan, run: AutoRun, won: bool) -> AutoRun | None:
    """The next round's bet after ``run.bet`` won or lost, or None when AUTOBET turns off."""
    choice = plan.on_win if won else plan.on_loss
    bet = plan.base_bet if choice is NextBet.RETURN_TO_BASE else 2 * run.bet
    total_bet = run.total_bet + bet
    if total_bet > plan.total_bets_limit:
        return None
    return AutoRun(bet=bet, total_bet=total_bet)


def next_bet(plan: AutoPlan, outcomes: Iterable[bool]) -> int | None:
    """The bet of the next round given the outcomes (won?) of the rounds played so far.

    None once the run has stopped; replaying ``outcomes`` rebuilds the state, so a
    service may keep either the outcomes or the latest `AutoRun`.
    """
    run: AutoRun | None = start(plan)
    for won in outcomes:
        if run is None:
            raise ValueError("an outcome follows the round after which AUTOBET turned off")
        run = after_round(plan, run, won)
    return None if run is None else run.bet
