"""The player's protection, as the wallet asks it. The wallet sits below the accounts app
and imports nothing from it: accounts registers its guards here when Django starts
(AccountsConfig.ready), one for each movement a player's protection may refuse.

A guard is called inside the movement's transaction, before any money moves, with the
user, the amount and the idempotency key; it raises `GuardRefusal` to refuse. A movement
whose guard was never registered is refused with `GuardMissing`: a forgotten registration
must stop play, not quietly switch the player's protection off."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any


class Movement(StrEnum):
    DEPOSIT = "deposit"
    WITHDRAWAL = "withdrawal"
    STAKE = "stake"  # holds, bets and entry fees: money the player puts at risk


Guard = Callable[..., None]  # guard(user, amount, *, key) -> None, or raises GuardRefusal


class GuardRefusal(Exception):
    """The player's protection refuses the movement; the message is for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class GuardMissing(RuntimeError):
    """No guard is registered for a movement: the app that protects players did not load."""


_guards: dict[Movement, Guard] = {}


def register(movement: Movement, guard: Guard) -> None:
    _guards[movement] = guard


def ask(movement: Movement, user: Any, amount: int, *, key: str) -> None:
    guard = _guards.get(movement)
    if guard is None:
        raise GuardMissing(f"No protection guard is registered for {movement}.")
    guard(user, amount, key=key)
