"""Ledger throughput against pgbench on the same PostgreSQL server, in the same run.

    .venv/bin/python bench/ledger.py [--seconds 5] [--rounds 3] [--clients 1 4 8]

For each client count N: pgbench's built-in tpcb-like script with N clients, then N
processes (each its own connection: no GIL between them) moving money between random
pairs of players through `wallet.services.post` for the same time; the two alternate for
a few rounds and the medians are compared, so that other load on the machine weighs on
both sides alike. Prints the queries one transfer costs, transfers/s, pgbench tps and
their ratio, then runs `ledger_check` on the ledger the run wrote.
Both databases are scratch ones created here and dropped at the end; the server comes
from DATABASE_URL, else the machine's PostgreSQL on 127.0.0.1:5432.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg

PROJECT = Path(__file__).resolve().parent.parent
DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/longtable"
TARGET_RATIO_AT_8 = 0.5
PLAYER_FUNDS = 10**9  # far more than a run can move: no transfer is refused for funds


@dataclass(frozen=True)
class Server:
    url: str  # any database on the server; only its host, port and credentials are used

    def database_url(self, name: str) -> str:
        parts = urlsplit(self.url)
        return urlunsplit((parts.scheme, parts.netloc, f"/{name}", "", ""))

    def libpq_env(self) -> dict[str, str]:
        parts = urlsplit(self.url)
        env = {"PGHOST": parts.hostname or "127.0.0.1", "PGPORT": str(parts.port or 5432)}
        if parts.username:
            env["PGUSER"] = parts.username
        if parts.password:
            env["PGPASSWORD"] = parts.password
        return env

    @contextmanager
    def scratch_database(self, name: str):
        with psycopg.connect(self.database_url("postgres"), autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield self.database_url(name)
        finally:
            with psycopg.connect(self.database_url("postgres"), autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def pgbench_binary() -> str:
    found = shutil.which("pgbench")
    if found:
        return found
    installed = sorted(Path("/usr/lib/postgresql").glob("*/bin/pgbench"), reverse=True)
    if installed:
        return str(installed[0])
    sys.exit("pgbench not found: install postgresql-client (or put pgbench on PATH)")


def pgbench_tps(server: Server, database: str, clients: int, seconds: int) -> float:
    env = {**os.environ, **server.libpq_env()}
    run = subprocess.run(
        [pgbench_binary(), "-c", str(clients), "-j", str(clients), "-T", str(seconds), database],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    match = re.search(r"tps = ([\d.]+) \(without initial connection time\)", run.stdout)
    if not match:
        sys.exit(f"could not read pgbench's tps from:\n{run.stdout}\n{run.stderr}")
    return float(match.group(1))


# --- the wallet side: Django is set up against the scratch ledger database ---------------


def setup_django(database_url: str) -> None:
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(PROJECT))
    import django

    django.setup()


def create_players(count: int) -> list[int]:
    """Funded players' cash account ids (a deposit each, through the services)."""
    from accounts.models import User
    from wallet import services

    users = User.objects.bulk_create(
        User(email=f"bench{n}@example.com", legal_name=f"Bench Player {n}") for n in range(count)
    )
    for user in users:
        reference = f"bench-{user.pk}"
        services.deposit(
            user, PLAYER_FUNDS, provider="bench", provider_reference=reference, key=reference
        )
    return [services.cash_account(user).pk for user in users]


def transfer(accounts, rng: random.Random, key: str) -> None:
    from wallet import services
    from wallet.models import Transaction

    payer, payee = rng.sample(accounts, 2)
    amount = rng.randint(1, 10_000)
    services.post(
        Transaction.Kind.TRANSFER, [(payer, -amount), (payee, amount)], key=key, memo="bench"
    )


def transfer_worker(args) -> int:
    """One client process: its own connection, transfers until the shared start + seconds."""
    run_id, worker, account_ids, start_at, seconds = args
    from django.db import connection

    from wallet.models import Account

    accounts = list(Account.objects.filter(pk__in=account_ids))  # also opens the connection
    rng = random.Random(f"{run_id}:{worker}")
    while time.time() < start_at:
        time.sleep(0.001)
    deadline, done = start_at + seconds, 0
    while time.time() < deadline:
        transfer(accounts, rng, key=f"bench:{run_id}:{worker}:{done}")
        done += 1
    connection.close()
    return done


def transfers_per_second(
    account_ids: list[int], clients: int, seconds: int, *, run_id: int
) -> float:
    from django.db import connections

    connections.close_all()  # children must not share the parent's socket
    start_at = time.time() + 1.5  # after every child has connected
    jobs = [(run_id, worker, account_ids, start_at, seconds) for worker in range(clients)]
    with multiprocessing.get_context("fork").Pool(clients) as pool:
        done = pool.map(transfer_worker, jobs)
    return sum(done) / seconds


def queries_per_transfer(account_ids: list[int]) -> list[str]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from wallet.models import Account

    accounts = list(Account.objects.filter(pk__in=account_ids[:2]))
    with CaptureQueriesContext(connection) as captured:
        transfer(accounts, random.Random(0), key="bench:profile")
    return [query["sql"] for query in captured.captured_queries]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=5, help="per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="measurements of each side")
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 4, 8])
    parser.add_argument("--players", type=int, default=200)
    options = parser.parse_args()

    server = Server(os.environ.get("DATABASE_URL", DEFAULT_SERVER))
    suffix = os.getpid()
    pgbench_db, ledger_db = f"bench_pgbench_{suffix}", f"bench_ledger_{suffix}"
    with server.scratch_database(pgbench_db), server.scratch_database(ledger_db) as ledger_url:
        env = {**os.environ, **server.libpq_env()}
        subprocess.run(
            [pgbench_binary(), "-i", "-q", pgbench_db], env=env, check=True, capture_output=True
        )
        setup_django(ledger_url)
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        account_ids = create_players(options.players)

        profile = queries_per_transfer(account_ids)
        print(f"One transfer costs {len(profile)} queries:")
        for sql in profile:
            print(f"  {' '.join(sql.split())[:96]}")
        print()
        print(f"{'clients':>7} {'transfers/s':>12} {'pgbench tps':>12} {'ratio':>6}")
        ratios, runs = {}, 0
        for clients in options.clients:
            tps_runs, transfer_runs = [], []
            for _ in range(options.rounds):
                tps_runs.append(pgbench_tps(server, pgbench_db, clients, options.seconds))
                transfer_runs.append(
                    transfers_per_second(account_ids, clients, options.seconds, run_id=runs)
                )
                runs += 1
            tps, transfers = statistics.median(tps_runs), statistics.median(transfer_runs)
            ratios[clients] = transfers / tps
            print(f"{clients:>7} {transfers:>12.0f} {tps:>12.0f} {ratios[clients]:>6.2f}")
        if 8 in ratios:
            verdict = "meets" if ratios[8] >= TARGET_RATIO_AT_8 else "misses"
            print(f"\nAt 8 clients the ratio {verdict} the target of {TARGET_RATIO_AT_8}.")
        print()
        call_command("ledger_check")
        from django.db import connections

        connections.close_all()  # before the scratch database is dropped


if __name__ == "__main__":
    main()
