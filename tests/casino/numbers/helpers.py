"""What the number-draw tests share: a stake's payout, and a fair sample of real draws."""

from __future__ import annotations

from casino import registry


def pays(slug: str, bet_type: str, balls: list[int], selection: dict | None = None) -> int:
    """What a stake of 100 returns on a draw of ``balls``."""
    return registry.get(slug).payout(100, bet_type, selection or {}, {"balls": balls})


def draws(slug: str, count: int) -> list[dict]:
    game = registry.get(slug)
    return [game.committed_outcome(n.to_bytes(32, "big"), "sample", n) for n in range(count)]
