"""The balance of a transaction checked once, not once per entry (issue 26).

0002 checked it by a deferred trigger on every entry row: a round's 50 wins, one posting of
51 entries, queued 51 trigger calls at commit, each looking up its transaction's last
entry. Now:

- a deferred constraint trigger on each new transaction row sums its entries once, at
  commit, and refuses fewer than two entries or a sum other than zero (a transaction
  written without entries is refused too, which 0002 could not see);
- a statement trigger on wallet_entry checks in one query, whatever the number of rows
  the statement wrote, that each of their transactions was written by this same
  database transaction (or one of its savepoints): an entry added to a transaction
  already committed is refused at once, even one that keeps it balanced, so the check at
  the transaction's commit has seen every entry it will ever have.

Whether a row was written by the current database transaction is read from its xmin,
which nobody can set: its distance ahead of this transaction's own id, modulo 2^32 (0 for
the transaction itself; its savepoints' ids come later), gives the writer's full id, and
`pg_xact_status` says whether that id still runs. A row we can see whose writer still
runs was written by us: another's running writes are invisible. (Not `age()`: it counts
from an id fixed at its first call in a transaction, which a session can make before it
has an id of its own.) (xmin is 32 bits and freezing keeps it: a row written 2^32 ids before one of
this transaction's savepoints has the same xmin, and would pass. Reaching that takes
about four billion writing transactions and an attacker with the app role's SQL.)

The foreign key from wallet_entry to wallet_transaction goes (the model keeps the relation,
db_constraint=False): the statement trigger finds each entry's transaction, and a
transaction row is never deleted nor its id changed (0002, 0004), so what the key's 51
checks a posting made at commit guaranteed still holds. The key to wallet_account stays:
accounts can be deleted while they have no entries, and only the key's lock keeps a
concurrent delete from leaving an entry without its account."""

import django.db.models.deletion
from django.db import migrations, models

CHECKS = """
DROP TRIGGER wallet_entry_balanced ON wallet_entry;
DROP FUNCTION wallet_check_balanced();

CREATE FUNCTION wallet_check_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    total bigint;
    legs integer;
BEGIN
    SELECT COALESCE(SUM(amount), 0), COUNT(*) INTO total, legs
        FROM wallet_entry WHERE transaction_id = NEW.id;
    IF total <> 0 OR legs < 2 THEN
        RAISE EXCEPTION 'transaction % does not balance: % over % entries',
            NEW.id, total, legs USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER wallet_transaction_balanced AFTER INSERT ON wallet_transaction
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION wallet_check_transaction_balanced();

CREATE FUNCTION wallet_check_entries_own_transaction() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    foreign_transaction bigint;
BEGIN
    -- How far each transaction row's writer is ahead of this transaction's own id (mod 2^32):
    -- ids of this transaction's savepoints come later; 0 is this transaction itself.
    SELECT written.transaction_id INTO foreign_transaction
        FROM (SELECT DISTINCT transaction_id FROM new_entries) written
        CROSS JOIN (SELECT pg_current_xact_id()::text::bigint AS id) own
        LEFT JOIN wallet_transaction t ON t.id = written.transaction_id
        CROSS JOIN LATERAL (
            SELECT (t.xmin::text::bigint - own.id % 4294967296 + 4294967296) % 4294967296
        ) ahead(distance)
        WHERE t.id IS NULL OR NOT (
            ahead.distance = 0
            OR (ahead.distance < 2147483648 AND t.xmin::text::bigint >= 3
                AND pg_xact_status((own.id + ahead.distance)::text::xid8)
                    IS NOT DISTINCT FROM 'in progress'))
        LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'entries for transaction % refused: not written by this transaction',
            foreign_transaction
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER wallet_entry_own_transaction AFTER INSERT ON wallet_entry
    REFERENCING NEW TABLE AS new_entries
    FOR EACH STATEMENT EXECUTE FUNCTION wallet_check_entries_own_transaction();
"""

# 0002's trigger and function, as it wrote them.
PER_ENTRY = """
DROP TRIGGER wallet_entry_own_transaction ON wallet_entry;
DROP FUNCTION wallet_check_entries_own_transaction();
DROP TRIGGER wallet_transaction_balanced ON wallet_transaction;
DROP FUNCTION wallet_check_transaction_balanced();

CREATE FUNCTION wallet_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    total bigint;
    legs integer;
BEGIN
    -- Checked once per transaction, by its last entry, so a batch of n entries costs O(n).
    IF NEW.id <> (SELECT MAX(id) FROM wallet_entry WHERE transaction_id = NEW.transaction_id) THEN
        RETURN NULL;
    END IF;
    SELECT COALESCE(SUM(amount), 0), COUNT(*) INTO total, legs
        FROM wallet_entry WHERE transaction_id = NEW.transaction_id;
    IF total <> 0 OR legs < 2 THEN
        RAISE EXCEPTION 'transaction % does not balance: % over % entries',
            NEW.transaction_id, total, legs USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER wallet_entry_balanced AFTER INSERT ON wallet_entry
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION wallet_check_balanced();
"""


class Migration(migrations.Migration):
    dependencies = [("wallet", "0007_account_fillfactor")]

    operations = [
        migrations.RunSQL(CHECKS, PER_ENTRY),
        migrations.AlterField(
            model_name="entry",
            name="transaction",
            field=models.ForeignKey(
                db_constraint=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="entries",
                to="wallet.transaction",
            ),
        ),
    ]
