"""The regulator role sees and exports, and changes nothing: for every model registered
in the admin, its list and each record's page open read-only; its add and delete pages
and every POST answer 403."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.auth.models import Group, Permission
from django.urls import reverse

from staff.roles import REGULATORS_GROUP

pytestmark = pytest.mark.django_db
MIDDLEWARE = "reports.middleware.RegulatorReadOnlyMiddleware"


@pytest.fixture
def regulator(client, make_user, settings, funded_player):
    settings.MIDDLEWARE = [*settings.MIDDLEWARE, MIDDLEWARE]
    funded_player()  # some rows to open
    user = make_user(is_staff=True)
    group, _ = Group.objects.get_or_create(name=REGULATORS_GROUP)
    group.permissions.set(Permission.objects.filter(codename__startswith="view_"))
    user.groups.add(group)
    client.force_login(user)
    return user


def admin_urls():
    for model, model_admin in admin.site._registry.items():
        info = model._meta.app_label, model._meta.model_name
        yield model, model_admin, info


def test_the_regulator_sees_every_list_and_record_and_changes_nothing(client, regulator):
    checked = opened = 0
    for model, _, (app, name) in admin_urls():
        changelist = reverse(f"admin:{app}_{name}_changelist")
        assert client.get(changelist).status_code == 200, changelist
        assert client.post(changelist, {"action": "delete_selected"}).status_code == 403
        add = reverse(f"admin:{app}_{name}_add")
        assert client.get(add).status_code == 403, add
        assert client.post(add, {}).status_code == 403, add
        row = model._default_manager.first()
        if row is not None:
            record = reverse(f"admin:{app}_{name}_change", args=[row.pk])
            page = client.get(record)
            assert page.status_code == 200, record
            assert 'name="_save"' not in page.content.decode(), f"{record} offers to save"
            assert client.post(record, {}).status_code == 403, record
            delete = reverse(f"admin:{app}_{name}_delete", args=[row.pk])
            assert client.get(delete).status_code == 403, delete
            assert client.post(delete, {}).status_code == 403, delete
            opened += 1
        checked += 1
    assert checked >= 15
    assert opened >= 8
    # The staff tools' own pages too.
    for url in (
        reverse("admin:games_game_void", args=[1]),
        reverse("admin:casino_round_void", args=[1]),
        reverse("admin:accounts_user_block", args=[regulator.pk]),
        reverse("admin:accounts_user_unblock", args=[regulator.pk]),
        reverse("admin:wallet_account_adjust", args=[1]),
    ):
        assert client.post(url, {"reason": "x"}).status_code == 403, url


def test_the_regulator_can_export_and_log_out(client, regulator):
    assert client.get(reverse("reports:exports")).status_code == 200
    assert client.get(reverse("admin:index")).status_code == 200
    assert client.post(reverse("admin:logout")).status_code == 200


def test_a_regulator_lands_on_exports_and_records_without_the_players_header(client, make_user):
    from tests.conftest import PASSWORD

    user = make_user(is_staff=True)
    group, _ = Group.objects.get_or_create(name=REGULATORS_GROUP)
    group.permissions.set(Permission.objects.filter(codename__startswith="view_"))
    user.groups.add(group)
    landed = client.post(reverse("account_login"), {"login": user.email, "password": PASSWORD})
    assert landed["Location"] == reverse("reports:exports")
    page = client.get(reverse("reports:exports")).content.decode()
    header = page[page.index("<header") : page.index("</header>")]
    assert "Exports" in header and "Records" in header and "Regulator" in header
    for players_own in ("Lobby", "Wallet", 'class="balance"'):
        assert players_own not in header
    for record in ("admin:games_game_changelist", "admin:wallet_transaction_changelist"):
        assert reverse(record) in page
