"""The ledger's invariants (docs/architecture.md): checked by `ledger_check` and by the tests,
with the escrows of what is over (a finished or void game) expected to be empty."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.conf import settings
from django.db import connection

from wallet.models import Account, Withdrawal
from wallet.services import CASH_DAYS_OF_HOURS, CASH_HOURS_OF_ENTRIES

# Given escrow references, which belong to something that is over (a finished or void
# game), each with a description: that escrow should hold nothing.
ConcludedEscrows = Callable[[list[str]], Mapping[str, str]]
_concluded_escrows: list[ConcludedEscrows] = []


def register_concluded_escrows(lookup: ConcludedEscrows) -> None:
    """Called at start-up (AppConfig.ready) by each app that holds stakes in escrow: the
    wallet imports no app above it, so those apps tell it what is over."""
    if lookup not in _concluded_escrows:
        _concluded_escrows.append(lookup)


# A consistency check of an app above the wallet that `ledger_check` runs beside the
# ledger's own (a seat counted online with no live socket): descriptions of what is wrong.
PlatformCheck = Callable[[], list[str]]
_platform_checks: list[PlatformCheck] = []


def register_platform_check(check: PlatformCheck) -> None:
    """Called at start-up (AppConfig.ready), like `register_concluded_escrows`."""
    if check not in _platform_checks:
        _platform_checks.append(check)


def platform_problems() -> list[str]:
    """What the apps' own checks find wrong; kept apart from `ledger_problems`, which
    reads the database alone (these may read Redis too)."""
    return [problem for check in _platform_checks for problem in check()]


def ledger_problems() -> list[str]:
    """Every broken invariant, described; an empty list means the ledger is sound."""
    problems: list[str] = []
    with connection.cursor() as cursor:
        cursor.execute("SELECT COALESCE(SUM(balance), 0) FROM wallet_account")
        (total,) = cursor.fetchone()
        if total != 0:
            problems.append(f"balances sum to {total}, not 0")
        cursor.execute(
            """
            SELECT a.key, a.balance, COALESCE(s.total, 0), last.balance_after
            FROM wallet_account a
            LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM wallet_entry
                       GROUP BY account_id) s ON s.account_id = a.id
            LEFT JOIN LATERAL (SELECT balance_after FROM wallet_entry e
                               WHERE e.account_id = a.id ORDER BY e.id DESC LIMIT 1) last ON TRUE
            WHERE a.balance <> COALESCE(s.total, 0)
               OR a.balance <> COALESCE(last.balance_after, 0)
            """
        )
        for key, balance, entries, last in cursor.fetchall():
            problems.append(
                f"{key}: balance {balance}, entries sum to {entries}, last balance_after {last}"
            )
        # Each entry's balance_after is the running sum of its account's entries: a wrong
        # one means a posting computed from a stale balance.
        cursor.execute(
            """
            SELECT a.key, MIN(e.id) FROM (
                SELECT id, account_id, balance_after,
                       SUM(amount) OVER (PARTITION BY account_id ORDER BY id) AS running
                FROM wallet_entry
            ) e JOIN wallet_account a ON a.id = e.account_id
            WHERE e.balance_after <> e.running
            GROUP BY a.key
            """
        )
        for key, entry_id in cursor.fetchall():
            problems.append(f"{key}: entry {entry_id} is not the running sum of its entries")
        # The accounts that keep hours have exactly their entries summed per hour and
        # kind, bounded by each hour's first and last entry, and their hours summed per
        # day; no other account has any.
        hours = CASH_HOURS_OF_ENTRIES.format(accounts="keeps_hours")
        columns = ("amount", "first_entry_id", "last_entry_id", "last_created")
        for key, hour, kind in _not_summed(cursor, "wallet_cashhour", "hour", hours, columns):
            problems.append(f"{key}: its {kind} hour from {hour:%Y-%m-%d %H:%M} is not its entries")
        days = CASH_DAYS_OF_HOURS.format(accounts="keeps_hours")
        for key, day, kind in _not_summed(cursor, "wallet_cashday", "day", days, ("amount",)):
            problems.append(f"{key}: its {kind} day {day:%Y-%m-%d} is not its hours")
        cursor.execute(
            "SELECT key, balance FROM wallet_account WHERE balance < 0 AND kind = ANY(%s)",
            [list(Account.NON_NEGATIVE)],
        )
        for key, balance in cursor.fetchall():
            problems.append(f"{key} holds {balance}, below zero")
        cursor.execute(
            "SELECT key, balance FROM wallet_account "
            "WHERE kind = 'escrow' AND closed_at IS NOT NULL AND balance <> 0"
        )
        for key, balance in cursor.fetchall():
            problems.append(f"{key} is closed but holds {balance}")
        cursor.execute(
            """
            SELECT t.idempotency_key, SUM(e.amount), COUNT(e.id) FROM wallet_transaction t
            LEFT JOIN wallet_entry e ON e.transaction_id = t.id
            GROUP BY t.id HAVING COALESCE(SUM(e.amount), 0) <> 0 OR COUNT(e.id) < 2
            """
        )
        for key, total, count in cursor.fetchall():
            problems.append(f"transaction {key} is unbalanced: {total} over {count} entries")
        # A player's pending-withdrawal account holds exactly their undecided requests.
        cursor.execute(
            """
            SELECT a.key, a.balance, COALESCE(w.total, 0) FROM wallet_account a
            LEFT JOIN (SELECT player_id, SUM(amount) AS total FROM wallet_withdrawal
                       WHERE status = %s GROUP BY player_id) w ON w.player_id = a.owner_id
            WHERE a.kind = %s AND a.balance <> COALESCE(w.total, 0)
            """,
            [Withdrawal.Status.PENDING, Account.Kind.PENDING_WITHDRAWAL],
        )
        for key, balance, requested in cursor.fetchall():
            problems.append(f"{key} holds {balance} but pending withdrawals total {requested}")
        cursor.execute(
            "SELECT key, currency FROM wallet_account WHERE currency <> %s", [settings.CURRENCY]
        )
        for key, currency in cursor.fetchall():
            problems.append(f"{key} is in {currency}, not the deployment's {settings.CURRENCY}")
        cursor.execute(
            "SELECT reference, balance FROM wallet_account WHERE kind = %s AND balance <> 0",
            [Account.Kind.ESCROW],
        )
        holding = dict(cursor.fetchall())
    problems.extend(_stakes_left_behind(holding))
    return problems


def _not_summed(cursor, table: str, period: str, expected: str, columns: tuple[str, ...]):
    """(account key, period, kind) of each row of `table` (by account, period and kind)
    whose `columns` differ from the rows `expected` computes from what they sum, and of
    each row that one side has and the other lacks."""
    cursor.execute(
        f"""
        SELECT a.key, coalesce(x.{period}, t.{period}), coalesce(x.kind, t.kind)
        FROM ({expected}) x
        FULL JOIN {table} t
          ON (t.account_id, t.{period}, t.kind) = (x.account_id, x.{period}, x.kind)
        JOIN wallet_account a ON a.id = coalesce(x.account_id, t.account_id)
        WHERE ({", ".join(f"x.{c}" for c in columns)})
              IS DISTINCT FROM ({", ".join(f"t.{c}" for c in columns)})
        ORDER BY 1, 2, 3
        """
    )
    return cursor.fetchall()


def _stakes_left_behind(holding: dict[str, int]) -> list[str]:
    """Escrows (reference: balance) that still hold money for something that is over."""
    if not holding:
        return []
    return [
        f"escrow {reference} holds {holding[reference]} but {what}"
        for lookup in _concluded_escrows
        for reference, what in sorted(lookup(list(holding)).items())
    ]
