"""An entry's account and transaction checked once per statement that writes entries, over
the rows it wrote, instead of by the two foreign keys' triggers once per entry at COMMIT.

Django's foreign keys are DEFERRABLE INITIALLY DEFERRED, so each entry queued two checks
(a `SELECT 1 ... FOR KEY SHARE` each, through SPI) that ran at COMMIT: a round's wins, one
posting of 5,000-10,000 entries, spent 0.05-0.23 s there (bench/rounds.py, "its foreign
keys"). What those checks guaranteed, and what holds it now:

- The account and the transaction an entry names exist: the statement trigger below
  refuses any entry that names a missing one (foreign_key_violation, as the keys did),
  at the end of the statement rather than at COMMIT (wallet_post writes the transaction
  before its entries, and 0011 already checks the balance there).
- Neither can vanish while the entry commits, nor later. A transaction cannot: 0002 and
  0004 refuse UPDATE, DELETE and TRUNCATE of wallet_transaction. An account can be
  updated (its balance) and, when nothing names it, deleted; so the check locks the
  accounts it finds FOR KEY SHARE, as the keys' checks did (wallet_post already holds
  them FOR UPDATE, which this lock does not add to), and the account's side of the keys
  is kept by triggers here: a DELETE, or a change of its id, of an account some entry
  names is refused (a DELETE waits for the lock of an entry not yet committed, then sees
  it), and TRUNCATE of the accounts is refused, as the key refused it.

wallet_post's lock statement, for the same batches: it locked the accounts, then joined
them with the posting's amounts by key, which PostgreSQL planned as a merge join sorting
both sides by key, and its seven ordered aggregates each sorted rows that came out in
key order. The amounts are now joined before the lock (a hash join on a round's wins,
an index look-up for two accounts), so the rows reach the aggregates already in id
order. Server time of that statement alone (EXPLAIN ANALYZE, TIMING OFF, medians of 8,
alternated, load 6-9): 9,535 accounts 59 -> 38 ms, two accounts 119 -> 72 us (300).
"""

import importlib

from django.db import migrations, models

_0008 = importlib.import_module("wallet.migrations.0008_wallet_post_function")
_0010 = importlib.import_module("wallet.migrations.0010_fingerprint_in_linear_time")

REFERENCES_PER_STATEMENT = """
CREATE FUNCTION wallet_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    account_ids bigint[];
    transaction_ids bigint[];
    missing bigint;
BEGIN
    SELECT array_agg(DISTINCT account_id), array_agg(DISTINCT transaction_id)
    INTO account_ids, transaction_ids
    FROM written;
    IF (SELECT count(*) FROM (
            SELECT FROM wallet_account a WHERE a.id = ANY(account_ids) FOR KEY SHARE
        ) AS found) <> cardinality(account_ids) THEN
        SELECT w.id INTO missing FROM unnest(account_ids) AS w(id)
        WHERE NOT EXISTS (SELECT FROM wallet_account a WHERE a.id = w.id) LIMIT 1;
        RAISE EXCEPTION 'an entry names account %, which does not exist', missing
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    SELECT w.id INTO missing FROM unnest(transaction_ids) AS w(id)
    WHERE NOT EXISTS (SELECT FROM wallet_transaction t WHERE t.id = w.id) LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'an entry names transaction %, which does not exist', missing
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER wallet_entry_references AFTER INSERT ON wallet_entry
    REFERENCING NEW TABLE AS written
    FOR EACH STATEMENT EXECUTE FUNCTION wallet_check_references();

CREATE FUNCTION wallet_refuse_named_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND NEW.id = OLD.id THEN
        RETURN NEW;
    END IF;
    IF TG_OP = 'TRUNCATE' OR EXISTS (SELECT FROM wallet_entry e WHERE e.account_id = OLD.id)
    THEN
        RAISE EXCEPTION 'the ledger''s entries name wallet_account rows: % refused', TG_OP
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END $$;

CREATE TRIGGER wallet_account_named_by_entries BEFORE DELETE OR UPDATE OF id ON wallet_account
    FOR EACH ROW EXECUTE FUNCTION wallet_refuse_named_account_change();
CREATE TRIGGER wallet_account_no_truncate BEFORE TRUNCATE ON wallet_account
    FOR EACH STATEMENT EXECUTE FUNCTION wallet_refuse_named_account_change();
"""

_LOCK_THEN_JOIN = tuple(
    f"""        SELECT array_agg(l.id ORDER BY l.id), array_agg(l.kind ORDER BY l.id),
               array_agg(l.balance ORDER BY l.id), array_agg(l.closed ORDER BY l.id),
               array_agg(l.key ORDER BY l.id), array_agg(l.reference ORDER BY l.id),
               array_agg(m.amount ORDER BY l.id)
        INTO ids, kinds, balances, closed, account_keys, refs, amounts
        FROM (
            SELECT a.id, a.kind, a.balance, a.closed_at IS NOT NULL AS closed, a.key,
                   a.reference
            FROM wallet_account a WHERE a.{by} = ANY(p_{by}s)
            ORDER BY a.id FOR UPDATE
        ) l
        JOIN unnest(p_{by}s, p_amounts) AS m({by}, amount) ON m.{by} = l.{by};"""
    for by in ("key", "id")
)
_JOIN_THEN_LOCK = tuple(
    f"""        SELECT array_agg(l.id ORDER BY l.id), array_agg(l.kind ORDER BY l.id),
               array_agg(l.balance ORDER BY l.id), array_agg(l.closed ORDER BY l.id),
               array_agg(l.key ORDER BY l.id), array_agg(l.reference ORDER BY l.id),
               array_agg(l.amount ORDER BY l.id)
        INTO ids, kinds, balances, closed, account_keys, refs, amounts
        FROM (
            SELECT a.id, a.kind, a.balance, a.closed_at IS NOT NULL AS closed, a.key,
                   a.reference, m.amount
            FROM wallet_account a JOIN unnest(p_{by}s, p_amounts) AS m({by}, amount)
                ON m.{by} = a.{by}
            ORDER BY a.id FOR UPDATE OF a
        ) l;"""
    for by in ("key", "id")
)
_WALLET_POST = _0010._replacing(_0008.WALLET_POST, _0010._QUADRATIC, _0010._LINEAR)

REFERENCES_BY_KEYS = """
DROP TRIGGER wallet_account_no_truncate ON wallet_account;
DROP TRIGGER wallet_account_named_by_entries ON wallet_account;
DROP FUNCTION wallet_refuse_named_account_change();
DROP TRIGGER wallet_entry_references ON wallet_entry;
DROP FUNCTION wallet_check_references();
"""


class Migration(migrations.Migration):
    dependencies = [
        ("wallet", "0011_balanced_per_statement"),
    ]

    operations = [
        migrations.AlterField(
            model_name="entry",
            name="account",
            field=models.ForeignKey(
                db_constraint=False,
                db_index=False,
                on_delete=models.deletion.PROTECT,
                related_name="entries",
                to="wallet.account",
            ),
        ),
        migrations.AlterField(
            model_name="entry",
            name="transaction",
            field=models.ForeignKey(
                db_constraint=False,
                db_index=False,
                on_delete=models.deletion.PROTECT,
                related_name="entries",
                to="wallet.transaction",
            ),
        ),
        migrations.RunSQL(REFERENCES_PER_STATEMENT, REFERENCES_BY_KEYS),
        migrations.RunSQL(
            _0010._replacing(_WALLET_POST, _LOCK_THEN_JOIN, _JOIN_THEN_LOCK),
            _WALLET_POST,
        ),
    ]
