"""Celery side of the runtime: deadlines, settlement, and the sweep that catches misses."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from celery import shared_task
from channels.layers import get_channel_layer

from games import messages, services
from games.models import Game

log = logging.getLogger(__name__)


Outbox = list[tuple[str, dict]]


def after_change(game_id: int) -> None:
    """Announce a game's current state (after a change made outside any service)."""
    send_now(prepare(Game.objects.get(pk=game_id)))


def prepare(game: Game) -> Outbox:
    """Settles a finished game, arms the next deadline, and returns what to send to whom."""
    if game.is_over and not game.settled:
        try:
            game = services.settle_game(game.pk)
        except Exception:  # the sweep retries; the move itself is already committed
            log.exception("settlement of game %s failed; the sweep will retry", game.pk)
    if game.deadline and not game.is_over:
        expire_deadline.apply_async((game.pk, game.seq), eta=game.deadline)
    return outbox(game)


def outbox(game: Game) -> Outbox:
    """A seat's sockets get that seat's view; spectators get the public one."""
    seats = list(services.seats_of(game).values())
    groups = [(messages.seat_group(game.pk, s.position), s.position) for s in seats]
    groups.append((messages.watch_group(game.pk), None))
    sends = [
        (group, {"type": "game.message", "payload": messages.state_message(game, seat, seats)})
        for group, seat in groups
    ]
    if game.is_over and game.settled:
        over = {"type": "game.message", "payload": messages.over_message(game)}
        sends += [(group, over) for group, _ in groups]
    return sends


def send_now(sends: Outbox) -> None:
    send = async_to_sync(get_channel_layer().group_send)
    for group, event in sends:
        send(group, event)


async def send_async(sends: Outbox) -> None:
    layer = get_channel_layer()
    for group, event in sends:
        await layer.group_send(group, event)


@shared_task(acks_late=True, ignore_result=True)
def expire_deadline(game_id: int, seq: int) -> bool:
    return services.expire(game_id, seq)


@shared_task(acks_late=True, ignore_result=True)
def settle(game_id: int) -> bool:
    settled = services.settle_game(game_id).settled
    after_change(game_id)
    return settled


@shared_task(ignore_result=True)
def sweep() -> dict:
    """Catches deadlines and settlements missed across a restart."""
    expired = sum(services.expire(game_id, seq) for game_id, seq in services.overdue_games())
    settled = sum(settle(game_id) for game_id in services.unsettled_games())
    return {"expired": expired, "settled": settled}
