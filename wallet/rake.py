"""Rake and pot arithmetic in integers (DESIGN.md, "Money"). Plain Python: no Django."""

from __future__ import annotations

from collections.abc import Sequence

BASIS_POINTS = 10_000
SECONDS_PER_HOUR = 3600


def percentage_rake(pot: int, rate_bp: int) -> int:
    """The house's cut of a pot: floored, so it never takes more than the stated rate."""
    if pot < 0 or not 0 <= rate_bp <= BASIS_POINTS:
        raise ValueError("a pot is non-negative and a rate is 0..10000 basis points")
    return pot * rate_bp // BASIS_POINTS


def hourly_rake(rate_per_hour: int, played_seconds: int) -> int:
    """The time rake: `rate_per_hour` for each hour begun at the table (the regulation's
    "amount the player is required to pay every hour to use the gaming environment")."""
    if rate_per_hour < 0 or played_seconds < 0:
        raise ValueError("rates and durations are non-negative")
    hours_begun = -(-played_seconds // SECONDS_PER_HOUR)
    return rate_per_hour * hours_begun


def split_pot(amount: int, winners_from_dealers_left: Sequence[int]) -> dict[int, int]:
    """Equal shares; the indivisible remainder goes one unit at a time to the winners
    nearest the dealer's left, so the whole amount is paid out and nothing is created."""
    if not winners_from_dealers_left:
        raise ValueError("a pot needs at least one winner")
    share, remainder = divmod(amount, len(winners_from_dealers_left))
    return {
        winner: share + (1 if place < remainder else 0)
        for place, winner in enumerate(winners_from_dealers_left)
    }
