"""The wallet asks the player's protection through the guards the accounts app registers
when Django starts; a movement with no registered guard moves no money at all."""

from __future__ import annotations

import dataclasses

import pytest

from accounts import protection
from accounts.models import ProtectionLimit, User
from wallet import guards, services
from wallet.models import Transaction
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db


@pytest.fixture
def player():
    return User.objects.create_user("guarded@example.com", "x")


def test_accounts_registers_a_guard_for_every_guarded_movement():
    assert set(guards._guards) == set(guards.Movement)


def test_a_deposit_without_a_registered_guard_is_refused_and_moves_nothing(player, monkeypatch):
    monkeypatch.setattr(guards, "_guards", {})
    with pytest.raises(guards.GuardMissing):
        services.demo_deposit(player, 5_000, key="no-guard-deposit")
    assert cash_balance(player) == 0
    assert not Transaction.objects.exists()


def test_a_stake_without_a_registered_guard_is_refused_and_moves_nothing(player, monkeypatch):
    services.demo_deposit(player, 5_000, key="funds")
    monkeypatch.setattr(guards, "_guards", {})
    with pytest.raises(guards.GuardMissing):
        services.place_bet(player, 1_000, key="no-guard-bet", reference="round-1")
    assert cash_balance(player) == 5_000


def test_a_withdrawal_without_a_registered_guard_is_refused(player, monkeypatch):
    services.demo_deposit(player, 5_000, key="funds")
    monkeypatch.setattr(guards, "_guards", {})
    with pytest.raises(guards.GuardMissing):
        services.submit_withdrawal(player, 1_000, key="no-guard-withdrawal")
    assert cash_balance(player) == 5_000


def test_a_registered_guard_refusal_reaches_the_caller_as_a_wallet_refusal(player, monkeypatch):
    """The database refuses (a deposit limit); the guard's words reach the caller."""
    protection.set_limit(player, ProtectionLimit.Kind.DEPOSIT, ProtectionLimit.Period.DAY, 1_000)
    worded = dataclasses.replace(
        guards.posting_guard(guards.Movement.DEPOSIT),
        refusal=lambda verdict: guards.GuardRefusal(f"Refused: {verdict[0]}."),
    )
    monkeypatch.setattr(guards, "_guards", {**guards._guards, guards.Movement.DEPOSIT: worded})
    with pytest.raises(services.ProtectionRefusal, match=r"Refused: limit\."):
        services.demo_deposit(player, 5_000, key="refused-deposit")
    assert cash_balance(player) == 0
    assert not Transaction.objects.exists()


def test_a_deposit_or_stake_guard_must_be_judged_in_the_posting():
    """A guard called before the posting would cost the round trips the posting's own
    statement saves; registering one for these movements is a mistake caught at start."""
    with pytest.raises(TypeError):
        guards.register(guards.Movement.STAKE, lambda user, amount, *, key: None)
    with pytest.raises(TypeError):
        guards.register(guards.Movement.WITHDRAWAL, guards.posting_guard(guards.Movement.STAKE))
