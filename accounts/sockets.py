"""Every open socket of a user listens on the user's own channel group, so that what
happens to the account reaches the sockets at once (a block or an exclusion closes them;
live balance updates will travel the same way)."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

BLOCKED = "blocked"
EXCLUDED = "excluded"

log = logging.getLogger(__name__)


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def close_sockets(user_id: int, reason: str, message: str) -> None:
    """Asks every socket of the user to close, telling the player why. Call after commit.
    Best effort: a socket the message misses still refuses every action (each re-reads
    the account), so a Redis hiccup must not turn the committed block into an error."""
    try:
        async_to_sync(get_channel_layer().group_send)(
            user_group(user_id), {"type": "account.closed", "reason": reason, "message": message}
        )
    except Exception:
        log.exception("could not tell the sockets of user %s to close", user_id)


def tell(user_id: int, event: dict) -> None:
    """Sends ``event`` to every open socket of the user (a balance that moved, bets that
    settled). Call after commit; best effort, like `close_sockets`: a page that misses it
    catches up on its next sync."""
    try:
        async_to_sync(get_channel_layer().group_send)(
            user_group(user_id), {"type": "account.event", "event": event}
        )
    except Exception:
        log.exception("could not tell the sockets of user %s about %s", user_id, event.get("type"))


def tell_balance(user_id: int) -> None:
    """The player's cash balance to every open page, whose header shows it. Call after the
    commit that moved it."""
    from wallet.money import format_minor
    from wallet.selectors import cash_balance_of

    balance = cash_balance_of(user_id)
    tell(user_id, {"type": "balance", "balance": balance, "text": format_minor(balance)})
