"""Statements prepared on the server, for the money paths' raw SQL (the posting's
`wallet_post`, the guarded posting's `accounts_guarded_post`). Django's cursor binds on the
client, so PostgreSQL parses and plans each statement on every call; these cursors bind
on the server and psycopg prepares each statement once per connection (settings:
prepare_threshold). Planning was most of the server's time for these statements
(EXPLAIN ANALYZE, one bet before the functions: the guard's judgement 0.5 to 0.9 ms to
plan and 0.1 ms to run; the lock 0.1 and 0.09; the write 0.14 and 0.3). The move path's
statements use it too (games/store.py)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from django.db import DEFAULT_DB_ALIAS, connections
from psycopg.types.numeric import Int8Dumper


@contextmanager
def prepared_cursor() -> Iterator:
    """Django's cursor wrapper (health check, thread check, errors) over a psycopg cursor
    that binds on the server. Run statements on it with `execute`. Several may be open at
    once (the guard's lock and judgement); each goes back to its connection's idle ones."""
    database = connections[DEFAULT_DB_ALIAS]  # `connection` looks it up on each attribute
    database.close_if_health_check_failed()
    database.ensure_connection()
    database.validate_thread_sharing()
    raw = database.connection
    idle = _idle_cursors(database, raw)
    planned = idle.pop() if idle else _planned_cursor(raw)
    try:
        yield database.make_cursor(planned)
    finally:
        idle.append(planned)


def _idle_cursors(database, raw: psycopg.Connection) -> list[psycopg.Cursor]:
    """The psycopg cursors of this connection not in use, kept for its next statement:
    making one (its own adapters, the integer dumper registered) and closing it cost 7 of
    the 18 us of opening one, for every posting and guard. Kept on Django's wrapper of the
    thread's connection, so they go with it: a cursor holds its connection, and a map of
    connections to their cursors would keep every connection alive, and open, forever."""
    kept = getattr(database, "_idle_prepared_cursors", None)
    if kept is None or kept[0] is not raw:
        kept = database._idle_prepared_cursors = (raw, [])
    return kept[1]


def _planned_cursor(raw: psycopg.Connection) -> psycopg.Cursor:
    planned = psycopg.Cursor(raw)
    # One type for every integer (psycopg picks the smallest that fits each value): a plan
    # is kept per statement and parameter types, so ids of any size share one.
    planned.adapters.register_dumper(int, Int8Dumper)
    return planned


def execute(cursor, sql: str, params) -> None:
    """Runs a statement, logged where Django logs queries (DEBUG, tests): Django's debug
    cursor reads the text back from psycopg, which keeps none for a prepared statement."""
    started = time.monotonic()
    cursor.execute(sql, params)
    database = cursor.db
    if database.queries_logged:
        database.queries_log.append(
            {
                "sql": database.ops.compose_sql(sql, params),
                "time": f"{time.monotonic() - started:.3f}",
            }
        )
