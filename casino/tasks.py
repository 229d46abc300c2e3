"""Celery tasks of the house rounds: thin wrappers that let beat and workers drive
casino.services. Each may run twice or die half-way; the services make that harmless."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from celery import shared_task
from django.utils import timezone

from casino import conf, draws, runner, services
from casino.crash.game import CRASH
from casino.models import Round

logger = logging.getLogger(__name__)


def _enabled(game: str) -> bool:
    enabled = conf.CASINO_ENABLED_GAMES
    return enabled is None or game in enabled


def _schedule_start(game_round: Round | None) -> None:
    if game_round is not None:
        run_crash_round.apply_async(args=[game_round.pk], eta=game_round.closes_at)


@shared_task(ignore_result=True)
def crash_cycle() -> None:
    if not _enabled(CRASH.slug):
        return
    step = services.advance_crash()
    _schedule_start(step.opened)
    if step.to_start is not None:
        run_crash_round.delay(step.to_start.pk)


@shared_task(ignore_result=True)
def run_crash_round(round_id: int) -> None:
    """Start the round (only the caller that moves it streams it), run it, settle it,
    then open the next betting window at once."""
    closes_at = Round.objects.filter(pk=round_id).values_list("closes_at", flat=True).first()
    if closes_at is None or closes_at > timezone.now():
        return  # an early delivery: the eta'd task or beat starts it on time
    if services.start_crash_run(round_id) is None:
        return
    async_to_sync(runner.stream_crash)(round_id)
    if _enabled(CRASH.slug):
        _schedule_start(services.open_crash_betting())


@shared_task(ignore_result=True)
def draw_cycle() -> dict[str, list[int]]:
    """Every enabled game with a cadence (Keno, the roulettes, the dice games) that has
    something to do (`draws.wanting_advance`): draw and settle what is due, open the next.
    One game's failure is logged and retried next period; the others go on."""
    played = {}
    enabled = [slug for slug in draws.drawn_slugs() if _enabled(slug)]
    for slug in draws.wanting_advance(enabled):
        try:
            played[slug] = draws.advance(slug)
        except Exception:
            logger.exception("the draw cycle of %s failed; beat retries it", slug)
    return played
