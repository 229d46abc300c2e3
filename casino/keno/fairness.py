"""The 20 balls of a Keno round, fixed by its chain link (docs/architecture.md, "Randomness").

``sample([1..80], 20)`` from the shared stream with ``seed = L[n]``, ``salt`` = the game's
public salt and ``nonce = n``, so anyone holding the revealed link replays the draw with
the published description of games/rng.py.

Plain Python: no Django import.
"""

from __future__ import annotations

from games.rng import Rng

BALLS = tuple(range(1, 81))
DRAWN = 20


def draw(link: bytes, salt: str, round_number: int) -> list[int]:
    """The 20 numbers of round ``round_number``, in the order they are drawn."""
    return Rng(seed=link, salt=salt, nonce=round_number).sample(BALLS, DRAWN)
