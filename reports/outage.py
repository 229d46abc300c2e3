"""Outages: time in which the platform could not take a move is never charged to players.

The platform is up while beat's heartbeat travels through Redis to a worker and into the
database (reports.tasks.record_heartbeat, every HEARTBEAT_SECONDS). A silence longer than
OUTAGE_DETECT_SECONDS (settings) is an outage: Redis, the worker, beat or the database was down, and
with them every timer. Before a worker runs any task it makes sure the last outage was
dealt with (`check`, wired in config/celery.py), so no deadline that passed in the dark is
played as a timeout: every game in play gets its turn again with its full time, Crash
betting windows open again for their full length; and a game or round hit by an outage
longer than OUTAGE_VOID_SECONDS is voided and every stake returned, as the rules say for
a communication failure or a software error (the rules' "Procedure for acceptance of
payments", §10-11). A Crash run the outage cut into is always voided: nobody could cash out.

Recovery runs in one transaction under an advisory lock and ends by writing a heartbeat,
so it happens once per outage however many workers notice it, and again in full if the
process dies half-way.
"""

from __future__ import annotations

import logging
import time
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection, transaction

from casino.outage import resume_rounds
from games import clock
from games.outage import resume_games
from reports.models import Heartbeat
from staff.outage import Outage

log = logging.getLogger(__name__)

# How often one worker process looks at the heartbeat before a task (one indexed read).
CHECK_EVERY_SECONDS = 5.0
RECOVERY_SOURCE = "outage-recovery"


def detect(now: datetime) -> Outage | None:
    """The outage going on until `now`, if the heartbeat has been silent too long. None on
    a database that never had a heartbeat (a new installation was never up)."""
    last = (
        Heartbeat.objects.filter(created__lte=now)
        .order_by("-created")
        .values_list("created", flat=True)
        .first()
    )
    if last is None or now - last <= timedelta(seconds=settings.OUTAGE_DETECT_SECONDS):
        return None
    return Outage(began=last, ended=now)


def recover(now: datetime | None = None) -> Outage | None:
    """Deals with the outage that ends now, if there was one, exactly once."""
    now = now or clock.now()
    if detect(now) is None:
        return None
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext('reports:outage'))")
        outage = detect(now)  # another worker may have dealt with it while we waited
        if outage is None:
            return None
        log.warning(
            "Outage of %.0f s (from %s): resuming games and rounds", outage.seconds, outage.began
        )
        games = resume_games(outage)
        rounds = resume_rounds(outage)
        marker = Heartbeat.objects.create(source=RECOVERY_SOURCE)
        # Dated at the outage's end (auto_now_add ignores a given value).
        Heartbeat.objects.filter(pk=marker.pk).update(created=now)
    log.warning("Outage recovered: games %s, rounds %s", games, rounds)
    return outage


_checked_at = float("-inf")


def check() -> None:
    """Before a worker's task: recover from an outage first (at most every few seconds)."""
    global _checked_at
    if time.monotonic() - _checked_at < CHECK_EVERY_SECONDS:
        return
    recover()
    _checked_at = time.monotonic()
