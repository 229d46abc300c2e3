"""Every change staff make in the admin to a user, a group or a paytable writes exactly one
row of the audit log, with the values before and after, in the same transaction; a date
of birth under the legal age is refused and changes nothing."""

from __future__ import annotations

import json
from datetime import date

import pytest
from django.contrib.auth.models import Group, Permission
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from casino.models import KenoPaytable
from reports.models import AuditLog

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client, make_user):
    boss = make_user(is_staff=True, is_superuser=True)
    client.force_login(boss)
    return client


def user_form(user: User, **changes) -> dict:
    """The admin's change form of ``user`` as the page would post it, with ``changes``."""
    data = {
        "email": user.email,
        "legal_name": user.legal_name,
        "date_of_birth": user.date_of_birth.isoformat(),
        "country": user.country,
        "national_id": user.national_id,
        "is_active": "on" if user.is_active else "",
        "is_staff": "on" if user.is_staff else "",
        "is_superuser": "on" if user.is_superuser else "",
        "groups": [g.pk for g in user.groups.all()],
        "user_permissions": [],
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value != ""}


def post_user(staff_client, user: User, **changes):
    return staff_client.post(
        reverse("admin:accounts_user_change", args=[user.pk]), user_form(user, **changes)
    )


def test_a_change_to_a_user_is_one_audit_row_with_before_and_after(staff_client, make_user):
    player = make_user()
    response = post_user(staff_client, player, is_active="", email="new@example.com")
    assert response.status_code == 302, response.content.decode()[:2000]
    row = AuditLog.objects.get(action="accounts.user.change")
    assert row.target_id == str(player.pk) and row.actor_email.startswith("player")
    assert row.details["changes"] == {
        "email": {"before": player.email, "after": "new@example.com"},
        "is_active": {"before": True, "after": False},
    }
    assert AuditLog.objects.count() == 1


def test_groups_and_staff_flags_are_audited(staff_client, make_user):
    player = make_user()
    regulators = Group.objects.create(name="Regulators")
    post_user(staff_client, player, groups=[regulators.pk], is_staff="on")
    row = AuditLog.objects.get(action="accounts.user.change")
    assert row.details["changes"]["groups"] == {"before": [], "after": ["Regulators"]}
    assert row.details["changes"]["is_staff"] == {"before": False, "after": True}


def test_saving_without_a_change_writes_nothing(staff_client, make_user):
    player = make_user()
    assert post_user(staff_client, player).status_code == 302
    assert not AuditLog.objects.exists()


def test_a_date_of_birth_under_the_legal_age_is_refused(staff_client, make_user, settings):
    player = make_user()
    today = timezone.localdate()
    young = date(today.year - settings.MIN_AGE + 1, 1, 1)
    response = post_user(staff_client, player, date_of_birth=young.isoformat())
    assert response.status_code == 200
    assert f"at least {settings.MIN_AGE} years old" in response.content.decode()
    player.refresh_from_db()
    assert player.date_of_birth == date(1990, 1, 1) and not AuditLog.objects.exists()


def test_a_groups_permissions_are_audited(staff_client):
    group = Group.objects.create(name="Cashiers")
    adjust = Permission.objects.get(codename="adjust_balance")
    staff_client.post(
        reverse("admin:auth_group_change", args=[group.pk]),
        {"name": "Cashiers", "permissions": [adjust.pk]},
    )
    row = AuditLog.objects.get(action="auth.group.change")
    assert row.details["changes"]["permissions"]["before"] == []
    assert len(row.details["changes"]["permissions"]["after"]) == 1


def test_a_new_paytable_version_is_audited_with_the_table_before_and_after(staff_client):
    current = KenoPaytable.objects.get(game="keno-8", version=1)
    table = {**current.table, "1": {"1": 300}}
    staff_client.post(
        reverse("admin:casino_kenopaytable_change", args=[current.pk]),
        {"game": "keno-8", "name": "Keno 8", "table": json.dumps(table), "note": "lower"},
    )
    new = KenoPaytable.objects.get(game="keno-8", version=2)
    row = AuditLog.objects.get(action="casino.paytable.change")
    assert row.target_id == str(new.pk)
    assert row.details["changes"]["table"]["before"]["1"] == {"1": 350}
    assert row.details["changes"]["table"]["after"]["1"] == {"1": 300}
