"""What a player is told before their first deposit and first stake (the rules of safer
play and where to find help), and the prompt to review their limits every six months."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts import protection
from accounts.models import PlayerProtection, ProtectionEvent, ProtectionLimit
from wallet import services

pytestmark = pytest.mark.django_db

FIRST_DEPOSIT = "Before your first deposit"
FIRST_STAKE = "Before your first stake"


def test_the_first_deposit_is_preceded_by_safer_play_and_help(
    client, make_user, funded_player, settings
):
    newcomer = make_user()
    client.force_login(newcomer)
    page = client.get(reverse("wallet:deposit")).content.decode()
    assert FIRST_DEPOSIT in page and settings.HELP_LINKS[0][1] in page
    client.force_login(funded_player())
    assert FIRST_DEPOSIT not in client.get(reverse("wallet:deposit")).content.decode()


def test_play_pages_say_it_before_the_first_stake_and_no_longer_after(client, funded_player):
    player = funded_player()
    client.force_login(player)
    assert FIRST_STAKE in client.get(reverse("lobby:index")).content.decode()
    assert FIRST_STAKE not in client.get(reverse("wallet:index")).content.decode()  # not play
    services.hold_stake(player, "table:1", 100, key="first")
    assert FIRST_STAKE not in client.get(reverse("lobby:index")).content.decode()


def test_limits_are_to_be_reviewed_six_months_after_they_were_last_looked_at(client, make_user):
    player = make_user()
    client.force_login(player)
    assert not protection.limits_review_due(player)
    protection.set_limit(player, "deposit", "day", 10_000, actor=player)
    assert not protection.limits_review_due(player)
    ProtectionLimit.objects.update(updated=timezone.now() - timedelta(days=184))
    assert protection.limits_review_due(player)
    assert "six months since you looked at your limits" in client.get("/").content.decode()
    client.post(reverse("accounts:review_limits"))
    assert not protection.limits_review_due(player)
    assert ProtectionEvent.objects.filter(user=player, kind="limits_reviewed").count() == 1
    later = timezone.now() + timedelta(days=184)
    assert protection.limits_review_due(player, later)
    assert PlayerProtection.objects.get(user=player).limits_reviewed is not None
