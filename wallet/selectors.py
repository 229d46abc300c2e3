"""Read-only questions about money, for pages and other apps."""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import NamedTuple, TypeVar

from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS
from django.db.models import OuterRef, QuerySet, Subquery, Sum
from django.utils import timezone
from redis import RedisError

from wallet.compiled import CompiledQuery
from wallet.models import Account, Entry, Withdrawal

T = TypeVar("T")


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
    """A player's cash and pending-withdrawal balances, the cash account's id and the id
    of its newest entry (None before their first movement), read in one query for the
    wallet page."""

    cash: int
    pending: int
    cash_account_id: int | None
    newest_cash_entry_id: int | None


def wallet_accounts(user) -> WalletAccounts:
    cash_key, pending_key = f"cash:user:{user.pk}", f"pending:user:{user.pk}"
    rows = {key: row for key, *row in _WALLET_ACCOUNTS.rows(player=user.pk)}
    cash_id, cash, newest = rows.get(cash_key, (None, 0, None))
    return WalletAccounts(
        cash=cash,
        pending=rows.get(pending_key, (None, 0, None))[1],
        cash_account_id=cash_id,
        newest_cash_entry_id=newest,
    )


def _newest_entry_id() -> Subquery:
    """The id of the account row's newest entry, as a column. A subquery on the row's id:
    the planner walks that account's (account, id) index backwards for it; through a
    join it may walk every account's entries by id instead."""
    newest = Entry.objects.filter(account_id=OuterRef("pk")).order_by("-id").values("id")
    return Subquery(newest[:1])


# Asked on every statement and history page: compiled once per process (wallet/compiled.py).
_WALLET_ACCOUNTS = CompiledQuery(
    lambda player: list(
        Account.objects.filter(key__in=[f"cash:user:{player}", f"pending:user:{player}"])
        .annotate(newest=_newest_entry_id())
        .values_list("key", "pk", "balance", "newest")
    ),
    player=int,
)


def newest_cash_entry(user) -> tuple[int, int] | None:
    """(the player's cash account id, the id of its newest entry), None before any.

    Entries are never changed or removed, and each one written to an account has a
    higher id than the last (a posting writes them holding the account's row lock), so
    anything computed from the entries up to this id stays exact until it changes."""
    found = _NEWEST_CASH_ENTRY.rows(player=user.pk)
    if not found or found[0][1] is None:
        return None
    account_id, newest_id = found[0]
    return account_id, newest_id


def cash_account_id(user) -> int | None:
    found = _CASH_ACCOUNT_ID.rows(player=user.pk)
    return found[0][0] if found else None


_NEWEST_CASH_ENTRY = CompiledQuery(
    lambda player: (
        Account.objects.filter(key=f"cash:user:{player}")
        .annotate(newest=_newest_entry_id())
        .values_list("pk", "newest")
        .first()
    ),
    player=int,
)
_CASH_ACCOUNT_ID = CompiledQuery(
    lambda player: (
        Account.objects.filter(key=f"cash:user:{player}").values_list("pk", flat=True).first()
    ),
    player=int,
)


def recent_withdrawals(user, *, limit: int = 10) -> list[Withdrawal]:
    """Built from the compiled query's rows, the model's columns in its fields' order (a
    raw queryset cost ~0.4 ms to set up for every wallet page, with or without rows)."""
    names = [field.attname for field in Withdrawal._meta.concrete_fields]
    return [
        Withdrawal.from_db(DEFAULT_DB_ALIAS, names, row)
        for row in _RECENT_WITHDRAWALS.rows(player=user.pk, limit=limit)
    ]


_RECENT_WITHDRAWALS = CompiledQuery(
    lambda player, limit: list(Withdrawal.objects.filter(player_id=player).order_by("-id")[:limit]),
    player=int,
    limit=int,
)


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
    return _entries(account_id, **_statement_filters(date_from, date_to, kind))


def _statement_filters(date_from: date | None, date_to: date | None, kind: str) -> dict:
    """The statement's filters as its query's parameters: only those chosen."""
    filters: dict = {}
    if date_from:
        filters["since"] = _start_of(date_from)
    if date_to:
        filters["until"] = _start_of(date_to + timedelta(days=1))
    if kind:
        filters["kind"] = kind
    return filters


def _entries(
    account: int,
    since: datetime | None = None,
    until: datetime | None = None,
    kind: str | None = None,
) -> QuerySet[Entry]:
    entries = Entry.objects.filter(account_id=account).select_related("transaction").order_by("-id")
    if since is not None:
        entries = entries.filter(transaction__created__gte=since)
    if until is not None:
        entries = entries.filter(transaction__created__lt=until)
    if kind is not None:
        entries = entries.filter(transaction__kind=kind)
    return entries


class StatementEntry(NamedTuple):
    """One line of a statement page, as the wallet page shows it."""

    created: datetime
    kind: str
    memo: str
    reference: str
    amount: int
    balance_after: int


# A statement's count is remembered under its account's newest entry; the version changes
# with the way lines are counted.
STATEMENT_COUNT_CACHE_KEY = "statement-count:1:{account}:{filters}:{newest}"
STATEMENT_COUNT_CACHE_SECONDS = 3600


class StatementPages:
    """The statement's lines for the wallet page's paginator: counted and read by queries
    compiled once per process for each combination of filters (wallet/compiled.py), which
    the ORM otherwise builds and compiles again for every page (~1.5 ms)."""

    def __init__(
        self,
        accounts: WalletAccounts,
        *,
        date_from: date | None,
        date_to: date | None,
        kind: str,
    ) -> None:
        self.account_id, self.newest_id = accounts.cash_account_id, accounts.newest_cash_entry_id
        self.filters = _statement_filters(date_from, date_to, kind)

    def count(self) -> int:
        """Counting reads every line (10,000: ~2 ms of the database's CPU, more than the
        rest of the page's queries): the count is kept in the cache under the id of the
        account's newest entry, exact until the next one, as the history's totals are
        (reports/history.py). Without the cache (Redis away) it is counted each time."""
        newest_id = self.newest_id
        if newest_id is None:
            return 0
        chosen = ",".join(
            f"{name}={value.isoformat() if isinstance(value, datetime) else value}"
            for name, value in self.filters.items()
        )
        key = STATEMENT_COUNT_CACHE_KEY.format(
            account=self.account_id, filters=chosen, newest=newest_id
        )
        return remembered(key, STATEMENT_COUNT_CACHE_SECONDS, lambda: self._counted(newest_id))

    def _counted(self, newest_id: int) -> int:
        [(count,)] = _statement_query("count", *self.filters).rows(
            account=self.account_id, newest=newest_id, **self.filters
        )
        return count

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, page: slice) -> list[StatementEntry]:
        offset = page.start or 0
        if self.account_id is None or page.stop <= offset:
            return []
        rows = _statement_query("page", *self.filters).rows(
            account=self.account_id, **self.filters, offset=offset, limit=page.stop - offset
        )
        return [StatementEntry(*row) for row in rows]


_STATEMENT_FILTER_KINDS = {"since": datetime, "until": datetime, "kind": str}


@functools.cache
def _statement_query(what: str, *filters: str) -> CompiledQuery:
    kinds = {name: _STATEMENT_FILTER_KINDS[name] for name in filters}
    if what == "count":  # of the lines up to the newest entry read before, not one since
        return CompiledQuery(
            lambda newest, **chosen: _entries(**chosen).filter(id__lte=newest).count(),
            account=int,
            newest=int,
            **kinds,
        )

    def page(offset: int, limit: int, **chosen) -> list:
        columns = ["transaction__" + name for name in ("created", "kind", "memo", "reference")]
        entries = _entries(**chosen).values_list(*columns, "amount", "balance_after")
        return list(entries[offset : offset + limit])

    return CompiledQuery(page, account=int, **kinds, offset=int, limit=int)


def _start_of(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


# What `remembered` read or computed, kept in the process too, by the same keys: a key
# names the newest entry its figure sums up to, so a figure kept here never goes stale,
# and the cache's round trip (~0.1 ms of the process's CPU, on every statement and
# history page) is paid once per process and key. The oldest goes first past the bound.
REMEMBERED_HERE: OrderedDict[str, object] = OrderedDict()
REMEMBERED_HERE_MOST = 10_000


def remembered(key: str, seconds: int, compute: Callable[[], T]) -> T:
    """What `compute` returns, kept in the cache under `key` for `seconds`: for figures
    keyed by the newest ledger entry they sum, so exact until the next movement. Without
    the cache (Redis away) it is computed each time."""
    kept = REMEMBERED_HERE.get(key)
    if kept is not None:
        return kept  # type: ignore[return-value]
    try:
        kept = cache.get(key)
    except RedisError:
        kept = None
    if kept is None:
        kept = compute()
        with suppress(RedisError):
            cache.set(key, kept, seconds)
    if len(REMEMBERED_HERE) >= REMEMBERED_HERE_MOST:
        # One call, not an iterator and a pop: another request's thread may add a key
        # between those two, and an iterator over a dict that grew raises.
        with suppress(KeyError):
            REMEMBERED_HERE.popitem(last=False)
    REMEMBERED_HERE[key] = kept
    return kept
