"""The players' cash hours (wallet.models.CashHour): what moved through each player's cash
account in each hour, per kind of transaction, kept by `wallet_post` as it writes the
entries, and built here from the entries already written.

A limited player's stake or deposit was judged by summing every cash entry of the
player's last 30 days, each with its transaction (accounts_guard_judgement): 4.9 ms after
3,000 bets, and growing with how much the player played. The judgement now reads the
hours of the period instead, and only the entries of the one hour in which a period
starts (accounts 0014).

`wallet_post` adds the posting's cash entries to their hours in the statement that writes
the entries: a bet adds one upsert of one row, under the cash account's lock it already
holds; a round's wins, one statement for all the winners. Its generic plans are kept (the
setting of wallet 0013, given again: `CREATE OR REPLACE` drops it)."""

import importlib

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
    """    -- The players' cash entries are added to their hours (wallet_cashhour), which
    -- their limits read; an account appears once in a posting, so once in the upsert.
    WITH written AS (
        INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after)
        SELECT transaction_id, m.id, m.amount, m.after
        FROM unnest(ids, amounts, balances_after) WITH ORDINALITY AS m(id, amount, after, n)
        ORDER BY m.n
        RETURNING id, account_id, amount
    )
    INSERT INTO wallet_cashhour AS h
        (account_id, hour, kind, amount, first_entry_id, last_entry_id, last_created)
    SELECT w.account_id, date_trunc('hour', p_created, 'UTC'), p_kind, w.amount, w.id, w.id,
           p_created
    FROM written w
    JOIN unnest(ids, kinds) AS a(id, kind) ON a.id = w.account_id
    WHERE a.kind = 'cash'
    ON CONFLICT (account_id, hour, kind) DO UPDATE SET
        amount = h.amount + excluded.amount,
        first_entry_id = least(h.first_entry_id, excluded.first_entry_id),
        last_entry_id = greatest(h.last_entry_id, excluded.last_entry_id),
        last_created = greatest(h.last_created, excluded.last_created);""",
)

_LINEAR = _0010._replacing(_0008.WALLET_POST, _0010._QUADRATIC, _0010._LINEAR)
WALLET_POST = _0010._replacing(_LINEAR, _ENTRIES, _ENTRIES_AND_HOURS)
WALLET_POST_BEFORE = _0010._replacing(_LINEAR, (), ())

# The hours of the entries already written. Django names a composite key's columns.
HOURS_FROM_ENTRIES = """
INSERT INTO wallet_cashhour
    (account_id, hour, kind, amount, first_entry_id, last_entry_id, last_created)
SELECT e.account_id, date_trunc('hour', t.created, 'UTC'), t.kind, sum(e.amount),
       min(e.id), max(e.id), max(t.created)
FROM wallet_entry e
JOIN wallet_account a ON a.id = e.account_id
JOIN wallet_transaction t ON t.id = e.transaction_id
WHERE a.kind = 'cash'
GROUP BY e.account_id, date_trunc('hour', t.created, 'UTC'), t.kind;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("wallet", "0013_generic_plans"),
    ]

    operations = [
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
                        choices=[
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
                        ],
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
        migrations.RunSQL(HOURS_FROM_ENTRIES, migrations.RunSQL.noop),
        migrations.RunSQL(WALLET_POST + _0013.GENERIC, WALLET_POST_BEFORE + _0013.GENERIC),
    ]
