"""Round events to every watcher of a game, over the channel layer.

Delivery is at most once (pub/sub): a page that misses an event catches up with the
snapshot it asks for on reconnecting, and nothing about money depends on an event.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)


def group(game: str) -> str:
    return f"casino.{game}"


def message(event: dict) -> dict:
    return {"type": "round.event", "event": event}


async def asend(game: str, event: dict) -> None:
    await get_channel_layer().group_send(group(game), message(event))


def send(game: str, event: dict) -> None:
    """Best effort: a Redis hiccup must not undo or block a committed round step."""
    try:
        async_to_sync(asend)(game, event)
    except Exception:
        logger.exception("could not broadcast %s event for %s", event.get("type"), game)
