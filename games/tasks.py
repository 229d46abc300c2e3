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
    """Settles a finished game, sets its timer, and returns what to send to whom."""
    if game.is_over and not game.settled:
        try:
            game = services.settle_game(game.pk)
        except Exception:  # the sweep retries; the move itself is already committed
            log.exception("settlement of game %s failed; the sweep will retry", game.pk)
    arm(game)
    return outbox(game)


def arm(game: Game) -> None:
    """Sets the game's timer after a commit that asked for it (services._arm)."""
    if getattr(game, "arming", False) and not game.is_over:
        ring.apply_async((game.pk,), eta=game.alarm)


def outbox(game: Game) -> Outbox:
    """One channel-layer message per change, holding each seat's view and the public one:
    every socket's consumer forwards its own audience's view alone, so the bundle never
    leaves the servers (one publish a move instead of one per seat and one for spectators)."""
    seats = list(services.seats_of(game).values())
    positions = [seat.position for seat in seats] + [None]
    views = {
        messages.audience(position): messages.state_message(game, position, seats)
        for position in positions
    }
    over = messages.over_message(game) if game.is_over and game.settled else None
    return [(messages.game_group(game.pk), {"type": "game.update", "views": views, "over": over})]


def send_now(sends: Outbox) -> None:
    send = async_to_sync(get_channel_layer().group_send)
    for group, event in sends:
        send(group, event)


async def send_async(sends: Outbox) -> None:
    layer = get_channel_layer()
    for group, event in sends:
        await layer.group_send(group, event)


@shared_task(acks_late=True, ignore_result=True)
def ring(game_id: int) -> None:
    game = services.ring(game_id)
    if game is not None:
        arm(game)


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
