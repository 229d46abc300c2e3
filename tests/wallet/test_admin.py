"""The ledger in the Django admin: read-only rows, the withdrawal queue, adjustments."""

import re

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from wallet import services
from wallet.invariants import ledger_problems
from wallet.models import Account, Deposit, Transaction, Withdrawal
from wallet.selectors import cash_balance, house_balance

pytestmark = pytest.mark.django_db


def staff_with(make_user, *codenames: str):
    user = make_user(is_staff=True)
    user.user_permissions.add(*Permission.objects.filter(codename__in=codenames))
    return user


@pytest.fixture
def superuser(make_user):
    return make_user(is_staff=True, is_superuser=True)


@pytest.fixture
def ledger(funded, make_user):
    """A player with a deposit, a table stake and three withdrawals: pending, paid, rejected."""
    player, staff = funded(10_000), make_user(is_staff=True)
    services.hold_stake(player, "table:1", 500, key="hold")
    pending = services.request_withdrawal(player, 100, key="w1")
    paid = services.approve_withdrawal(
        services.request_withdrawal(player, 200, key="w2"), staff=staff
    )
    rejected = services.reject_withdrawal(
        services.request_withdrawal(player, 300, key="w3"), staff=staff
    )
    return player, pending, paid, rejected


def admin_url(model, action: str, *args) -> str:
    return reverse(f"admin:wallet_{model._meta.model_name}_{action}", args=args)


@pytest.mark.parametrize("model", [Account, Transaction, Deposit, Withdrawal])
def test_ledger_rows_are_read_only_even_for_a_superuser(client, superuser, ledger, model):
    client.force_login(superuser)
    row = model.objects.first()
    assert client.get(admin_url(model, "changelist")).status_code == 200
    detail = client.get(admin_url(model, "change", row.pk))
    assert detail.status_code == 200 and b'name="_save"' not in detail.content
    assert client.get(admin_url(model, "add")).status_code == 403
    assert client.post(admin_url(model, "change", row.pk), {}).status_code == 403
    assert client.get(admin_url(model, "delete", row.pk)).status_code == 403
    assert client.post(admin_url(model, "delete", row.pk), {"post": "yes"}).status_code == 403
    assert model.objects.filter(pk=row.pk).exists()


def test_a_transaction_shows_its_entries_inline(client, superuser, ledger):
    client.force_login(superuser)
    hold = Transaction.objects.get(idempotency_key="hold")
    page = client.get(admin_url(Transaction, "change", hold.pk)).content.decode()
    assert "escrow:table:1" in page and f"cash:user:{ledger[0].pk}" in page
    assert 'name="entries-MAX_NUM_FORMS" value="0"' in page  # no row can be added


def test_the_withdrawal_queue_shows_pending_requests_unless_asked(client, superuser, ledger):
    _, pending, paid, rejected = ledger
    client.force_login(superuser)

    def listed(**query) -> set[int]:
        response = client.get(admin_url(Withdrawal, "changelist"), query)
        return {w.pk for w in response.context["cl"].result_list}

    assert listed() == {pending.pk}
    assert listed(status="paid") == {paid.pk}
    assert listed(status="all") == {pending.pk, paid.pk, rejected.pk}


def decide(client, action: str, *withdrawals, **query):
    return client.post(
        admin_url(Withdrawal, "changelist") + ("?status=all" if query.get("all") else ""),
        {"action": action, "_selected_action": [w.pk for w in withdrawals]},
        follow=True,
    )


def test_approve_and_reject_with_the_permission(client, make_user, funded):
    player = funded(1_000)
    first = services.request_withdrawal(player, 100, key="a")
    second = services.request_withdrawal(player, 200, key="b")
    decider = staff_with(make_user, "view_withdrawal", "decide_withdrawal")
    client.force_login(decider)
    assert "Approve: pay out" in client.get(admin_url(Withdrawal, "changelist")).content.decode()

    decide(client, "approve", first)
    response = decide(client, "reject", second)
    assert "1 withdrawal(s) rejected." in response.content.decode()
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, first.decided_by) == ("paid", decider)
    assert (second.status, second.decided_by) == ("rejected", decider)
    assert cash_balance(player) == 900
    assert house_balance(Account.Kind.WORLD) == -900
    assert ledger_problems() == []


def test_a_decided_withdrawal_is_not_decided_again(client, superuser, ledger):
    _, _, paid, _ = ledger
    client.force_login(superuser)
    response = decide(client, "reject", paid, all=True)
    assert f"Withdrawal {paid.pk}: This withdrawal is already paid." in response.content.decode()
    paid.refresh_from_db()
    assert paid.status == "paid"
    assert ledger_problems() == []


def test_without_the_permission_there_are_no_actions_and_nothing_moves(client, make_user, funded):
    player = funded(1_000)
    withdrawal = services.request_withdrawal(player, 100, key="a")
    client.force_login(staff_with(make_user, "view_withdrawal"))
    page = client.get(admin_url(Withdrawal, "changelist")).content.decode()
    assert "Approve: pay out" not in page and "Reject: return" not in page
    decide(client, "approve", withdrawal)
    decide(client, "reject", withdrawal)
    withdrawal.refresh_from_db()
    assert withdrawal.status == "pending" and cash_balance(player) == 900


# --- adjustments --------------------------------------------------------------------


def adjust_url(player) -> str:
    return reverse("admin:wallet_account_adjust", args=[services.cash_account(player).pk])


def token_in(response) -> str:
    return re.search(rb'name="token" value="([^"]+)"', response.content).group(1).decode()


def post_adjustment(client, player, token=None, **fields):
    token = token or token_in(client.get(adjust_url(player)))
    data = {"direction": "1", "amount": "5.00", "reason": "Goodwill credit", "token": token}
    return client.post(adjust_url(player), data | fields)


def test_an_adjustment_posts_with_its_reason_and_author(client, make_user, funded):
    player = funded(1_000)
    adjuster = staff_with(make_user, "view_account", "adjust_balance")
    client.force_login(adjuster)
    changelist = client.get(admin_url(Account, "changelist")).content.decode()
    assert "Adjust…" in changelist

    response = post_adjustment(
        client, player, direction="-1", amount="2.50", reason="Bonus reversed"
    )
    assert response.status_code == 302
    assert cash_balance(player) == 750
    adjustment = Transaction.objects.get(kind="adjustment")
    assert (adjustment.memo, adjustment.actor) == ("Bonus reversed", adjuster)
    assert house_balance(Account.Kind.ADJUSTMENTS) == 250
    assert ledger_problems() == []


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"reason": "   "}, "This field is required."),
        ({"amount": "0"}, "more than zero"),
        ({"amount": "1.001"}, "at most 2 decimal places"),
        ({"direction": "-1", "amount": "10.01"}, "Insufficient funds."),
        ({"token": "bad"}, "This form has expired"),
    ],
)
def test_a_refused_adjustment_says_why_and_moves_nothing(
    client, superuser, funded, fields, message
):
    player = funded(1_000)
    client.force_login(superuser)
    response = post_adjustment(client, player, **fields)
    assert response.status_code == 200 and message in response.content.decode()
    assert cash_balance(player) == 1_000
    assert not Transaction.objects.filter(kind="adjustment").exists()


def test_a_double_submitted_adjustment_moves_once(client, superuser, funded):
    player = funded(1_000)
    client.force_login(superuser)
    token = token_in(client.get(adjust_url(player)))
    assert post_adjustment(client, player, token=token).status_code == 302
    again = post_adjustment(client, player, token=token)
    assert "already sent" in again.content.decode()
    assert cash_balance(player) == 1_500


def test_adjusting_needs_the_permission(client, make_user, funded):
    player = funded(1_000)
    client.force_login(staff_with(make_user, "view_account"))
    assert "Adjust…" not in client.get(admin_url(Account, "changelist")).content.decode()
    for response in (
        client.get(adjust_url(player)),
        client.post(adjust_url(player), {"direction": "1", "amount": "5", "reason": "x"}),
    ):
        assert response.status_code == 302
    assert cash_balance(player) == 1_000


def test_only_a_player_cash_account_is_adjusted(client, superuser, funded):
    funded(1_000)
    client.force_login(superuser)
    world = Account.objects.filter(kind=Account.Kind.WORLD).first()
    response = client.get(reverse("admin:wallet_account_adjust", args=[world.pk]), follow=True)
    assert "Only a player&#x27;s cash account can be adjusted." in response.content.decode()
