"""Django's Redis cache, with its Redis clients kept.

Django makes a new `redis.Redis` client for every cache operation, and a client builds its
table of ~170 response callbacks when made: ~0.12 ms of a statement or history page's
one cache read. A client holds nothing but its connection pool and may be shared between
threads (the pool hands each command a connection), so one is kept for each pool."""

from __future__ import annotations

from django.core.cache.backends import redis


class _KeptClients(redis.RedisCacheClient):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, object] = {}  # by the id of their pool, which is kept

    def get_client(self, key=None, *, write: bool = False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class RedisCache(redis.RedisCache):
    def __init__(self, server, params) -> None:
        super().__init__(server, params)
        self._class = _KeptClients
