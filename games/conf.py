"""Per-game money and table limits. Override any entry with the GAME_LIMITS setting."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.conf import settings

MINOR = 10**settings.CURRENCY_DIGITS


@dataclass(frozen=True)
class GameLimits:
    min_stake: int
    max_stake: int
    rake_bp: int  # percentage of the pot in basis points
    max_tables: int  # simultaneous tables one player may sit at
    step_seconds: tuple[int, ...] = (5, 10, 15, 20, 30)
    game_minutes: tuple[int, ...] = (0, 1, 2, 3, 4, 5)  # 0: no total time per player


# The regulation's figures: 4% rake on these games; 13 tables at most for backgammon.
DEFAULTS: dict[str, GameLimits] = {
    "rps": GameLimits(1 * MINOR, 5_000 * MINOR, 400, 5),
    "penalty": GameLimits(1 * MINOR, 5_000 * MINOR, 400, 5),
    "tavli": GameLimits(
        1 * MINOR, 5_000 * MINOR, 400, 13, (3, 5, 10, 15, 20, 30), (0, 2, 3, 4, 5, 6)
    ),
    "backgammon": GameLimits(
        1 * MINOR, 5_000 * MINOR, 400, 13, (3, 5, 10, 15, 20, 30), (0, 2, 3, 4, 5, 6)
    ),
}
CARD_GAME = GameLimits(1 * MINOR, 5_000 * MINOR, 400, 5, (10, 15, 20, 30), (0, 5, 10, 15, 20))
DEFAULTS.update(
    {slug: CARD_GAME for slug in ("pilotta", "classic-pilotta", "belote", "open-belote")}
)
# Dominoes: 3 tables at once, steps of 5 to 30 s, 1 to 6 minutes a player (or no limit).
DOMINO_GAME = GameLimits(
    1 * MINOR, 5_000 * MINOR, 400, 3, (5, 10, 15, 20, 30), (0, 1, 2, 3, 4, 5, 6)
)
DEFAULTS.update({slug: DOMINO_GAME for slug in ("dominoes", "fives", "threes", "block-dominoes")})
# Spades' text: the rake is 15% of the buy-in, taken from the pot before the prize pool.
DEFAULTS["spades"] = GameLimits(
    1 * MINOR, 5_000 * MINOR, 1_500, 5, (10, 15, 20, 30), (0, 5, 10, 15, 20)
)
# Poker: each table sets its own rake (0 to 35%, taken pot by pot, games/poker/RULES.md);
# 5% is the default of a new table. The stake of a poker table is its options' buy-in.
POKER = GameLimits(1 * MINOR, 5_000 * MINOR, 500, 5, (10, 15, 20, 30), (0,))
DEFAULTS.update({slug: POKER for slug in ("holdem", "omaha", "omaha5", "short-deck")})
# Koum-kan, Thanasis and Dynamitis: card games of the same site as Pilotta, the same limits.
DEFAULTS.update({slug: CARD_GAME for slug in ("koum-kan", "thanasis", "dynamitis")})
# Wordfall: a move takes thought, so steps of 1 to 5 minutes; the total time is the
# table's time mode (the engine's game_clock), never the lobby's minutes.
DEFAULTS["wordfall"] = GameLimits(1 * MINOR, 5_000 * MINOR, 400, 3, (60, 120, 180, 300), (0,))
FALLBACK = GameLimits(1 * MINOR, 5_000 * MINOR, 400, 3, (10, 15, 20, 30), (0,))


def limits(slug: str) -> GameLimits:
    base = DEFAULTS.get(slug, FALLBACK)
    overrides = getattr(settings, "GAME_LIMITS", {}).get(slug, {})
    return replace(base, **overrides)
