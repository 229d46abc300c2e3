"""`manage.py ledger_check` and the invariants behind it; seed_demo's money."""

import io
import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import connection

from tests.conftest import database_url
from wallet import services
from wallet.invariants import ledger_problems
from wallet.models import Account, Deposit
from wallet.selectors import cash_balance, house_balance


def tamper(sql: str, *params) -> None:
    """What someone with database access could do: account and withdrawal rows are
    writable (entries and transactions are not)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def run_ledger_check() -> subprocess.CompletedProcess:
    """The real command in its own process, against the test database."""
    db = connection.settings_dict
    url = database_url(db)
    return subprocess.run(
        [sys.executable, "manage.py", "ledger_check"],
        cwd=settings.BASE_DIR,
        env={**os.environ, "DATABASE_URL": url},
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.django_db(transaction=True)
def test_the_command_exits_zero_on_a_sound_ledger_and_non_zero_on_a_tampered_one(funded):
    player = funded(1_000)
    services.hold_stake(player, "table:3", 400, key="hold")
    sound = run_ledger_check()
    assert sound.returncode == 0, sound.stderr
    assert "Ledger OK" in sound.stdout

    tamper(
        "UPDATE wallet_account SET balance = balance + 1 WHERE key = %s", f"cash:user:{player.pk}"
    )
    broken = run_ledger_check()
    assert broken.returncode != 0
    assert "balances sum to 1, not 0" in broken.stderr
    assert f"cash:user:{player.pk}: balance 601, entries sum to 600" in broken.stderr


@pytest.mark.django_db
def test_call_command_raises_and_names_each_problem(funded):
    player = funded(1_000)
    call_command("ledger_check")
    tamper(
        "UPDATE wallet_account SET balance = balance - 7 WHERE key = %s", f"cash:user:{player.pk}"
    )
    with pytest.raises(CommandError, match="2 ledger invariant"):
        call_command("ledger_check")


@pytest.mark.django_db
def test_a_closed_escrow_that_still_holds_money_is_named(funded):
    player = funded(1_000)
    services.hold_stake(player, "table:9", 400, key="hold")
    tamper("UPDATE wallet_account SET closed_at = now() WHERE key = 'escrow:table:9'")
    assert ledger_problems() == ["escrow:table:9 is closed but holds 400"]


@pytest.mark.django_db
def test_pending_withdrawals_must_match_the_pending_account(funded):
    player = funded(1_000)
    withdrawal = services.request_withdrawal(player, 300, key="w")
    assert ledger_problems() == []
    tamper("UPDATE wallet_withdrawal SET status = 'paid' WHERE id = %s", withdrawal.pk)
    assert ledger_problems() == [
        f"pending:user:{player.pk} holds 300 but pending withdrawals total 0"
    ]


@pytest.mark.django_db
def test_an_account_in_another_currency_is_named(funded):
    player = funded(1_000)
    tamper("UPDATE wallet_account SET currency = 'XXX' WHERE key = %s", f"cash:user:{player.pk}")
    assert ledger_problems() == [
        f"cash:user:{player.pk} is in XXX, not the deployment's {settings.CURRENCY}"
    ]


@pytest.mark.django_db
def test_seed_demo_funds_each_demo_player_once():
    for _ in range(2):
        call_command("seed_demo", stdout=io.StringIO())
    deposits = Deposit.objects.filter(provider=services.DEMO_PROVIDER)
    assert deposits.count() == 4
    start = 1_000 * 10**settings.CURRENCY_DIGITS
    assert {cash_balance(deposit.player) for deposit in deposits} == {start}
    assert house_balance(Account.Kind.WORLD) == -4 * start
    assert ledger_problems() == []
