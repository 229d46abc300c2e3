"""Concurrency tests: many threads, each on its own PostgreSQL connection, released at once
(the tests using this run with transactional_db, so every thread sees committed rows)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from django.db import connections


def in_threads(count: int, work) -> list:
    """Run work(i) in `count` threads released at once; each closes its connection.
    Returns what each call returned, or the exception it raised."""
    barrier = threading.Barrier(count)

    def run(i):
        try:
            barrier.wait()
            return work(i)
        except Exception as exc:  # collected: the test asserts on what each caller saw
            return exc
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(run, range(count)))
