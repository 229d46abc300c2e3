"""The staff page outside the admin: permission-guarded, every creation audited."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse
from django.utils import timezone

from reports.models import AuditLog
from tournaments import forms
from tournaments.models import Schedule, Tournament


@pytest.fixture
def organiser(make_user):
    user = make_user(is_staff=True)
    user.user_permissions.set(
        Permission.objects.filter(
            codename__in=[
                "view_tournament",
                "add_tournament",
                "add_schedule",
                "change_schedule",
            ]
        )
    )
    return user


def tournament_form(**changes) -> dict:
    now = timezone.localtime()
    data = {
        "name": "Friday arena",
        "format": "arena",
        "game_slug": "rps",
        "options": '{"points": 1}',
        "step_seconds": "30",
        "rounds": "0",
        "minutes": "45",
        "entry": "10.00",
        "fee": "1.50",
        "guaranteed": "250",
        "min_players": "2",
        "max_players": "32",
        "registration_opens": (now - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"),
        "starts_at": (now + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M"),
        "prizes": "custom",
        "custom_prizes": "60, 25.5, 14.5",
    }
    data.update(changes)
    return data


def test_staff_schedule_a_tournament_and_it_is_audited(client, organiser):
    client.force_login(organiser)
    response = client.post(reverse("tournaments:staff_new"), tournament_form())
    tournament = Tournament.objects.get()
    assert response.url == reverse("tournaments:detail", args=[tournament.pk])
    assert (tournament.entry, tournament.fee, tournament.guaranteed) == (1_000, 150, 25_000)
    assert tournament.prize_table == [6_000, 2_550, 1_450]
    assert (tournament.format, tournament.minutes) == ("arena", 45)
    assert tournament.created_by == organiser
    log = AuditLog.objects.get(action="tournaments.tournament.add")
    assert log.actor == organiser and log.target_id == str(tournament.pk)
    assert log.details["entry"] == 1_000 and log.details["prize_table"] == [6_000, 2_550, 1_450]
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content
    assert b"Guaranteed prize pool: 250.00" in page and b"pool 250.00" in page
    listed = client.get(reverse("tournaments:staff")).content
    assert b"Friday arena" in listed and b"0 of 32" in listed


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"entry": "-5"}, "entry"),
        ({"fee": "1.234"}, "fee"),
        ({"custom_prizes": "60, 30"}, "custom_prizes"),
        ({"custom_prizes": "sixty"}, "custom_prizes"),
        ({"custom_prizes": "Infinity"}, "custom_prizes"),
        ({"custom_prizes": "sNaN 100"}, "custom_prizes"),
        ({"entry": "99999999999999999999"}, "entry"),
        ({"step_seconds": "7"}, "step_seconds"),
        ({"options": "{not json"}, "options"),
        ({"options": '{"colour": 1}'}, "options"),
        ({"game_slug": "nothing"}, "game_slug"),
        ({"minutes": "0"}, "minutes"),
        ({"format": "swiss", "rounds": "0"}, "rounds"),
        ({"min_players": "9", "max_players": "4"}, None),
    ],
)
def test_a_bad_or_tampered_form_is_refused_and_nothing_is_created(
    client, organiser, changes, field
):
    client.force_login(organiser)
    response = client.post(reverse("tournaments:staff_new"), tournament_form(**changes))
    assert response.status_code == 200
    if field:
        assert field in response.context["form"].errors
    assert not Tournament.objects.exists() and not AuditLog.objects.exists()


def test_players_and_staff_without_the_permission_are_refused(client, make_user):
    client.force_login(make_user())
    assert client.get(reverse("tournaments:staff_new")).status_code == 403
    client.force_login(make_user(is_staff=True))
    assert client.post(reverse("tournaments:staff_new"), tournament_form()).status_code == 403
    assert client.get(reverse("tournaments:staff")).status_code == 403
    assert not Tournament.objects.exists()


def test_staff_create_and_pause_a_weekly_schedule(client, organiser):
    client.force_login(organiser)
    data = tournament_form(prizes="top3", format="knockout", minutes="0")
    data.update(every="week", weekday="4", time_of_day="20:00", registration_hours="48")
    for name in ("registration_opens", "starts_at"):
        data.pop(name)
    client.post(reverse("tournaments:staff_new_schedule"), data)
    schedule = Schedule.objects.get()
    assert schedule.when == "Every Friday at 20:00"
    assert schedule.prize_table == list(forms.TABLES["top3"])
    page = client.get(reverse("tournaments:staff")).content
    assert b"Every Friday at 20:00" in page
    client.post(reverse("tournaments:staff_toggle_schedule", args=[schedule.pk]))
    schedule.refresh_from_db()
    assert not schedule.active
    actions = list(AuditLog.objects.order_by("id").values_list("action", "reason"))
    assert actions == [
        ("tournaments.schedule.add", "Created on the staff page"),
        ("tournaments.schedule.change", "Paused on the staff page"),
    ]


def test_a_weekly_schedule_needs_its_weekday(client, organiser):
    client.force_login(organiser)
    data = tournament_form(format="knockout")
    data.update(every="week", weekday="", time_of_day="20:00", registration_hours="48")
    response = client.post(reverse("tournaments:staff_new_schedule"), data)
    assert "weekday" in response.context["form"].errors
    assert not Schedule.objects.exists()


def test_a_tournament_created_and_cancelled_in_the_admin_is_audited(client, make_user):
    boss = make_user(is_staff=True, is_superuser=True)
    client.force_login(boss)
    data = tournament_form(format="knockout", minutes="0", guaranteed="0")
    data.update(
        entry="1000",
        fee="100",
        prize_table="[10000]",
        registration_opens_0=data["registration_opens"][:10],
        registration_opens_1=data["registration_opens"][11:],
        starts_at_0=data["starts_at"][:10],
        starts_at_1=data["starts_at"][11:],
        **{"entries-TOTAL_FORMS": "0", "entries-INITIAL_FORMS": "0"},
    )
    response = client.post(reverse("admin:tournaments_tournament_add"), data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    tournament = Tournament.objects.get()
    assert tournament.created_by == boss
    assert AuditLog.objects.get(action="tournaments.tournament.add").target_id == str(tournament.pk)
    client.post(
        reverse("admin:tournaments_tournament_changelist"),
        {"action": "cancel_and_refund", "_selected_action": [tournament.pk]},
    )
    tournament.refresh_from_db()
    assert tournament.status == "cancelled"
    assert AuditLog.objects.filter(action="tournaments.cancel").count() == 1
