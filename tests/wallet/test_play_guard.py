"""The wallet's guard is the one place that decides whether an account may move money: it
reads the account as the database holds it inside the movement's transaction, so a caller
holding an old user object (a socket opened before a block) is refused all the same."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from accounts import protection
from accounts.models import User
from lobby import services as lobby
from lobby.models import Seat, Table
from tests.standing import block, make_regulator, make_staff
from wallet import services
from wallet.models import Transaction, Withdrawal
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db

BALANCE = 10_000


# Every movement a player starts, called with the user object loaded before the change.
MONEY_ACTIONS = {
    "deposit": lambda u: services.demo_deposit(u, 500, key=f"dep:{u.pk}"),
    "stake": lambda u: services.hold_stake(u, "table:1", 500, key=f"hold:{u.pk}"),
    "bet": lambda u: services.place_bet(u, 500, key=f"bet:{u.pk}", reference="round:x:1"),
    "fee": lambda u: services.charge_fee(
        u, 500, key=f"fee:{u.pk}", reference="game:1", memo="Re-roll"
    ),
    "withdrawal": lambda u: services.request_withdrawal(u, 500, key=f"wd:{u.pk}"),
}


def assert_nothing_moved(user) -> None:
    assert cash_balance(user) == BALANCE
    assert not Transaction.objects.filter(actor=user).exclude(idempotency_key=f"fund:{user.pk}")
    assert not Withdrawal.objects.filter(player=user).exists()


@pytest.mark.parametrize("action", MONEY_ACTIONS)
@pytest.mark.parametrize(
    ("change", "refusal", "message"),
    [
        (block, protection.AccountBlocked, "blocked"),
        (make_staff, protection.NotAPlayer, "Staff and regulator"),
        (make_regulator, protection.NotAPlayer, "Staff and regulator"),
    ],
)
def test_every_money_action_is_refused_from_the_account_as_it_is_now(
    funded, action, change, refusal, message
):
    player = funded(BALANCE)
    loaded_long_ago = User.objects.get(pk=player.pk)
    change(player)
    with pytest.raises(services.ProtectionRefusal, match=message) as refused:
        MONEY_ACTIONS[action](loaded_long_ago)
    assert isinstance(refused.value.__cause__, refusal)
    assert_nothing_moved(player)


@pytest.mark.parametrize("action", ["deposit", "stake", "bet", "fee"])
def test_a_time_out_started_after_the_user_was_loaded_refuses_play(funded, action):
    player = funded(BALANCE)
    loaded_long_ago = User.objects.get(pk=player.pk)
    protection.start_time_out(player, timedelta(days=1))
    with pytest.raises(services.ProtectionRefusal, match="time-out"):
        MONEY_ACTIONS[action](loaded_long_ago)
    assert_nothing_moved(player)


def test_a_player_under_exclusion_may_still_withdraw(funded):
    player = funded(BALANCE)
    protection.self_exclude(player, None)
    services.request_withdrawal(player, 500, key="out")
    assert cash_balance(player) == BALANCE - 500


def test_payments_owed_to_a_blocked_player_still_reach_them(funded):
    player = funded(BALANCE)
    services.hold_stake(player, "table:9", 500, key="hold")
    block(player)
    services.release_hold(player, "table:9", 500, key="refund")
    assert cash_balance(player) == BALANCE


def test_staff_deposit_page_says_why_and_moves_nothing(client, funded):
    staff = funded(BALANCE)
    make_staff(staff)
    client.force_login(staff)
    response = client.post(reverse("wallet:deposit"), {"amount": "5", "token": "t" * 20})
    assert response.status_code == 200
    assert b"Staff and regulator accounts cannot deposit, play or withdraw" in response.content
    assert_nothing_moved(staff)


def test_regulator_withdrawal_page_says_why_and_moves_nothing(client, funded):
    regulator = funded(BALANCE)
    make_regulator(regulator)
    client.force_login(regulator)
    response = client.post(reverse("wallet:withdraw"), {"amount": "5", "token": "t" * 20})
    assert b"Staff and regulator accounts cannot deposit, play or withdraw" in response.content
    assert_nothing_moved(regulator)


def table_spec():
    return lobby.TableSpec(
        game_slug="rps", options={"points": 3}, stake=1_000, seats=2, step_seconds=30
    )


@pytest.mark.parametrize("change", [make_staff, make_regulator])
def test_staff_and_regulators_cannot_create_or_join_a_staked_table(client, funded, change):
    official = funded(BALANCE)
    change(official)
    client.force_login(official)
    created = client.post(
        reverse("lobby:create", args=["rps"]),
        {"stake": "10.00", "seats": 2, "step_seconds": 30, "game_minutes": 0, "option_points": 3},
    )
    assert b"Staff and regulator accounts cannot" in created.content
    assert not Table.objects.filter(creator=official).exists()
    table = lobby.create_table(funded(BALANCE), table_spec())
    joined = client.post(reverse("lobby:join", args=[table.pk]), follow=True)
    assert b"Staff and regulator accounts cannot" in joined.content
    assert not Seat.objects.filter(player=official).exists()
    assert_nothing_moved(official)


@pytest.mark.parametrize("change", [make_staff, make_regulator])
def test_money_pages_say_up_front_that_staff_and_regulators_do_not_play(client, funded, change):
    official, player = funded(BALANCE), funded(BALANCE)
    change(official)
    pages = [
        reverse("wallet:deposit"),
        reverse("wallet:withdraw"),
        reverse("lobby:create", args=["rps"]),
    ]
    notice = b"Staff and regulator accounts cannot deposit, play or withdraw"
    for who, shown in ((official, True), (player, False)):
        client.force_login(who)
        for page in pages:
            response = client.get(page)
            assert response.status_code == 200
            assert (notice in response.content) is shown, (page, who)
