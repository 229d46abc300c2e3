"""Row triggers do not fire on TRUNCATE: the ledger refuses it by statement triggers too
(also when a TRUNCATE of another table cascades to it)."""

from django.db import migrations

GUARDS = """
CREATE TRIGGER wallet_entry_no_truncate BEFORE TRUNCATE ON wallet_entry
    FOR EACH STATEMENT EXECUTE FUNCTION wallet_refuse_change();
CREATE TRIGGER wallet_transaction_no_truncate BEFORE TRUNCATE ON wallet_transaction
    FOR EACH STATEMENT EXECUTE FUNCTION wallet_refuse_change();
"""

DROP = """
DROP TRIGGER wallet_transaction_no_truncate ON wallet_transaction;
DROP TRIGGER wallet_entry_no_truncate ON wallet_entry;
"""


class Migration(migrations.Migration):
    dependencies = [("wallet", "0003_adjust_permission_transfer_kind")]

    operations = [migrations.RunSQL(GUARDS, DROP)]
