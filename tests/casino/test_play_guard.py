"""House games ask the wallet's guard, which reads the account as it is now: a player
blocked while their Crash socket stays open, staff and regulators are all refused."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from accounts.models import User
from casino import services
from casino.models import Bet, CrashAutoRun
from tests.standing import CHANGES, block, make_staff
from wallet.selectors import cash_balance
from wallet.services import WalletError

pytestmark = pytest.mark.django_db

BALANCE = 10_000


@pytest.mark.parametrize("change", CHANGES)
def test_crash_bets_autobet_and_keno_refused_for_the_account_as_it_is_now(
    funded, crash_round, keno_rounds, change
):
    crash_round(500)
    keno_rounds()
    player = funded(BALANCE)
    socket_user = User.objects.get(pk=player.pk)  # loaded when the socket connected
    CHANGES[change](player)
    with pytest.raises(WalletError):
        services.place_crash_bet(socket_user, 200)
    with pytest.raises(WalletError):
        services.buy_keno_tickets(
            socket_user, game="keno-8", numbers=[1, 2], amount=100, purchase=uuid.uuid4().hex
        )
    run = services.start_autobet(
        socket_user, base_bet=100, total_bets_limit=1_000, on_win="double", on_loss="double"
    )
    run.refresh_from_db()
    assert not run.active and "cannot deposit, play or withdraw" in run.stopped_reason
    assert not Bet.objects.exists() and not Bet.objects.exists()
    assert CrashAutoRun.objects.filter(active=True).count() == 0
    assert cash_balance(player) == BALANCE


@pytest.mark.parametrize("change", ["staff", "regulator"])
def test_keno_page_says_why_and_sells_nothing(client, funded, keno_rounds, change):
    keno_rounds()
    player = funded(BALANCE)
    client.force_login(player)
    CHANGES[change](player)
    response = client.post(
        reverse("casino:keno_buy"),
        {"game": "keno-8", "numbers": "1 2 3", "amount": "1.00", "purchase": uuid.uuid4().hex},
        follow=True,
    )
    assert b"cannot deposit, play or withdraw" in response.content
    assert not Bet.objects.exists()
    assert cash_balance(player) == BALANCE


def test_a_player_blocked_mid_round_cannot_cash_out_on_the_open_socket(
    funded, crash_round, run_round
):
    game_round = crash_round(500)
    player = funded(BALANCE)
    services.place_crash_bet(player, 200)
    running = run_round(game_round)
    socket_user = User.objects.get(pk=player.pk)
    block(player)
    with pytest.raises(services.RoundError, match="blocked"):
        services.cash_out(socket_user, received_ms=running.started_at_ms + 1_000)
    assert "cashed_out_ms" not in Bet.objects.get(user=player).selection


def test_crash_and_keno_pages_say_up_front_that_staff_do_not_play(client, funded, keno_rounds):
    keno_rounds()
    official, player = funded(BALANCE), funded(BALANCE)
    make_staff(official)
    notice = b"Staff and regulator accounts cannot deposit, play or withdraw"
    for who, shown in ((official, True), (player, False)):
        client.force_login(who)
        for page in (reverse("casino:crash"), reverse("casino:keno")):
            response = client.get(page)
            assert response.status_code == 200
            assert (notice in response.content) is shown, (page, who)
