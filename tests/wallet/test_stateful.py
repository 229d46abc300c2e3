"""The services driven at random against a model of what every balance should be.

Each example runs inside a savepoint rolled back at its end, so examples start from the
same ledger; after every step each balance is compared with the model and the ledger's
invariants are checked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    invariant,
    multiple,
    precondition,
    rule,
    run_state_machine_as_test,
)

pytestmark = pytest.mark.django_db

PLAYERS = 3
TABLES = 3
amounts = st.integers(min_value=1, max_value=500)
rake_rates = st.sampled_from([0, 250, 500, 1_000])  # basis points
player_numbers = st.integers(0, PLAYERS - 1)
table_numbers = st.integers(0, TABLES - 1)
round_wins = st.lists(
    st.tuples(player_numbers, amounts), min_size=1, max_size=PLAYERS, unique_by=lambda w: w[0]
)


@dataclass(frozen=True)
class Call:
    """A successful service call, kept to be replayed with its key."""

    description: str
    again: Callable[[], object]  # the same call: same key, same details
    transaction_id: int | None


def test_services_match_a_model_of_the_balances(make_user):
    from django.db import transaction

    from accounts import protection
    from wallet import services
    from wallet.invariants import ledger_problems
    from wallet.models import Account, Transaction, Withdrawal
    from wallet.rake import percentage_rake
    from wallet.selectors import house_balance

    Kind = Account.Kind
    HOUSE_KINDS = list(Account.HOUSE)
    players = [make_user() for _ in range(PLAYERS)]
    staff = make_user(is_staff=True)

    class Ledger(RuleBasedStateMachine):
        calls = Bundle("calls")
        withdrawals = Bundle("withdrawals")

        def __init__(self) -> None:
            super().__init__()
            self.example = transaction.atomic()
            self.example.__enter__()
            self.serial = 0
            self.house = {kind: house_balance(kind) for kind in HOUSE_KINDS}
            self.cash = [0] * PLAYERS
            self.pending = [0] * PLAYERS
            self.stakes = [[0] * PLAYERS for _ in range(TABLES)]
            self.table_round = [0] * TABLES  # a settled table is followed by a new escrow
            self.closed_escrows: list[str] = []

        def teardown(self) -> None:
            transaction.set_rollback(True)
            self.example.__exit__(None, None, None)

        def key(self, what: str) -> str:
            self.serial += 1
            return f"{what}:{self.serial}"

        def table(self, t: int) -> str:
            return f"table:{t}.{self.table_round[t]}"

        def expect_refusal(self, error: type[Exception], call: Callable[[], object]) -> None:
            before = Transaction.objects.count()
            with pytest.raises(error):
                call()
            assert Transaction.objects.count() == before

        def remember(self, description, again, posting) -> Call:
            return Call(description, again, posting.transaction.pk if posting else None)

        # --- money in and out ----------------------------------------------------------

        @rule(target=calls, p=player_numbers, amount=amounts)
        def deposit(self, p, amount):
            key = self.key("deposit")

            def again():
                return services.deposit(
                    players[p], amount, provider="test", provider_reference=key, key=key
                )

            posting = again()
            self.cash[p] += amount
            self.house[Kind.WORLD] -= amount
            return self.remember(f"deposit {key}", again, posting)

        @rule(target=withdrawals, p=player_numbers, amount=amounts)
        def request_withdrawal(self, p, amount):
            key = self.key("withdraw")
            if amount > self.cash[p]:
                self.expect_refusal(
                    services.InsufficientFunds,
                    lambda: services.request_withdrawal(players[p], amount, key=key),
                )
                return multiple()
            withdrawal = services.request_withdrawal(players[p], amount, key=key)
            self.cash[p] -= amount
            self.pending[p] += amount
            return (withdrawal, p, key)

        @rule(requested=withdrawals, approve=st.booleans())
        def decide_withdrawal(self, requested, approve):
            withdrawal, p, _ = requested
            decide = services.approve_withdrawal if approve else services.reject_withdrawal
            if Withdrawal.objects.get(pk=withdrawal.pk).status != Withdrawal.Status.PENDING:
                self.expect_refusal(services.WalletError, lambda: decide(withdrawal, staff=staff))
                return
            decide(withdrawal, staff=staff)
            self.pending[p] -= withdrawal.amount
            if approve:
                self.house[Kind.WORLD] += withdrawal.amount
            else:
                self.cash[p] += withdrawal.amount

        @rule(requested=withdrawals)
        def replay_withdrawal_request(self, requested):
            withdrawal, p, key = requested
            again = services.request_withdrawal(players[p], withdrawal.amount, key=key)
            assert again.pk == withdrawal.pk

        # --- tables: stakes, refunds, settlement with rake -----------------------------

        @rule(target=calls, p=player_numbers, t=table_numbers, amount=amounts)
        def hold(self, p, t, amount):
            key, table = self.key("hold"), self.table(t)

            def again():
                return services.hold_stake(players[p], table, amount, key=key)

            if amount > self.cash[p]:
                self.expect_refusal(services.InsufficientFunds, again)
                return multiple()
            posting = again()
            self.cash[p] -= amount
            self.stakes[t][p] += amount
            return self.remember(f"hold {key}", again, posting)

        @precondition(lambda self: any(any(row) for row in self.stakes))
        @rule(target=calls, data=st.data())
        def release(self, data):
            held = [(t, p) for t in range(TABLES) for p in range(PLAYERS) if self.stakes[t][p]]
            t, p = data.draw(st.sampled_from(held))
            amount = data.draw(st.integers(1, self.stakes[t][p]))
            key, table = self.key("release"), self.table(t)

            def again():
                return services.release_hold(players[p], table, amount, key=key)

            posting = again()
            self.stakes[t][p] -= amount
            self.cash[p] += amount
            return self.remember(f"release {key}", again, posting)

        @rule(target=calls, t=table_numbers, winner=player_numbers, rate=rake_rates)
        def settle(self, t, winner, rate):
            pot = sum(self.stakes[t])
            rake = percentage_rake(pot, rate)
            key, table = self.key("settle"), self.table(t)

            def again():
                return services.settle(table, {players[winner]: pot - rake}, rake=rake, key=key)

            posting = again()
            self.cash[winner] += pot - rake
            self.house[Kind.RAKE] += rake
            self.stakes[t] = [0] * PLAYERS
            self.closed_escrows.append(table)
            self.table_round[t] += 1
            return self.remember(f"settle {key}", again, posting)

        @precondition(lambda self: self.closed_escrows and any(self.cash))
        @rule(data=st.data())
        def a_settled_escrow_refuses_stakes(self, data):
            table = data.draw(st.sampled_from(self.closed_escrows))
            p = data.draw(st.sampled_from([p for p in range(PLAYERS) if self.cash[p]]))
            key = self.key("late")
            self.expect_refusal(
                services.EscrowClosed, lambda: services.hold_stake(players[p], table, 1, key=key)
            )

        # --- protection ----------------------------------------------------------------

        @rule(p=player_numbers)
        def set_a_limit(self, p):
            """A limit too high to refuse anything: from then on the player's cash account
            keeps hours, built from what it already holds and added to by every posting
            after, which the invariants compare with the entries."""
            protection.set_limit(players[p], "loss", "month", 10**12)

        # --- house games ---------------------------------------------------------------

        @rule(target=calls, p=player_numbers, amount=amounts)
        def bet(self, p, amount):
            key = self.key("bet")

            def again():
                return services.place_bet(players[p], amount, key=key, reference="round:keno:1")

            if amount > self.cash[p]:
                self.expect_refusal(services.InsufficientFunds, again)
                return multiple()
            posting = again()
            self.cash[p] -= amount
            self.house[Kind.HOUSE_BANK] += amount
            return self.remember(f"bet {key}", again, posting)

        @rule(target=calls, wins=round_wins)
        def pay_wins(self, wins):
            key = self.key("wins")

            def again():
                return services.pay_wins(
                    {players[p]: amount for p, amount in wins}, key=key, reference="round:keno:1"
                )

            posting = again()
            for p, amount in wins:
                self.cash[p] += amount
                self.house[Kind.HOUSE_BANK] -= amount
            return self.remember(f"wins {key}", again, posting)

        @rule(target=calls, p=player_numbers, amount=amounts, credit=st.booleans())
        def adjust(self, p, amount, credit):
            key, signed = self.key("adjust"), amount if credit else -amount

            def again():
                return services.adjust(players[p], signed, reason="Model", staff=staff, key=key)

            if self.cash[p] + signed < 0:
                self.expect_refusal(services.InsufficientFunds, again)
                return multiple()
            posting = again()
            self.cash[p] += signed
            self.house[Kind.ADJUSTMENTS] -= signed
            return self.remember(f"adjust {key}", again, posting)

        # --- retries and bad requests --------------------------------------------------

        @rule(call=calls)
        def replay(self, call):
            before = Transaction.objects.count()
            posting = call.again()
            assert Transaction.objects.count() == before, call.description
            if call.transaction_id is None:  # a settlement of an empty escrow
                assert posting is None
            else:
                assert (posting.transaction.pk, posting.created) == (call.transaction_id, False)

        @rule(call=calls, p=player_numbers)
        def reuse_a_key_for_another_request(self, call, p):
            key = (
                Transaction.objects.filter(pk=call.transaction_id)
                .values_list("idempotency_key", flat=True)
                .first()
            )
            if key is None:
                return
            self.expect_refusal(
                services.IdempotencyConflict,
                lambda: services.deposit(
                    players[p], 999_999, provider="test", provider_reference="x", key=key
                ),
            )

        @rule(p=player_numbers, amount=st.sampled_from([0, -1, -500, 10**18]))
        def bad_amount(self, p, amount):
            key = self.key("bad")
            self.expect_refusal(
                services.InvalidAmount,
                lambda: services.hold_stake(players[p], self.table(0), amount, key=key),
            )

        # --- after every step ----------------------------------------------------------

        @invariant()
        def balances_match_the_model(self):
            for p, player in enumerate(players):
                assert services.cash_account(player).balance == self.cash[p]
                assert services.pending_account(player).balance == self.pending[p]
            for t in range(TABLES):
                assert services.escrow_account(self.table(t)).balance == sum(self.stakes[t])
            for table in self.closed_escrows:
                assert services.escrow_account(table).balance == 0
            for kind, balance in self.house.items():
                assert house_balance(kind) == balance, kind

        @invariant()
        def ledger_is_sound(self):
            assert ledger_problems() == []

    run_state_machine_as_test(
        Ledger,
        settings=settings(
            max_examples=30,
            stateful_step_count=25,
            derandomize=True,
            database=None,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
