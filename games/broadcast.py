"""After a committed change, each socket of the game is sent what its audience may see.

A change made from a socket is announced by that socket's consumer on the server's own
event loop (cheap): within `collected()` the changed games are gathered instead of sent.
A change made anywhere else (Celery timers, admin, lobby, tests) is announced at once.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games import messages
from games.models import Game
from games.selectors import seats_of

Outbox = list[tuple[str, dict]]

_collecting = threading.local()


def announce(game: Game) -> None:
    """`game` as just committed (and settled if it ended): announcing it needs no second
    read of the game."""
    pending = getattr(_collecting, "games", None)
    if pending is not None:
        pending[game.pk] = game  # the latest commit of each game wins
        return
    send_now(outbox(game))


def announce_current(game_id: int) -> None:
    """Announces a game as the database holds it (after a change made outside the
    services' own commit hook)."""
    send_now(outbox(Game.objects.get(pk=game_id)))


@contextmanager
def collected() -> Iterator[dict[int, Game]]:
    """Within this block, changed games are collected instead of announced."""
    outer = getattr(_collecting, "games", None)
    _collecting.games = {}
    try:
        yield _collecting.games
    finally:
        _collecting.games = outer


def outbox(game: Game) -> Outbox:
    """One channel-layer message per change, holding each seat's view and the public one:
    every socket's consumer forwards its own audience's view alone, so the bundle never
    leaves the servers (one publish a move instead of one per seat and one for spectators).
    The views travel as the JSON text each socket sends: written once here, in the thread
    that made the change, rather than packed as nested maps into the layer's message,
    unpacked by every server and encoded again for every socket on its event loop."""
    seats = list(seats_of(game).values())
    positions = [seat.position for seat in seats] + [None]
    views = {
        messages.audience(position): text
        for position, text in messages.state_texts(game, positions, seats).items()
    }
    over = json.dumps(messages.over_message(game)) if game.is_over and game.settled else None
    return [(messages.game_group(game.pk), {"type": "game.update", "views": views, "over": over})]


def send_now(sends: Outbox) -> None:
    send = async_to_sync(get_channel_layer().group_send)
    for group, event in sends:
        send(group, event)


async def send_async(sends: Outbox) -> None:
    layer = get_channel_layer()
    for group, event in sends:
        await layer.group_send(group, event)
