"""Who is online: a Redis sorted set of user ids scored by when they were last seen."""

from __future__ import annotations

import time
from functools import cache

import redis
from django.conf import settings

KEY = "longtable:online"
ONLINE_SECONDS = 120


@cache
def _client() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL)


def seen(user_id: int) -> None:
    now = time.time()
    pipe = _client().pipeline()
    pipe.zadd(KEY, {str(user_id): now})
    pipe.zremrangebyscore(KEY, 0, now - ONLINE_SECONDS)
    pipe.execute()


def online_count() -> int:
    return int(_client().zcount(KEY, time.time() - ONLINE_SECONDS, "+inf"))
