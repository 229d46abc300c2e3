"""The computer player: score now if it can, else shed the heaviest bones. Plain Python."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from games.rng import Rng

ActionT = TypeVar("ActionT")


@dataclass(frozen=True)
class Candidate(Generic[ActionT]):
    action: ActionT
    points: int  # what the play scores at once (Fives and Threes)
    pips: int  # the pips it takes out of the hand


def choose(candidates: list[Candidate[ActionT]], rng: Rng | None) -> ActionT:
    """The best play by points, then by pips shed (a heavy hand costs most when the deal
    ends against it); ties drawn from the bot's own stream, or the first without one."""
    if not candidates:
        raise ValueError("a bot is asked to play only when it has a play")
    best = max((c.points, c.pips) for c in candidates)
    tied = [c.action for c in candidates if (c.points, c.pips) == best]
    return tied[0] if rng is None else rng.choice(tied)
