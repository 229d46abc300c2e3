"""What the database itself enforces about money, whatever code runs against it."""

from django.db import migrations

GUARDS = """
CREATE FUNCTION wallet_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'ledger rows are append-only: % on % refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'integrity_constraint_violation';
END $$;

CREATE TRIGGER wallet_entry_append_only BEFORE UPDATE OR DELETE ON wallet_entry
    FOR EACH ROW EXECUTE FUNCTION wallet_refuse_change();
CREATE TRIGGER wallet_transaction_append_only BEFORE UPDATE OR DELETE ON wallet_transaction
    FOR EACH ROW EXECUTE FUNCTION wallet_refuse_change();

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

DROP = """
DROP TRIGGER wallet_entry_balanced ON wallet_entry;
DROP FUNCTION wallet_check_balanced();
DROP TRIGGER wallet_transaction_append_only ON wallet_transaction;
DROP TRIGGER wallet_entry_append_only ON wallet_entry;
DROP FUNCTION wallet_refuse_change();
"""


class Migration(migrations.Migration):
    dependencies = [("wallet", "0001_initial")]

    operations = [migrations.RunSQL(GUARDS, DROP)]
