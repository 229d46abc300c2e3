"""Database connections stay bounded however many requests arrive at once: each server
process keeps one pool (config/settings.py, DB_POOL_SIZE), the move path's prepared
statements keep working on pooled connections, and a pooled connection is checked with a
round trip only when its server may have gone (config/postgresql/pool.py)."""

from __future__ import annotations

import select
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
import pytest
from django.db import close_old_connections, connection
from psycopg_pool import ConnectionPool

from tests.browser.conftest import fresh_server  # noqa: F401  (the fixture: a real daphne)
from tests.threads import in_threads

POOL_SIZE = 4
REQUESTS = 200


SERVER = "longtable-pool-test-server"  # the server's application_name, set through libpq


def server_connections() -> int:
    """Connections the server holds: other threads of this test process (a socket test's,
    a worker's) may hold connections to the same database too, so count by name; another
    test process (a parallel worker) may run this test at the same time, on its own
    database."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE application_name = %s AND datname = current_database()",
            [SERVER],
        )
        return cursor.fetchone()[0]


@pytest.fixture
def pooled_server(monkeypatch, request):
    request.getfixturevalue("transactional_db")
    connection.ensure_connection()  # this process's connection, opened before the name is set
    monkeypatch.setenv("DB_POOL_SIZE", str(POOL_SIZE))
    monkeypatch.setenv("PGAPPNAME", SERVER)  # read by libpq in the server alone
    url = request.getfixturevalue("fresh_server")
    monkeypatch.delenv("PGAPPNAME")
    return url


def test_two_hundred_simultaneous_requests_open_no_more_connections_than_the_pool(
    pooled_server,
):
    peak, done = [0], threading.Event()

    def watch() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], server_connections())
            time.sleep(0.01)
        close_old_connections()

    watcher = threading.Thread(target=watch)
    watcher.start()

    def get(_):
        with urllib.request.urlopen(f"{pooled_server}/health/", timeout=60) as response:
            return response.status

    try:
        statuses = in_threads(REQUESTS, get)
    finally:
        done.set()
        watcher.join()
    assert statuses == [200] * REQUESTS, [s for s in statuses if s != 200][:5]
    assert 0 < peak[0] <= POOL_SIZE, peak[0]
    assert server_connections() <= POOL_SIZE


@contextmanager
def pooled(size: int) -> Iterator[None]:
    """This process's connection taken from a pool of `size`, as a server's is."""
    settings_dict = connection.settings_dict
    connection.close()
    settings_dict["OPTIONS"]["pool"] = {"min_size": 1, "max_size": size}
    try:
        yield
    finally:
        connection.close()
        connection.close_pool()
        del settings_dict["OPTIONS"]["pool"]


@pytest.mark.django_db(transaction=True)
def test_moves_use_prepared_statements_on_pooled_connections(start_table):
    """The move path (games/store.py) prepares its statements on the connection: with a
    pool the connection outlives the request that prepared them, and the next request that
    gets it runs them prepared."""
    from games import services

    with pooled(size=1):
        game, players = start_table("rps", {"points": 3})
        engine = services.engine_of(game)
        for _ in range(4):
            close_old_connections()  # a request ends: its connection goes back to the pool
            (seat,) = engine.to_act(game.state)
            game = services.submit(game.pk, players[seat], game.seq, {"sign": "rock"})
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_prepared_statements")
            assert cursor.fetchone()[0] > 0
        assert game.seq == 4


def backend_of_a_request() -> int:
    """The server process behind the connection a request is handed, given back after."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    close_old_connections()
    return pid


@pytest.mark.django_db(transaction=True)
def test_a_pooled_connection_costs_a_round_trip_to_check_only_once_its_server_is_gone(
    monkeypatch,
):
    round_trips = []
    full_check = ConnectionPool.check_connection

    def counted(pooled_connection) -> None:
        round_trips.append(pooled_connection)
        full_check(pooled_connection)

    monkeypatch.setattr(ConnectionPool, "check_connection", staticmethod(counted))
    with pooled(size=1):
        backends = {backend_of_a_request() for _ in range(5)}
        assert len(backends) == 1
        assert round_trips == []  # psycopg_pool's own check makes one for every request

        # The server ends the pooled connection's backend (a restart, an operator): the
        # connection is handed out again only once its goodbye has arrived, as in a pool.
        connection.ensure_connection()
        socket = connection.connection.pgconn.socket
        with psycopg.connect(**connection.get_connection_params()) as operator:
            operator.execute("SELECT pg_terminate_backend(%s)", [backends.pop()])
        poller = select.poll()
        poller.register(socket, select.POLLIN)
        assert poller.poll(10_000), "the server's goodbye never arrived"
        close_old_connections()

        assert backend_of_a_request() > 0  # a new connection, not an error
        assert len(round_trips) == 1
