"""An entry's account and transaction exist, and stay: the ledger's own triggers (wallet
0012) check each statement's entries at its end, where PostgreSQL's foreign keys checked
every entry on its own at COMMIT, and refuse to delete, renumber or truncate the accounts
entries name."""

from __future__ import annotations

import threading
import time

import psycopg
import pytest
from django.db import IntegrityError, connection, transaction

from tests.conftest import database_url
from wallet import services
from wallet.invariants import ledger_problems
from wallet.models import Account, Transaction

MISSING = 10**12  # no row has this id

INSERT_ENTRIES = (
    "INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after) "
    "SELECT unnest(%s::bigint[]), unnest(%s::bigint[]), unnest(%s::bigint[]), 0"
)


def write_entries(transaction_ids, account_ids, amounts) -> None:
    with connection.cursor() as cursor:
        cursor.execute(INSERT_ENTRIES, [transaction_ids, account_ids, amounts])


def new_transaction(key: str = "raw") -> int:
    return Transaction.objects.create(kind="adjustment", idempotency_key=key, fingerprint="x").pk


def new_raw_transaction(conn: psycopg.Connection, key: str) -> int:
    return conn.execute(
        "INSERT INTO wallet_transaction (uuid, kind, idempotency_key, fingerprint, reference,"
        " memo, created) VALUES (gen_random_uuid(), 'adjustment', %s, 'x', '', '', now())"
        " RETURNING id",
        [key],
    ).fetchone()[0]


@pytest.fixture
def two_accounts(make_user) -> tuple[int, int]:
    user = make_user()
    return services.cash_account(user).pk, services.house_account("world", anchor=user.pk).pk


@pytest.mark.parametrize("missing", ["account", "transaction"])
def test_one_entry_naming_a_missing_row_is_refused(two_accounts, missing):
    """One entry alone never balances, so the balance check is set aside for this
    statement: the references are judged on their own."""
    account = MISSING if missing == "account" else two_accounts[0]
    with pytest.raises(IntegrityError, match=f"names {missing} {MISSING}"), transaction.atomic():
        tx = MISSING if missing == "transaction" else new_transaction()
        with connection.cursor() as cursor:
            cursor.execute("ALTER TABLE wallet_entry DISABLE TRIGGER wallet_entry_balanced")
        write_entries([tx], [account], [0])


@pytest.mark.parametrize("missing", ["account", "transaction"])
def test_a_balanced_statement_with_one_missing_row_among_many_is_refused(two_accounts, missing):
    cash, world = two_accounts
    with pytest.raises(IntegrityError, match=f"names {missing} {MISSING}"), transaction.atomic():
        real = new_transaction()
        if missing == "account":
            write_entries([real] * 3, [cash, world, MISSING], [100, -150, 50])
        else:
            write_entries([real, real, MISSING, MISSING], [cash, world] * 2, [5, -5, 7, -7])
    assert not Transaction.objects.filter(idempotency_key__startswith="raw").exists()


def test_entries_naming_rows_written_in_the_same_statement_are_accepted(two_accounts):
    cash, world = two_accounts
    with connection.cursor() as cursor:
        cursor.execute(
            "WITH tx AS (INSERT INTO wallet_transaction (uuid, kind, idempotency_key,"
            " fingerprint, reference, memo, created) VALUES (gen_random_uuid(), 'adjustment',"
            " 'one-statement', 'x', '', '', now()) RETURNING id) "
            "INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after) "
            "SELECT tx.id, a, 0, 0 FROM tx, unnest(%s::bigint[]) AS a",
            [[cash, world]],
        )
    assert Transaction.objects.get(idempotency_key="one-statement").entries.count() == 2


def test_an_account_entries_name_cannot_be_deleted_renumbered_or_truncated(funded, make_user):
    named = services.cash_account(funded(100))
    unnamed = services.cash_account(make_user())
    for sql in (
        f"DELETE FROM wallet_account WHERE id = {named.pk}",
        f"UPDATE wallet_account SET id = {MISSING} WHERE id = {named.pk}",
        "TRUNCATE wallet_account CASCADE",
    ):
        with (
            pytest.raises(IntegrityError, match="refused"),
            transaction.atomic(),
            connection.cursor() as cursor,
        ):
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # TRUNCATE wants none pending
            cursor.execute(sql)
    # A balance still moves, and an account nothing names goes as it went before.
    services.post("transfer", [(named, -10), (services.cash_account(funded(0)), 10)], key="t")
    Account.objects.filter(pk=unnamed.pk).delete()
    assert ledger_problems() == []


@pytest.mark.django_db(transaction=True)
def test_an_account_cannot_be_deleted_under_an_entry_not_yet_committed(two_accounts):
    """The check locks the accounts it finds, as the foreign key's did: a DELETE of one
    waits for the entry's transaction, then sees its entry and is refused."""
    cash, world = two_accounts
    url = database_url(connection.settings_dict)
    refused: list[Exception] = []

    def delete_cash() -> None:
        with psycopg.connect(url, autocommit=True) as deleter:
            try:
                deleter.execute("DELETE FROM wallet_account WHERE id = %s", [cash])
            except psycopg.errors.ForeignKeyViolation as error:
                refused.append(error)

    with psycopg.connect(url) as writer:
        tx = new_raw_transaction(writer, "held")
        writer.execute(INSERT_ENTRIES, [[tx, tx], [cash, world], [0, 0]])
        deleting = threading.Thread(target=delete_cash)
        deleting.start()
        time.sleep(0.3)
        assert deleting.is_alive()  # waiting for the writer's lock on the account
        writer.commit()
    deleting.join(timeout=10)
    assert refused and Account.objects.filter(pk=cash).exists()


@pytest.mark.django_db(transaction=True)
def test_an_entry_cannot_name_an_account_deleted_under_it(two_accounts):
    """The other order: the entry's check waits for the DELETE, then finds no account."""
    cash, world = two_accounts
    url = database_url(connection.settings_dict)
    with psycopg.connect(url) as deleter:
        deleter.execute("DELETE FROM wallet_account WHERE id = %s", [world])
        refused: list[Exception] = []

        def write() -> None:
            with psycopg.connect(url) as writer:
                try:
                    tx = new_raw_transaction(writer, "raced")
                    writer.execute(INSERT_ENTRIES, [[tx, tx], [cash, world], [0, 0]])
                except psycopg.errors.ForeignKeyViolation as error:
                    refused.append(error)

        writing = threading.Thread(target=write)
        writing.start()
        time.sleep(0.3)
        assert writing.is_alive()  # its check waits for the deleter's lock
        deleter.commit()
    writing.join(timeout=10)
    assert refused and not Transaction.objects.filter(idempotency_key="raced").exists()
