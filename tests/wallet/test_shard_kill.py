"""Killing a process (SIGKILL) in the middle of a posting on a sharded house account leaves
no half-written posting, and the same postings retried land exactly once.

A real process (Django set up on the test database) deposits for and takes a bet from 32
players, two on each of the 16 house shards (wallet.services.HOUSE_SHARDS): every posting
moves money between a player's cash and a shard of the world or the house bank. "In the
middle" is made real, not mocked: a trigger of the test's own stops the posting the
process marks, on an advisory lock the test holds, at one of two points:

- in the write: the posting's statement (accounts_guarded_post: the guard and wallet_post),
  its accounts (the player's cash and the house shard) locked, stops before the first
  balance is updated; the process is killed and its server backend with it (a statement
  that reached the server whole runs to its end even after its client died, so the
  backend is what must die for the write to be cut): nothing of the posting may be found.
- in the commit: everything is written and the commit is stopped (a deferred trigger; the
  statement commits on its own, so the commit is its end); the process is killed, its
  server backend commits on its own once let go: the posting must be there whole, though
  the process never heard so.

Half the players, the stopped one among them, keep cash hours (a loss limit each), which
the posting's statement writes beside the entries: the stopped bet's hour is there or not
with its entries.

Then: every transaction balanced, every shard's (and every account's) balance the sum of
its entries, every kept hour and day the sum of its entries, `manage.py ledger_check`
clean; and the whole run again with the same keys (what a retrying caller does) posts each
movement exactly once.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys

import psycopg
import pytest
from django.conf import settings
from django.db import connection
from django.db.models import Sum

from accounts import protection
from accounts.models import ProtectionLimit
from tests.conftest import database_url
from tests.faults import ROOT, wait_for, worker_environment
from tests.wallet.test_ledger_check import run_ledger_check
from wallet import services
from wallet.invariants import ledger_problems
from wallet.models import Account, CashHour, Entry, Transaction
from wallet.selectors import cash_balance

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

Kind = Account.Kind
PLAYERS = 32  # consecutive ids: two on each of the 16 shards
DEPOSIT, BET = 5_000, 300
PAUSE_LOCK = 731_006  # the advisory lock the marked posting stops on
PAUSE_SETTING = "longtable_test.pause_posting"

# The stop: only in a session that set PAUSE_SETTING (the process, for the posting it
# marks), so the test's own postings and the retry run straight through.
PAUSE_FUNCTION = f"""
CREATE OR REPLACE FUNCTION longtable_test_pause() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('{PAUSE_SETTING}', true) = 'on' THEN
        PERFORM pg_advisory_xact_lock({PAUSE_LOCK});
    END IF;
    RETURN NEW;
END $$
"""
PAUSE_TRIGGERS = {
    # Before the first balance update of the write statement (the accounts locked).
    "write": "CREATE TRIGGER longtable_test_pause BEFORE UPDATE ON wallet_account "
    "FOR EACH ROW EXECUTE FUNCTION longtable_test_pause()",
    # At COMMIT, everything written.
    "commit": "CREATE CONSTRAINT TRIGGER longtable_test_pause AFTER INSERT ON wallet_transaction "
    "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION longtable_test_pause()",
}
PAUSE_TABLES = {"write": "wallet_account", "commit": "wallet_transaction"}

# The posting process: each posting of the plan in turn, its key printed once it returns;
# the one at `pause_at` marked for the trigger.
POSTER = """
import json, sys
import django

django.setup()
from django.db import connection
from accounts.models import User
from wallet import services

plan = json.loads(sys.argv[1])
for index, (movement, player_id, amount, key) in enumerate(plan["postings"]):
    if index == plan["pause_at"]:
        with connection.cursor() as cursor:
            cursor.execute("SET {setting} = 'on'")
    player = User.objects.get(pk=player_id)
    if movement == "deposit":
        services.deposit(player, amount, provider="demo", provider_reference=key, key=key)
    else:
        services.place_bet(player, amount, key=key, reference="round:crash:kill")
    print(key, flush=True)
""".replace("{setting}", PAUSE_SETTING)


@pytest.fixture(params=["write", "commit"])
def pause_point(request):
    """The trigger that stops the marked posting, dropped afterwards (a flush keeps it)."""
    point = request.param
    with connection.cursor() as cursor:
        cursor.execute(PAUSE_FUNCTION)
        cursor.execute(PAUSE_TRIGGERS[point])
    try:
        yield point
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TRIGGER longtable_test_pause ON {PAUSE_TABLES[point]}")
            cursor.execute("DROP FUNCTION longtable_test_pause()")


class PauseLock:
    """The advisory lock, held in a connection of the test's own until released."""

    def __init__(self) -> None:
        self.url = database_url(connection.settings_dict)
        self.connection = psycopg.connect(self.url, autocommit=True)
        self.connection.execute("SELECT pg_advisory_lock(%s)", [PAUSE_LOCK])

    def waiting_backend(self) -> int | None:
        """The server backend (pid) of the posting stopped on the lock, if there is one."""
        row = self.connection.execute(
            "SELECT l.pid FROM pg_locks l JOIN pg_database d ON d.oid = l.database "
            "WHERE l.locktype = 'advisory' AND l.objid = %s AND NOT l.granted "
            "AND d.datname = current_database()",
            [PAUSE_LOCK],
        ).fetchone()
        return row[0] if row else None

    def statement_of(self, pid: int) -> str:
        return self.connection.execute(
            "SELECT query FROM pg_stat_activity WHERE pid = %s", [pid]
        ).fetchone()[0]

    def locked_by_another(self, account_key: str) -> bool:
        """Whether another transaction holds the account's row lock (asked without waiting)."""
        try:
            with self.connection.transaction():
                self.connection.execute(
                    "SELECT id FROM wallet_account WHERE key = %s FOR UPDATE NOWAIT", [account_key]
                )
        except psycopg.errors.LockNotAvailable:
            return True
        return False

    def terminate(self, pid: int) -> None:
        self.connection.execute("SELECT pg_terminate_backend(%s)", [pid])

    def release(self) -> None:
        self.connection.close()  # ends the session, and the lock with it


def backend_alive(pid: int) -> bool:
    with psycopg.connect(database_url(connection.settings_dict)) as probe:
        return bool(
            probe.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [pid]).fetchone()[
                0
            ]
        )


def run_poster(plan: dict, **popen) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", POSTER, json.dumps(plan)],
        cwd=ROOT,
        env=worker_environment(settings.REDIS_URL, DJANGO_SETTINGS_MODULE="config.settings"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        **popen,
    )


def kill(process: subprocess.Popen) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=10)


def every_balance_is_its_entries() -> None:
    """Each account, the 16 shards of each house kind among them, holds the sum of its
    entries, and every transaction's entries balance."""
    sums = dict(Entry.objects.values_list("account_id").annotate(total=Sum("amount")).order_by())
    for account in Account.objects.all():
        assert account.balance == sums.get(account.pk, 0), account.key
    unbalanced = (
        Entry.objects.values("transaction_id")
        .annotate(total=Sum("amount"))
        .exclude(total=0)
        .order_by()
    )
    assert list(unbalanced) == []
    assert ledger_problems() == []
    check = run_ledger_check()
    assert check.returncode == 0, check.stdout + check.stderr


def posted(key: str) -> list[tuple[str, int]]:
    """The (account key, amount) entries of the transaction with `key`."""
    return sorted(
        Entry.objects.filter(transaction__idempotency_key=key).values_list("account__key", "amount")
    )


def hours_of(player) -> dict[str, int]:
    """What the player's kept cash hours hold, summed by kind of posting."""
    hours = CashHour.objects.filter(account=services.cash_account(player))
    return dict(hours.values_list("kind").annotate(total=Sum("amount")).order_by())


def test_a_posting_killed_mid_write_on_a_house_shard_is_whole_or_absent_and_retried_once(
    make_user, pause_point
):
    players = [make_user() for _ in range(PLAYERS)]
    keeping_hours = players[::2]
    for player in keeping_hours:
        protection.set_limit(player, ProtectionLimit.Kind.LOSS, ProtectionLimit.Period.DAY, 10**9)
    shards = {player.pk % services.HOUSE_SHARDS for player in players}
    assert len(shards) == services.HOUSE_SHARDS
    postings = [
        step
        for player in players
        for step in (
            ("deposit", player.pk, DEPOSIT, f"kill:deposit:{player.pk}"),
            ("bet", player.pk, BET, f"kill:bet:{player.pk}"),
        )
    ]
    pause_at = len(postings) // 2 + 1  # a bet, half the shards already posted on
    stopped_movement, _, _, stopped_key = postings[pause_at]
    stopped = players[pause_at // 2]
    assert stopped_movement == "bet" and stopped_key == f"kill:bet:{stopped.pk}"
    assert stopped in keeping_hours
    stopped_entries = sorted(
        [
            (services.house_account(Kind.HOUSE_BANK, anchor=stopped.pk).key, BET),
            (f"cash:user:{stopped.pk}", -BET),
        ]
    )

    lock = PauseLock()
    try:
        process = run_poster({"postings": postings, "pause_at": pause_at})
        try:
            wait_for(lambda: lock.waiting_backend() is not None, 60, "the posting stopping")
            backend = lock.waiting_backend()
            # Stopped where it was meant to, the house shard and the cash account locked.
            # The bet's one statement, stopped in its write or at its commit.
            assert "accounts_guarded_post(" in lock.statement_of(backend)
            assert all(lock.locked_by_another(key) for key, _ in stopped_entries)
        finally:
            kill(process)
        if pause_point == "write":
            lock.terminate(backend)
        printed = process.stdout.read().split()
    finally:
        lock.release()
    # Terminated, the stopped backend rolls back; let go in its commit, it commits and
    # finds its client gone. Either way it ends.
    wait_for(lambda: not backend_alive(backend), 30, "the stopped posting's backend ending")

    # Everything before the stopped posting returned and is there, nothing after it.
    assert printed == [key for *_, key in postings[:pause_at]]
    kill_keys = set(
        Transaction.objects.filter(idempotency_key__startswith="kill:").values_list(
            "idempotency_key", flat=True
        )
    )
    if pause_point == "write":
        assert kill_keys == set(printed)
        assert posted(stopped_key) == []
        assert cash_balance(stopped) == DEPOSIT
        assert hours_of(stopped) == {"deposit": DEPOSIT}
    else:  # committed by its backend after the process died: whole
        assert kill_keys == {*printed, stopped_key}
        assert posted(stopped_key) == stopped_entries
        assert cash_balance(stopped) == DEPOSIT - BET
        assert hours_of(stopped) == {"deposit": DEPOSIT, "bet": -BET}
    every_balance_is_its_entries()

    # The caller retries everything with the same keys: each movement lands once.
    retry = run_poster({"postings": postings, "pause_at": None})
    out, err = retry.communicate(timeout=120)
    assert retry.returncode == 0, err
    assert out.split() == [key for *_, key in postings]
    assert Transaction.objects.filter(idempotency_key__startswith="kill:").count() == len(postings)
    for player in players:
        assert cash_balance(player) == DEPOSIT - BET
        kept = {"deposit": DEPOSIT, "bet": -BET} if player in keeping_hours else {}
        assert hours_of(player) == kept
    per_shard = {shard: 0 for shard in range(services.HOUSE_SHARDS)}
    for player in players:
        per_shard[player.pk % services.HOUSE_SHARDS] += 1
    for shard, count in per_shard.items():
        world = Account.objects.get(key=services.house_key(Kind.WORLD, shard))
        bank = Account.objects.get(key=services.house_key(Kind.HOUSE_BANK, shard))
        assert (world.balance, bank.balance) == (-DEPOSIT * count, BET * count)
    assert posted(stopped_key) == stopped_entries
    every_balance_is_its_entries()
