"""Rake arithmetic in integers (docs/architecture.md, "Money"); the pot is divided by
games/settlement.py. Plain Python: no Django."""

from __future__ import annotations

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
