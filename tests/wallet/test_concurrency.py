"""Many threads, each on its own PostgreSQL connection, against the ledger services."""

import random
import threading
import time

import pytest
from django.db import connection

from tests.threads import in_threads
from wallet import services
from wallet.invariants import ledger_problems
from wallet.models import Transaction
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db(transaction=True)


def fund(user, amount):
    services.deposit(
        user, amount, provider="demo", provider_reference=f"f{user.pk}", key=f"fund:{user.pk}"
    )


def test_fifty_simultaneous_holds_of_a_balance_that_covers_one(make_user):
    player = make_user()
    fund(player, 500)
    results = in_threads(
        50, lambda i: services.hold_stake(player, f"table:{i}", 500, key=f"hold:{i}")
    )
    succeeded = [r for r in results if isinstance(r, services.Posting)]
    refused = [r for r in results if isinstance(r, services.InsufficientFunds)]
    assert len(succeeded) == 1 and len(refused) == 49, results
    assert cash_balance(player) == 0
    assert ledger_problems() == []


def test_the_same_key_from_ten_threads_makes_one_transaction(make_user):
    player = make_user()
    fund(player, 1_000)
    results = in_threads(10, lambda i: services.hold_stake(player, "table:1", 300, key="same"))
    assert all(isinstance(r, services.Posting) for r in results), results
    assert sum(r.created for r in results) == 1
    assert len({r.transaction.pk for r in results}) == 1
    assert Transaction.objects.filter(idempotency_key="same").count() == 1
    assert cash_balance(player) == 700


def test_retries_of_a_stake_larger_than_what_remains_are_replays_not_refusals(make_user):
    # The twins wait for the first one's locks; when they get them the balance it left
    # (400) no longer covers the stake, yet each must get the first answer back.
    player = make_user()
    fund(player, 1_000)
    results = in_threads(10, lambda i: services.hold_stake(player, "table:1", 600, key="big"))
    assert all(isinstance(r, services.Posting) for r in results), results
    assert sum(r.created for r in results) == 1
    assert len({r.transaction.pk for r in results}) == 1
    assert cash_balance(player) == 400
    assert ledger_problems() == []


def test_opposing_transfers_end_with_invariants_and_no_deadlock(make_user):
    players = [make_user() for _ in range(20)]
    for p in players:
        fund(p, 10_000)
    deadline = time.monotonic() + 3
    counter = iter(range(10**9))
    lock = threading.Lock()

    def churn(i):
        rng = random.Random(i)
        done = 0
        while time.monotonic() < deadline:
            a, b = rng.sample(players, 2)
            with lock:
                n = next(counter)
            # player a -> escrow shared with b -> b: opposing directions across threads
            ref = f"pair:{n}"
            try:
                services.hold_stake(a, ref, rng.randint(1, 50), key=f"h:{n}")
            except services.InsufficientFunds:
                continue
            escrow = services.escrow_account(ref).balance
            services.settle(ref, {b: escrow}, rake=0, key=f"s:{n}")
            done += 1
        return done

    results = in_threads(16, churn)
    errors = [r for r in results if isinstance(r, Exception)]
    assert not errors, errors[:3]
    assert sum(results) > 50
    assert sum(cash_balance(p) for p in players) == 200_000
    assert ledger_problems() == []
    assert connection.vendor == "postgresql"


def test_a_cancellation_racing_an_approval_ends_the_withdrawal_once(make_user):
    player, staff = make_user(), make_user(is_staff=True)
    fund(player, 1_000)
    withdrawal = services.request_withdrawal(player, 600, key="race")

    def end(i):
        if i % 2:
            return services.cancel_withdrawal(withdrawal, player=player)
        return services.approve_withdrawal(withdrawal, staff=staff)

    results = in_threads(10, end)
    ended = [r for r in results if not isinstance(r, Exception)]
    assert len(ended) == 1
    assert all(isinstance(r, services.WalletError) for r in results if r not in ended)
    withdrawal.refresh_from_db()
    assert cash_balance(player) == (1_000 if withdrawal.status == "cancelled" else 400)
    assert Transaction.objects.filter(reference=f"withdrawal:{withdrawal.pk}").count() == 1
    assert ledger_problems() == []
