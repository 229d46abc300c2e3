"""Staff tools in the admin: voiding a live game or a house round refunds every stake,
needs its own permission, and goes to the audit log."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from casino.models import BetStatus, Round
from reports.models import AuditLog
from tests.casino import conftest as casino_fixtures
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db
casino_settings = casino_fixtures.casino_settings
crash_round = casino_fixtures.crash_round


def staff_with(make_user, codename: str | None):
    user = make_user(is_staff=True)
    user.user_permissions.add(*Permission.objects.filter(codename__in=["view_game", "view_round"]))
    if codename:
        user.user_permissions.add(Permission.objects.get(codename=codename))
    return user


def test_voiding_a_game_needs_its_permission_refunds_and_is_audited(client, start_table, make_user):
    game, players = start_table("rps", {}, stake=1_000)
    before = [cash_balance(p) for p in players]
    url = reverse("admin:games_game_void", args=[game.pk])
    client.force_login(staff_with(make_user, None))
    client.post(url, {"reason": "Server fault"})
    game.refresh_from_db()
    assert game.status == "playing"
    staff = staff_with(make_user, "void_game")
    client.force_login(staff)
    assert client.get(url).status_code == 200
    client.post(url, {"reason": "Server fault"})
    game.refresh_from_db()
    assert game.status == "void" and game.settled and game.settlement["void"]
    assert [cash_balance(p) for p in players] == [b + 1_000 for b in before]
    log = AuditLog.objects.get(action="games.void")
    assert log.actor == staff and log.reason == "Server fault"
    assert log.target_id == str(game.pk)
    assert ledger_problems() == []


def test_voiding_a_round_refunds_every_bet_once(client, crash_round, funded_player, make_user):
    from casino import services

    game_round = crash_round(300)
    players = [funded_player(), funded_player()]
    for player in players:
        services.place_crash_bet(player, 700)
    staff = staff_with(make_user, "void_round")
    client.force_login(staff)
    url = reverse("admin:casino_round_void", args=[game_round.pk])
    client.post(url, {"reason": "Stream failed"})
    client.post(url, {"reason": "Stream failed"})  # a second time moves nothing
    game_round.refresh_from_db()
    assert game_round.state == Round.State.VOID
    assert [cash_balance(p) for p in players] == [100_000, 100_000]
    assert set(game_round.bets.values_list("status", flat=True)) == {BetStatus.VOID}
    assert AuditLog.objects.filter(action="casino.void_round").count() == 1
    assert ledger_problems() == []


def test_the_void_tools_refuse_what_is_over_and_change_nothing(
    client, start_table, crash_round, make_user
):
    from django.contrib.messages import get_messages

    from games import services

    game, players = start_table("rps", {}, stake=1_000)
    services.resign(game.pk, players[0])
    game_round = crash_round(300)
    Round.objects.filter(pk=game_round.pk).update(state=Round.State.SETTLED)
    staff = staff_with(make_user, "void_game")
    staff.user_permissions.add(Permission.objects.get(codename="void_round"))
    client.force_login(staff)
    for url, back, refusal in (
        (
            reverse("admin:games_game_void", args=[game.pk]),
            reverse("admin:games_game_change", args=[game.pk]),
            "is already over",
        ),
        (
            reverse("admin:casino_round_void", args=[game_round.pk]),
            reverse("admin:casino_round_change", args=[game_round.pk]),
            "is settled: correct its result instead of voiding it",
        ),
    ):
        response = client.post(url, {"reason": "Too late"})
        assert response.status_code == 302 and response.url == back
        message = list(get_messages(response.wsgi_request))[-1]  # the earlier is unread
        assert message.level_tag == "error" and refusal in str(message), str(message)
    game.refresh_from_db()
    game_round.refresh_from_db()
    assert game.status == "finished" and game_round.state == Round.State.SETTLED
    assert not AuditLog.objects.filter(action__in=["games.void", "casino.void_round"]).exists()


def test_voiding_a_game_that_ended_meanwhile_is_refused_under_its_lock(start_table, make_user):
    """The admin page checks before showing its form; the service checks again under the
    game's lock, for a game that ended between the form and its submission."""
    from games import services, voiding

    game, players = start_table("rps", {}, stake=1_000)
    services.resign(game.pk, players[0])
    with pytest.raises(services.ActionRejected, match="is already over"):
        voiding.void_and_refund(game.pk, staff=make_user(is_staff=True), reason="Too late")
    game.refresh_from_db()
    assert game.status == "finished" and game.outcome["reason"] != "Too late"
    assert not AuditLog.objects.filter(action="games.void").exists()


def test_staff_lists_show_games_by_name_and_money_in_the_currency(client, start_table, make_user):
    from staff import audit

    start_table("rps", {}, stake=1_250)
    staff = make_user(is_staff=True, is_superuser=True)
    audit.record(staff, "wallet.withdrawal_paid", None, "test entry")
    client.force_login(staff)
    games_page = client.get(reverse("admin:games_game_changelist")).content.decode()
    assert "Rock Paper Scissors" in games_page and "12.50 EUR" in games_page
    audit_page = client.get(reverse("admin:reports_auditlog_changelist")).content.decode()
    assert "Wallet: withdrawal paid" in audit_page
    assert AuditLog.objects.filter(action="wallet.withdrawal_paid").exists()
