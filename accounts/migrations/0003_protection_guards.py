"""What the database itself enforces about player protection, whatever code (or staff
member with a SQL prompt) runs against it: an active time-out or self-exclusion can be
lengthened but never shortened or removed, and the protection log is append-only."""

from django.db import migrations

GUARDS = """
CREATE FUNCTION accounts_refuse_shorter_exclusion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.excluded_indefinitely OR OLD.excluded_until > now() THEN
        IF TG_OP = 'DELETE' THEN
            RAISE EXCEPTION 'an active exclusion cannot be removed'
                USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        IF NOT NEW.excluded_indefinitely AND (
            OLD.excluded_indefinitely
            OR NEW.excluded_until IS NULL
            OR NEW.excluded_until < OLD.excluded_until
        ) THEN
            RAISE EXCEPTION 'an active exclusion cannot be shortened'
                USING ERRCODE = 'integrity_constraint_violation';
        END IF;
    END IF;
    IF TG_OP = 'DELETE' THEN
        RETURN OLD;
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER accounts_exclusion_not_shortened
    BEFORE UPDATE OR DELETE ON accounts_playerprotection
    FOR EACH ROW EXECUTE FUNCTION accounts_refuse_shorter_exclusion();

CREATE FUNCTION accounts_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the protection log is append-only: % on % refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'integrity_constraint_violation';
END $$;

CREATE TRIGGER accounts_protectionevent_append_only
    BEFORE UPDATE OR DELETE ON accounts_protectionevent
    FOR EACH ROW EXECUTE FUNCTION accounts_refuse_change();
"""

DROP = """
DROP TRIGGER accounts_protectionevent_append_only ON accounts_protectionevent;
DROP FUNCTION accounts_refuse_change();
DROP TRIGGER accounts_exclusion_not_shortened ON accounts_playerprotection;
DROP FUNCTION accounts_refuse_shorter_exclusion();
"""


class Migration(migrations.Migration):
    dependencies = [("accounts", "0002_player_protection")]

    operations = [migrations.RunSQL(GUARDS, DROP)]
