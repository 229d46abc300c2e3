"""The guard's judgement reads what a period moved from the player's cash days and hours
(wallet.models.CashDay, CashHour) instead of from every cash entry of the period.

Before, a limited player's stake summed each of their cash entries of the last 30 days,
each joined to its transaction: the judgement's cost grew with how much the player had
played (4.9 ms after 3,000 bets, bench/README.md). Now a period is: the whole days after
the day in which it starts, the whole hours of that day after the hour in which it
starts, and that hour's entries from the period's first microsecond, read between the
hour's first and last entry. At most 30 days and 3 x 23 hours a kind for the three
periods, however much the player played. The reality check's last stake is the latest of
the stakes' hours' last stakes.

The verdict is the same to the unit (tests/accounts/test_cash_hours.py compares it with
the entries summed directly). The function keeps its generic plans (accounts 0013's
setting, given again: `CREATE OR REPLACE` drops it)."""

import importlib

from django.conf import settings
from django.db import migrations

_0011 = importlib.import_module("accounts.migrations.0011_guard_judgement_function")
_0013 = importlib.import_module("accounts.migrations.0013_guard_generic_plans")

# The part of the judgement this replaces: what the period moved, from the entries.
_MOVED_FROM = "    CROSS JOIN LATERAL (\n        SELECT coalesce(sum(e.amount)"
_MOVED_UNTIL = ") moved"
_FROM_ENTRIES = _0011.FUNCTION[
    _0011.FUNCTION.index(_MOVED_FROM) : _0011.FUNCTION.index(_MOVED_UNTIL) + len(_MOVED_UNTIL)
]

# The three periods' sums of a subquery `r` run once for each period `s.n`.
_PER_PERIOD = """        SELECT coalesce(sum(r.amount) FILTER (WHERE s.n = 1), 0)::bigint AS day,
               coalesce(sum(r.amount) FILTER (WHERE s.n = 2), 0)::bigint AS week,
               coalesce(sum(r.amount) FILTER (WHERE s.n = 3), 0)::bigint AS month"""

_FROM_HOURS = """    -- The cash account, only when a limit or the reality check needs what moved.
    LEFT JOIN LATERAL (
        SELECT a.id FROM wallet_account a
        WHERE a.key = cash_key
          AND (lim.any OR (read_session AND coalesce(p.reality_check_minutes, 0) > 0))
    ) cash ON true
    -- The whole days after the day in which each period starts.
    CROSS JOIN LATERAL (
        SELECT coalesce(sum(d.amount) FILTER (WHERE d.day > day_day), 0)::bigint AS day,
               coalesce(sum(d.amount) FILTER (WHERE d.day > week_day), 0)::bigint AS week,
               coalesce(sum(d.amount), 0)::bigint AS month
        FROM wallet_cashday d
        WHERE lim.any AND d.account_id = cash.id AND d.kind = ANY(counted_kinds)
          AND d.day > month_day
    ) days
    -- The whole hours of that day after the hour in which the period starts.
    -- Each period's in a subquery of its own (an aggregate, so never merged into a join):
    -- an index range of the account's hours, whatever the estimates.
    CROSS JOIN LATERAL (
{per_period}
        FROM (VALUES (1, day_hour, day_day), (2, week_hour, week_day),
                     (3, month_hour, month_day)) AS s(n, hour, day)
        CROSS JOIN LATERAL (
            SELECT sum(h.amount) AS amount
            FROM wallet_cashhour h
            WHERE h.account_id = cash.id AND h.kind = ANY(counted_kinds)
              AND h.hour > s.hour AND h.hour < s.day + interval '1 day'
        ) r
        WHERE lim.any
    ) hours
    -- The hour in which each period starts: its entries from the period's first moment,
    -- read by the account's index between the hour's first and last entry, each entry's
    -- transaction found by its id. Subqueries within subqueries, as above: the only order
    -- that reads no more than that hour's entries, whatever the estimates.
    CROSS JOIN LATERAL (
{per_period}
        FROM (VALUES (1, day_start, day_hour), (2, week_start, week_hour),
                     (3, month_start, month_hour)) AS s(n, since, hour)
        CROSS JOIN LATERAL (
            SELECT sum(since.amount) AS amount
            FROM wallet_cashhour h
            CROSS JOIN LATERAL (
                SELECT sum(e.amount) AS amount
                FROM wallet_entry e
                WHERE e.account_id = h.account_id
                  AND e.id BETWEEN h.first_entry_id AND h.last_entry_id
                  AND (SELECT t.kind = h.kind AND t.created >= s.since
                              AND t.created < h.hour + interval '1 hour'
                       FROM wallet_transaction t WHERE t.id = e.transaction_id)
            ) since
            WHERE h.account_id = cash.id AND h.hour = s.hour AND h.kind = ANY(counted_kinds)
        ) r
        WHERE lim.any
    ) edges
    -- The session's last stake: the latest of the stakes' hours since it could have begun.
    CROSS JOIN LATERAL (
        SELECT max(h.last_created) AS last_stake
        FROM wallet_cashhour h
        WHERE h.account_id = cash.id AND h.kind = ANY(stake_kinds)
          AND h.kind = ANY(counted_kinds) AND h.hour >= session_hour
          AND h.last_created >= session_start
    ) session
    CROSS JOIN LATERAL (
        SELECT days.day + hours.day + edges.day AS day,
               days.week + hours.week + edges.week AS week,
               days.month + hours.month + edges.month AS month, session.last_stake
    ) moved""".format(per_period=_PER_PERIOD)

JUDGEMENT_FROM_ENTRIES = _0011.FUNCTION.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION", 1)
assert JUDGEMENT_FROM_ENTRIES.count(_FROM_ENTRIES) == 1
# The hours and days in which the periods and the session start, computed once a call: as
# expressions in the query, each row of the hours evaluated them again (a time zone's
# look-up each; 1.6 ms against 0.5 for a month of hours, EXPLAIN ANALYZE).
_BEGIN = "#variable_conflict use_column\nBEGIN"
_HOURS_THEN_BEGIN = """#variable_conflict use_column
DECLARE
    day_hour timestamptz := date_trunc('hour', day_start, 'UTC');
    week_hour timestamptz := date_trunc('hour', week_start, 'UTC');
    month_hour timestamptz := date_trunc('hour', month_start, 'UTC');
    session_hour timestamptz := date_trunc('hour', session_start, 'UTC');
    day_day timestamptz := date_trunc('day', day_start, 'UTC');
    week_day timestamptz := date_trunc('day', week_start, 'UTC');
    month_day timestamptz := date_trunc('day', month_start, 'UTC');
BEGIN"""
assert JUDGEMENT_FROM_ENTRIES.count(_BEGIN) == 1
JUDGEMENT_FROM_HOURS = JUDGEMENT_FROM_ENTRIES.replace(_FROM_ENTRIES, _FROM_HOURS).replace(
    _BEGIN, _HOURS_THEN_BEGIN
)


# The players who have a limit or a reality check keep their cash hours from now on
# (wallet.services.keep_cash_hours does it for those who set one later), built from the
# entries they already have. One who has never had money (a deposit limit set at sign-up)
# gets the cash account now, marked: the first deposit would otherwise create it unmarked,
# and the limits would count nothing.
MARK_ACCOUNTS = """
INSERT INTO wallet_account (key, kind, owner_id, reference, currency, balance, created,
                            keeps_hours)
SELECT 'cash:user:' || p.user_id, 'cash', p.user_id, '', %s, 0, now(), true
FROM accounts_playerprotection p
WHERE p.reality_check_minutes IS NOT NULL
   OR EXISTS (SELECT FROM accounts_protectionlimit l WHERE l.protection_id = p.id)
ON CONFLICT (key) DO UPDATE SET keeps_hours = true
"""
BUILD_HOURS_AND_DAYS = """
INSERT INTO wallet_cashhour
    (account_id, hour, kind, amount, first_entry_id, last_entry_id, last_created)
SELECT e.account_id, date_trunc('hour', t.created, 'UTC'), t.kind, sum(e.amount),
       min(e.id), max(e.id), max(t.created)
FROM wallet_entry e
JOIN wallet_transaction t ON t.id = e.transaction_id
WHERE e.account_id IN (SELECT id FROM wallet_account WHERE keeps_hours)
GROUP BY 1, 2, 3;
INSERT INTO wallet_cashday (account_id, day, kind, amount)
SELECT account_id, date_trunc('day', hour, 'UTC'), kind, sum(amount)
FROM wallet_cashhour
GROUP BY 1, 2, 3;
"""
KEEP_NONE = (
    "DELETE FROM wallet_cashday; DELETE FROM wallet_cashhour; "
    "UPDATE wallet_account SET keeps_hours = false;"
)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0013_guard_generic_plans"),
        ("wallet", "0014_cash_hours"),
    ]

    operations = [
        migrations.RunSQL(
            [(MARK_ACCOUNTS, [settings.CURRENCY]), BUILD_HOURS_AND_DAYS], KEEP_NONE
        ),
        migrations.RunSQL(
            JUDGEMENT_FROM_HOURS + _0013.GENERIC, JUDGEMENT_FROM_ENTRIES + _0013.GENERIC
        )
    ]
