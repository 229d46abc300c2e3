"""The double-entry ledger (docs/architecture.md, "Money"). Only wallet.services writes
these rows."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models


class Account(models.Model):
    class Kind(models.TextChoices):
        CASH = "cash", "Player cash"
        ESCROW = "escrow", "Escrow (table, tournament, reserve)"
        PENDING_WITHDRAWAL = "pending", "Pending withdrawal"
        RAKE = "rake", "House rake"
        HOUSE_BANK = "bank", "House bank"
        FEES = "fees", "Fees"
        ADJUSTMENTS = "adjust", "Staff adjustments"
        WORLD = "world", "Outside world"

    # Kinds that hold somebody's money: the database refuses to let them go below zero.
    NON_NEGATIVE = (Kind.CASH, Kind.ESCROW, Kind.PENDING_WITHDRAWAL)
    # The house's kinds, each split into shards (wallet.services.HOUSE_SHARDS).
    HOUSE = (Kind.HOUSE_BANK, Kind.RAKE, Kind.FEES, Kind.ADJUSTMENTS, Kind.WORLD)

    key = models.CharField(max_length=100)
    kind = models.CharField(max_length=10, choices=Kind.choices)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="ledger_accounts",
    )
    reference = models.CharField(max_length=100, blank=True)
    currency = models.CharField(max_length=3)
    balance = models.BigIntegerField(default=0)
    closed_at = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    # A player's cash account whose movements are also summed per hour and day (CashHour,
    # CashDay): set, never cleared, by services.keep_cash_hours when the player first sets
    # a limit or a reality check, which read them. The other accounts' postings write none.
    keeps_hours = models.BooleanField(db_default=False)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(balance__gte=0)
                | ~models.Q(kind__in=["cash", "escrow", "pending"]),
                name="account_balance_non_negative",
            ),
            # A constraint, not unique=True on the field: that would add a second index
            # (varchar_pattern_ops, for LIKE) that nothing queries. Likewise below.
            models.UniqueConstraint(fields=["key"], name="account_key_unique"),
        ]
        indexes = [
            # The house's shards of a kind, summed by selectors.house_balance.
            models.Index(
                fields=["kind"],
                condition=models.Q(kind__in=["bank", "rake", "fees", "adjust", "world"]),
                name="account_house_kind",
            ),
        ]
        # Staff corrections go through services.adjust (admin "Adjust balance" view).
        permissions = [("adjust_balance", "Can adjust a player's balance with a reason")]

    def __str__(self) -> str:
        return self.key


class Transaction(models.Model):
    class Kind(models.TextChoices):
        DEPOSIT = "deposit"
        WITHDRAWAL_REQUEST = "withdrawal_request", "Withdrawal requested"
        WITHDRAWAL_PAID = "withdrawal_paid", "Withdrawal paid"
        WITHDRAWAL_REJECTED = "withdrawal_rejected", "Withdrawal returned"
        WITHDRAWAL_CANCELLED = "withdrawal_cancelled", "Withdrawal cancelled"
        HOLD = "hold", "Stake held"
        RELEASE = "release", "Stake refunded"
        SETTLE = "settle", "Settlement"
        FEE = "fee"
        BET = "bet"
        WIN = "win"
        ADJUSTMENT = "adjustment", "Staff adjustment"
        CORRECTION = "correction"
        # Between two accounts through the posting primitive alone (bench/ledger.py).
        TRANSFER = "transfer"

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    idempotency_key = models.CharField(max_length=200)
    fingerprint = models.CharField(max_length=64)
    reference = models.CharField(max_length=100, blank=True)
    memo = models.CharField(max_length=300, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        db_index=False,  # nothing looks postings up by who made them
    )
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        # Every posting inserts into each of these indexes: only those some query uses.
        constraints = [
            models.UniqueConstraint(fields=["idempotency_key"], name="transaction_key_unique"),
        ]
        indexes = [
            models.Index(fields=["reference"], name="transaction_reference"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.uuid}"


class Entry(models.Model):
    # Indexed by the pairs below, whose first column serves as these keys' own index.
    # Checked once per statement by the ledger's own triggers (migration 0012), not by
    # PostgreSQL's foreign keys, which checked every entry of a round's wins on its own.
    transaction = models.ForeignKey(
        Transaction,
        on_delete=models.PROTECT,
        related_name="entries",
        db_index=False,
        db_constraint=False,
    )
    account = models.ForeignKey(
        Account,
        on_delete=models.PROTECT,
        related_name="entries",
        db_index=False,
        db_constraint=False,
    )
    amount = models.BigIntegerField()
    balance_after = models.BigIntegerField()

    class Meta:
        indexes = [
            models.Index(fields=["account", "id"]),
            models.Index(fields=["transaction", "id"]),
        ]
        verbose_name_plural = "entries"

    def __str__(self) -> str:
        return f"{self.account_id} {self.amount:+d}"


class CashHour(models.Model):
    """What moved through a player's cash account in one hour (UTC), per kind of
    transaction: the totals that the protection's limits and reality check read instead
    of the player's entries (accounts_guard_judgement), so that a stake's judgement does
    not grow with everything the player has played.

    Kept only for the accounts that keep hours (`Account.keeps_hours`: the players with a
    limit or a reality check), by `wallet_post` in the statement that writes the entries,
    under the account's lock (migration 0014). The hour's first and last entry bound what
    a period starting inside the hour reads, to be exact to the microsecond. Each day's
    hours are summed again in its CashDay. `ledger_problems` checks that the hours are the
    entries summed, and the days the hours."""

    pk = models.CompositePrimaryKey("account", "hour", "kind")
    account = models.ForeignKey(
        Account,
        on_delete=models.DO_NOTHING,
        related_name="+",
        db_index=False,  # the primary key's first column
        db_constraint=False,  # as the entries': the account exists, it is locked
    )
    hour = models.DateTimeField()
    kind = models.CharField(max_length=20, choices=Transaction.Kind.choices)
    amount = models.BigIntegerField()
    first_entry_id = models.BigIntegerField()
    last_entry_id = models.BigIntegerField()
    last_created = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.account_id} {self.hour:%Y-%m-%d %H}h {self.kind} {self.amount:+d}"


class CashDay(models.Model):
    """The cash hours of one day (UTC) summed, per kind of transaction: a month's judgement
    reads at most 30 of these and the hours of the three days its periods start in, not
    720 hours a kind. Written with the hours, by the same statement (migration 0014)."""

    pk = models.CompositePrimaryKey("account", "day", "kind")
    account = models.ForeignKey(
        Account,
        on_delete=models.DO_NOTHING,
        related_name="+",
        db_index=False,  # the primary key's first column
        db_constraint=False,  # as the entries'
    )
    day = models.DateTimeField()
    kind = models.CharField(max_length=20, choices=Transaction.Kind.choices)
    amount = models.BigIntegerField()

    def __str__(self) -> str:
        return f"{self.account_id} {self.day:%Y-%m-%d} {self.kind} {self.amount:+d}"


class Withdrawal(models.Model):
    """A player's request to take money out: pending until staff approve or reject it."""

    class Status(models.TextChoices):
        PENDING = "pending"
        PAID = "paid"
        REJECTED = "rejected"
        CANCELLED = "cancelled"  # by the player, before staff decided

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    amount = models.BigIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    requested = models.ForeignKey(Transaction, on_delete=models.PROTECT, related_name="+")
    decided = models.ForeignKey(
        Transaction, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    note = models.CharField(max_length=300, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=models.Q(amount__gt=0), name="withdrawal_positive")
        ]
        permissions = [("decide_withdrawal", "Can approve or reject withdrawals")]

    def __str__(self) -> str:
        return f"Withdrawal {self.pk} ({self.status})"


class Deposit(models.Model):
    """A payment received from a provider (the demo page credits at once)."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    amount = models.BigIntegerField()
    provider = models.CharField(max_length=40)
    provider_reference = models.CharField(max_length=100)
    transaction = models.OneToOneField(
        Transaction, on_delete=models.PROTECT, related_name="deposit"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=models.Q(amount__gt=0), name="deposit_positive"),
            models.UniqueConstraint(
                fields=["provider_reference"], name="deposit_provider_reference_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"Deposit {self.provider_reference}"
