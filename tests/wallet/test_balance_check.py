"""What the database checks of each ledger transaction (wallet migration 0009), whoever
writes it: at commit its entries sum to zero over at least two of them, and an entry can
only be added by the database transaction that wrote its transaction. Raw connections, so
that each test decides where its commits and savepoints fall."""

from __future__ import annotations

import re
import uuid

import psycopg
import pytest
from django.db import connection

from tests.conftest import database_url

pytestmark = pytest.mark.django_db(transaction=True)

UNBALANCED = "does not balance"
NOT_OURS = "not written by this transaction"


def connect() -> psycopg.Connection:
    return psycopg.connect(database_url(connection.settings_dict))


@pytest.fixture
def accounts() -> list[int]:
    """Three accounts of a kind allowed below zero, so any amounts can move."""
    with connect() as conn:
        return [
            conn.execute(
                "INSERT INTO wallet_account (key, kind, reference, currency, balance, created) "
                "VALUES (%s, 'world', '', 'EUR', 0, now()) RETURNING id",
                [f"check:{uuid.uuid4().hex}"],
            ).fetchone()[0]
            for _ in range(3)
        ]


def write_transaction(conn: psycopg.Connection) -> int:
    return conn.execute(
        "INSERT INTO wallet_transaction "
        "(uuid, kind, idempotency_key, fingerprint, reference, memo, created) "
        "VALUES (%s, 'transfer', %s, 'f', '', '', now()) RETURNING id",
        [uuid.uuid4(), uuid.uuid4().hex],
    ).fetchone()[0]


def write_entries(conn: psycopg.Connection, transaction_id: int, moves: dict[int, int]) -> None:
    """All the moves in one statement, as a posting writes them."""
    conn.execute(
        "INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after) "
        "SELECT %s, m.account_id, m.amount, 0 "
        "FROM unnest(%s::bigint[], %s::bigint[]) AS m(account_id, amount)",
        [transaction_id, list(moves), list(moves.values())],
    )


def committed_transaction(accounts: list[int]) -> int:
    with connect() as conn:
        transaction_id = write_transaction(conn)
        write_entries(conn, transaction_id, {accounts[0]: 5, accounts[1]: -5})
    return transaction_id


def entry_count(transaction_id: int) -> int:
    with connect() as conn:
        return conn.execute(
            "SELECT count(*) FROM wallet_entry WHERE transaction_id = %s", [transaction_id]
        ).fetchone()[0]


def test_a_balanced_transaction_commits(accounts):
    transaction_id = committed_transaction(accounts)
    assert entry_count(transaction_id) == 2


def test_entries_written_one_statement_at_a_time_are_checked_at_commit_only(accounts):
    with connect() as conn:
        transaction_id = write_transaction(conn)
        write_entries(conn, transaction_id, {accounts[0]: 7})  # unbalanced until the next
        write_entries(conn, transaction_id, {accounts[1]: -3})
        write_entries(conn, transaction_id, {accounts[2]: -4})
    assert entry_count(transaction_id) == 3


@pytest.mark.parametrize(
    "amounts",
    [
        pytest.param([5, -4], id="sum not zero"),
        pytest.param([0], id="one entry"),
        pytest.param([], id="no entry"),
    ],
)
def test_an_unbalanced_transaction_is_refused_at_commit(accounts, amounts):
    conn = connect()
    transaction_id = write_transaction(conn)
    if amounts:
        write_entries(conn, transaction_id, dict(zip(accounts, amounts, strict=False)))
    with pytest.raises(psycopg.errors.IntegrityConstraintViolation, match=UNBALANCED):
        conn.commit()
    conn.close()
    with connect() as check:
        row = check.execute("SELECT 1 FROM wallet_transaction WHERE id = %s", [transaction_id])
        assert row.fetchone() is None


@pytest.mark.parametrize(
    "amounts",
    [
        pytest.param([3, -3], id="balanced pair"),
        pytest.param([0], id="zero"),
        pytest.param([1], id="unbalancing"),
    ],
)
def test_an_entry_for_a_committed_transaction_is_refused_at_once(accounts, amounts):
    transaction_id = committed_transaction(accounts)
    with (
        connect() as conn,
        pytest.raises(psycopg.errors.IntegrityConstraintViolation, match=NOT_OURS),
    ):
        write_entries(conn, transaction_id, dict(zip(accounts, amounts, strict=False)))
    assert entry_count(transaction_id) == 2


def test_an_entry_among_others_for_a_committed_transaction_is_refused(accounts):
    """One statement writing a new transaction's entries and one more for an old one."""
    old = committed_transaction(accounts)
    with connect() as conn:
        new = write_transaction(conn)
        with pytest.raises(psycopg.errors.IntegrityConstraintViolation, match=NOT_OURS):
            conn.execute(
                "INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after) "
                "VALUES (%s, %s, 5, 0), (%s, %s, -5, 0), (%s, %s, 0, 0)",
                [new, accounts[0], new, accounts[1], old, accounts[2]],
            )
    assert entry_count(old) == 2


def test_an_entry_for_a_transaction_that_does_not_exist_is_refused(accounts):
    with (
        connect() as conn,
        pytest.raises(psycopg.errors.IntegrityConstraintViolation, match=NOT_OURS),
    ):
        write_entries(conn, 10**12, {accounts[0]: 0})


def test_a_transaction_another_connection_has_not_committed_cannot_be_written_to(accounts):
    with connect() as other, connect() as conn:
        theirs = write_transaction(other)
        with pytest.raises(psycopg.errors.IntegrityConstraintViolation, match=NOT_OURS):
            write_entries(conn, theirs, {accounts[0]: 1, accounts[1]: -1})
        other.rollback()


def test_a_transaction_committed_by_a_later_database_transaction_is_not_ours(accounts):
    """Its writer's id comes after ours (we took ours first), as our savepoints' do: what
    tells them apart is that it has committed."""
    with connect() as conn:
        conn.execute("SELECT pg_current_xact_id()")  # this transaction's id, taken now
        with connect() as other:
            theirs = write_transaction(other)
            write_entries(other, theirs, {accounts[0]: 2, accounts[1]: -2})
        with pytest.raises(psycopg.errors.IntegrityConstraintViolation, match=NOT_OURS):
            write_entries(conn, theirs, {accounts[0]: 1, accounts[1]: -1})
    assert entry_count(theirs) == 2


def test_savepoints_of_the_writing_transaction_may_write_its_entries(accounts):
    with connect() as conn:
        conn.execute("SELECT pg_current_xact_id()")  # so that the blocks are savepoints
        with conn.transaction():  # released
            transaction_id = write_transaction(conn)
        with conn.transaction():
            write_entries(conn, transaction_id, {accounts[0]: 4})
            with conn.transaction():
                write_entries(conn, transaction_id, {accounts[1]: -4})
    assert entry_count(transaction_id) == 2


def test_entries_rolled_back_with_their_savepoint_leave_the_transaction_unbalanced(accounts):
    conn = connect()
    transaction_id = write_transaction(conn)
    write_entries(conn, transaction_id, {accounts[0]: 4})
    with pytest.raises(RuntimeError), conn.transaction():
        write_entries(conn, transaction_id, {accounts[1]: -4})
        raise RuntimeError("rolled back to the savepoint")
    with pytest.raises(psycopg.errors.IntegrityConstraintViolation, match=UNBALANCED):
        conn.commit()
    conn.close()


def test_a_transaction_rolled_back_with_its_savepoint_takes_no_entries(accounts):
    with connect() as conn:
        conn.execute("SELECT pg_current_xact_id()")  # so that the next block is a savepoint
        with pytest.raises(RuntimeError), conn.transaction():
            transaction_id = write_transaction(conn)
            raise RuntimeError("rolled back to the savepoint")
        with pytest.raises(psycopg.errors.IntegrityConstraintViolation, match=NOT_OURS):
            write_entries(conn, transaction_id, {accounts[0]: 1, accounts[1]: -1})


def test_making_the_check_immediate_only_brings_it_forward(accounts):
    with connect() as conn:
        conn.execute("SET CONSTRAINTS ALL IMMEDIATE")
        with pytest.raises(psycopg.errors.IntegrityConstraintViolation, match=UNBALANCED):
            write_transaction(conn)


def test_a_posting_of_fifty_one_entries_runs_each_check_once(accounts):
    """The checks cost one call per transaction and per statement, not one per entry
    (0002's balance trigger ran 51 times for a round's 50 wins, and so did a foreign key
    to the transaction): timed by EXPLAIN ANALYZE with the deferred checks brought
    forward into the statement."""
    with connect() as conn:
        players = [
            conn.execute(
                "INSERT INTO wallet_account (key, kind, reference, currency, balance, created) "
                "VALUES (%s, 'world', '', 'EUR', 0, now()) RETURNING id",
                [f"winner:{n}"],
            ).fetchone()[0]
            for n in range(50)
        ]
        conn.execute("SET CONSTRAINTS ALL IMMEDIATE")
        plan = conn.execute(
            "EXPLAIN (ANALYZE, COSTS OFF) "
            "WITH tx AS ("
            "  INSERT INTO wallet_transaction "
            "  (uuid, kind, idempotency_key, fingerprint, reference, memo, created) "
            "  VALUES (gen_random_uuid(), 'win', 'round', 'f', '', '', now()) RETURNING id"
            ") INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after) "
            "SELECT tx.id, m.account_id, m.amount, 0 "
            "FROM tx, unnest(%s::bigint[], %s::bigint[]) AS m(account_id, amount)",
            [[accounts[0], *players], [-50, *[1] * 50]],
        ).fetchall()
    calls = {
        found.group(1): int(found.group(2))
        for (line,) in plan
        if (found := re.match(r"Trigger (?:for constraint )?(\w+).*calls=(\d+)", line))
    }
    assert calls.pop("wallet_transaction_balanced") == 1
    assert calls.pop("wallet_entry_own_transaction") == 1
    # What is left: the foreign keys to the account (one check per entry) and the actor.
    assert sorted(calls.values()) == [1, 51]
    assert all(
        name.startswith(("wallet_entry_account_id_", "wallet_transaction_actor_id_"))
        for name in calls
    )
