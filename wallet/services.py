"""Every money movement of the platform. Nothing else writes ledger rows.

Each service is one posting: one statement, the database function `wallet_post`, that
locks the touched accounts in ascending id order (no deadlocks), refuses to take any
guarded account below zero, writes balanced entries, and is idempotent by key: the same
key with the same request returns the first transaction and moves nothing; with another
request it is refused. Deposits, stakes, bets, fees and withdrawal requests are first
judged by the player's protection, through the guards the accounts app registers in
wallet/guards.py (deposits and stakes in the posting's own statement): the account as
the database holds it then (blocked accounts, staff and regulators move no money),
limits, time-out and self-exclusion. Payments to a player (refunds, settlements, wins)
are owed and never asked.
"""

from __future__ import annotations

import functools
import hashlib
import json
import zlib
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from staff import audit
from wallet import notices
from wallet.guards import GuardRefusal, Movement, PostingGuard, posting_guard
from wallet.guards import ask as ask_guard
from wallet.models import Account, Transaction, Withdrawal
from wallet.prepared import execute, prepared_cursor

Kind = Account.Kind
TxKind = Transaction.Kind


class WalletError(Exception):
    """A refused movement; the message can be shown to the player as it is."""


class InvalidAmount(WalletError):
    pass


class InsufficientFunds(WalletError):
    pass


class IdempotencyConflict(WalletError):
    pass


class SettlementMismatch(WalletError):
    pass


class EscrowClosed(WalletError):
    pass


class ProtectionRefusal(WalletError):
    """Refused by the player's own protection: a limit, a time-out, a self-exclusion or a
    reality check due (the registered guard says which, in words the player can read)."""


# --- accounts ------------------------------------------------------------------------

# Each house account is HOUSE_SHARDS accounts of its kind, `<prefix>:<n>`. Nearly every
# posting crosses the house, and one row that each posting locks until its COMMIT queued
# all clients behind it (bench/ledger.py, 8 clients: bets 0.21x pgbench, lock waits on
# `house:bank`). A player's posting takes shard `user id mod N`; one of many players (a
# round's wins, a settlement's rake) the shard its key or reference hashes to. The house's
# balance of a kind is the sum of its shards (`selectors.house_balance`). Changing N moves
# no money, but a retry across the change names another shard and is refused as a
# different request: change it only while no money moves.
HOUSE_SHARDS = 16
HOUSE_PREFIXES: dict[str, str] = {
    Kind.RAKE: "house:rake",
    Kind.HOUSE_BANK: "house:bank",
    Kind.FEES: "house:fees",
    Kind.ADJUSTMENTS: "house:adjustments",
    Kind.WORLD: "world",
}


def house_shard(anchor: int | str) -> int:
    """The shard of the house a posting takes: a user's id, or a key or reference."""
    if isinstance(anchor, int):
        return anchor % HOUSE_SHARDS
    return zlib.crc32(anchor.encode()) % HOUSE_SHARDS


def house_key(kind: str, shard: int) -> str:
    return f"{HOUSE_PREFIXES[kind]}:{shard}"


def _account(key: str, kind: str, owner=None, reference: str = "") -> Account:
    account, _ = Account.objects.get_or_create(
        key=key,
        defaults={
            "kind": kind,
            "owner": owner,
            "reference": reference,
            "currency": settings.CURRENCY,
        },
    )
    return account


def cash_account(user) -> Account:
    return _account(f"cash:user:{user.pk}", Kind.CASH, owner=user)


# The hours of an account's entries, per hour (UTC) and kind of transaction, as wallet_post
# keeps them (wallet.models.CashHour); the ledger's check compares them the same way.
CASH_HOURS_OF_ENTRIES = """
SELECT e.account_id, date_trunc('hour', t.created, 'UTC') AS hour, t.kind,
       sum(e.amount) AS amount, min(e.id) AS first_entry_id, max(e.id) AS last_entry_id,
       max(t.created) AS last_created
FROM wallet_entry e
JOIN wallet_transaction t ON t.id = e.transaction_id
WHERE e.account_id IN (SELECT id FROM wallet_account WHERE {accounts})
GROUP BY 1, 2, 3
"""
_KEEP_HOURS_SQL = (
    "UPDATE wallet_account SET keeps_hours = true WHERE id = %s AND NOT keeps_hours RETURNING id"
)
# The days of an account's hours, as wallet_post keeps them (wallet.models.CashDay).
CASH_DAYS_OF_HOURS = """
SELECT account_id, date_trunc('day', hour, 'UTC') AS day, kind, sum(amount) AS amount
FROM wallet_cashhour
WHERE account_id IN (SELECT id FROM wallet_account WHERE {accounts})
GROUP BY 1, 2, 3
"""
_BUILD_HOURS_SQL = (
    "INSERT INTO wallet_cashhour "
    "(account_id, hour, kind, amount, first_entry_id, last_entry_id, last_created) "
    + CASH_HOURS_OF_ENTRIES.format(accounts="id = %s")
)
_BUILD_DAYS_SQL = "INSERT INTO wallet_cashday (account_id, day, kind, amount) " + (
    CASH_DAYS_OF_HOURS.format(accounts="id = %s")
)


def keep_cash_hours(user) -> None:
    """From now on the player's cash account keeps its hours and days (CashHour, CashDay),
    first built from the entries it already has: the protection's limits and reality
    check read them. Call it inside the transaction that sets the player's limit or
    reality check, so that both commit together. The flag's update takes the account's
    row lock, which every posting takes first: a posting committed before it is in what is
    built here (statements of their own, so snapshots taken once the lock is granted), and
    one after it reads the flag under that lock and adds to the hours and days itself."""
    account = cash_account(user)
    with connection.cursor() as cursor:
        cursor.execute(_KEEP_HOURS_SQL, [account.pk])
        if cursor.fetchone() is not None:
            cursor.execute(_BUILD_HOURS_SQL, [account.pk])
            cursor.execute(_BUILD_DAYS_SQL, [account.pk])


def pending_account(user) -> Account:
    return _account(f"pending:user:{user.pk}", Kind.PENDING_WITHDRAWAL, owner=user)


def escrow_account(reference: str) -> Account:
    """The escrow of a table, tournament or reserve, e.g. `table:42`."""
    return _account(f"escrow:{reference}", Kind.ESCROW, reference=reference)


def house_account(kind: str, *, anchor: int | str) -> Account:
    """The house account of `kind` a posting anchored on `anchor` (see `house_shard`)
    takes; its balance is one shard's, the house's is `selectors.house_balance`."""
    return _account(house_key(kind, house_shard(anchor)), kind)


def open_house_accounts(using: str = "default", **_signal) -> None:
    """Every shard of every house account, created once (after `migrate` and after a test
    database's flush: post_migrate), so that no posting pays for creating one."""
    Account.objects.using(using).bulk_create(
        [
            Account(key=house_key(kind, shard), kind=kind, currency=settings.CURRENCY)
            for kind in HOUSE_PREFIXES
            for shard in range(HOUSE_SHARDS)
        ],
        ignore_conflicts=True,
    )


@dataclass(frozen=True)
class _Named:
    """An account named by its key, for the services' own postings: the posting's locking
    statement finds it by key (no lookup before it), and creates it the first time it is
    named (a player's first deposit, a table's first stake, a new database's house)."""

    key: str
    kind: str
    owner_id: int | None = None
    reference: str = ""


def _cash(player) -> _Named:
    """`player`: a user, or a user's id (a round's settlement pays thousands by id)."""
    user_id = player if isinstance(player, int) else player.pk
    return _Named(f"cash:user:{user_id}", Kind.CASH, owner_id=user_id)


def _escrow(reference: str) -> _Named:
    return _Named(f"escrow:{reference}", Kind.ESCROW, reference=reference)


def _house(kind: str, anchor: int | str) -> _Named:
    """`anchor`: the player's id, or a key or reference (`house_shard`)."""
    return _Named(house_key(kind, house_shard(anchor)), kind)


# --- the one posting primitive --------------------------------------------------------


@dataclass(frozen=True)
class _Guarded:
    """A posting's guard and its arguments, judged in the posting's statement."""

    guard: PostingGuard
    arguments: tuple


def _guarded(movement: Movement, user, amount: int, key: str) -> _Guarded:
    guard = posting_guard(movement)
    return _Guarded(guard, tuple(guard.arguments(user, amount, key)))


@dataclass(frozen=True)
class Posting:
    transaction_id: int
    created: bool  # False when an earlier call with the same key already moved the money
    # Each account's balance after this posting, by key (empty when it moved nothing).
    balances_after: Mapping[str, int] = field(default_factory=dict)
    # The columns of the transaction this call wrote, in `_WRITTEN_FIELDS`' order.
    written: tuple | None = field(default=None, repr=False, compare=False)

    @cached_property
    def transaction(self) -> Transaction:
        """Built when a caller asks for it (most never do): from the columns this call
        wrote, or read for a replay."""
        if self.written is None:
            return Transaction.objects.get(pk=self.transaction_id)
        return Transaction.from_db(
            connection.alias, ["id", *_WRITTEN_FIELDS], [self.transaction_id, *self.written]
        )


def check_amount(amount: object, *, maximum: int | None = None) -> int:
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise InvalidAmount("The amount must be a whole number of minor units.")
    if amount <= 0:
        raise InvalidAmount("The amount must be more than zero.")
    limit = settings.WALLET_MAX_AMOUNT if maximum is None else maximum
    if amount > limit:
        raise InvalidAmount("The amount is over the limit for a single movement.")
    return amount


def post(
    kind: str,
    moves: Iterable[tuple[Account, int]],
    *,
    key: str,
    reference: str = "",
    memo: str = "",
    actor=None,
) -> Posting:
    """Move money: each (account, signed amount); the amounts must sum to zero. One
    statement: outside a transaction it commits on its own, inside one it is part of it
    (a refusal writes nothing, so it needs no savepoint)."""
    net: dict[int, int] = defaultdict(int)
    for account, amount in moves:
        net[account.pk] += amount
    moving = _balanced(net)
    return _run(kind, moving, key, reference, memo, actor, ids=list(moving))


def _post(
    kind: str,
    moves: Iterable[tuple[_Named, int]],
    *,
    key: str,
    reference: str = "",
    memo: str = "",
    actor=None,
    closing: _Named | None = None,
    deposit: tuple[int, int, str, str] | None = None,
    create: bool = False,
    guarded: _Guarded | None = None,
) -> Posting:
    """`post` for the services, with their accounts named by key: the posting finds them,
    or creates them, itself. `closing`: an escrow to empty and close in the same statement
    (a settlement); `deposit`: the player, amount, provider and provider's reference of
    the deposit row written with the transaction; `create`: some accounts are likely new
    (a table's first stake), so they are created before the lock rather than after it
    finds them missing; `guarded`: the player's protection, judged in the same statement
    before the money moves."""
    net: dict[str, int] = defaultdict(int)
    named: dict[str, _Named] = {}
    for account, amount in moves:
        net[account.key] += amount
        named[account.key] = account
    moving = _balanced(net)
    accounts = [named[account_key] for account_key in moving]
    return _run(
        kind,
        moving,
        key,
        reference,
        memo,
        actor,
        accounts=accounts,
        closing=closing,
        deposit=deposit,
        create=create,
        guarded=guarded,
    )


def _balanced(net: Mapping) -> dict:
    moving = {account: amount for account, amount in net.items() if amount}
    if sum(moving.values()) != 0 or len(moving) < 2:
        raise WalletError("A transaction moves money between at least two accounts and balances.")
    return moving


# The posting is one call of the database function `wallet_post` (migration 0008): it
# locks the accounts in ascending id order (creating those named for the first time),
# looks for an earlier transaction with the key, refuses or writes the transaction, its
# entries and the new balances, and returns what happened. One round trip, and none for
# BEGIN and COMMIT when the caller is not in a transaction: the client's share of a
# posting was most of its cost (bench/ledger.py, CPU split).
#
# The fingerprint stays the one Python computed before the function existed, the sha256
# of json.dumps([kind, sorted((account id, amount)), reference], separators=(",", ":")),
# so that a retry across the deploy still replays; the ids are known only under the lock,
# so the function assembles that text. The two strings in it are encoded here by json
# itself (non-ASCII as \uXXXX, quotes, control characters), the numbers there are plain
# integers: the same text for any reference (tests/wallet/test_posting.py proves it).
_POST_ARGUMENTS = 20
_POST_SQL = f"SELECT * FROM wallet_post({', '.join(['%s'] * _POST_ARGUMENTS)})"


@functools.cache
def _guarded_post_sql(function: str, guard_arguments: int) -> str:
    """The statement of a posting judged by a guard (wallet/guards.py, PostingGuard)."""
    return f"SELECT * FROM {function}({', '.join(['%s'] * (guard_arguments + _POST_ARGUMENTS))})"


# Every column of a transaction but its id (a test keeps this in step with the model).
_WRITTEN_FIELDS = (
    "uuid",
    "kind",
    "idempotency_key",
    "fingerprint",
    "reference",
    "memo",
    "actor_id",
    "created",
)

_NO_DEPOSIT = (None, None, None, None)


def _run(
    kind: str,
    net: Mapping,
    key: str,
    reference: str,
    memo: str,
    actor,
    *,
    ids: list[int] | None = None,
    accounts: list[_Named] | None = None,
    closing: _Named | None = None,
    deposit: tuple[int, int, str, str] | None = None,
    create: bool = False,
    guarded: _Guarded | None = None,
) -> Posting:
    """The posting's one statement: accounts by `ids` (`post`) or by name (`accounts`),
    each moving its amount in `net`, in the same order. With `create`, the statement also
    creates those of `accounts` that do not exist yet; without it, it is run again with
    it when it finds one missing (a second statement, once per new account). With
    `guarded`, the statement is the guard's function, which judges first and posts only
    when the guard lets the money move."""
    memo = memo[:300]
    actor_id = actor.pk if actor is not None else None
    created = timezone.now()
    creating = create and accounts is not None
    sql, guard_arguments = _POST_SQL, ()
    if guarded is not None:
        guard_arguments = guarded.arguments
        sql = _guarded_post_sql(guarded.guard.function, len(guard_arguments))
    with prepared_cursor() as cursor:
        execute(
            cursor,
            sql,
            [
                *guard_arguments,
                kind,
                key,
                reference,
                memo,
                actor_id,
                created,
                json.dumps(kind),
                json.dumps(reference),
                ids,
                list(net) if accounts is not None else None,
                list(net.values()),
                [account.kind for account in accounts] if creating else None,
                [account.owner_id for account in accounts] if creating else None,
                [account.reference for account in accounts] if creating else None,
                settings.CURRENCY,
                closing.key if closing is not None else None,
                *(deposit or _NO_DEPOSIT),
            ],
        )
        row = cursor.fetchone()
    if guarded is not None:
        verdict_columns = guarded.guard.verdict_columns
        verdict, row = row[:verdict_columns], row[verdict_columns:]
        if row[0] is None:  # the guard refused: nothing was written
            refusal = guarded.guard.refusal(verdict)
            raise ProtectionRefusal(refusal.message) from refusal
    (
        status,
        transaction_id,
        transaction_uuid,
        fingerprint,
        keys,
        balances_after,
        refused_key,
        refused_reference,
        refused_balance,
    ) = row
    if status == "posted":
        return Posting(
            transaction_id,
            created=True,
            balances_after=dict(zip(keys, balances_after, strict=True)),
            written=(transaction_uuid, kind, key, fingerprint, reference, memo, actor_id, created),
        )
    if status == "replay":
        return Posting(transaction_id, created=False)
    if status == "conflict":
        raise IdempotencyConflict("This request was already made with different details.")
    if status == "missing":
        if accounts is not None and not create:
            return _run(
                kind,
                net,
                key,
                reference,
                memo,
                actor,
                accounts=accounts,
                closing=closing,
                deposit=deposit,
                create=True,
                guarded=guarded,
            )
        raise WalletError("A transaction names an account that does not exist.")
    if status == "closed":
        raise EscrowClosed(f"{refused_key} is closed.")
    if status == "mismatch":
        raise SettlementMismatch(
            f"Settlement of {refused_reference} pays {-net[refused_key]} "
            f"but the escrow holds {refused_balance}."
        )
    if status == "escrow short":
        raise SettlementMismatch(f"Escrow {refused_reference} holds too little.")
    if status == "insufficient":
        raise InsufficientFunds("Insufficient funds.")
    raise WalletError(f"Transaction {key} was neither written nor found.")  # "lost"


# --- player money in and out ----------------------------------------------------------


def _tell_cash(user_id: int, posting: Posting) -> None:
    """The player's pages hear the cash balance this posting left (no read after it)."""
    balance = posting.balances_after[_cash(user_id).key]
    notices.cash_moved(user_id, balances={user_id: balance})


def _protected(movement: Movement, user, amount: int, key: str) -> None:
    """Ask the player's protection first (a withdrawal's), inside the movement's
    transaction: the guard locks the player's protection row, so two requests of one player
    are judged one after the other."""
    try:
        ask_guard(movement, user, amount, key=key)
    except GuardRefusal as refusal:
        raise ProtectionRefusal(refusal.message) from refusal


# Deposits and stakes are judged in their posting's statement (`_guarded`): the guard locks
# the player's protection row there, so two requests of one player are judged one after
# the other and cannot pass a limit together; replays are let through. One statement, so
# none for BEGIN and COMMIT: it commits on its own out of a transaction, and a refusal
# writes nothing inside one.


def deposit(user, amount: int, *, provider: str, provider_reference: str, key: str) -> Posting:
    check_amount(amount)
    posting = _post(
        TxKind.DEPOSIT,
        [(_house(Kind.WORLD, user.pk), -amount), (_cash(user), amount)],
        key=key,
        reference=f"deposit:{provider}:{provider_reference}",
        actor=user,
        memo=f"Deposit via {provider}",
        deposit=(user.pk, amount, provider, provider_reference),
        guarded=_guarded(Movement.DEPOSIT, user, amount, key),
    )
    if posting.created:
        _tell_cash(user.pk, posting)
    return posting


DEMO_PROVIDER = "demo"


def form_key(submitter, token: str) -> str:
    """The idempotency key of a submitted form: the one-time token rendered in it, under
    its submitter, so that nobody's token can name anybody else's request."""
    return f"form:user:{submitter.pk}:{token}"


def demo_deposit(user, amount: int, *, key: str) -> Posting:
    """The demo payment provider pays at once. Its reference is derived from the key, so a
    repeated request names the same payment and is a replay, not a second deposit."""
    provider_reference = hashlib.sha256(key.encode()).hexdigest()[:24]
    return deposit(
        user, amount, provider=DEMO_PROVIDER, provider_reference=provider_reference, key=key
    )


@dataclass(frozen=True)
class WithdrawalRequest:
    withdrawal: Withdrawal
    created: bool  # False when an earlier call with the same key already made the request


def request_withdrawal(user, amount: int, *, key: str) -> Withdrawal:
    return submit_withdrawal(user, amount, key=key).withdrawal


def submit_withdrawal(user, amount: int, *, key: str) -> WithdrawalRequest:
    """`request_withdrawal` that also tells whether this call made the request."""
    check_amount(amount)
    with transaction.atomic():
        _protected(Movement.WITHDRAWAL, user, amount, key)
        posting = post(
            TxKind.WITHDRAWAL_REQUEST,
            [(cash_account(user), -amount), (pending_account(user), amount)],
            key=key,
            reference=f"withdrawal:user:{user.pk}",
            actor=user,
            memo="Withdrawal requested",
        )
        if not posting.created:
            withdrawal = Withdrawal.objects.get(requested=posting.transaction)
            return WithdrawalRequest(withdrawal, created=False)
        withdrawal = Withdrawal.objects.create(
            player=user, amount=amount, requested=posting.transaction
        )
        _tell_cash(user.pk, posting)
        return WithdrawalRequest(withdrawal, created=True)


# What each end of a pending withdrawal posts: the transaction kind and whether the money
# leaves for the outside world (paid) or goes back to the player's cash.
_DECISIONS = {
    Withdrawal.Status.PAID: (TxKind.WITHDRAWAL_PAID, True),
    Withdrawal.Status.REJECTED: (TxKind.WITHDRAWAL_REJECTED, False),
    Withdrawal.Status.CANCELLED: (TxKind.WITHDRAWAL_CANCELLED, False),
}


def _decide_withdrawal(withdrawal: Withdrawal, actor, status: str, note: str) -> Withdrawal:
    """End a pending withdrawal once: the row lock is taken before the status is read, and
    every end shares one ledger key, so an approval racing a cancellation lands once."""
    with transaction.atomic():
        withdrawal = Withdrawal.objects.select_for_update().get(pk=withdrawal.pk)
        if withdrawal.status != Withdrawal.Status.PENDING:
            raise WalletError(f"This withdrawal is already {withdrawal.status}.")
        player = withdrawal.player
        kind, leaves = _DECISIONS[status]
        target = house_account(Kind.WORLD, anchor=player.pk) if leaves else cash_account(player)
        posting = post(
            kind,
            [(pending_account(player), -withdrawal.amount), (target, withdrawal.amount)],
            key=f"withdrawal:{withdrawal.pk}:decision",
            reference=f"withdrawal:{withdrawal.pk}",
            actor=actor,
            memo=note or f"Withdrawal {status}",
        )
        withdrawal.status, withdrawal.decided, withdrawal.decided_by = (
            status,
            posting.transaction,
            actor,
        )
        withdrawal.note = note[:300]
        withdrawal.save(update_fields=["status", "decided", "decided_by", "note"])
        notices.cash_moved(player.pk)
        audit.record(
            actor,
            f"wallet.withdrawal_{status}",
            player,
            note or f"Withdrawal {status}",
            withdrawal=withdrawal.pk,
            amount=withdrawal.amount,
        )
        return withdrawal


def cancel_withdrawal(withdrawal: Withdrawal, *, player) -> Withdrawal:
    """The player takes back a withdrawal staff have not decided yet: the money returns
    to their cash. Someone else's withdrawal is refused as if it did not exist."""
    if withdrawal.player_id != player.pk:
        raise WalletError("There is no such withdrawal.")
    return _decide_withdrawal(
        withdrawal, player, Withdrawal.Status.CANCELLED, "Cancelled by the player"
    )


def approve_withdrawal(withdrawal: Withdrawal, *, staff, note: str = "") -> Withdrawal:
    return _decide_withdrawal(withdrawal, staff, Withdrawal.Status.PAID, note)


def reject_withdrawal(withdrawal: Withdrawal, *, staff, note: str = "") -> Withdrawal:
    return _decide_withdrawal(withdrawal, staff, Withdrawal.Status.REJECTED, note)


# --- stakes, escrow and settlement ----------------------------------------------------


def hold_stake(user, escrow_reference: str, amount: int, *, key: str, memo: str = "") -> Posting:
    check_amount(amount)
    return _post(
        TxKind.HOLD,
        [(_cash(user), -amount), (_escrow(escrow_reference), amount)],
        key=key,
        reference=escrow_reference,
        actor=user,
        memo=memo or "Stake held",
        create=True,  # the first stake at a table opens its escrow
        guarded=_guarded(Movement.STAKE, user, amount, key),
    )


def release_hold(user, escrow_reference: str, amount: int, *, key: str, memo: str = "") -> Posting:
    check_amount(amount)
    return _post(
        TxKind.RELEASE,
        [(_escrow(escrow_reference), -amount), (_cash(user), amount)],
        key=key,
        reference=escrow_reference,
        memo=memo or "Stake refunded",
    )


def settle(
    escrow_reference: str,
    payouts: Mapping[object, int],
    *,
    rake: int,
    key: str,
    memo: str = "",
    refund: bool = False,
) -> Posting | None:
    """Empty and close an escrow: `payouts` per user plus `rake` must equal its balance
    exactly, else nothing moves. Returns None when there was nothing to move.

    ``refund``: the escrow goes back to those who put it in (a void game), recorded as
    a refund on their statements rather than as a settlement."""
    kind = TxKind.RELEASE if refund else TxKind.SETTLE
    if rake < 0 or any(amount < 0 for amount in payouts.values()):
        raise SettlementMismatch("Payouts and rake cannot be negative.")
    total = sum(payouts.values()) + rake
    if total:
        escrow = _escrow(escrow_reference)
        moves = [(escrow, -total), *((_cash(u), a) for u, a in payouts.items() if a)]
        if rake:
            moves.append((_house(Kind.RAKE, escrow_reference), rake))
        # One posting checks that the escrow holds exactly the total and closes it.
        return _post(
            kind,
            moves,
            key=key,
            reference=escrow_reference,
            memo=memo or kind.label,
            closing=escrow,
        )
    escrow = escrow_account(escrow_reference)  # nothing to pay: it must be empty
    with transaction.atomic():
        locked = Account.objects.select_for_update().get(pk=escrow.pk)
        if Transaction.objects.filter(idempotency_key=key).exists() or locked.closed_at:
            return None
        if locked.balance:
            raise SettlementMismatch(
                f"Settlement of {escrow_reference} pays 0 but the escrow holds {locked.balance}."
            )
        Account.objects.filter(pk=escrow.pk).update(closed_at=timezone.now())
        return None


# --- fees, house games and staff --------------------------------------------------------


def _staked_to_house(
    kind: str, house: str, user, amount: int, *, key: str, reference: str, memo: str
) -> Posting:
    """A player's stake the house takes at once (a bet, a fee), judged by their protection."""
    check_amount(amount)
    return _post(
        kind,
        [(_cash(user), -amount), (_house(house, user.pk), amount)],
        key=key,
        reference=reference,
        actor=user,
        memo=memo,
        guarded=_guarded(Movement.STAKE, user, amount, key),
    )


def charge_fee(user, amount: int, *, key: str, reference: str, memo: str) -> Posting:
    return _staked_to_house(
        TxKind.FEE, Kind.FEES, user, amount, key=key, reference=reference, memo=memo
    )


def refund_fee(user, amount: int, *, key: str, reference: str, memo: str) -> Posting:
    """Gives a fee back (the game it paid for was void). Money going back to a player is
    not a stake: no protection guard applies."""
    check_amount(amount)
    return _post(
        TxKind.FEE,
        [(_house(Kind.FEES, user.pk), -amount), (_cash(user), amount)],
        key=key,
        reference=reference,
        memo=memo,
    )


def place_bet(user, amount: int, *, key: str, reference: str, memo: str = "Bet") -> Posting:
    return _staked_to_house(
        TxKind.BET, Kind.HOUSE_BANK, user, amount, key=key, reference=reference, memo=memo
    )


def pay_wins(
    wins: Mapping[object, int], *, key: str, reference: str, memo: str = "Winnings"
) -> Posting | None:
    """All the wins of one round in one transaction (a batch, not one request per bet);
    `wins`: the amount per player, each a user or a user's id."""
    payable = {user: amount for user, amount in wins.items() if amount}
    for amount in payable.values():
        check_amount(amount)
    if not payable:
        return None
    total = sum(payable.values())
    moves = [
        (_house(Kind.HOUSE_BANK, key), -total),
        *((_cash(user), amount) for user, amount in payable.items()),
    ]
    return _post(TxKind.WIN, moves, key=key, reference=reference, memo=memo)


def adjust(user, amount: int, *, reason: str, staff, key: str) -> Posting:
    """A staff correction of a player's cash, up or down, always with a reason."""
    if not reason.strip():
        raise WalletError("An adjustment needs a reason.")
    check_amount(
        abs(amount) if isinstance(amount, int) and not isinstance(amount, bool) else amount
    )
    with transaction.atomic():
        posting = _post(
            TxKind.ADJUSTMENT,
            [(_house(Kind.ADJUSTMENTS, user.pk), -amount), (_cash(user), amount)],
            key=key,
            reference=f"adjustment:user:{user.pk}",
            actor=staff,
            memo=reason.strip(),
        )
        if posting.created:
            audit.record(
                staff,
                "wallet.adjust",
                user,
                reason.strip(),
                amount=amount,
                transaction=str(posting.transaction.uuid),
            )
            _tell_cash(user.pk, posting)
    return posting
