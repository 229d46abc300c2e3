"""Who is told that a player's cash moved. The wallet sits below the accounts app and
imports nothing from it: accounts registers its listener here when Django starts (it
sends the new balance to the player's open pages). A mover calls `cash_moved` inside the
transaction; the listeners run after the commit, and never for a rolled-back movement.

Settlements of house rounds do not call it for their winners: a round of 10,000 bets
would wait on 10,000 sends; their pages sync instead (docs/architecture.md)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

from django.db import transaction

Listener = Callable[[int, int | None], None]  # listener(user_id, cash balance if known)

_listeners: list[Listener] = []
log = logging.getLogger(__name__)


def on_cash_moved(listener: Listener) -> None:
    if listener not in _listeners:
        _listeners.append(listener)


def cash_moved(*user_ids: int, balances: Mapping[int, int] | None = None) -> None:
    """After the current transaction commits, each listener hears of each player, with the
    cash balance the mover left when it knows it (`balances`, by user id), so that no
    listener reads it again."""
    known = dict(balances or {})
    if user_ids:
        transaction.on_commit(lambda: _tell(user_ids, known))


def _tell(user_ids: tuple[int, ...], balances: Mapping[int, int]) -> None:
    for user_id in user_ids:
        for listener in _listeners:
            try:
                listener(user_id, balances.get(user_id))
            except Exception:  # a committed movement stands whatever a listener does
                log.exception("a cash-moved listener failed for user %s", user_id)
