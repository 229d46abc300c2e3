"""Read-only questions about money, for pages and other apps."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.db.models import QuerySet, Subquery, Sum
from django.utils import timezone

from wallet.compiled import CompiledQuery
from wallet.models import Account, Entry, Withdrawal


def cash_balance_column(user) -> Subquery:
    """The player's cash balance as a column of another query (NULL before their first
    movement): the page header reads it with the rest of what it shows."""
    return Subquery(Account.objects.filter(key=f"cash:user:{user.pk}").values("balance")[:1])


def cash_balance(user) -> int:
    return cash_balance_of(user.pk)


def cash_balance_of(user_id: int) -> int:
    return _balance(f"cash:user:{user_id}")


def pending_withdrawal_balance(user) -> int:
    """Money asked for but not yet paid out: no longer spendable, not yet gone."""
    return _balance(f"pending:user:{user.pk}")


def _balance(account_key: str) -> int:
    return Account.objects.filter(key=account_key).values_list("balance", flat=True).first() or 0


def house_balance(kind: str) -> int:
    """The house's balance of a kind (bank, rake, fees, adjustments, world): the sum of its
    shards (wallet.services.HOUSE_SHARDS)."""
    return house_balances()[kind]


def house_balances() -> dict[str, int]:
    """Every house kind's balance, each the sum of its shards."""
    sums = dict(
        Account.objects.filter(kind__in=Account.HOUSE)
        .values("kind")
        .annotate(total=Sum("balance"))
        .values_list("kind", "total")
    )
    return {kind: sums.get(kind, 0) for kind in Account.HOUSE}


@dataclass(frozen=True)
class WalletAccounts:
    """A player's cash and pending-withdrawal balances, and the cash account's id (None
    before their first movement), read in one query for the wallet page."""

    cash: int
    pending: int
    cash_account_id: int | None


def wallet_accounts(user) -> WalletAccounts:
    cash_key, pending_key = f"cash:user:{user.pk}", f"pending:user:{user.pk}"
    rows = {
        key: (pk, balance)
        for key, pk, balance in Account.objects.filter(key__in=[cash_key, pending_key]).values_list(
            "key", "pk", "balance"
        )
    }
    cash_id, cash = rows.get(cash_key, (None, 0))
    return WalletAccounts(
        cash=cash, pending=rows.get(pending_key, (None, 0))[1], cash_account_id=cash_id
    )


def newest_cash_entry(user) -> tuple[int, int] | None:
    """(the player's cash account id, the id of its newest entry), None before any.

    Entries are never changed or removed, and each one written to an account has a
    higher id than the last (a posting writes them holding the account's row lock), so
    anything computed from the entries up to this id stays exact until it changes. Two
    statements: with the account's id as a constant, the planner walks the (account, id)
    index; through a join or a subquery it may walk every account's entries instead."""
    account_id = cash_account_id(user)
    if account_id is None:
        return None
    newest = _NEWEST_ENTRY.rows(account=account_id)
    return (account_id, newest[0][0]) if newest else None


def cash_account_id(user) -> int | None:
    found = _CASH_ACCOUNT_ID.rows(player=user.pk)
    return found[0][0] if found else None


# Asked on every statement and history page: compiled once per process (wallet/compiled.py).
_NEWEST_ENTRY = CompiledQuery(
    lambda account: (
        Entry.objects.filter(account_id=account).order_by("-id").values_list("id").first()
    ),
    account=int,
)
_CASH_ACCOUNT_ID = CompiledQuery(
    lambda player: (
        Account.objects.filter(key=f"cash:user:{player}").values_list("pk", flat=True).first()
    ),
    player=int,
)


def recent_withdrawals(user, *, limit: int = 10) -> QuerySet[Withdrawal]:
    return Withdrawal.objects.filter(player=user).order_by("-id")[:limit]


def statement(
    user,
    *,
    date_from: date | None = None,
    date_to: date | None = None,
    kind: str = "",
    account_id: int | None = None,
) -> QuerySet[Entry]:
    """The lines of a player's cash account, newest first; the dates are inclusive days in
    the site's time zone. `account_id` is the cash account's, when the caller has read it.

    Filtered on the account's id, not its key through a join: the planner then walks the
    (account, id) index backwards for a page and counts the lines from that index alone,
    however many lines other accounts hold."""
    if account_id is None:
        account_id = cash_account_id(user)
    if account_id is None:
        return Entry.objects.none()
    entries = (
        Entry.objects.filter(account_id=account_id).select_related("transaction").order_by("-id")
    )
    if date_from:
        entries = entries.filter(transaction__created__gte=_start_of(date_from))
    if date_to:
        entries = entries.filter(transaction__created__lt=_start_of(date_to + timedelta(days=1)))
    if kind:
        entries = entries.filter(transaction__kind=kind)
    return entries


def _start_of(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))
