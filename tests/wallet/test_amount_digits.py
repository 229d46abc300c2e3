"""Amounts are read from ASCII digits only: fullwidth or Arabic-Indic digits, which
Python's `\\d` and int() both accept, are refused wherever an amount is typed (the wallet's
forms, the protection limits, table stakes and the casino's socket bets, which all parse
with wallet.money.parse_major)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from casino.protocol import InvalidAmount, parse_crash
from lobby.forms import TableFilter
from wallet.forms import DepositForm, new_token
from wallet.models import Transaction
from wallet.money import parse_major
from wallet.selectors import cash_balance

NOT_ASCII = [
    "\uff11\uff10\uff10",  # fullwidth 100
    "\u0661\u0660\u0660",  # Arabic-Indic 100
    "\u0967\u0966",  # Devanagari 10
    "1\uff10.50",
    "10.\uff15\uff10",
]


@pytest.mark.parametrize("text", NOT_ASCII)
def test_parse_major_refuses_digits_that_are_not_ascii(text):
    with pytest.raises(ValueError, match=r"Enter an amount such as 25 or 25\.50\."):
        parse_major(text)
    with pytest.raises(InvalidAmount):
        parse_crash({"type": "bet", "amount": text})


def test_parse_major_still_reads_ascii_amounts(settings):
    settings.CURRENCY_DIGITS = 2
    assert parse_major(" 100 ") == 10_000
    assert parse_major("25,5") == 2_550


@pytest.mark.parametrize("text", NOT_ASCII)
def test_the_amount_field_refuses_them(text):
    form = DepositForm({"amount": text, "token": new_token()})
    assert not form.is_valid() and "amount" in form.errors


@pytest.mark.django_db
def test_a_deposit_typed_in_fullwidth_digits_moves_nothing(client, funded):
    player = funded(10_000)
    client.force_login(player)
    before = Transaction.objects.count()
    response = client.post(
        reverse("wallet:deposit"), {"amount": "\uff11\uff10\uff10", "token": new_token()}
    )
    assert response.status_code == 200 and "amount" in response.context["form"].errors
    assert Transaction.objects.count() == before and cash_balance(player) == 10_000


def test_a_stake_filter_in_fullwidth_digits_filters_nothing():
    form = TableFilter({"min_stake": "\uff11\uff10"})
    assert form.is_valid() and form.amount("min_stake") is None
