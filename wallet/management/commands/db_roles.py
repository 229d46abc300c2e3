"""The two database roles of a production install (README, "Database roles").

- the owner role owns every table, sequence and function: migrations run as it;
- the app role, under which daphne, Celery and beat run, owns nothing and holds only
  SELECT, INSERT, UPDATE and DELETE: it can neither TRUNCATE, ALTER (so not DISABLE
  TRIGGER) nor DROP a table, so the ledger's and the logs' triggers hold against it.

Run once as a superuser (or a role with CREATEROLE that can take the tables over) after
the first migrate, and again after a migrate run by anyone else than the owner role:
it is idempotent. `--print` shows the SQL instead of running it. Passwords are not set
here (they would show in the process list): set them with psql's \\password.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from psycopg import sql

# Every table, view, sequence and function of the schema changes hands to the owner role;
# not those of extensions, nor sequences that follow their table (identity, serial). The
# names as text: a `name` is cut at 63 bytes, and a function's signature is often longer.
_OWNED_OBJECTS = """
SELECT CASE WHEN c.relkind = 'S' THEN 'SEQUENCE' WHEN c.relkind = 'v' THEN 'VIEW'
            WHEN c.relkind = 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END, c.relname::text
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
  AND NOT EXISTS (
      SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
      AND d.deptype IN ('e', 'i', 'a'))
UNION ALL
SELECT 'FUNCTION', p.oid::regprocedure::text
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
WHERE n.nspname = current_schema()
  AND NOT EXISTS (
      SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid
      AND d.deptype = 'e')
"""


def role_statements(owner: str, app: str, database: str, schema: str) -> list[sql.Composed]:
    o, a, db, s = (sql.Identifier(name) for name in (owner, app, database, schema))
    return [
        sql.SQL(
            "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = {owner_name}) "
            "THEN CREATE ROLE {o} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS "
            "NOREPLICATION; "
            "END IF; END $$"
        ).format(owner_name=sql.Literal(owner), o=o),
        sql.SQL(
            "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = {app_name}) "
            "THEN CREATE ROLE {a} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS "
            "NOREPLICATION; END IF; END $$"
        ).format(app_name=sql.Literal(app), a=a),
        # Nobody but the owner creates objects in the schema.
        sql.SQL("REVOKE CREATE ON SCHEMA {s} FROM PUBLIC").format(s=s),
        sql.SQL("GRANT USAGE, CREATE ON SCHEMA {s} TO {o}").format(s=s, o=o),
        sql.SQL("GRANT CONNECT ON DATABASE {db} TO {o}, {a}").format(db=db, o=o, a=a),
        sql.SQL("GRANT USAGE ON SCHEMA {s} TO {a}").format(s=s, a=a),
    ]


def grant_statements(owner: str, app: str, schema: str) -> list[sql.Composed]:
    o, a, s = (sql.Identifier(name) for name in (owner, app, schema))
    return [
        sql.SQL("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {s} TO {a}").format(
            s=s, a=a
        ),
        sql.SQL("GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {s} TO {a}").format(s=s, a=a),
        # Tables that later migrations (run as the owner) create get the same grants.
        sql.SQL(
            "ALTER DEFAULT PRIVILEGES FOR ROLE {o} IN SCHEMA {s} "
            "GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO {a}"
        ).format(o=o, s=s, a=a),
        sql.SQL(
            "ALTER DEFAULT PRIVILEGES FOR ROLE {o} IN SCHEMA {s} "
            "GRANT USAGE, SELECT ON SEQUENCES TO {a}"
        ).format(o=o, s=s, a=a),
    ]


class Command(BaseCommand):
    help = "Create the owner (migrations) and app (runtime, DML only) database roles."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--owner", default="longtable_owner")
        parser.add_argument("--app", default="longtable_app")
        parser.add_argument(
            "--print", action="store_true", dest="show", help="show the SQL, run nothing"
        )

    def handle(self, *args, owner: str, app: str, show: bool, **options) -> None:
        if owner == app:
            raise CommandError("The owner and the app role must be two roles.")
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT current_database(), current_schema()")
            database, schema = cursor.fetchone()
            statements = role_statements(owner, app, database, schema)
            cursor.execute(_OWNED_OBJECTS)
            statements += [
                sql.SQL("ALTER {kind} {name} OWNER TO {o}").format(
                    kind=sql.SQL(kind),
                    name=sql.SQL(name) if kind == "FUNCTION" else sql.Identifier(name),
                    o=sql.Identifier(owner),
                )
                for kind, name in cursor.fetchall()
            ]
            statements += grant_statements(owner, app, schema)
            raw = cursor.connection
            for statement in statements:
                text = statement.as_string(raw)
                if show:
                    self.stdout.write(text + ";")
                else:
                    cursor.execute(text)
            if show:
                transaction.set_rollback(True)
        if not show:
            self.stdout.write(
                self.style.SUCCESS(
                    f"{owner} owns the schema and runs migrations; {app} runs the platform "
                    "(DML only). Set their passwords with psql's \\password."
                )
            )
