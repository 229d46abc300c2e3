"""Recurring tournaments created by beat: each occurrence once, over a controlled clock."""

from datetime import UTC, datetime, time, timedelta

import pytest

from tests.threads import in_threads
from tournaments import schedules
from tournaments.models import Schedule, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

# A Wednesday.
NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)


def make_schedule(**fields) -> Schedule:
    fields.setdefault("name", "Evening knockout")
    fields.setdefault("game_slug", "rps")
    fields.setdefault("options", {"points": 1})
    fields.setdefault("entry", 500)
    fields.setdefault("fee", 50)
    fields.setdefault("time_of_day", time(20, 0))
    fields.setdefault("registration_hours", 24)
    fields.setdefault("guaranteed", 5_000)
    return Schedule.objects.create(**fields)


def test_a_daily_schedule_creates_each_day_once_its_registration_opens():
    schedule = make_schedule()
    assert schedules.create_due(NOW) == 1
    assert schedules.create_due(NOW) == 0  # beat runs again: nothing new
    tournament = Tournament.objects.get()
    assert tournament.starts_at == datetime(2026, 11, 25, 20, 0, tzinfo=UTC)
    assert tournament.registration_opens == tournament.starts_at - timedelta(hours=24)
    assert (tournament.entry, tournament.fee, tournament.guaranteed) == (500, 50, 5_000)
    assert tournament.schedule == schedule and tournament.status == "registering"
    # 20:00 passes; the next day's registration opened at 20:00 too.
    assert schedules.create_due(NOW + timedelta(hours=8, minutes=1)) == 1
    assert Tournament.objects.count() == 2


def test_a_weekly_schedule_creates_only_on_its_weekday():
    make_schedule(every="week", weekday=4, registration_hours=72)  # Friday
    assert schedules.create_due(NOW - timedelta(days=1)) == 0  # Tuesday noon: not yet open
    assert schedules.create_due(NOW) == 1  # Wednesday noon: Friday 20:00 is 56 h away
    tournament = Tournament.objects.get()
    assert tournament.starts_at.weekday() == 4
    assert schedules.create_due(NOW + timedelta(days=3)) == 0  # the next Friday is a week off


def test_an_inactive_schedule_creates_nothing():
    make_schedule(active=False)
    assert schedules.create_due(NOW) == 0


def test_beat_racing_itself_creates_one_tournament_per_occurrence():
    make_schedule()
    created = in_threads(6, lambda _: schedules.create_due(NOW))
    assert sorted(created) == [0, 0, 0, 0, 0, 1]
    assert Tournament.objects.count() == 1
