"""Row triggers do not fire on TRUNCATE: the audit log and the corrections register refuse
it by statement triggers too."""

from django.db import migrations

GUARDS = """
CREATE TRIGGER reports_auditlog_no_truncate BEFORE TRUNCATE ON reports_auditlog
    FOR EACH STATEMENT EXECUTE FUNCTION reports_refuse_change();
CREATE TRIGGER reports_correction_no_truncate BEFORE TRUNCATE ON reports_correction
    FOR EACH STATEMENT EXECUTE FUNCTION reports_refuse_change();
"""

DROP = """
DROP TRIGGER reports_correction_no_truncate ON reports_correction;
DROP TRIGGER reports_auditlog_no_truncate ON reports_auditlog;
"""


class Migration(migrations.Migration):
    dependencies = [("reports", "0003_audit_append_only")]

    operations = [migrations.RunSQL(GUARDS, DROP)]
