"""A game's deadlines and its one Celery timer.

Deadlines live in the database: each seat to act has one (its step time, its reconnection
window while offline, its total game time), and so has each seat sitting out at a cash
table (`away_until`: the reconnection window from when it sat out). The game keeps the
earliest in `deadline`; one Celery timer per game (`alarm`) rings for it, and a periodic
sweep catches any timer that was lost. Called under the game's lock, except `schedule`,
which runs after commit.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

from celery import current_app

from games.models import Game, GameSeat
from games.selectors import engine_of, overtime_ms, seats_of

MAX_TIMEOUTS = 4  # the 5th timeout disconnects the seat
RECONNECT_SECONDS_PER_TIMEOUT = 30
# Named, not imported: the task (games.tasks) calls the services, which call this module.
RING_TASK = "games.tasks.ring"


def seat_deadline(game: Game, seat: GameSeat) -> datetime:
    """When this seat, now to act, runs out of time: its step time, or its reconnection
    window while it is offline (30 s per unused timeout, counted from its turn), or its
    total game time (and the overtime its rules allow), whichever comes first."""
    started = game.turn_started
    if seat.offline_since is not None:
        deadline = max(seat.offline_since, started) + reconnect_window(seat)
    else:
        deadline = started + timedelta(seconds=game.step_seconds)
    if seat.clock_ms is not None:
        left = seat.clock_ms + overtime_ms(game)
        deadline = min(deadline, started + timedelta(milliseconds=left))
    return deadline


def reconnect_window(seat: GameSeat) -> timedelta:
    """The general rules' time to come back: 30 s per move timeout not yet incurred."""
    return timedelta(seconds=RECONNECT_SECONDS_PER_TIMEOUT * (MAX_TIMEOUTS + 1 - seat.timeouts))


def away_deadline(seat: GameSeat) -> datetime | None:
    """When a seat sitting out loses its place (a cash table); None when it plays."""
    return None if seat.disconnected else seat.away_until


def away_too_long(game: Game, now: datetime) -> list[GameSeat]:
    """The seats sitting out whose time to sit in again has passed, in seat order."""
    if game.deadline is None or game.deadline > now:
        return []
    return [
        seat
        for seat in seats_of(game).values()
        if (deadline := away_deadline(seat)) is not None and deadline <= now
    ]


def late_seats(game: Game, now: datetime) -> list[GameSeat]:
    """The seats to act whose deadline has passed, in seat order; none before the game's
    own deadline (which a re-arm after a platform outage may have put later)."""
    if game.deadline is None or game.deadline > now:
        return []
    seats = seats_of(game)
    return [
        seats[p]
        for p in sorted(engine_of(game).to_act(game.state))
        if seat_deadline(game, seats[p]) <= now
    ]


def set_deadline(game: Game, now: datetime) -> None:
    """The earliest deadline of the seats to act and of the seats sitting out, and the
    game's timer for it."""
    seats = seats_of(game)
    acting = [seat_deadline(game, seats[p]) for p in engine_of(game).to_act(game.state)]
    away = [d for seat in seats.values() if (d := away_deadline(seat)) is not None]
    game.deadline = min([*acting, *away], default=None)
    arm(game, now)


def arm(game: Game, now: datetime) -> None:
    """Each game has one Celery timer, not one per move: a move usually puts the deadline
    later, and the timer already set re-arms itself for it when it rings. A new timer is
    set only when the deadline comes before the one set, or that one is overdue (lost with
    a restart of the broker, say; the sweep covers the gap)."""
    game.arming = game.deadline is not None and (
        game.alarm is None or game.alarm <= now or game.deadline < game.alarm
    )
    if game.arming:
        game.alarm = game.deadline


_deferring = threading.local()


def schedule(game: Game) -> None:
    """After the commit that armed it: hands the game's timer to Celery, or within
    `deferred()` keeps it for whoever deferred it."""
    if getattr(game, "arming", False) and not game.is_over:
        pending = getattr(_deferring, "alarms", None)
        if pending is None:
            ring_at(game.pk, game.alarm)
        else:
            pending.append((game.pk, game.alarm))


@contextmanager
def deferred() -> Iterator[list[tuple[int, datetime]]]:
    """Within this block, the timers armed are gathered instead of handed to Celery: a
    socket's move hands them over once it has announced the move (the hand-over is a round
    trip to the broker, a few milliseconds, that the players need not wait for)."""
    outer = getattr(_deferring, "alarms", None)
    _deferring.alarms = []
    try:
        yield _deferring.alarms
    finally:
        _deferring.alarms = outer


def ring_all(alarms: list[tuple[int, datetime]]) -> None:
    for game_id, eta in alarms:
        ring_at(game_id, eta)


def ring_at(game_id: int, eta: datetime) -> None:
    # Sent by name, the task's own `ignore_result` is unknown here: without it the result
    # backend subscribes this process to the timer's result, which nothing here reads (a
    # round trip to Redis, and a subscription kept, for every timer).
    current_app.send_task(RING_TASK, args=(game_id,), eta=eta, ignore_result=True)
