"""The computer player of a poker table: it reads only what its seat sees (the betting of
the hand in play) and plays a simple, fairly tight game: it opens or bets the least
allowed now and then, calls small bets more often than large ones, seldom re-raises and
folds the rest. Plain Python: no Django."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.rng import Rng

if TYPE_CHECKING:
    from games.poker.rules import Live, PokerMove


def choose(live: Live, player: int, big_blind: int, rng: Rng) -> PokerMove:
    roll = rng.randbelow(100)
    span = live["raise_to"]
    to_call = live["to_call"]
    raised = max(live["bets"]) > big_blind  # someone bet beyond the blinds this street
    if span is not None and roll < (3 if raised else 10):
        kind = "raise" if max(live["bets"]) else "bet"
        return {"type": kind, "to": span[0]}  # type: ignore[typeddict-item]
    if not to_call:
        return {"type": "check"}
    small = to_call <= max(2 * big_blind, live["stacks"][player] // 10)
    if roll < (75 if small else 30):
        return {"type": "call"}
    return {"type": "fold"}
