"""The channel layer: channels-redis's pub/sub layer, made to ride out a Redis blip.

channels-redis re-subscribes by itself once Redis is back, but a publish or subscribe made
while Redis is away raises ConnectionError into the consumer, and an exception escaping a
consumer closes its socket with 1011: every player at every table lost their socket on
a Redis restart. Here each call is retried for a few seconds; a broadcast that still
cannot go is dropped with a log line (every game message carries the whole view, so the
next change puts each board right), and leaving a group is best effort (the socket is
closing anyway). Joining a group still fails after the retries: a socket outside its
group would never hear of the game again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from channels_redis.pubsub import RedisPubSubChannelLayer
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

REDIS_DOWN = (RedisConnectionError, RedisTimeoutError, ConnectionError, OSError)


class ResilientRedisChannelLayer(RedisPubSubChannelLayer):
    def __init__(self, *args: Any, blip_seconds: float = 5.0, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.blip_seconds = blip_seconds

    async def _retrying(self, call: Callable[[], Awaitable[Any]]) -> Any:
        loop = asyncio.get_running_loop()
        give_up = loop.time() + self.blip_seconds
        pause = 0.1
        while True:
            try:
                return await call()
            except REDIS_DOWN:
                if loop.time() + pause > give_up:
                    raise
                await asyncio.sleep(pause)
                pause = min(pause * 2, 1.0)

    async def send(self, channel: str, message: dict) -> None:
        try:
            await self._retrying(lambda: self._get_layer().send(channel, message))
        except REDIS_DOWN:
            log.warning("Redis is down: a message to %s was dropped", channel)

    async def group_send(self, group: str, message: dict) -> None:
        try:
            await self._retrying(lambda: self._get_layer().group_send(group, message))
        except REDIS_DOWN:
            log.warning("Redis is down: a message to group %s was dropped", group)

    async def group_add(self, group: str, channel: str) -> None:
        await self._retrying(lambda: self._get_layer().group_add(group, channel))

    async def group_discard(self, group: str, channel: str) -> None:
        try:
            await self._retrying(lambda: self._get_layer().group_discard(group, channel))
        except REDIS_DOWN:
            log.warning("Redis is down: %s left group %s locally only", channel, group)
