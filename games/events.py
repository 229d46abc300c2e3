"""After a committed change: who hears about it, and from which context.

A change made from a socket is announced by that socket's consumer on the server's own
event loop (cheap); a change made anywhere else (Celery timers, admin, tests) is announced
here synchronously. Services only say which game changed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.models import Game

_collecting = threading.local()


def changed(game: Game) -> None:
    """`game` as just committed: announcing it needs no second read."""
    pending = getattr(_collecting, "games", None)
    if pending is not None:
        pending[game.pk] = game  # the latest commit of each game wins
        return
    from games import tasks

    tasks.send_now(tasks.prepare(game))


@contextmanager
def collected() -> Iterator[dict[int, Game]]:
    """Within this block, changed games are collected instead of announced."""
    outer = getattr(_collecting, "games", None)
    _collecting.games = {}
    try:
        yield _collecting.games
    finally:
        _collecting.games = outer


def run_collecting(work: Callable[[], object]) -> tuple[object, list[Game]]:
    with collected() as games:
        result = work()
    return result, list(games.values())
