"""The guard's judgement reads what a period moved from the player's cash hours
(wallet.models.CashHour) instead of from every cash entry of the period.

Before, a limited player's stake summed each of their cash entries of the last 30 days,
each joined to its transaction: the judgement's cost grew with how much the player had
played (4.9 ms after 3,000 bets, bench/README.md). Now it reads the period's hours, at
most 24 a day per kind, and the entries of only the hour in which each period starts,
between that hour's first and last entry: a period starts at a microsecond, not on the
hour, so those entries are read one by one. The reality check's last stake is the latest
of the hours' last stakes.

The verdict is the same to the unit (tests/accounts/test_cash_hours.py compares it with
the entries summed directly). The function keeps its generic plans (accounts 0013's
setting, given again: `CREATE OR REPLACE` drops it)."""

import importlib

from django.db import migrations

_0011 = importlib.import_module("accounts.migrations.0011_guard_judgement_function")
_0013 = importlib.import_module("accounts.migrations.0013_guard_generic_plans")

# The part of the judgement this replaces: what the period moved, from the entries.
_MOVED_FROM = "    CROSS JOIN LATERAL (\n        SELECT coalesce(sum(e.amount)"
_MOVED_UNTIL = ") moved"
_FROM_ENTRIES = _0011.FUNCTION[
    _0011.FUNCTION.index(_MOVED_FROM) : _0011.FUNCTION.index(_MOVED_UNTIL) + len(_MOVED_UNTIL)
]

_FROM_HOURS = """    -- The cash account, only when a limit or the reality check needs what moved.
    LEFT JOIN LATERAL (
        SELECT a.id FROM wallet_account a
        WHERE a.key = cash_key
          AND (lim.any OR (read_session AND coalesce(p.reality_check_minutes, 0) > 0))
    ) cash ON true
    -- The whole hours after each period's first: summed as they are.
    CROSS JOIN LATERAL (
        SELECT coalesce(sum(h.amount) FILTER (WHERE h.hour > day_hour), 0)::bigint AS day,
               coalesce(sum(h.amount) FILTER (WHERE h.hour > week_hour), 0)::bigint AS week,
               coalesce(sum(h.amount) FILTER (WHERE h.hour > month_hour), 0)::bigint AS month,
               max(h.last_created) FILTER (WHERE h.kind = ANY(stake_kinds)
                                             AND h.last_created >= session_start) AS last_stake
        FROM wallet_cashhour h
        WHERE h.account_id = cash.id AND h.kind = ANY(counted_kinds)
          AND h.hour >= CASE WHEN lim.any THEN month_hour ELSE session_hour END
    ) hours
    -- The hour in which each period starts: its entries from the period's first moment.
    -- Each hour's entries summed in a subquery of its own, by the account's index between
    -- the hour's first and last entry, and each entry's transaction found by its id: the
    -- only order that reads no more than the hour's entries, whatever the estimates.
    CROSS JOIN LATERAL (
        SELECT coalesce(sum(r.amount) FILTER (WHERE s.n = 1), 0)::bigint AS day,
               coalesce(sum(r.amount) FILTER (WHERE s.n = 2), 0)::bigint AS week,
               coalesce(sum(r.amount) FILTER (WHERE s.n = 3), 0)::bigint AS month
        FROM (VALUES (1, day_start, day_hour), (2, week_start, week_hour),
                     (3, month_start, month_hour)) AS s(n, since, hour)
        JOIN wallet_cashhour h ON h.account_id = cash.id AND h.hour = s.hour
         AND h.kind = ANY(counted_kinds)
        CROSS JOIN LATERAL (
            SELECT sum(e.amount) AS amount
            FROM wallet_entry e
            WHERE e.account_id = h.account_id
              AND e.id BETWEEN h.first_entry_id AND h.last_entry_id
              AND (SELECT t.kind = h.kind AND t.created >= s.since
                          AND t.created < h.hour + interval '1 hour'
                   FROM wallet_transaction t WHERE t.id = e.transaction_id)
        ) r
        WHERE lim.any
    ) edges
    CROSS JOIN LATERAL (
        SELECT hours.day + edges.day AS day, hours.week + edges.week AS week,
               hours.month + edges.month AS month, hours.last_stake
    ) moved"""

JUDGEMENT_FROM_ENTRIES = _0011.FUNCTION.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION", 1)
assert JUDGEMENT_FROM_ENTRIES.count(_FROM_ENTRIES) == 1
# The hours in which the periods and the session start, computed once a call: as
# expressions in the query, each row of the hours evaluated them again (a time zone's
# look-up each; 1.6 ms against 0.5 for a month of hours, EXPLAIN ANALYZE).
_BEGIN = "#variable_conflict use_column\nBEGIN"
_HOURS_THEN_BEGIN = """#variable_conflict use_column
DECLARE
    day_hour timestamptz := date_trunc('hour', day_start, 'UTC');
    week_hour timestamptz := date_trunc('hour', week_start, 'UTC');
    month_hour timestamptz := date_trunc('hour', month_start, 'UTC');
    session_hour timestamptz := date_trunc('hour', session_start, 'UTC');
BEGIN"""
assert JUDGEMENT_FROM_ENTRIES.count(_BEGIN) == 1
JUDGEMENT_FROM_HOURS = JUDGEMENT_FROM_ENTRIES.replace(_FROM_ENTRIES, _FROM_HOURS).replace(
    _BEGIN, _HOURS_THEN_BEGIN
)


# The players who have a limit or a reality check keep their cash hours from now on
# (wallet.services.keep_cash_hours does it for those who set one later), built from the
# entries they already have.
KEEP_HOURS = """
UPDATE wallet_account a SET keeps_hours = true
FROM accounts_playerprotection p
WHERE a.key = 'cash:user:' || p.user_id
  AND (p.reality_check_minutes IS NOT NULL
       OR EXISTS (SELECT FROM accounts_protectionlimit l WHERE l.protection_id = p.id));
INSERT INTO wallet_cashhour
    (account_id, hour, kind, amount, first_entry_id, last_entry_id, last_created)
SELECT e.account_id, date_trunc('hour', t.created, 'UTC'), t.kind, sum(e.amount),
       min(e.id), max(e.id), max(t.created)
FROM wallet_entry e
JOIN wallet_transaction t ON t.id = e.transaction_id
WHERE e.account_id IN (SELECT id FROM wallet_account WHERE keeps_hours)
GROUP BY 1, 2, 3;
"""
KEEP_NONE = "DELETE FROM wallet_cashhour; UPDATE wallet_account SET keeps_hours = false;"


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0013_guard_generic_plans"),
        ("wallet", "0014_cash_hours"),
    ]

    operations = [
        migrations.RunSQL(KEEP_HOURS, KEEP_NONE),
        migrations.RunSQL(
            JUDGEMENT_FROM_HOURS + _0013.GENERIC, JUDGEMENT_FROM_ENTRIES + _0013.GENERIC
        )
    ]
