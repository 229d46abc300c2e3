"""The money paths' throughput against pgbench on the same PostgreSQL server, in one run.

    .venv/bin/python bench/ledger.py [--seconds 4] [--rounds 2] [--clients 1 4 8]
                                     [--paths post deposit ...] [--batch 50] [--name bench]

Each path a player's money takes, through `wallet.services` with every guarantee and
guard in force: `post` (a transfer between two players), `deposit`, `hold` (a stake held
at a table), `bet` (a house-game bet), `bet-limits` (a bet of a player with all three
loss limits set), `pay-wins` (one round's winners paid in one batch) and `settle` (a
two-player game: both stakes held, then the escrow paid out and closed). For each client
count N and round: pgbench's built-in tpcb-like script with N clients, then each path
with N processes (each its own connection: no GIL between them) for the same time; the
medians of the rounds are compared, so that other load on the machine weighs on both
sides alike. Prints the statements each operation costs, operations/s, pgbench tps and
the ratio of the postings (ledger transactions) per second to it, then runs
`ledger_check` on the ledger the run wrote.
Then, with `--history`, how a bet's cost grows with the player's own history: one client
bets as a player who has bet 0, 1,000 and 10,000 times over the last 30 days (spread
evenly, so in every hour of the month), with and without the three loss limits; the ratio
of the limited player's time a bet to the unlimited one's, in the same run.
The ledger is vacuumed and analysed before each measurement (`vacuum`).
Both databases are scratch ones created here and dropped at the end (`<name>_pgbench_<pid>`
and `<name>_ledger_<pid>`, so that runs beside each other can be told apart); the server
comes from DATABASE_URL, else the machine's PostgreSQL on 127.0.0.1:5432.
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
# The targets at 8 clients: `post` 0.8, every other single-player path 0.5. A round's
# wins are one posting for many players (`--batch`): no target, its rate per winner printed.
TARGET_RATIO_AT_8 = {"post": 0.8}
BATCH_PATHS = {"pay-wins"}
TARGET_STATEMENTS = 6
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


def create_players(count: int, *, loss_limits: bool = False, tag: str = "") -> list[int]:
    """Funded players' ids (a deposit each, through the services); with `loss_limits`,
    each sets all three loss limits, high enough that no bet of the run is refused but
    read and summed by every bet's guard."""
    from accounts import protection
    from accounts.models import User
    from wallet import services

    tag = ("limited" if loss_limits else "bench") + tag
    users = User.objects.bulk_create(
        User(email=f"{tag}{n}@example.com", legal_name=f"Bench Player {n}") for n in range(count)
    )
    for user in users:
        reference = f"{tag}-{user.pk}"
        services.deposit(
            user, PLAYER_FUNDS, provider="bench", provider_reference=reference, key=reference
        )
        if loss_limits:
            for period in ("day", "week", "month"):
                protection.set_limit(user, "loss", period, PLAYER_FUNDS)
    return [user.pk for user in users]


@dataclass
class Run:
    """One worker's view of a measurement: its players and a source of fresh keys."""

    users: list
    limited: list
    rng: random.Random
    prefix: str
    batch: int
    done: int = 0

    def key(self, what: str = "") -> str:
        self.done += 1
        return f"{self.prefix}:{self.done}{what}"


def op_post(run: Run) -> int:
    from wallet import services
    from wallet.models import Transaction

    payer, payee = run.rng.sample(run.users, 2)
    amount = run.rng.randint(1, 10_000)
    services.post(
        Transaction.Kind.TRANSFER,
        [(payer.cash, -amount), (payee.cash, amount)],
        key=run.key(),
        memo="bench",
    )
    return 1


def op_deposit(run: Run) -> int:
    from wallet import services

    key = run.key()
    services.deposit(
        run.rng.choice(run.users),
        run.rng.randint(1, 10_000),
        provider="bench",
        provider_reference=key,
        key=key,
    )
    return 1


def op_hold(run: Run) -> int:
    from wallet import services

    table = f"table:bench:{run.rng.randrange(50)}"  # tables that stay open, many seats each
    services.hold_stake(run.rng.choice(run.users), table, run.rng.randint(1, 1_000), key=run.key())
    return 1


def _bet(run: Run, players: list) -> int:
    from wallet import services

    services.place_bet(
        run.rng.choice(players), run.rng.randint(1, 1_000), key=run.key(), reference="round:bench"
    )
    return 1


def op_bet(run: Run) -> int:
    return _bet(run, run.users)


def op_bet_limits(run: Run) -> int:
    return _bet(run, run.limited)


def op_pay_wins(run: Run) -> int:
    from wallet import services

    winners = run.rng.sample(run.users, run.batch)
    services.pay_wins(
        {user: run.rng.randint(1, 1_000) for user in winners},
        key=run.key(),
        reference="round:bench",
    )
    return 1


def op_settle(run: Run) -> int:
    """A two-player game's money: both stakes held at a new table, then settled."""
    from wallet import services

    table = f"table:{run.key()}"
    first, second = run.rng.sample(run.users, 2)
    services.hold_stake(first, table, 500, key=run.key(":hold"))
    services.hold_stake(second, table, 500, key=run.key(":hold"))
    services.settle(table, {first: 900, second: 0}, rake=100, key=run.key(":settle"))
    return 3


PATHS = {
    "post": op_post,
    "deposit": op_deposit,
    "hold": op_hold,
    "bet": op_bet,
    "bet-limits": op_bet_limits,
    "pay-wins": op_pay_wins,
    "settle": op_settle,
}


_players: dict[tuple, tuple[list, list]] = {}  # a worker loads them once for the run


def load_run(player_ids, limited_ids, seed: str, prefix: str, batch: int) -> Run:
    """The players as the services take them, each with its cash account for `post`."""
    from accounts.models import User
    from wallet import services

    cache_key = (tuple(player_ids), tuple(limited_ids))
    if cache_key not in _players:
        users = list(User.objects.filter(pk__in=player_ids).order_by("pk"))
        for user in users:
            user.cash = services.cash_account(user)
        limited = list(User.objects.filter(pk__in=limited_ids).order_by("pk"))
        _players[cache_key] = (users, limited)
    users, limited = _players[cache_key]
    return Run(users, limited, random.Random(seed), prefix, batch)


def worker_setup(database_url: str) -> None:
    """A client process, spawned (not forked: the parent's connection pool runs threads,
    whose locks a fork copies held) and kept for the whole run."""
    setup_django(database_url)


def worker_ready(ids) -> int:
    """Loads the players before any measurement; long enough that every process of the
    pool that has started takes one call. Returns the process's id."""
    load_run(*ids, seed="", prefix="", batch=0)
    time.sleep(1.0)
    return os.getpid()


def path_worker(args) -> tuple[int, int]:
    """One client process: operations until the shared start + seconds, on its own
    connection. Returns (operations, postings)."""
    path, run_id, worker, player_ids, limited_ids, batch, start_at, seconds = args
    run = load_run(player_ids, limited_ids, f"{run_id}:{worker}", f"b{run_id}:{worker}", batch)
    while time.time() < start_at:
        time.sleep(0.001)
    deadline, done, postings = start_at + seconds, 0, 0
    operation = PATHS[path]
    while time.time() < deadline:
        postings += operation(run)
        done += 1
    return done, postings


# --- where the CPU goes: on 2 cores, 8 clients and the server share them all -------------

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pids) -> float:
    """User + system CPU of these processes so far (/proc/<pid>/stat); a process gone
    meanwhile counts nothing."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / CLOCK_TICKS


def redis_pids() -> list[int]:
    pids = []
    for stat in Path("/proc").glob("[0-9]*/comm"):
        try:
            if stat.read_text().strip() == "redis-server":
                pids.append(int(stat.parent.name))
        except OSError:
            continue
    return pids


@dataclass
class CpuSides:
    """The processes whose CPU a measurement splits: the client processes, the ledger
    database's backends with the server's own background processes (WAL writer, ...),
    and Redis (the balance notices). Other databases' backends (other load) are left out."""

    clients: list[int]
    server: Server
    database: str

    def postgres_pids(self) -> list[int]:
        with psycopg.connect(self.server.database_url("postgres"), autocommit=True) as admin:
            rows = admin.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = %s OR datname IS NULL",
                [self.database],
            ).fetchall()
        return [pid for (pid,) in rows]

    def sample(self) -> tuple[float, float, float]:
        return (
            cpu_seconds(self.clients),
            cpu_seconds(self.postgres_pids()),
            cpu_seconds(redis_pids()),
        )


def vacuum(database_url: str) -> None:
    """What autovacuum does between a live ledger's bursts, done before each measurement:
    pgbench vacuums its own tables before each of its runs, and this machine's server runs
    without autovacuum. Without it the accounts' rows, rewritten by every posting, bloat
    their table run after run, and the plans the clients' sessions cached while it was a
    few pages long (a sequential scan to lock two accounts) stay cached: no statistics
    change to replace them. VACUUM and ANALYZE change them. Without it (measured 27 November,
    14:39-14:52, one full run each, `--clients 1 4 8`): PostgreSQL's CPU per bet at 8
    clients 2.54 ms against 1.00, and the guarded paths at 0.40-0.53 x pgbench against
    0.74-1.05."""
    with psycopg.connect(database_url, autocommit=True) as ledger:
        ledger.execute("VACUUM (ANALYZE)")


def path_rate(pool, path, player_ids, limited_ids, clients, seconds, batch, *, run_id, cpu):
    """(operations/s, postings/s, (client, postgres, redis) CPU ms per operation) of
    `clients` processes of the pool doing `path`."""
    start_at = time.time() + 1.0  # after every worker has loaded its players
    jobs = [
        (path, run_id, worker, player_ids, limited_ids, batch, start_at, seconds)
        for worker in range(clients)
    ]
    running = pool.map_async(path_worker, jobs, chunksize=1)
    time.sleep(max(0.0, start_at - time.time()))
    before = cpu.sample()
    time.sleep(seconds)
    after = cpu.sample()
    done = running.get()
    operations = sum(d for d, _ in done)
    per_op = tuple(1000 * (a - b) / max(operations, 1) for a, b in zip(after, before, strict=True))
    return operations / seconds, sum(p for _, p in done) / seconds, per_op


class Statements:
    """Every statement the connection executes (an execute_wrapper), and the transactions
    they opened: psycopg sends BEGIN (and later COMMIT) itself, past the wrapper, before
    the first statement of a transaction; a statement out of one (autocommit) has none."""

    def __init__(self) -> None:
        self.sql: list[str] = []
        self.transactions = 0

    def __call__(self, execute, sql, params, many, context):
        database = context["connection"]
        idle = database.connection.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
        if idle and not database.get_autocommit():
            self.transactions += 1
        self.sql.append(" ".join(str(sql).split()))
        return execute(sql, params, many, context)


def statements_per_operation(path, player_ids, limited_ids, batch) -> tuple[int, int, list[str]]:
    """(statements, postings) of one operation of a path that already ran once (its
    accounts exist, as for nearly every request), BEGIN and COMMIT included."""
    from django.db import connection

    run = load_run(player_ids, limited_ids, "profile", f"profile:{path}", batch)
    PATHS[path](run)
    recorder = Statements()
    with connection.execute_wrapper(recorder):
        postings = PATHS[path](run)
    return len(recorder.sql) + 2 * recorder.transactions, postings, recorder.sql


def history_costs(ledger_url: str, counts: list[int], bets: int = 300, rounds: int = 3) -> None:
    """A bet's time, in this process, for a player with `count` earlier bets spread over
    the last 30 days, with and without loss limits (the guard reads a limited player's
    history; an unlimited player's is not read)."""
    from datetime import timedelta
    from unittest import mock

    from django.utils import timezone

    from accounts.models import User
    from wallet import services

    print(f"\nA bet's time as the player's own history grows (1 client, {bets} bets a sample):")
    print(f"{'earlier bets':>12} {'no limits':>10} {'3 loss limits':>14} {'ratio':>6}")
    for count in counts:
        players = {}
        for limited in (False, True):
            player = User.objects.get(pk=create_players(1, loss_limits=limited, tag=f"h{count}")[0])
            month, now = timedelta(days=30), timezone.now()
            for n in range(count):
                made = now - month + month * (n + 0.5) / count
                with mock.patch("django.utils.timezone.now", return_value=made):
                    services.place_bet(
                        player, 1, key=f"history:{player.pk}:{n}", reference="round:h"
                    )
            players[limited] = player
        vacuum(ledger_url)
        times: dict[bool, list[float]] = {False: [], True: []}
        for sample in range(rounds):
            for limited, player in players.items():
                started = time.perf_counter()
                for n in range(bets):
                    key = f"timed:{player.pk}:{sample}:{n}"
                    services.place_bet(player, 1, key=key, reference="round:h")
                times[limited].append((time.perf_counter() - started) * 1000 / bets)
        plain, limited = (statistics.median(times[side]) for side in (False, True))
        print(f"{count:>12,} {plain:>8.2f}ms {limited:>12.2f}ms {limited / plain:>6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=4, help="per measurement")
    parser.add_argument("--rounds", type=int, default=2, help="measurements of each side")
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 4, 8])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--paths", nargs="+", default=list(PATHS), choices=list(PATHS))
    parser.add_argument("--batch", type=int, default=50, help="winners per pay-wins batch")
    parser.add_argument("--show-sql", action="store_true")
    parser.add_argument(
        "--history",
        type=int,
        nargs="*",
        default=[0, 1_000, 10_000],
        help="earlier bets of the player for the history figures (none: skip them)",
    )
    parser.add_argument(
        "--name", default="bench", help="the scratch databases' names start with this"
    )
    options = parser.parse_args()

    server = Server(os.environ.get("DATABASE_URL", DEFAULT_SERVER))
    suffix = os.getpid()
    pgbench_db, ledger_db = f"{options.name}_pgbench_{suffix}", f"{options.name}_ledger_{suffix}"
    with server.scratch_database(pgbench_db), server.scratch_database(ledger_db) as ledger_url:
        env = {**os.environ, **server.libpq_env()}
        subprocess.run(
            [pgbench_binary(), "-i", "-q", pgbench_db], env=env, check=True, capture_output=True
        )
        setup_django(ledger_url)
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        player_ids = create_players(options.players)
        limited_ids = create_players(options.players, loss_limits=True)

        print(f"load average at the start: {os.getloadavg()[0]:.2f} (2 cores, shared)")
        print(
            "The ledger is vacuumed and analysed before each measurement, as autovacuum "
            "would between bursts (this server runs without it; see `vacuum`)."
        )
        print("Statements per operation (transaction control included):")
        too_many = []
        for path in options.paths:
            count, postings, sql = statements_per_operation(
                path, player_ids, limited_ids, options.batch
            )
            each = "" if postings == 1 else f" in {postings} transactions"
            print(f"  {path:<11} {count}{each}")
            if options.show_sql:
                for statement in sql:
                    print(f"      {statement[:110]}")
            if count > TARGET_STATEMENTS * postings:
                too_many.append(path)
        print()
        processes = max(options.clients)
        pool = multiprocessing.get_context("spawn").Pool(
            processes, initializer=worker_setup, initargs=(ledger_url,)
        )
        # Each call takes a second, so each process takes one, unless one is slow to start
        # on a loaded machine and another takes its call: then again, until every process
        # has loaded the players and is known (its CPU is the client side's).
        workers: set[int] = set()
        while len(workers) < processes:
            ready = [(player_ids, limited_ids)] * processes
            workers.update(pool.map(worker_ready, ready, chunksize=1))
        cpu = CpuSides(sorted(workers), server, ledger_db)
        header = f"{'path':<11} {'clients':>7} {'ops/s':>8} {'postings/s':>10} {'pgbench':>8}"
        print(f"{header} {'ratio':>6} {'load':>5}   CPU ms/op: client postgres redis")
        ratios, runs = {}, 0
        for clients in options.clients:
            tps_runs, rates = [], {path: [] for path in options.paths}
            loads = []
            for _ in range(options.rounds):
                tps_runs.append(pgbench_tps(server, pgbench_db, clients, options.seconds))
                for path in options.paths:
                    vacuum(ledger_url)
                    rates[path].append(
                        path_rate(
                            pool,
                            path,
                            player_ids,
                            limited_ids,
                            clients,
                            options.seconds,
                            options.batch,
                            run_id=runs,
                            cpu=cpu,
                        )
                    )
                    runs += 1
                loads.append(os.getloadavg()[0])
            tps = statistics.median(tps_runs)
            for path in options.paths:
                ops = statistics.median(rate for rate, _, _ in rates[path])
                postings = statistics.median(posted for _, posted, _ in rates[path])
                split = [
                    statistics.median(side)
                    for side in zip(*(s for *_, s in rates[path]), strict=True)
                ]
                ratios[path, clients] = postings / tps
                print(
                    f"{path:<11} {clients:>7} {ops:>8.0f} {postings:>10.0f} {tps:>8.0f} "
                    f"{ratios[path, clients]:>6.2f} {max(loads):>5.1f}"
                    f"   {split[0]:>16.2f} {split[1]:>8.2f} {split[2]:>5.2f}"
                )
        pool.close()
        pool.join()
        if 8 in options.clients:
            print()
            for path in options.paths:
                ratio = ratios[path, 8]
                if path in BATCH_PATHS:
                    print(
                        f"{path:<11} at 8 clients: {ratio:.2f} a posting of {options.batch} "
                        f"winners, {ratio * options.batch:.1f} winners paid a pgbench "
                        "transaction (a batch: no single-player target)"
                    )
                    continue
                target = TARGET_RATIO_AT_8.get(path, 0.5)
                verdict = "meets" if ratio >= target else "misses"
                print(f"{path:<11} at 8 clients: {ratio:.2f}, {verdict} {target}")
        if too_many:
            print(f"\nOver {TARGET_STATEMENTS} statements: {', '.join(too_many)}")
        if options.history:
            history_costs(ledger_url, options.history)
        print()
        call_command("ledger_check")
        from django.db import connections

        connections.close_all()  # before the scratch database is dropped


if __name__ == "__main__":
    main()
