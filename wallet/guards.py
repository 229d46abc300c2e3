"""The player's protection, as the wallet asks it. The wallet sits below the accounts app
and imports nothing from it: accounts registers its guards here when Django starts
(AccountsConfig.ready), one for each movement a player's protection may refuse.

A deposit's or a stake's guard is a `PostingGuard`, judged inside the posting's own
statement (one round trip: a player's bets, holds and deposits are the platform's most
frequent writes). A withdrawal's is a `Guard`, called inside the movement's transaction
before any money moves, with the user, the amount and the idempotency key; it raises
`GuardRefusal` to refuse. A movement whose guard was never registered is refused with
`GuardMissing`: a forgotten registration must stop play, not quietly switch the player's
protection off."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Movement(StrEnum):
    DEPOSIT = "deposit"
    WITHDRAWAL = "withdrawal"
    STAKE = "stake"  # holds, bets and entry fees: money the player puts at risk


# Judged in the posting's statement; the others are called before it.
JUDGED_IN_POSTING = frozenset({Movement.DEPOSIT, Movement.STAKE})

Guard = Callable[..., None]  # guard(user, amount, *, key) -> None, or raises GuardRefusal


@dataclass(frozen=True)
class PostingGuard:
    """A guard judged in the posting's own statement. `function` names a database function
    whose arguments are the guard's (`arguments(user, amount, key)`) followed by
    wallet_post's, and which returns `verdict_columns` columns of the guard's verdict
    followed by wallet_post's. It calls wallet_post only when its verdict lets the money
    move, and otherwise writes nothing and returns wallet_post's columns NULL; then
    `refusal(verdict)` words why, for the player. The database decides; Python only words
    its decision, so the two cannot disagree on whether money moved."""

    function: str
    arguments: Callable[[object, int, str], Sequence]
    verdict_columns: int
    refusal: Callable[[Sequence], GuardRefusal]


class GuardRefusal(Exception):
    """The player's protection refuses the movement; the message is for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class GuardMissing(RuntimeError):
    """No guard is registered for a movement: the app that protects players did not load."""


_guards: dict[Movement, Guard | PostingGuard] = {}


def register(movement: Movement, guard: Guard | PostingGuard) -> None:
    if (movement in JUDGED_IN_POSTING) != isinstance(guard, PostingGuard):
        raise TypeError(f"The guard of a {movement} must be judged in its posting or not.")
    _guards[movement] = guard


def ask(movement: Movement, user: Any, amount: int, *, key: str) -> None:
    guard = _guards.get(movement)
    if guard is None or isinstance(guard, PostingGuard):
        raise GuardMissing(f"No protection guard is registered for {movement}.")
    guard(user, amount, key=key)


def posting_guard(movement: Movement) -> PostingGuard:
    guard = _guards.get(movement)
    if not isinstance(guard, PostingGuard):
        raise GuardMissing(f"No protection guard is registered for {movement}.")
    return guard
