"""The computer player of a poker table: it reads only what its seat sees (the betting of
the hand in play) and plays a loose, simple game: check when it can, call a bet that is
small next to its stack, sometimes bet or raise the least allowed, fold the rest. Plain
Python: no Django."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.rng import Rng

if TYPE_CHECKING:
    from games.poker.rules import Live, PokerMove


def choose(live: Live, player: int, big_blind: int, rng: Rng) -> PokerMove:
    roll = rng.randbelow(100)
    span = live["raise_to"]
    stack = live["stacks"][player]
    if span is not None and roll < 15:
        kind = "raise" if max(live["bets"]) else "bet"
        return {"type": kind, "to": span[0]}  # type: ignore[typeddict-item]
    to_call = live["to_call"]
    if not to_call:
        return {"type": "check"}
    if to_call <= max(4 * big_blind, stack // 4) or roll < 40:
        return {"type": "call"}
    return {"type": "fold"}
