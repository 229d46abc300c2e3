"""Crash (12.20) on the round contract: a bet rides the curve until the player cashes out,
by hand or at the auto cash-out fixed before the run, or until the crash.

The crash point keeps its published formula (fairness.py), not the shared generator. The
runtime's own cycle drives the rounds (each betting window opens when the last run ends,
so the game has no cadence); this module knows only what a bet is and what it pays.

A bet's selection is ``{"auto_cash_out": 250}`` (hundredths; absent: none) and, once the
player cashes out by hand, ``"cashed_out_ms"``: the run's elapsed milliseconds when the
server received the request. Its result is the multiplier it was paid at.

Plain Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

from casino.crash import curve
from casino.crash.fairness import DEFAULT_EDGE_PERCENT, SPAN, crash_point
from casino.rounds import BetType, Outcome, RoundGame, Selection

SLUG = "crash"
BET = "bet"


def odds_text(hundredths: int) -> str:
    """2.35x as players read it; integer arithmetic, no float."""
    return f"{hundredths // 100}.{hundredths % 100:02d}x"


def win_probability(target: int, edge_percent: int = DEFAULT_EDGE_PERCENT) -> Fraction:
    """P(crash point >= ``target``) exactly: the crash point reaches ``target`` exactly when
    the 52 bits ``r`` are at least ``2**52 - floor((100 - edge) * 2**52 / target)``."""
    winning = min(SPAN, (100 - edge_percent) * SPAN // target)
    return Fraction(winning, SPAN)


class CrashGame(RoundGame):
    slug: ClassVar[str] = SLUG
    name: ClassVar[str] = "Crash"
    board: ClassVar[str] = "crash"
    section: ClassVar[str] = "12.20"
    cadence = None
    bet_types = (
        BetType(
            BET,
            "Bet",
            "an optional auto cash-out of 1.01x or more",
            "the multiplier when you cash out",
        ),
    )
    edge_percent: ClassVar[int] = DEFAULT_EDGE_PERCENT

    def committed_outcome(self, link: bytes, salt: str, number: int) -> Outcome:
        return {
            "crash_point": crash_point(link, salt, self.edge_percent),
            "edge_percent": self.edge_percent,
        }

    def describe(self, outcome: Outcome) -> str:
        return odds_text(outcome["crash_point"])

    def selections(self, bet_type: str) -> tuple[tuple[str, Selection], ...]:
        return ()  # any auto cash-out from 1.01x: too many to list

    def validate_bet(self, bet_type: str, selection: object) -> Selection:
        self.bet_type(bet_type)
        target = selection.get("auto_cash_out") if isinstance(selection, dict) else None
        if target is None:
            return {}
        if (
            isinstance(target, bool)
            or not isinstance(target, int)
            or target < curve.MIN_AUTO_CASH_OUT
        ):
            raise ValueError("The auto cash-out must be at least 1.01.")
        return {"auto_cash_out": target}

    def label(self, bet_type: str, selection: Selection) -> str:
        target = selection.get("auto_cash_out")
        return "Bet" if target is None else f"Bet, auto cash-out {odds_text(target)}"

    def paid_multiplier(self, selection: Selection, outcome: Outcome) -> int | None:
        """The multiplier the bet is paid at, or None if it rode into the crash."""
        return curve.cash_out(
            outcome["crash_point"],
            auto_cash_out=selection.get("auto_cash_out"),
            manual_at_ms=selection.get("cashed_out_ms"),
        )

    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        paid = self.paid_multiplier(selection, outcome)
        return 0 if paid is None else curve.payout(stake, paid)

    def result(self, bet_type: str, selection: Selection, outcome: Outcome) -> dict[str, Any]:
        paid = self.paid_multiplier(selection, outcome)
        return {} if paid is None else {"multiplier": paid}

    def describe_result(self, result: Mapping[str, Any]) -> str:
        paid = result.get("multiplier")
        return "" if paid is None else f"cashed out at {odds_text(paid)}"

    def bet_details(self, selection: Selection, outcome: Outcome) -> dict[str, Any]:
        """The cash-out: its multiplier, the run's millisecond it happened at and whether
        the player's hand or the auto cash-out took it; None if it rode into the crash."""
        paid = self.paid_multiplier(selection, outcome)
        if paid is None:
            return {"cash_out": None}
        manual = selection.get("cashed_out_ms")
        by_hand = manual is not None and paid == curve.multiplier(manual)
        return {
            "cash_out": {
                "multiplier": paid,
                "by": "player" if by_hand else "auto",
                "elapsed_ms": manual if by_hand else curve.crash_instant(paid),
            }
        }

    def rtp(self, bet_type: str) -> Fraction:
        """The return of a bet cashing out at the rules' least target, 1.01x: every target
        returns within a hair of ``100 - edge`` percent (fairness.py says why)."""
        self.bet_type(bet_type)
        target = curve.MIN_AUTO_CASH_OUT
        return win_probability(target, self.edge_percent) * Fraction(target, 100)


CRASH = CrashGame()
