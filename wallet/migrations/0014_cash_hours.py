"""The players' cash hours and days (wallet.models.CashHour, CashDay): what moved through a
player's cash account in each hour and each day, per kind of transaction, kept by
`wallet_post` as it writes the entries, for the accounts that keep them
(`Account.keeps_hours`).

A limited player's stake or deposit was judged by summing every cash entry of the
player's last 30 days, each with its transaction (accounts_guard_judgement): 4.9 ms after
3,000 bets, and growing with how much the player had played. The judgement now reads the
period's days and hours instead, and only the entries of the hour in which a period
starts (accounts 0014, which also marks the accounts of the players who have limits and
builds their hours and days).

`wallet_post` reads each account's flag with its lock. When an account of the posting
keeps hours, the statement that writes the entries also adds them to their hour and day:
two upserts a player, under the account's lock it already holds (the hour's alone about
30 us of the server's CPU for a bet, pgbench on `wallet_post`). A posting naming no such
account writes the entries as before. Its generic plans are kept (the setting of wallet
0013, given again: `CREATE OR REPLACE` drops it)."""

import importlib
import textwrap

import django.db.models.deletion
from django.db import migrations, models

_0008 = importlib.import_module("wallet.migrations.0008_wallet_post_function")
_0010 = importlib.import_module("wallet.migrations.0010_fingerprint_in_linear_time")
_0013 = importlib.import_module("wallet.migrations.0013_generic_plans")

_ENTRIES = (
    """    INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after)
    SELECT transaction_id, m.id, m.amount, m.after
    FROM unnest(ids, amounts, balances_after) WITH ORDINALITY AS m(id, amount, after, n)
    ORDER BY m.n;""",
)
_ENTRIES_AND_HOURS = (
    """    IF true = ANY(hourly) THEN
        -- The cash entries of the accounts that keep hours are added to their hour and
        -- their day (wallet_cashhour, wallet_cashday); an account appears once in a
        -- posting, so once in each upsert.
        WITH written AS (
            INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after)
            SELECT transaction_id, m.id, m.amount, m.after
            FROM unnest(ids, amounts, balances_after) WITH ORDINALITY AS m(id, amount, after, n)
            ORDER BY m.n
            RETURNING id, account_id, amount
        ), kept AS (
            SELECT w.* FROM written w
            JOIN unnest(ids, hourly) AS a(id, keeps) ON a.id = w.account_id
            WHERE a.keeps
        ), hours AS (
            INSERT INTO wallet_cashhour AS h
                (account_id, hour, kind, amount, first_entry_id, last_entry_id, last_created)
            SELECT k.account_id, date_trunc('hour', p_created, 'UTC'), p_kind, k.amount, k.id,
                   k.id, p_created
            FROM kept k
            ON CONFLICT (account_id, hour, kind) DO UPDATE SET
                amount = h.amount + excluded.amount,
                first_entry_id = least(h.first_entry_id, excluded.first_entry_id),
                last_entry_id = greatest(h.last_entry_id, excluded.last_entry_id),
                last_created = greatest(h.last_created, excluded.last_created)
        )
        INSERT INTO wallet_cashday AS d (account_id, day, kind, amount)
        SELECT k.account_id, date_trunc('day', p_created, 'UTC'), p_kind, k.amount
        FROM kept k
        ON CONFLICT (account_id, day, kind) DO UPDATE SET amount = d.amount + excluded.amount;
    ELSE
""" + textwrap.indent(_ENTRIES[0], "    ") + """
    END IF;""",
)
# Each account's flag read with its lock, in both forms of the lock's statement.
_AGGREGATES = """               array_agg(m.amount ORDER BY l.id)
        INTO ids, kinds, balances, closed, account_keys, refs, amounts"""
_AGGREGATES_WITH_FLAGS = """               array_agg(m.amount ORDER BY l.id), array_agg(l.keeps_hours ORDER BY l.id)
        INTO ids, kinds, balances, closed, account_keys, refs, amounts, hourly"""
_COLUMNS = """            SELECT a.id, a.kind, a.balance, a.closed_at IS NOT NULL AS closed, a.key,
                   a.reference
            FROM wallet_account a WHERE a.{by} = ANY(p_{by}s)"""
_LOCKED = (
    "    amounts bigint[];",
    f"{_AGGREGATES}\n        FROM (\n{_COLUMNS.format(by='key')}",
    f"{_AGGREGATES}\n        FROM (\n{_COLUMNS.format(by='id')}",
)
_LOCKED_WITH_FLAGS = (
    "    amounts bigint[];\n    hourly boolean[];",
    *(
        f"{_AGGREGATES_WITH_FLAGS}\n        FROM (\n"
        + _COLUMNS.format(by=by).replace("a.reference\n", "a.reference, a.keeps_hours\n")
        for by in ("key", "id")
    ),
)

_KINDS = [
    ("deposit", "Deposit"),
    ("withdrawal_request", "Withdrawal requested"),
    ("withdrawal_paid", "Withdrawal paid"),
    ("withdrawal_rejected", "Withdrawal returned"),
    ("withdrawal_cancelled", "Withdrawal cancelled"),
    ("hold", "Stake held"),
    ("release", "Stake refunded"),
    ("settle", "Settlement"),
    ("fee", "Fee"),
    ("bet", "Bet"),
    ("win", "Win"),
    ("adjustment", "Staff adjustment"),
    ("correction", "Correction"),
    ("transfer", "Transfer"),
]

_LINEAR = _0010._replacing(_0008.WALLET_POST, _0010._QUADRATIC, _0010._LINEAR)
WALLET_POST = _0010._replacing(
    _LINEAR, _ENTRIES + _LOCKED, _ENTRIES_AND_HOURS + _LOCKED_WITH_FLAGS
)
WALLET_POST_BEFORE = _0010._replacing(_LINEAR, (), ())

class Migration(migrations.Migration):
    dependencies = [
        ("wallet", "0013_generic_plans"),
    ]

    operations = [
        migrations.AddField(
            model_name="account",
            name="keeps_hours",
            field=models.BooleanField(db_default=False),
        ),
        migrations.CreateModel(
            name="CashHour",
            fields=[
                (
                    "pk",
                    models.CompositePrimaryKey(
                        "account",
                        "hour",
                        "kind",
                        blank=True,
                        editable=False,
                        primary_key=True,
                        serialize=False,
                    ),
                ),
                ("hour", models.DateTimeField()),
                (
                    "kind",
                    models.CharField(
                        choices=_KINDS,
                        max_length=20,
                    ),
                ),
                ("amount", models.BigIntegerField()),
                ("first_entry_id", models.BigIntegerField()),
                ("last_entry_id", models.BigIntegerField()),
                ("last_created", models.DateTimeField()),
                (
                    "account",
                    models.ForeignKey(
                        db_constraint=False,
                        db_index=False,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="wallet.account",
                    ),
                ),
            ],
        ),
        migrations.CreateModel(
            name="CashDay",
            fields=[
                (
                    "pk",
                    models.CompositePrimaryKey(
                        "account",
                        "day",
                        "kind",
                        blank=True,
                        editable=False,
                        primary_key=True,
                        serialize=False,
                    ),
                ),
                ("day", models.DateTimeField()),
                ("kind", models.CharField(choices=_KINDS, max_length=20)),
                ("amount", models.BigIntegerField()),
                (
                    "account",
                    models.ForeignKey(
                        db_constraint=False,
                        db_index=False,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="wallet.account",
                    ),
                ),
            ],
        ),
        migrations.RunSQL(WALLET_POST + _0013.GENERIC, WALLET_POST_BEFORE + _0013.GENERIC),
    ]
