"""Django's PostgreSQL backend, with timestamps read by psycopg's compiled loader and pooled
connections checked without a round trip while they are sound (pool.py).

Django reads every `timestamptz` through a Python subclass of psycopg's Python loader
that puts its own time zone on the result (django/db/backends/postgresql/psycopg_any.py):
~7 us a value, where psycopg's compiled loader takes ~1, and a history page reads 150 of
them. Django sets each session's time zone to UTC, for which psycopg's loader returns the
same datetimes with the same `datetime.timezone.utc`; so when Django's zone is UTC too,
each value is read by the compiled loader (another zone keeps Django's loader)."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache

from django.db.backends.postgresql import base
from psycopg import adapt, adapters, pq
from psycopg.types.datetime import TimestamptzLoader
from psycopg_pool import ConnectionPool

from config.postgresql.pool import check_idle

_TIMESTAMPTZ = adapters.types["timestamptz"].oid
_COMPILED_LOADER = adapters.get_loader(_TIMESTAMPTZ, pq.Format.TEXT)


class UtcTimestamptzLoader(TimestamptzLoader):
    """Django's cursors check the loader's `timezone` (and add their own loader when it
    is not theirs); the compiled loader's class takes no such attribute, so this one
    carries it and hands each value straight to a compiled loader."""

    timezone = UTC

    def __init__(self, oid: int, context: adapt.AdaptContext | None = None) -> None:
        super().__init__(oid, context)
        # An attribute, not a method: psycopg then calls the compiled `load` directly.
        self.load = _COMPILED_LOADER(oid, context).load  # type: ignore[method-assign]

    def load(self, data) -> datetime:  # replaced per instance in __init__
        raise NotImplementedError


@cache
def _with_compiled_loader(template: adapt.AdaptersMap) -> adapt.AdaptersMap:
    adapters_map = adapt.AdaptersMap(template)
    adapters_map.register_loader(_TIMESTAMPTZ, UtcTimestamptzLoader)
    return adapters_map


class DatabaseWrapper(base.DatabaseWrapper):
    def get_connection_params(self) -> dict:
        params = super().get_connection_params()
        if self.timezone is UTC:
            params["context"] = _with_compiled_loader(params["context"])
        return params

    @property
    def pool(self) -> ConnectionPool | None:
        """Django's pool, whose health check (CONN_HEALTH_CHECKS) makes a round trip only
        for a connection whose server may have gone (config/postgresql/pool.py). Django
        passes psycopg_pool's own check, which makes one every time, and takes no other."""
        pool = super().pool
        if pool is not None and pool._check is ConnectionPool.check_connection:
            pool._check = check_idle
        return pool
