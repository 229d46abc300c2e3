"""The Pilotta and Belote engines the runtime loads (see games/engine.py for the contract)."""

from __future__ import annotations

from games.belote.base import TrickEngine
from games.belote.belote import ClassicBeloteEngine, OpenBeloteEngine
from games.belote.pilotta import ClassicPilottaEngine, PilottaEngine
from games.belote.scoring import (
    disconnection_settlement,
    max_reserve,
    settlement_payouts,
    unused_reserve,
)

PILOTTA = PilottaEngine()
CLASSIC_PILOTTA = ClassicPilottaEngine()
BELOTE = ClassicBeloteEngine()
OPEN_BELOTE = OpenBeloteEngine()

ENGINES: list[TrickEngine] = [PILOTTA, CLASSIC_PILOTTA, BELOTE, OPEN_BELOTE]

__all__ = [
    "BELOTE",
    "CLASSIC_PILOTTA",
    "ENGINES",
    "OPEN_BELOTE",
    "PILOTTA",
    "disconnection_settlement",
    "max_reserve",
    "settlement_payouts",
    "unused_reserve",
]
