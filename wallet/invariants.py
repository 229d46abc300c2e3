"""The ledger's invariants (DESIGN.md): checked by `ledger_check` and by the tests."""

from __future__ import annotations

from django.db import connection


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
    return problems
