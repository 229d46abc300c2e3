"""The tournaments' Celery work: the beat sweep, and the hook that moves a tournament on
as soon as one of its games is settled."""

from __future__ import annotations

import logging

from celery import shared_task

from tournaments import schedules, services

log = logging.getLogger(__name__)


@shared_task(ignore_result=True)
def sweep() -> dict:
    return services.sweep()


@shared_task(ignore_result=True)
def create_scheduled() -> int:
    return schedules.create_due()


def on_game_settled(sender: object, game_id: int, **kwargs: object) -> None:
    """Moves the game's tournament on at once; a failure is left to the sweep."""
    try:
        services.game_over(game_id)
    except Exception:
        log.exception("tournament of game %s could not move on; the sweep will", game_id)
