"""Celery side of the runtime: deadlines, settlement, and the sweep that catches misses."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from celery import shared_task
from channels.layers import get_channel_layer

from games import messages, services
from games.models import Game

log = logging.getLogger(__name__)


def after_change(game_id: int) -> None:
    """Runs after each committed change: tell everyone, arm the timer, settle the end."""
    game = Game.objects.get(pk=game_id)
    if game.is_over and not game.settled:
        try:
            services.settle_game(game_id)  # its own commit calls back here to broadcast
            return
        except Exception:  # the sweep retries; the move itself is already committed
            log.exception("settlement of game %s failed; the sweep will retry", game_id)
    broadcast(game)
    if game.deadline and not game.is_over:
        expire_deadline.apply_async((game.pk, game.seq), eta=game.deadline)


def broadcast(game: Game) -> None:
    layer = get_channel_layer()
    send = async_to_sync(layer.group_send)
    seats = list(game.seats.select_related("player"))
    for seat in seats:
        send(
            messages.seat_group(game.pk, seat.position),
            {"type": "game.message", "payload": messages.state_message(game, seat.position, seats)},
        )
    send(
        messages.watch_group(game.pk),
        {"type": "game.message", "payload": messages.state_message(game, None, seats)},
    )
    if game.is_over and game.settled:
        over = {"type": "game.message", "payload": messages.over_message(game)}
        for seat in seats:
            send(messages.seat_group(game.pk, seat.position), over)
        send(messages.watch_group(game.pk), over)


@shared_task(acks_late=True)
def expire_deadline(game_id: int, seq: int) -> bool:
    return services.expire(game_id, seq)


@shared_task(acks_late=True)
def settle(game_id: int) -> bool:
    return services.settle_game(game_id).settled


@shared_task
def sweep() -> dict:
    """Catches deadlines and settlements missed across a restart."""
    expired = sum(services.expire(game_id, seq) for game_id, seq in services.overdue_games())
    settled = sum(services.settle_game(game_id).settled for game_id in services.unsettled_games())
    return {"expired": expired, "settled": settled}
