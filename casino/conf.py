"""The house rounds' settings and beat entries (config/settings.py reads the schedule).

Every setting below is a default that a Django setting of the same name overrides; they
are read at each use (module ``__getattr__``), because config/settings.py imports this
module before Django's settings exist, and so that tests can override them.
Amounts are in minor units of the deployment's currency.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Beat only nudges: each task looks at the database and does whatever is due, so a lost
# or late nudge delays a step by one period and nothing else. Stale nudges expire.
CASINO_BEAT_SCHEDULE: dict[str, dict] = {
    "casino-crash-cycle": {
        "task": "casino.tasks.crash_cycle",
        "schedule": 1.0,
        "options": {"expires": 5},
    },
    "casino-draw-cycle": {
        "task": "casino.tasks.draw_cycle",
        "schedule": 1.0,
        "options": {"expires": 5},
    },
}

_DEFAULTS: dict[str, Any] = {
    # Which round games beat drives (slugs of casino.registry): None is every one.
    "CASINO_ENABLED_GAMES": None,
    # Links per seed chain; a new chain (new secret, new salt) is published when one runs out.
    "CASINO_CHAIN_LENGTH": 100_000,
    # Rounds whose outcome is fixed and stored ahead of play (the rules ask for 10).
    "CASINO_ROUNDS_AHEAD": 12,
    "CRASH_BETTING_SECONDS": 5,
    "CRASH_TICK_MS": 150,
    # A running round whose crash instant passed this long ago without settlement is
    # settled by the beat: its run task died.
    "CRASH_RECOVERY_MS": 2_000,
    "CRASH_HISTORY": 20,
    # Auto mode's "double the current bet" after a win or a loss (the rules offer it); a
    # regulator that forbids chasing losses has it withdrawn with False.
    "CRASH_AUTOBET_DOUBLING": True,
    "KENO_MAX_DRAWS": 10,
    "KENO_HISTORY": 10,
    # Hot and cold balls are counted over this many draws.
    "KENO_HOT_COLD_DRAWS": 100,
}


@dataclass(frozen=True)
class Limits:
    """One round game's terms in minor units: the smallest and largest bet, and the most a
    single bet may pay (its payout is capped there)."""

    min_bet: int
    max_bet: int
    max_win: int


def limits(slug: str) -> Limits:
    """The limits of a round game: ``CASINO_LIMITS[slug]`` over the defaults, 0.10 to
    1,000.00 a bet and 50,000.00 at most paid, in the site's currency. (The rule texts'
    terms are in drams, Keno's 50 to 300,000 a bet: amounts of another currency.)"""
    from django.conf import settings

    unit = 10**settings.CURRENCY_DIGITS
    defaults = {"min_bet": max(1, unit // 10), "max_bet": 1_000 * unit, "max_win": 50_000 * unit}
    return Limits(**{**defaults, **getattr(settings, "CASINO_LIMITS", {}).get(slug, {})})


def __getattr__(name: str) -> Any:
    from django.conf import settings

    if name in _DEFAULTS:
        return getattr(settings, name, _DEFAULTS[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
