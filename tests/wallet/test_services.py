import pytest
from django.db import IntegrityError, connection, transaction

from wallet import services
from wallet.invariants import ledger_problems
from wallet.models import Account, Entry, Transaction, Withdrawal
from wallet.rake import hourly_rake, percentage_rake
from wallet.selectors import cash_balance, house_balance

pytestmark = pytest.mark.django_db


@pytest.fixture
def funded(make_user):
    def make(amount: int = 10_000):
        user = make_user()
        if amount:
            services.deposit(
                user,
                amount,
                provider="demo",
                provider_reference=f"r{user.pk}",
                key=f"dep:{user.pk}",
            )
        return user

    return make


def test_deposit_credits_cash_from_the_outside_world(funded):
    user = funded(2_500)
    assert cash_balance(user) == 2_500
    assert house_balance(Account.Kind.WORLD) == -2_500
    assert ledger_problems() == []


def test_a_replayed_key_moves_nothing_and_returns_the_first_result(funded):
    user = funded(0)
    first = services.deposit(user, 100, provider="demo", provider_reference="p1", key="k1")
    again = services.deposit(user, 100, provider="demo", provider_reference="p1", key="k1")
    assert first.created and not again.created
    assert again.transaction.pk == first.transaction.pk
    assert cash_balance(user) == 100


def test_the_same_key_with_another_request_is_refused(funded):
    user = funded(0)
    services.deposit(user, 100, provider="demo", provider_reference="p1", key="k1")
    with pytest.raises(services.IdempotencyConflict):
        services.deposit(user, 200, provider="demo", provider_reference="p2", key="k1")
    assert cash_balance(user) == 100


@pytest.mark.parametrize("amount", [0, -5, 1.5, "10", True, None, 10**18])
def test_bad_amounts_are_refused_and_move_nothing(funded, amount):
    user = funded(1_000)
    with pytest.raises(services.InvalidAmount):
        services.hold_stake(user, "table:1", amount, key="bad")
    assert cash_balance(user) == 1_000
    assert not Transaction.objects.filter(idempotency_key="bad").exists()


def test_insufficient_funds(funded):
    user = funded(100)
    with pytest.raises(services.InsufficientFunds):
        services.hold_stake(user, "table:1", 101, key="h")
    assert cash_balance(user) == 100


def test_withdrawal_approve_and_reject(funded, make_user):
    user, staff = funded(1_000), make_user(is_staff=True)
    w1 = services.request_withdrawal(user, 300, key="w1")
    w2 = services.request_withdrawal(user, 200, key="w2")
    assert cash_balance(user) == 500
    with pytest.raises(services.InsufficientFunds):
        services.request_withdrawal(user, 501, key="w3")
    services.approve_withdrawal(w1, staff=staff)
    services.reject_withdrawal(w2, staff=staff, note="Card name mismatch")
    assert cash_balance(user) == 700
    assert house_balance(Account.Kind.WORLD) == -700
    with pytest.raises(services.WalletError):
        services.approve_withdrawal(w2, staff=staff)
    assert Withdrawal.objects.get(pk=w2.pk).status == "rejected"
    assert ledger_problems() == []


def test_hold_settle_with_rake(funded):
    a, b = funded(1_000), funded(1_000)
    services.hold_stake(a, "table:7", 500, key="a")
    services.hold_stake(b, "table:7", 500, key="b")
    rake = percentage_rake(1_000, 400)
    services.settle("table:7", {a: 1_000 - rake}, rake=rake, key="settle:7")
    assert (cash_balance(a), cash_balance(b)) == (1_460, 500)
    assert house_balance(Account.Kind.RAKE) == 40
    assert services.escrow_account("table:7").balance == 0
    # A retried settlement moves nothing; a second one with another key is refused.
    again = services.settle("table:7", {a: 1_000 - rake}, rake=rake, key="settle:7")
    assert not again.created
    with pytest.raises(services.EscrowClosed):
        services.settle("table:7", {a: 960}, rake=40, key="settle:7:again")
    assert ledger_problems() == []


def test_a_settlement_that_does_not_add_up_moves_nothing(funded):
    a, b = funded(), funded()
    services.hold_stake(a, "table:8", 500, key="a")
    services.hold_stake(b, "table:8", 500, key="b")
    with pytest.raises(services.SettlementMismatch):
        services.settle("table:8", {a: 970}, rake=40, key="s")
    with pytest.raises(services.SettlementMismatch):
        services.settle("table:8", {a: 1_000, b: -40}, rake=40, key="s")
    assert services.escrow_account("table:8").balance == 1_000


def test_release_fee_bets_wins_adjust(funded, make_user):
    user, staff = funded(1_000), make_user(is_staff=True)
    services.hold_stake(user, "table:9", 400, key="h")
    services.release_hold(user, "table:9", 400, key="r")
    services.charge_fee(user, 40, key="f", reference="table:9", memo="Change card")
    services.place_bet(user, 100, key="bet", reference="round:crash:1")
    services.pay_wins({user: 250}, key="win", reference="round:crash:1")
    services.adjust(user, -10, reason="Duplicate win reversed", staff=staff, key="adj")
    assert cash_balance(user) == 1_000 - 40 - 100 + 250 - 10
    with pytest.raises(services.WalletError):
        services.adjust(user, 10, reason=" ", staff=staff, key="adj2")
    assert ledger_problems() == []


def test_entries_cannot_be_updated_or_deleted(funded):
    funded(100)
    entry = Entry.objects.first()
    for sql in (
        f"UPDATE wallet_entry SET amount = 0 WHERE id = {entry.pk}",
        f"DELETE FROM wallet_entry WHERE id = {entry.pk}",
        f"UPDATE wallet_transaction SET memo = 'x' WHERE id = {entry.transaction_id}",
    ):
        with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "legs",
    [
        [("cash", 100), ("world", -90)],  # two accounts that do not sum to zero
        [("cash", 100)],  # one leg, however it would be balanced later
        [("cash", 100), ("world", -100), ("cash", 1)],
    ],
)
def test_entries_written_that_do_not_balance_are_refused_by_the_database(make_user, legs):
    """Whatever writes them: every statement's entries of a transaction sum to zero over
    at least two legs (wallet 0011), so every transaction's do."""
    user = make_user()
    accounts = {
        "cash": services.cash_account(user).pk,
        "world": services.house_account("world", anchor=user.pk).pk,
    }
    with pytest.raises(IntegrityError, match="does not balance"), transaction.atomic():
        tx = Transaction.objects.create(kind="adjustment", idempotency_key="raw", fingerprint="x")
        with connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after) "
                "SELECT %s, unnest(%s::bigint[]), unnest(%s::bigint[]), 0",
                [tx.pk, [accounts[name] for name, _ in legs], [amount for _, amount in legs]],
            )
    assert not Transaction.objects.filter(idempotency_key="raw").exists()


def test_a_player_balance_cannot_go_negative_in_the_database(make_user):
    account = services.cash_account(make_user())
    with pytest.raises(IntegrityError), transaction.atomic():
        Account.objects.filter(pk=account.pk).update(balance=-1)


def test_rake_helpers():
    assert percentage_rake(1_000, 400) == 40
    assert percentage_rake(999, 400) == 39  # floored: never more than the rate
    assert percentage_rake(0, 400) == 0
    assert hourly_rake(50, 0) == 0
    assert hourly_rake(50, 1) == 50
    assert hourly_rake(50, 3600) == 50
    assert hourly_rake(50, 3601) == 100
    with pytest.raises(ValueError):
        percentage_rake(100, 10_001)


def test_staff_money_actions_are_audited(funded, make_user):
    from reports.models import AuditLog

    user, staff = funded(1_000), make_user(is_staff=True)
    services.adjust(user, 50, reason="Goodwill after outage", staff=staff, key="adj-audit")
    services.adjust(user, 50, reason="Goodwill after outage", staff=staff, key="adj-audit")
    withdrawal = services.request_withdrawal(user, 100, key="w-audit")
    services.approve_withdrawal(withdrawal, staff=staff)
    actions = list(AuditLog.objects.order_by("pk").values_list("action", "actor_id"))
    assert actions == [("wallet.adjust", staff.pk), ("wallet.withdrawal_paid", staff.pk)]


def test_a_player_cancels_a_pending_withdrawal_once_and_only_their_own(funded, make_user):
    user, other, staff = funded(1_000), funded(1_000), make_user(is_staff=True)
    withdrawal = services.request_withdrawal(user, 300, key="w")
    with pytest.raises(services.WalletError, match="no such withdrawal"):
        services.cancel_withdrawal(withdrawal, player=other)
    services.cancel_withdrawal(withdrawal, player=user)
    assert cash_balance(user) == 1_000
    withdrawal.refresh_from_db()
    assert (withdrawal.status, withdrawal.decided.kind) == ("cancelled", "withdrawal_cancelled")
    with pytest.raises(services.WalletError, match="already cancelled"):
        services.cancel_withdrawal(withdrawal, player=user)
    with pytest.raises(services.WalletError, match="already cancelled"):
        services.approve_withdrawal(withdrawal, staff=staff)
    paid = services.request_withdrawal(user, 200, key="w2")
    services.approve_withdrawal(paid, staff=staff)
    with pytest.raises(services.WalletError, match="already paid"):
        services.cancel_withdrawal(paid, player=user)
    assert cash_balance(user) == 800
    assert ledger_problems() == []


def test_the_player_is_told_after_commit_whenever_their_cash_moves(
    funded, make_user, django_capture_on_commit_callbacks
):
    from wallet import notices

    told: list[tuple[int, int | None]] = []

    def listener(user_id: int, balance: int | None) -> None:
        told.append((user_id, balance))

    notices.on_cash_moved(listener)
    try:
        user, staff = funded(0), make_user(is_staff=True)
        with django_capture_on_commit_callbacks(execute=True):
            services.deposit(user, 500, provider="demo", provider_reference="n1", key="n1")
            services.deposit(user, 500, provider="demo", provider_reference="n1", key="n1")
            withdrawal = services.request_withdrawal(user, 200, key="n2")
            services.reject_withdrawal(withdrawal, staff=staff, note="test")
            services.adjust(user, 50, reason="goodwill", staff=staff, key="n3")
        heard = [user_id for user_id, _ in told]
        assert heard == [user.pk] * 4  # the replayed deposit moved nothing and says nothing
        # The balance each movement left, when the mover knows it (a decided withdrawal's
        # listener reads it).
        assert [balance for _, balance in told] == [500, 300, None, 550]
        with (
            pytest.raises(services.InsufficientFunds),
            django_capture_on_commit_callbacks(execute=True),
        ):
            services.request_withdrawal(user, 10**9, key="n4")
        assert len(told) == 4
    finally:
        notices._listeners.remove(listener)
