"""After a committed change: who hears about it, and from which context.

A change made from a socket is announced by that socket's consumer on the server's own
event loop (cheap); a change made anywhere else (Celery timers, admin, tests) is announced
here synchronously. Services only say which game changed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

_collecting = threading.local()


def changed(game_id: int) -> None:
    pending = getattr(_collecting, "games", None)
    if pending is not None:
        if game_id not in pending:
            pending.append(game_id)
        return
    from games import tasks

    tasks.after_change(game_id)


@contextmanager
def collected() -> Iterator[list[int]]:
    """Within this block, changed games are listed instead of announced."""
    outer = getattr(_collecting, "games", None)
    _collecting.games = []
    try:
        yield _collecting.games
    finally:
        _collecting.games = outer


def run_collecting(work: Callable[[], object]) -> tuple[object, list[int]]:
    with collected() as games:
        result = work()
    return result, list(games)
