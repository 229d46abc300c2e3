"""What the database refuses whoever asks: TRUNCATE of the append-only tables (row triggers
do not fire on it), and, to the app role of `manage.py db_roles`, any change of the
schema (so no DISABLE TRIGGER, no DROP)."""

from __future__ import annotations

import uuid

import psycopg
import pytest
from django.core.management import call_command
from django.db import IntegrityError, connection, transaction

GUARDED = [
    "wallet_entry",
    "wallet_transaction",
    "reports_auditlog",
    "reports_correction",
    "accounts_protectionevent",
    "accounts_playerprotection",
]


@pytest.mark.django_db
@pytest.mark.parametrize("table", GUARDED)
def test_truncate_of_an_append_only_table_is_refused(table):
    with (
        pytest.raises(IntegrityError, match="refused"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(f"TRUNCATE {table} CASCADE")


@pytest.mark.django_db
def test_a_truncate_that_cascades_to_the_ledger_is_refused():
    with (
        pytest.raises(IntegrityError, match="refused"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("TRUNCATE accounts_user CASCADE")


@pytest.fixture
def roles(transactional_db):
    """The two roles under names of this test's own (roles are shared by every database
    of the server), dropped afterwards with the tables handed back."""
    suffix = uuid.uuid4().hex[:8]
    owner, app = f"lt_owner_{suffix}", f"lt_app_{suffix}"
    call_command("db_roles", owner=owner, app=app, stdout=open("/dev/null", "w"))  # noqa: SIM115
    yield owner, app
    with connection.cursor() as cursor:
        cursor.execute(f'REASSIGN OWNED BY "{owner}" TO CURRENT_USER')
        for role in (app, owner):
            cursor.execute(f'DROP OWNED BY "{role}"')
            cursor.execute(f'DROP ROLE "{role}"')


def connect_as(role: str) -> psycopg.Connection:
    settings = connection.settings_dict
    return psycopg.connect(
        host=settings["HOST"] or settings.get("OPTIONS", {}).get("host", ""),
        port=settings["PORT"] or 5432,
        dbname=settings["NAME"],
        user=role,
        autocommit=True,
    )


@pytest.mark.parametrize(
    "statement",
    [
        "ALTER TABLE wallet_entry DISABLE TRIGGER ALL",
        "ALTER TABLE wallet_entry DISABLE TRIGGER wallet_entry_append_only",
        "ALTER TABLE reports_auditlog DISABLE TRIGGER USER",
        "DROP TABLE wallet_entry CASCADE",
        "DROP TRIGGER wallet_entry_no_truncate ON wallet_entry",
        "TRUNCATE wallet_transaction CASCADE",
        "SET session_replication_role = replica",
        "CREATE TABLE smuggled (id int)",
    ],
)
def test_the_app_role_cannot_change_the_schema_or_pass_the_triggers(roles, statement):
    _, app = roles
    with connect_as(app) as conn:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(statement)
        # What it is for still works: reading and writing rows.
        assert conn.execute("SELECT count(*) FROM wallet_entry").fetchone() == (0,)
        conn.execute("UPDATE accounts_user SET last_name = last_name WHERE id = 0")


def test_the_app_role_owns_nothing_and_the_owner_role_owns_the_ledger(roles):
    owner, app = roles
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner "
            "WHERE r.rolname = %s",
            [app],
        )
        assert cursor.fetchone() == (0,)
        cursor.execute(
            "SELECT r.rolname FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner "
            "WHERE c.relname = 'wallet_entry'"
        )
        assert cursor.fetchone() == (owner,)
        cursor.execute("SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = %s", [app])
        assert cursor.fetchone() == (False, False)
