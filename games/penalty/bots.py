"""The Penalty Shootout bot.

A uniformly random sector is the equilibrium for both roles: a forward who favours a
sector is saved more often, a goalkeeper who favours one is beaten more often.
"""

from __future__ import annotations

from games.engine import Action
from games.rng import Rng


def choose(legal: list[Action], rng: Rng) -> Action:
    return rng.choice(legal)
