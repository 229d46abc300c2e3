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
    now = time.time()
    pipe = _client().pipeline()
    pipe.zadd(KEY, {str(user_id): now})
    pipe.zremrangebyscore(KEY, 0, now - ONLINE_SECONDS)
    try:
        pipe.execute()
    except redis.RedisError:
        log.warning("presence: Redis does not answer; %s not recorded", user_id)


def online_count() -> int | None:
    try:
        return int(_client().zcount(KEY, time.time() - ONLINE_SECONDS, "+inf"))
    except redis.RedisError:
        log.warning("presence: Redis does not answer; no online count")
        return None
