"""The Rock Paper Scissors bot.

A uniformly random sign is the game's equilibrium: no opponent can exploit it, and it
needs no memory of past rounds.
"""

from __future__ import annotations

from games.engine import Action
from games.rng import Rng


def choose(legal: list[Action], rng: Rng) -> Action:
    return rng.choice(legal)
