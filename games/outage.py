"""Games after an outage (reports/outage.py detects it): the players could not move, so
no deadline that passed meanwhile counts against them. Each game in play has its turn
restarted with its full time, or, after an outage longer than the void setting, is voided
(its settlement returns every stake). One game's failure is logged and the others go on."""

from __future__ import annotations

import logging

from django.db import transaction

from games import services
from games.models import Game
from staff.outage import Outage

log = logging.getLogger(__name__)

VOID_REASON = "outage"


def resume_games(outage: Outage) -> dict[str, int]:
    counts = {"restarted": 0, "voided": 0, "failed": 0}
    in_play = Game.objects.filter(
        status=Game.Status.PLAYING, turn_started__lt=outage.ended
    ).values_list("pk", flat=True)
    for game_id in list(in_play):
        try:
            with transaction.atomic():
                if outage.voids:
                    services.void_game(game_id, VOID_REASON)
                    counts["voided"] += 1
                elif services.restart_turn(game_id, outage.ended):
                    counts["restarted"] += 1
        except services.ActionRejected:
            continue  # it ended meanwhile
        except Exception:
            log.exception("game %s could not be resumed after the outage", game_id)
            counts["failed"] += 1
    return counts
