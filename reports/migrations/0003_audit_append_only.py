"""The staff audit log and the corrections register are append-only: the database
refuses to update or delete their rows, whatever code (or person) asks."""

from django.db import migrations

GUARDS = """
CREATE FUNCTION reports_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'append-only: % on % refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'integrity_constraint_violation';
END $$;

CREATE TRIGGER reports_auditlog_append_only BEFORE UPDATE OR DELETE ON reports_auditlog
    FOR EACH ROW EXECUTE FUNCTION reports_refuse_change();
CREATE TRIGGER reports_correction_append_only BEFORE UPDATE OR DELETE ON reports_correction
    FOR EACH ROW EXECUTE FUNCTION reports_refuse_change();
"""

DROP = """
DROP TRIGGER reports_correction_append_only ON reports_correction;
DROP TRIGGER reports_auditlog_append_only ON reports_auditlog;
DROP FUNCTION reports_refuse_change();
"""


class Migration(migrations.Migration):
    dependencies = [("reports", "0002_audit_complaints_corrections_exports")]

    operations = [migrations.RunSQL(GUARDS, DROP)]
