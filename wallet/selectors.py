"""Read-only questions about money, for pages and other apps."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from django.db.models import QuerySet, Sum
from django.utils import timezone

from wallet.models import Account, Entry, Withdrawal


def header_balance(user) -> int | None:
    """The logged-in player's cash balance in minor units (None when nobody is logged in)."""
    if not getattr(user, "is_authenticated", False):
        return None
    return cash_balance(user)


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


def recent_withdrawals(user, *, limit: int = 10) -> QuerySet[Withdrawal]:
    return Withdrawal.objects.filter(player=user).order_by("-id")[:limit]


def statement(
    user, *, date_from: date | None = None, date_to: date | None = None, kind: str = ""
) -> QuerySet[Entry]:
    """The lines of a player's cash account, newest first; the dates are inclusive days in
    the site's time zone."""
    entries = (
        Entry.objects.filter(account__key=f"cash:user:{user.pk}")
        .select_related("transaction")
        .order_by("-id")
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
