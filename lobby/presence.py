"""Who is online: a Redis sorted set of user ids scored by when they were last seen.

Presence is a nicety: without Redis the lobby works and shows no count (None)."""

from __future__ import annotations

import logging
import time
from functools import cache

import redis
from django.conf import settings

log = logging.getLogger(__name__)

KEY = "longtable:online"
ONLINE_SECONDS = 120


@cache
def _client() -> redis.Redis:
    # Short timeouts: a page must not hang on a Redis that stopped answering.
    return redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1)


def seen(user_id: int) -> None:
    _seen_and_count(user_id, count=False)


def seen_and_counted(user_id: int) -> int | None:
    """Records the player as seen and counts who is online, in one round trip (the Lobby
    page does both)."""
    return _seen_and_count(user_id, count=True)


def _seen_and_count(user_id: int, *, count: bool) -> int | None:
    now = time.time()
    pipe = _client().pipeline()
    pipe.zadd(KEY, {str(user_id): now})
    pipe.zremrangebyscore(KEY, 0, now - ONLINE_SECONDS)
    if count:
        pipe.zcount(KEY, now - ONLINE_SECONDS, "+inf")
    try:
        answers = pipe.execute()
    except redis.RedisError:
        log.warning("presence: Redis does not answer; %s not recorded", user_id)
        return None
    return int(answers[-1]) if count else None


def online_count() -> int | None:
    try:
        return int(_client().zcount(KEY, time.time() - ONLINE_SECONDS, "+inf"))
    except redis.RedisError:
        log.warning("presence: Redis does not answer; no online count")
        return None
