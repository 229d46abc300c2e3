"""The wallet pages through the real views and the Django test client."""

import re

import pytest
from django.conf import settings
from django.urls import reverse

from wallet import services
from wallet.invariants import ledger_problems
from wallet.models import Deposit, Transaction, Withdrawal
from wallet.selectors import cash_balance, pending_withdrawal_balance, recent_withdrawals

pytestmark = pytest.mark.django_db

UNIT = 10**settings.CURRENCY_DIGITS


def token_in(response) -> str:
    match = re.search(rb'name="token" value="([^"]+)"', response.content)
    assert match, "the form renders a one-time token"
    return match.group(1).decode()


def errors_of(response) -> list[str]:
    form = response.context["form"]
    return [str(error) for errors in form.errors.values() for error in errors]


@pytest.fixture
def player_client(client, funded):
    player = funded(100 * UNIT)
    client.force_login(player)
    client.player = player
    return client


def test_pages_need_a_login(client):
    for name in ("wallet:index", "wallet:deposit", "wallet:withdraw"):
        response = client.get(reverse(name))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_wallet_page_shows_balance_forms_and_statement(player_client):
    response = player_client.get(reverse("wallet:index"))
    assert response.status_code == 200
    page = response.content.decode()
    assert "100.00 EUR" in page
    assert page.count('name="token"') == 2  # deposit and withdrawal forms
    assert "Deposit via test (fund-" in page  # the statement line of the funding deposit


def test_a_demo_deposit_credits_at_once_with_a_provider_reference(player_client):
    player = player_client.player
    token = token_in(player_client.get(reverse("wallet:deposit")))
    response = player_client.post(reverse("wallet:deposit"), {"amount": "25.50", "token": token})
    assert response.status_code == 302 and response["Location"] == reverse("wallet:index")
    assert cash_balance(player) == 100 * UNIT + 2_550
    deposit = Deposit.objects.get(player=player, provider="demo")
    assert deposit.amount == 2_550 and deposit.provider_reference
    assert deposit.transaction.reference == f"deposit:demo:{deposit.provider_reference}"
    page = player_client.get(reverse("wallet:index")).content.decode()
    assert "25.50 EUR added to your balance." in page
    assert ledger_problems() == []


def test_a_withdrawal_request_moves_the_amount_to_pending(player_client):
    player = player_client.player
    token = token_in(player_client.get(reverse("wallet:withdraw")))
    response = player_client.post(reverse("wallet:withdraw"), {"amount": "40", "token": token})
    assert response.status_code == 302
    assert cash_balance(player) == 60 * UNIT
    assert pending_withdrawal_balance(player) == 40 * UNIT
    withdrawal = Withdrawal.objects.get(player=player)
    assert (withdrawal.amount, withdrawal.status) == (40 * UNIT, "pending")
    page = player_client.get(reverse("wallet:index")).content.decode()
    assert f"Withdrawal {withdrawal.pk}" in page and "Pending" in page
    fields = [field.attname for field in Withdrawal._meta.concrete_fields]
    assert [[getattr(shown, name) for name in fields] for shown in recent_withdrawals(player)] == [
        [getattr(withdrawal, name) for name in fields]
    ]


BAD_AMOUNTS = [
    ("0", "more than zero"),
    ("0.00", "more than zero"),
    ("-5", "more than zero"),
    ("1.234", "at most 2 decimal places"),
    ("abc", "Enter an amount"),
    ("1e3", "Enter an amount"),
    ("", "required"),
    ("10000000.01", "over the limit"),
    ("999999999999999", "over the limit"),
]


@pytest.mark.parametrize("view", ["wallet:deposit", "wallet:withdraw"])
@pytest.mark.parametrize(("amount", "message"), BAD_AMOUNTS)
def test_bad_amounts_are_refused_with_a_message_and_move_nothing(
    player_client, view, amount, message
):
    before = Transaction.objects.count()
    token = token_in(player_client.get(reverse(view)))
    response = player_client.post(reverse(view), {"amount": amount, "token": token})
    assert response.status_code == 200
    assert any(message in error for error in errors_of(response)), errors_of(response)
    assert Transaction.objects.count() == before
    assert cash_balance(player_client.player) == 100 * UNIT


def test_a_withdrawal_over_the_balance_is_refused(player_client):
    token = token_in(player_client.get(reverse("wallet:withdraw")))
    response = player_client.post(reverse("wallet:withdraw"), {"amount": "100.01", "token": token})
    assert errors_of(response) == ["Insufficient funds."]
    assert cash_balance(player_client.player) == 100 * UNIT
    assert not Withdrawal.objects.exists()


@pytest.mark.parametrize("token", [None, "", "short", "has spaces in it ........", "x" * 65])
def test_a_missing_or_malformed_token_is_refused(player_client, token):
    data = {"amount": "5"} | ({} if token is None else {"token": token})
    response = player_client.post(reverse("wallet:deposit"), data)
    assert errors_of(response) == ["This form has expired: please send it again."]
    assert cash_balance(player_client.player) == 100 * UNIT


@pytest.mark.parametrize(
    ("view", "moved"), [("wallet:deposit", 100 * UNIT + 500), ("wallet:withdraw", 95 * UNIT)]
)
def test_a_double_submitted_form_moves_money_once(player_client, view, moved):
    token = token_in(player_client.get(reverse(view)))
    first = player_client.post(reverse(view), {"amount": "5", "token": token})
    second = player_client.post(reverse(view), {"amount": "5", "token": token})
    assert first.status_code == 302
    assert second.status_code == 200
    assert "This form was already sent" in errors_of(second)[0]
    assert cash_balance(player_client.player) == moved
    assert ledger_problems() == []


def test_a_replayed_token_with_other_details_is_refused(player_client):
    token = token_in(player_client.get(reverse("wallet:deposit")))
    player_client.post(reverse("wallet:deposit"), {"amount": "5", "token": token})
    other_amount = player_client.post(reverse("wallet:deposit"), {"amount": "6", "token": token})
    other_form = player_client.post(reverse("wallet:withdraw"), {"amount": "5", "token": token})
    for response in (other_amount, other_form):
        assert errors_of(response) == ["This request was already made with different details."]
    assert cash_balance(player_client.player) == 100 * UNIT + 500
    assert Deposit.objects.filter(provider="demo").count() == 1
    assert not Withdrawal.objects.exists()


def test_a_page_shown_again_after_an_error_carries_a_fresh_token(player_client):
    token = token_in(player_client.get(reverse("wallet:deposit")))
    response = player_client.post(reverse("wallet:deposit"), {"amount": "0", "token": token})
    assert token_in(response) != token


def test_one_players_token_cannot_touch_another_players_request(client, funded):
    alice, bob = funded(10 * UNIT), funded(10 * UNIT)
    client.force_login(alice)
    token = token_in(client.get(reverse("wallet:deposit")))
    client.post(reverse("wallet:deposit"), {"amount": "1", "token": token})
    client.force_login(bob)
    response = client.post(reverse("wallet:deposit"), {"amount": "1", "token": token})
    assert response.status_code == 302  # a request of Bob's own, not a replay of Alice's
    assert (cash_balance(alice), cash_balance(bob)) == (11 * UNIT, 11 * UNIT)


# --- the statement ------------------------------------------------------------------


def lines_of(response) -> list:
    """The statement lines the page shows."""
    return response.context["page"].object_list


def statement_of(client, **query):
    return client.get(reverse("wallet:index"), query)


def test_statement_is_paged_newest_first(player_client):
    player = player_client.player
    for n in range(30):
        services.place_bet(player, 1, key=f"bet:{n}", reference=f"round:keno:{n}")
    first, second = statement_of(player_client), statement_of(player_client, page=2)
    assert len(lines_of(first)) == 25 and len(lines_of(second)) == 6
    assert lines_of(first)[0].reference == "round:keno:29"
    assert lines_of(second)[-1].kind == "deposit"
    assert "Page 1 of 2" in first.content.decode()


def test_the_statements_remembered_count_follows_each_movement(player_client):
    """The count is kept under the account's newest entry: each movement counts again."""
    player = player_client.player
    for n in range(24):
        services.place_bet(player, 1, key=f"bet:{n}", reference=f"round:keno:{n}")
    assert "Page 1 of" not in statement_of(player_client).content.decode()  # 25 lines
    assert "Page 1 of" not in statement_of(player_client).content.decode()  # remembered
    services.place_bet(player, 1, key="bet:24", reference="round:keno:24")
    assert "Page 1 of 2" in statement_of(player_client).content.decode()
    for n in range(25, 50):
        services.place_bet(player, 1, key=f"bet:{n}", reference=f"round:keno:{n}")
    assert "Page 1 of 2" in statement_of(player_client, kind="bet").content.decode()
    services.place_bet(player, 1, key="bet:50", reference="round:keno:50")
    assert "Page 1 of 3" in statement_of(player_client, kind="bet").content.decode()
    assert "Page 1 of 3" in statement_of(player_client).content.decode()


def test_statement_filters_by_kind_and_keeps_the_filter_across_pages(player_client):
    player = player_client.player
    for n in range(27):
        services.place_bet(player, 1, key=f"bet:{n}", reference=f"round:keno:{n}")
    response = statement_of(player_client, kind="bet")
    assert {entry.kind for entry in lines_of(response)} == {"bet"}
    assert "kind=bet&amp;page=2" in response.content.decode()
    assert len(lines_of(statement_of(player_client, kind="bet", page=2))) == 2
    assert len(lines_of(statement_of(player_client, kind="deposit"))) == 1


def test_statement_filters_by_date_range(player_client):
    player = player_client.player
    services.place_bet(player, 1, key="bet", reference="round:keno:1")
    today = Transaction.objects.get(idempotency_key="bet").created.date()
    assert len(lines_of(statement_of(player_client, date_from=today, date_to=today))) == 2
    tomorrow = today.replace(year=today.year + 1)
    assert lines_of(statement_of(player_client, date_from=tomorrow)) == []
    assert (
        "No lines match these filters"
        in statement_of(player_client, date_from=tomorrow).content.decode()
    )


def test_statement_refuses_an_inverted_date_range_and_shows_everything(player_client):
    response = statement_of(player_client, date_from="2030-01-02", date_to="2030-01-01")
    assert "The start date is after the end date." in response.content.decode()
    assert len(lines_of(response)) == 1


@pytest.mark.urls("tests.wallet.urls_with_targets")
def test_statement_lines_link_to_their_table_round_and_tournament(player_client, make_user):
    player = player_client.player
    services.hold_stake(player, "table:42", 100, key="hold")
    services.place_bet(player, 100, key="bet", reference="round:crash:1017")
    services.charge_fee(player, 100, key="fee", reference="tournament:5", memo="Entry fee")
    page = statement_of(player_client).content.decode()
    assert '<a href="/t-lobby/t/42/">Table 42</a>' in page
    assert '<a href="/t-casino/crash/round/1017/">Crash round 1017</a>' in page
    assert '<a href="/t-tournaments/5/">Tournament 5</a>' in page
    assert "Entry fee" in page


def test_statement_shows_withdrawal_lines_and_amounts_with_the_money_filter(
    player_client, make_user
):
    player = player_client.player
    withdrawal = services.request_withdrawal(player, 1_234, key="w")
    services.reject_withdrawal(withdrawal, staff=make_user(is_staff=True))
    page = statement_of(player_client).content.decode()
    assert "Withdrawal request" in page and f"Withdrawal {withdrawal.pk}" in page
    assert "-12.34 EUR" in page and "Withdrawal returned" in page


def test_a_self_excluded_player_cannot_deposit_but_can_withdraw(player_client):
    from accounts import protection

    protection.self_exclude(player_client.player, 6)
    token = token_in(player_client.get(reverse("wallet:deposit")))
    refused = player_client.post(reverse("wallet:deposit"), {"amount": "5", "token": token})
    assert "Deposits are closed until it ends." in errors_of(refused)[0]
    token = token_in(player_client.get(reverse("wallet:withdraw")))
    allowed = player_client.post(reverse("wallet:withdraw"), {"amount": "100", "token": token})
    assert allowed.status_code == 302
    assert cash_balance(player_client.player) == 0


def test_the_player_cancels_a_pending_withdrawal_from_the_wallet_page(player_client, funded):
    player = player_client.player
    withdrawal = services.request_withdrawal(player, 40 * UNIT, key="cancel-me")
    cancel = reverse("wallet:cancel_withdrawal", args=[withdrawal.pk])
    assert f'action="{cancel}"' in player_client.get(reverse("wallet:index")).content.decode()
    assert player_client.get(cancel).status_code == 405
    response = player_client.post(cancel, follow=True)
    assert "is back in your balance" in response.content.decode()
    assert cash_balance(player) == 100 * UNIT
    assert f'action="{cancel}"' not in response.content.decode()
    # Another player's withdrawal is not found, and nothing moves.
    other = funded(50 * UNIT)
    theirs = services.request_withdrawal(other, 10 * UNIT, key="not-yours")
    refused = player_client.post(reverse("wallet:cancel_withdrawal", args=[theirs.pk]))
    assert refused.status_code == 404
    assert Withdrawal.objects.get(pk=theirs.pk).status == "pending"
    assert ledger_problems() == []
