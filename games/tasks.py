"""The runtime's Celery tasks: a game's timer, a settlement, and the sweep that catches
what a lost timer or a failed settlement missed."""

from __future__ import annotations

import logging

from celery import shared_task

from games import broadcast, finishing, selectors, services

log = logging.getLogger(__name__)


@shared_task(acks_late=True, ignore_result=True)
def ring(game_id: int) -> None:
    services.ring(game_id)


@shared_task(acks_late=True, ignore_result=True)
def settle(game_id: int) -> bool:
    settled = finishing.settle_game(game_id).settled
    broadcast.announce_current(game_id)
    return settled


@shared_task(ignore_result=True)
def sweep() -> dict:
    """Catches deadlines and settlements missed across a restart. Each game is its own
    attempt: one that fails is logged and retried at the next sweep, and the others go on."""
    expired = failed = 0
    for game_id, seq in selectors.overdue_games():
        try:
            expired += services.expire(game_id, seq)
        except Exception:
            failed += 1
            log.exception("the sweep could not time out game %s", game_id)
    settled = 0
    for game_id in selectors.unsettled_games():
        try:
            settled += settle(game_id)
        except Exception:
            failed += 1
            log.exception("the sweep could not settle game %s", game_id)
    return {"expired": expired, "settled": settled, "failed": failed}
