"""The server-binding cursors of wallet/prepared.py: reused on their connection, and never
the reason a connection outlives its thread (a leak found by CI: every thread's
connection stayed open on the server until it refused new ones)."""

from __future__ import annotations

import gc
import threading
import weakref

import pytest
from django.db import connection

from wallet.prepared import execute, prepared_cursor

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_connection_keeps_its_idle_cursor_for_the_next_statement():
    with prepared_cursor() as cursor:
        execute(cursor, "SELECT 1", [])
        first = cursor.cursor
    with prepared_cursor() as cursor:
        execute(cursor, "SELECT 2", [])
        assert cursor.cursor is first


def test_a_threads_connection_is_released_with_the_thread():
    opened: list[weakref.ref] = []

    def use_and_leave_open():
        with prepared_cursor() as cursor:
            execute(cursor, "SELECT 1", [])
        opened.append(weakref.ref(connection.connection))

    thread = threading.Thread(target=use_and_leave_open)
    thread.start()
    thread.join()
    del thread
    gc.collect()
    assert opened and opened[0]() is None
