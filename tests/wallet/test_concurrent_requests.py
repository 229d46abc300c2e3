"""Twenty identical deposit and withdrawal requests at once (one form sent twenty times):
one payment record, one ledger transaction, the balance exact."""

from __future__ import annotations

import pytest

from tests.threads import in_threads
from wallet import services
from wallet.invariants import ledger_problems
from wallet.models import Deposit, Transaction, Withdrawal
from wallet.selectors import cash_balance, pending_withdrawal_balance

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 20


def test_twenty_identical_deposits_and_withdrawals_each_happen_once(make_user):
    player = make_user()
    deposits = in_threads(THREADS, lambda _: services.demo_deposit(player, 5_000, key="dep"))
    assert all(isinstance(r, services.Posting) for r in deposits), deposits
    assert sum(r.created for r in deposits) == 1
    assert Deposit.objects.filter(player=player).count() == 1
    withdrawals = in_threads(
        THREADS, lambda _: services.submit_withdrawal(player, 2_000, key="out")
    )
    assert all(isinstance(r, services.WithdrawalRequest) for r in withdrawals), withdrawals
    assert sum(r.created for r in withdrawals) == 1
    assert Withdrawal.objects.filter(player=player).count() == 1
    assert Transaction.objects.filter(actor=player).count() == 2
    assert cash_balance(player) == 3_000
    assert pending_withdrawal_balance(player) == 2_000
    assert ledger_problems() == []
