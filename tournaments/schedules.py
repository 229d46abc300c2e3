"""Recurring tournaments: beat asks every minute which occurrences of each active schedule
have opened their registration, and creates their tournaments. Each occurrence is created
once whoever asks and however often: the database's unique (schedule, occurrence) decides,
not a check before the write."""

from __future__ import annotations

import logging
from datetime import date, datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from tournaments.models import Schedule, Tournament

log = logging.getLogger(__name__)


def _starts_between(schedule: Schedule, since: datetime, until: datetime) -> list[datetime]:
    """The schedule's starts in (since, until], in the site's time zone."""
    zone = timezone.get_current_timezone()
    day: date = timezone.localtime(since, zone).date()
    starts = []
    while True:
        start = timezone.make_aware(datetime.combine(day, schedule.time_of_day), zone)
        if start > until:
            return starts
        weekly = schedule.every == Schedule.Every.WEEK
        if start > since and (not weekly or day.weekday() == schedule.weekday):
            starts.append(start)
        day += timedelta(days=1)


def due(schedule: Schedule, now: datetime) -> list[datetime]:
    """The starts still ahead whose registration has opened by `now`."""
    return _starts_between(schedule, now, now + timedelta(hours=schedule.registration_hours))


def create(schedule: Schedule, start: datetime) -> Tournament | None:
    """The tournament of one occurrence, or None when it exists already."""
    try:
        with transaction.atomic():
            return Tournament.objects.create(
                **{
                    **schedule.terms,
                    "name": f"{schedule.name}, {timezone.localtime(start):%a %-d %b}",
                },
                registration_opens=start - timedelta(hours=schedule.registration_hours),
                starts_at=start,
                schedule=schedule,
                occurrence=start,
            )
    except IntegrityError:
        return None


def create_due(now: datetime | None = None) -> int:
    """Creates every due occurrence of every active schedule; returns how many were new."""
    now = now or timezone.now()
    created = 0
    for schedule in Schedule.objects.filter(active=True):
        for start in due(schedule, now):
            if create(schedule, start) is not None:
                created += 1
                log.info("schedule %s: created the tournament starting %s", schedule.pk, start)
    return created
