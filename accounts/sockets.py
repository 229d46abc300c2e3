"""Every open socket of a user listens on the user's own channel group, so that what
happens to the account reaches the sockets at once (a block or an exclusion closes them;
live balance updates will travel the same way)."""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from concurrent.futures import Future

from channels.layers import get_channel_layer

BLOCKED = "blocked"
EXCLUDED = "excluded"
# Longer than the channel layer rides out a Redis blip (config/channel_layer.py).
SEND_TIMEOUT_SECONDS = 10.0

log = logging.getLogger(__name__)

_sender_lock = threading.Lock()
_sender: tuple[int, asyncio.AbstractEventLoop] | None = None  # (process id, its loop)


def _sending_loop() -> asyncio.AbstractEventLoop:
    """The process's event loop for the sends of synchronous code, in a thread of its own.
    `async_to_sync` outside the server's loop (a Celery worker, a script) started an event
    loop, and the channel layer a Redis connection, for every send: 5 ms of a deposit
    against 1 ms on a loop kept (bench/ledger.py)."""
    global _sender
    with _sender_lock:
        if _sender is None or _sender[0] != os.getpid():  # none yet, or a forked copy's
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="socket-sends", daemon=True).start()
            _sender = (os.getpid(), loop)
        return _sender[1]


def _group_send(group: str, message: dict, *, wait: bool) -> None:
    """Sends on the process's loop, in the order of the calls. `wait`: until it is sent
    (a failure raises here), else a failure is logged there: a page that misses a balance
    catches up on its next sync, and the mover's request need not wait for Redis."""
    send = get_channel_layer().group_send(group, message)
    sent = asyncio.run_coroutine_threadsafe(send, _sending_loop())
    if wait:
        sent.result(SEND_TIMEOUT_SECONDS)
    else:
        sent.add_done_callback(lambda done: _log_failure(done, group, message))


def _log_failure(sent: Future, group: str, message: dict) -> None:
    if not sent.cancelled() and sent.exception() is not None:
        log.error(
            "could not tell %s about %s",
            group,
            message.get("event", {}).get("type"),
            exc_info=sent.exception(),
        )


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def close_sockets(user_id: int, reason: str, message: str) -> None:
    """Asks every socket of the user to close, telling the player why. Call after commit.
    Best effort: a socket the message misses still refuses every action (each re-reads
    the account), so a Redis hiccup must not turn the committed block into an error."""
    try:
        _group_send(
            user_group(user_id),
            {"type": "account.closed", "reason": reason, "message": message},
            wait=True,
        )
    except Exception:
        log.exception("could not tell the sockets of user %s to close", user_id)


def tell(user_id: int, event: dict) -> None:
    """Sends ``event`` to every open socket of the user (a balance that moved, bets that
    settled). Call after commit; best effort, like `close_sockets`: a page that misses it
    catches up on its next sync."""
    try:
        _group_send(user_group(user_id), {"type": "account.event", "event": event}, wait=False)
    except Exception:
        log.exception("could not tell the sockets of user %s about %s", user_id, event.get("type"))


def tell_balance(user_id: int, balance: int | None = None) -> None:
    """The player's cash balance to every open page, whose header shows it: the one the
    movement left, or read now. Call after the commit that moved it."""
    from wallet.money import format_minor
    from wallet.selectors import cash_balance_of

    if balance is None:
        balance = cash_balance_of(user_id)
    tell(user_id, {"type": "balance", "balance": balance, "text": format_minor(balance)})
