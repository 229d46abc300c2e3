"""House rounds after an outage (reports/outage.py detects it).

- A Crash run the outage cut into is voided and every bet returned: nobody could cash
  out, so the outage affected the result.
- A Crash betting window that closed in the dark opens again for its full length.
- After an outage longer than the void setting, every round it caught before its start
  (a Crash betting window, a Keno draw due during it) is voided too. A Keno draw due
  during a shorter outage is drawn late: its balls were fixed in advance and its tickets
  bought before, so the outage could not affect it (the rules keep such bets valid).
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.db import transaction

from casino import broadcast, conf, services
from casino.crash.game import CRASH
from casino.models import Round
from casino.voiding import VoidRefused, void_round
from staff.outage import Outage

log = logging.getLogger(__name__)

VOID_REASON = "Platform outage: every stake returned."


def _void(game_round: Round) -> bool:
    try:
        with transaction.atomic():
            void_round(game_round.pk, staff=None, reason=VOID_REASON)
    except VoidRefused:
        return False  # settled meanwhile
    except Exception:
        log.exception("%s could not be voided after the outage", game_round)
        return False
    return True


def _reopen_betting(game_round: Round, outage: Outage) -> bool:
    closes_at = outage.ended + timedelta(seconds=conf.CRASH_BETTING_SECONDS)
    reopened = Round.objects.filter(
        pk=game_round.pk, state=Round.State.BETTING, closes_at__lte=outage.ended
    ).update(closes_at=closes_at)
    if reopened:
        event = {
            "type": "betting",
            "round": game_round.number,
            "closes_at_ms": int(closes_at.timestamp() * 1000),
            "bets": services.crash_bets_view(game_round.pk),
        }
        transaction.on_commit(lambda: broadcast.send(CRASH.slug, event))
    return bool(reopened)


def resume_rounds(outage: Outage) -> dict[str, int]:
    counts = {"voided": 0, "reopened": 0}
    began_ms = int(outage.began.timestamp() * 1000)
    for game_round in Round.objects.filter(game=CRASH.slug, state=Round.State.RUNNING):
        if services.crash_at_ms(game_round) > began_ms:
            counts["voided"] += _void(game_round)
    for game_round in Round.objects.filter(game=CRASH.slug, state=Round.State.BETTING):
        if outage.voids:
            counts["voided"] += _void(game_round)
        else:
            counts["reopened"] += _reopen_betting(game_round, outage)
    if outage.voids:
        # Keno and every contract game: the draws that fell due during a long outage.
        caught = Round.objects.exclude(game=CRASH.slug).filter(
            state__in=services.NOT_STARTED,
            starts_at__gt=outage.began,
            starts_at__lte=outage.ended,
        )
        for game_round in caught:
            counts["voided"] += _void(game_round)
    return counts
