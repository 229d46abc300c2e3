"""Player protection in the staff's and the player's hands: staff self-exclude a player at
their request (audited, never shortened); Crash's Auto mode never pre-selects doubling
after a loss, and a setting withdraws doubling; the footer names the operator, its
regulator and its licence."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from accounts.models import ProtectionEvent
from accounts.protection import is_excluded
from casino import services
from reports.models import AuditLog

pytestmark = pytest.mark.django_db


def exclude(client, player, **form):
    return client.post(reverse("admin:accounts_user_exclude", args=[player.pk]), form)


def test_staff_self_exclude_a_player_on_request_audited_and_never_shortened(client, make_user):
    staff, player = make_user(is_staff=True), make_user()
    staff.user_permissions.add(Permission.objects.get(codename="exclude_user"))
    client.force_login(staff)
    page = client.get(reverse("admin:accounts_user_exclude", args=[player.pk]))
    assert page.status_code == 200 and "cannot be shortened" in page.content.decode()
    exclude(client, player, months="12", reason="Asked by phone on 24 November")
    assert is_excluded(player)
    row = AuditLog.objects.get(action="accounts.self_exclude")
    assert (row.target_id, row.reason, row.details) == (
        str(player.pk),
        "Asked by phone on 24 November",
        {"months": 12},
    )
    event = ProtectionEvent.objects.get(user=player, kind="self_exclusion")
    assert event.actor == staff
    shorter = exclude(client, player, months="6", reason="Asked again")
    assert shorter.status_code == 302 and AuditLog.objects.count() == 1


def test_without_the_permission_nothing_happens(client, make_user):
    staff, player = make_user(is_staff=True), make_user()
    client.force_login(staff)
    exclude(client, player, months="6", reason="x")
    assert not is_excluded(player) and not AuditLog.objects.exists()


def test_auto_mode_never_preselects_doubling_and_a_setting_withdraws_it(
    client, settings, funded_player
):
    player = funded_player()
    client.force_login(player)
    page = client.get(reverse("casino:crash")).content.decode()
    assert 'name="on_loss" value="return_to_base" checked' in page
    assert 'value="double" checked' not in page
    settings.CRASH_AUTOBET_DOUBLING = False
    assert 'value="double"' not in client.get(reverse("casino:crash")).content.decode()
    with pytest.raises(services.RoundError, match="Doubling the bet is not offered"):
        services.start_autobet(
            player, base_bet=100, total_bets_limit=1_000, on_win="return_to_base", on_loss="double"
        )


def test_the_footer_names_the_operator_its_regulator_and_licence(client, settings):
    settings.LICENCE_NUMBER = "GL-0042"
    page = client.get("/").content.decode()
    assert (
        f"{settings.OPERATOR_NAME}, licensed by {settings.REGULATOR_NAME}, licence GL-0042." in page
    )
