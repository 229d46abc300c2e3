"""Row triggers do not fire on TRUNCATE: the protection log and the protection rows (which
hold exclusions that may never be removed) refuse it by statement triggers too."""

from django.db import migrations

GUARDS = """
CREATE TRIGGER accounts_protectionevent_no_truncate BEFORE TRUNCATE ON accounts_protectionevent
    FOR EACH STATEMENT EXECUTE FUNCTION accounts_refuse_change();

CREATE FUNCTION accounts_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'exclusions cannot be removed: TRUNCATE on % refused', TG_TABLE_NAME
        USING ERRCODE = 'integrity_constraint_violation';
END $$;

CREATE TRIGGER accounts_playerprotection_no_truncate BEFORE TRUNCATE ON accounts_playerprotection
    FOR EACH STATEMENT EXECUTE FUNCTION accounts_refuse_truncate();
"""

DROP = """
DROP TRIGGER accounts_playerprotection_no_truncate ON accounts_playerprotection;
DROP FUNCTION accounts_refuse_truncate();
DROP TRIGGER accounts_protectionevent_no_truncate ON accounts_protectionevent;
"""


class Migration(migrations.Migration):
    dependencies = [("accounts", "0003_protection_guards")]

    operations = [migrations.RunSQL(GUARDS, DROP)]
