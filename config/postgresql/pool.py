"""The check of a pooled connection before it is handed out, without a round trip while the
connection is sound.

psycopg_pool's own check (`ConnectionPool.check_connection`, which Django sets when
CONN_HEALTH_CHECKS is on) sends an empty query and waits for its answer: a round trip to
PostgreSQL before every request and every move, a sixth of a relayed move's time in its
thread (py-spy, bench/live.py). A connection idle in the pool has nothing to read. One
whose server went away (restarted, its backend terminated or killed) has the server's
goodbye or the end of its stream waiting in its socket, and only then is the round trip
made, by psycopg_pool's check, which raises for a broken connection: the pool then
discards it and hands out another.
"""

from __future__ import annotations

import select

from psycopg import Connection, pq
from psycopg_pool import ConnectionPool


def check_idle(connection: Connection) -> None:
    pgconn = connection.pgconn
    if pgconn.status != pq.ConnStatus.OK or _has_input(pgconn.socket):
        ConnectionPool.check_connection(connection)


def _has_input(fd: int) -> bool:
    # poll, not select: a server's descriptors (every socket it holds) may pass select's 1,024.
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    return bool(poller.poll(0))
