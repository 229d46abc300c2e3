"""Every open socket of a user listens on the user's own channel group, so that what
happens to the account reaches the sockets at once (a block or an exclusion closes them;
live balance updates will travel the same way)."""

from __future__ import annotations

import asyncio
import logging
import os
import queue
import threading
import time
from concurrent.futures import Future

import redis
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer, RedisPubSubLoopLayer
from channels_redis.utils import decode_hosts

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


class _Publisher:
    """The sends of `tell` on a Redis pub/sub layer, published by a thread of the process's
    own through redis-py's blocking client, in the order of the calls: the same channel and
    bytes as the layer's `group_send`, without its asyncio client on the sending loop: a
    deposit's notice cost 0.46 ms of client CPU that way, 0.31 this one (deposits timed
    with the notice and without).
    A Redis blip is ridden out as the layer does (config/channel_layer.py); a send that
    still cannot go is logged and dropped."""

    def __init__(self, layer: RedisPubSubChannelLayer) -> None:
        self.layer = layer
        # The layer's own naming and sharding (a loop layer is only built here, not run).
        self._naming = RedisPubSubLoopLayer(*layer._args, **layer._kwargs, channel_layer=layer)
        self._clients: dict[str, redis.Redis] = {}
        # (not getattr: the layer hands unknown names to a loop layer, which needs a loop)
        self._blip_seconds = vars(layer).get("blip_seconds", 0.0)
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self.pid = os.getpid()
        threading.Thread(target=self._run, name="socket-publishes", daemon=True).start()

    @classmethod
    def serves(cls, layer) -> bool:
        """A pub/sub layer on Redis addresses (not a sentinel's); others use the loop."""
        return isinstance(layer, RedisPubSubChannelLayer) and all(
            "address" in host for host in decode_hosts(layer._kwargs.get("hosts"))
        )

    def publish(self, group: str, message: dict) -> None:
        channel = self._naming._get_group_channel_name(group)
        address = self._naming._get_shard(channel).host["address"]
        self._queue.put((address, channel, self.layer.serialize(message), group, message))

    def _run(self) -> None:
        while True:
            address, channel, payload, group, message = self._queue.get()
            try:
                self._publish(address, channel, payload)
            except Exception as failure:
                _log_failure_of(group, message, failure)

    def _publish(self, address: str, channel: str, payload: bytes) -> None:
        client = self._clients.get(address)
        if client is None:
            client = self._clients[address] = redis.Redis.from_url(
                address, socket_connect_timeout=1, socket_timeout=2
            )
        give_up, pause = time.monotonic() + self._blip_seconds, 0.1
        while True:
            try:
                client.publish(channel, payload)
                return
            except (redis.ConnectionError, redis.TimeoutError, OSError):
                if time.monotonic() + pause > give_up:
                    raise
                time.sleep(pause)
                pause = min(pause * 2, 1.0)


_publisher: _Publisher | None = None


def _publisher_for(layer) -> _Publisher | None:
    """The process's publisher for this layer (a new one for a forked copy, or when the
    settings name another layer), or None when the layer is not one it serves."""
    global _publisher
    with _sender_lock:
        current = _publisher
        if current is None or current.layer is not layer or current.pid != os.getpid():
            current = _publisher = _Publisher(layer) if _Publisher.serves(layer) else None
        return current


def _group_send(group: str, message: dict, *, wait: bool) -> None:
    """Sends in the order of the calls. `wait`: until it is sent, on the process's loop (a
    failure raises here); else by the publisher when the layer is Redis pub/sub, on the
    loop otherwise, a failure logged there: a page that misses a balance catches up on
    its next sync, and the mover's request need not wait for Redis."""
    layer = get_channel_layer()
    if not wait and (publisher := _publisher_for(layer)) is not None:
        publisher.publish(group, message)
        return
    send = layer.group_send(group, message)
    sent = asyncio.run_coroutine_threadsafe(send, _sending_loop())
    if wait:
        sent.result(SEND_TIMEOUT_SECONDS)
    else:
        sent.add_done_callback(lambda done: _log_failure(done, group, message))


def _log_failure(sent: Future, group: str, message: dict) -> None:
    if not sent.cancelled() and sent.exception() is not None:
        _log_failure_of(group, message, sent.exception())


def _log_failure_of(group: str, message: dict, failure: BaseException) -> None:
    log.error(
        "could not tell %s about %s",
        group,
        message.get("event", {}).get("type"),
        exc_info=failure,
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
