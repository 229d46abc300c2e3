"""Live-game round trips under load, against the same servers' durable relay and bare echo.

    .venv/bin/python bench/live.py [--tables 200] [--seconds 30] [--warmup 8] [--think 2]
                                   [--servers 2] [--find-max MS]

Creates a scratch database, N two-seat Rock Paper Scissors tables whose players always
draw (so a game never ends), starts `--servers` daphne processes on it (the scale-out of
the README: a table's two seats sit on different servers, so every move crosses the Redis
channel layer), and drives every seat with its own WebSocket client. A move's round trip
is the time from `act` sent to the opponent receiving the state that move produced; each
table waits `--think` seconds between moves, as players do. Then, paced alike on the same
servers, two baselines: as many pairs of sockets on the durable relay (bench/relay.py: one
committed row instead of a game), and as many clients as there are seats on a bare echo.
Every phase opens its own sockets, plays `--warmup` seconds whose round trips are left out
(a socket's first messages, the servers' first statements), then `--seconds` measured.
Prints the moves' p50/p99 window by window; rate, p50, p90, p99 and the servers' CPU per
message of each phase; and the p99 ratios moves/echo (the target: within 3x at 200
tables), relay/echo and moves/relay (the target: within 1.2x). `--think 0` measures the
capacity instead.
Sockets close only once every table has finished: a close is a change of its game (the seat
goes offline), which would otherwise load the servers while other tables are measured.
Each game's clock starts once its sockets are open, just before the driving: a Rock Paper
Scissors player whose step time ran out forfeits, so a game set up (or whose seats sat
down) more than a step time before its first move would end at that move.
`GAME_MOVE_THREADS` (the servers' move threads) passes through from the environment.
`--find-max 100` looks for the most tables the servers carry with the moves' p99 within
100 ms instead: it drives 50 tables, doubles the count while the p99 holds (up to
`--tables`), then halves the gap between the last count that held and the first that did
not, twice, and prints each count's figures and the largest that held. Each count is
played by new tables, set up just before it, on new sockets.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import time
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BENCH_DB = "longtable_bench_live"


def admin_url() -> str:
    base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    return base.rsplit("/", 1)[0] + "/postgres"


def bench_url() -> str:
    return admin_url().rsplit("/", 1)[0] + f"/{BENCH_DB}"


def recreate_database() -> None:
    with psycopg.connect(admin_url(), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{BENCH_DB}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{BENCH_DB}"')


def drop_database() -> None:
    with psycopg.connect(admin_url(), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{BENCH_DB}" WITH (FORCE)')


def migrate() -> None:
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


STEP_SECONDS = 30


def setup_tables(count: int, first: int = 0) -> list[tuple[int, str, str]]:
    """Starts `count` games (numbered from `first`); returns their ids and sockets' cookies."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from accounts.models import User
    from lobby import services as lobby
    from wallet import services as wallet

    def cookie(user) -> str:
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "allauth.account.auth_backends.AuthenticationBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.save()
        return f"sessionid={session.session_key}"

    games = []
    for n in range(first, first + count):
        pair = [
            User.objects.create_user(
                f"b{n}-{side}@bench.example", None, legal_name=f"Bench {n}{side}"
            )
            for side in "ab"
        ]
        for user in pair:
            wallet.deposit(
                user, 10_000, provider="bench", provider_reference=f"{user.pk}", key=f"b{user.pk}"
            )
        spec = lobby.TableSpec(
            game_slug="rps", options={"points": 10}, stake=100, seats=2, step_seconds=STEP_SECONDS
        )
        table = lobby.create_table(pair[0], spec)
        lobby.accept(pair[0], lobby.join(pair[1], table.pk).pk)
        table.refresh_from_db()
        games.append((table.game_id, cookie(pair[0]), cookie(pair[1])))
    return games


def start_clocks(game_ids: list[int]) -> None:
    """Every game's turn starts now, its deadline a step time away, as if its first player
    had just sat down. Called once all its sockets are open and just before the driving:
    a game set up (or whose sockets opened) more than a step time earlier would have its
    first move refused as late and, by the rules of Rock Paper Scissors, forfeited."""
    from datetime import timedelta

    from django.db import connection
    from django.utils import timezone

    from games.models import Game

    now = timezone.now()
    Game.objects.filter(pk__in=game_ids).update(
        turn_started=now, deadline=now + timedelta(seconds=STEP_SECONDS)
    )
    connection.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_daphne(port: int, env: dict, app: str = "bench.relay:application") -> subprocess.Popen:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "daphne",
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            # Opening a seat's socket is not what is measured: on a loaded machine 400 of
            # them take longer than daphne's 5 s to be accepted, and it drops the rest.
            "--websocket_connect_timeout",
            "60",
            app,
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(150):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("daphne did not start")


CONNECTING_AT_ONCE = 20


async def open_pair(
    urls: list[str], n: int, paths: tuple[str, str], cookies: tuple[str, str], gate
) -> list:
    """A table's two sockets, on different servers, opened a few at a time (the ramp-up is
    not what is measured)."""
    import websockets

    seats = []
    for side, (path, cookie) in enumerate(zip(paths, cookies, strict=True)):
        url = urls[(n + side) % len(urls)]
        async with gate:
            seats.append(
                await websockets.connect(
                    f"{url}{path}",
                    additional_headers={"Origin": "http://127.0.0.1", "Cookie": cookie},
                    max_queue=None,
                    open_timeout=60,
                )
            )
    return seats


class Phase:
    """A phase's timeline, shared by its clients: a warm-up from `start()`, whose round
    trips are left out of the figures (a socket's first messages, the servers' first
    statements on their connections), then the measured window."""

    def __init__(self, warmup: float, seconds: float) -> None:
        self.warmup, self.seconds = warmup, seconds
        self.started = asyncio.Event()

    def start(self) -> None:
        self.measured_from = time.monotonic() + self.warmup
        self.until = self.measured_from + self.seconds
        self.started.set()

    def counts(self, sent_at: float) -> bool:
        return sent_at >= self.measured_from


async def drive_table(
    seats, phase: Phase, think: float, samples: list[tuple[float, float]], name: str
) -> None:
    latest: list[dict | None] = [None, None]
    arrived = [asyncio.Event(), asyncio.Event()]

    async def listen(i: int) -> None:
        async for raw in seats[i]:
            message = json.loads(raw)
            if message["type"] == "state" and (
                latest[i] is None or message["seq"] >= latest[i]["seq"]
            ):
                latest[i] = message
                arrived[i].set()

    listeners = [asyncio.create_task(listen(i)) for i in range(2)]
    while latest[0] is None or latest[1] is None:
        await asyncio.wait([asyncio.create_task(e.wait()) for e in arrived], timeout=10)
    await phase.started.wait()
    await asyncio.sleep(random.uniform(0, think))  # tables do not move in lockstep
    while time.monotonic() < phase.until:
        await asyncio.sleep(think)
        if len(latest[0]["to_act"]) != 1:
            raise RuntimeError(f"{name}: nobody to act (its game ended?): {latest[0]}")
        (mover,) = latest[0]["to_act"]
        other = 1 - mover
        seq = max(latest[0]["seq"], latest[1]["seq"])
        arrived[other].clear()
        at, sent = time.monotonic(), time.perf_counter()
        await seats[mover].send(json.dumps({"type": "act", "seq": seq, "action": {"sign": "rock"}}))
        while latest[other]["seq"] <= seq:
            await asyncio.wait_for(arrived[other].wait(), timeout=30)
            arrived[other].clear()
        if phase.counts(at):
            samples.append((at, time.perf_counter() - sent))
        while latest[0]["seq"] <= seq:  # both sides on the new move before the next one
            await asyncio.wait_for(arrived[0].wait(), timeout=30)
            arrived[0].clear()
    for task in listeners:
        task.cancel()


async def open_echo(url: str, gate):
    import websockets

    async with gate:
        return await websockets.connect(
            f"{url}/ws/echo/", additional_headers={"Origin": "http://127.0.0.1"}, open_timeout=60
        )


async def drive_echo(ws, phase: Phase, think: float, samples: list[float]) -> None:
    await phase.started.wait()
    await asyncio.sleep(random.uniform(0, think))  # clients do not ping in lockstep
    while time.monotonic() < phase.until:
        await asyncio.sleep(think)
        at, sent = time.monotonic(), time.perf_counter()
        await ws.send('{"type":"ping"}')
        await ws.recv()
        if phase.counts(at):
            samples.append(time.perf_counter() - sent)


def percentile(ordered: list[float], fraction: float) -> float:
    return ordered[max(0, int(len(ordered) * fraction) - 1)] * 1000


def print_windows(samples: list[tuple[float, float]], width: float = 4.0) -> None:
    """The moves' round trips window by window: a steady tail, or one phase's?"""
    began = min(at for at, _ in samples)
    for window in range(int((max(at for at, _ in samples) - began) // width) + 1):
        part = sorted(
            latency for at, latency in samples if window <= (at - began) / width < window + 1
        )
        if not part:
            continue
        print(
            f"  {window * width:4.0f}-{(window + 1) * width:.0f} s: p50 "
            f"{percentile(part, 0.5):6.1f} ms   p99 {percentile(part, 0.99):6.1f} ms   "
            f"n={len(part)}"
        )


def summary(
    name: str, samples: list[float], seconds: float, cpu: float | None = None
) -> tuple[float, float]:
    ordered = sorted(samples)
    p50, p90, p99 = (percentile(ordered, f) for f in (0.5, 0.9, 0.99))
    rate = len(samples) / seconds
    cost = "" if cpu is None else f"   servers' CPU {cpu / len(samples) * 1000:.2f} ms each"
    print(
        f"{name:>10}: {rate:7.0f}/s   p50 {p50:7.1f} ms   p90 {p90:7.1f} ms   "
        f"p99 {p99:7.1f} ms   n={len(samples)}{cost}"
    )
    return p50, p99


def cpu_seconds(servers: list[subprocess.Popen]) -> float:
    """User and system time the server processes have used so far (Linux's /proc)."""
    total = 0
    for server in servers:
        fields = Path(f"/proc/{server.pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


async def measure(servers, phase: Phase, drivers: list) -> float:
    """Starts the phase, runs its clients through it; the servers' CPU time spent in its
    measured window."""
    phase.start()
    await asyncio.sleep(phase.warmup)
    began = cpu_seconds(servers)
    await asyncio.sleep(phase.seconds)
    cpu = cpu_seconds(servers) - began
    await asyncio.gather(*drivers)
    return cpu


async def drive_pairs(urls, pairs, servers, phase: Phase, think: float, game_ids=None):
    """Opens every pair's sockets, drives them, then closes them all: the samples and the
    servers' CPU time spent in the measured window."""
    gate = asyncio.Semaphore(CONNECTING_AT_ONCE)
    tables = await asyncio.gather(
        *(open_pair(urls, n, paths, cookies, gate) for n, (paths, cookies) in enumerate(pairs))
    )
    samples: list[tuple[float, float]] = []
    drivers = [
        asyncio.create_task(drive_table(seats, phase, think, samples, paths[0]))
        for seats, (paths, _) in zip(tables, pairs, strict=True)
    ]
    await asyncio.sleep(2)  # every table has its first state
    if game_ids:
        await asyncio.to_thread(start_clocks, game_ids)
    cpu = await measure(servers, phase, drivers)
    # Only now: a socket's close is a change of the game (the seat goes offline), which
    # would load the servers while other tables are still being measured.
    await asyncio.gather(*(ws.close() for seats in tables for ws in seats))
    return samples, cpu


async def drive_games(urls, servers, games, phase: Phase, think: float):
    return await drive_pairs(
        urls,
        [((f"/ws/games/{g}/",) * 2, (a, b)) for g, a, b in games],
        servers,
        phase,
        think,
        [g for g, _, _ in games],
    )


async def drive_echoes(urls, servers, clients: int, phase: Phase, think: float):
    gate = asyncio.Semaphore(CONNECTING_AT_ONCE)
    sockets = await asyncio.gather(*(open_echo(urls[n % len(urls)], gate) for n in range(clients)))
    samples: list[float] = []
    drivers = [asyncio.create_task(drive_echo(ws, phase, think, samples)) for ws in sockets]
    cpu = await measure(servers, phase, drivers)
    await asyncio.gather(*(ws.close() for ws in sockets))
    return samples, cpu


def phase_note(warmup: float, seconds: float) -> str:
    return (
        f"each phase: {warmup:g} s of warm-up left out of the figures, then {seconds:g} s measured"
    )


async def main_async(urls: list[str], servers, games, args) -> None:
    def phase() -> Phase:
        return Phase(args.warmup, args.seconds)

    moves, moves_cpu = await drive_games(urls, servers, games, phase(), args.think)
    relays, relay_cpu = await drive_pairs(
        urls,
        [((f"/ws/relay/{n}/0/", f"/ws/relay/{n}/1/"), ("", "")) for n in range(len(games))],
        servers,
        phase(),
        args.think,
    )
    echoes, echo_cpu = await drive_echoes(urls, servers, len(games) * 2, phase(), args.think)
    print(f"Measured ({phase_note(args.warmup, args.seconds)}):")
    print_windows(moves)
    seconds = args.seconds
    _, move_p99 = summary("moves", [latency for _, latency in moves], seconds, moves_cpu)
    _, relay_p99 = summary("relay", [latency for _, latency in relays], seconds, relay_cpu)
    _, echo_p99 = summary("echo", echoes, seconds, echo_cpu)
    print(f"p99 moves / echo:  {move_p99 / echo_p99:5.2f}  (the issue's target: <= 3.0)")
    print(f"p99 relay / echo:  {relay_p99 / echo_p99:5.2f}  (the floor of a durable move)")
    print(f"p99 moves / relay: {move_p99 / relay_p99:5.2f}  (the issue's target: <= 1.2)")


FIRST_COUNT = 50
BISECTIONS = 2


async def find_max(urls, servers, limit: int, args) -> None:
    """The most tables whose moves' p99 stays within `args.find_max` ms: doubling, then
    bisecting. Each count is played by tables of its own, set up just before it: no socket
    or game of an earlier count is reused."""
    results: dict[int, float] = {}
    made = 0

    async def holds(count: int) -> bool:
        nonlocal made
        print(f"Setting up {count} tables…", flush=True)
        games = await asyncio.to_thread(setup_tables, count, made)
        made += count
        moves, cpu = await drive_games(
            urls, servers, games, Phase(args.warmup, args.seconds), args.think
        )
        _, results[count] = summary(f"{count} tables", [m for _, m in moves], args.seconds, cpu)
        return results[count] <= args.find_max

    held, failed, count = 0, None, min(FIRST_COUNT, limit)
    while count <= limit:
        if not await holds(count):
            failed = count
            break
        held = count
        if count == limit:
            break
        count = min(count * 2, limit)
    for _ in range(BISECTIONS if failed else 0):
        middle = (held + failed) // 2
        if middle in (held, failed):
            break
        if await holds(middle):
            held = middle
        else:
            failed = middle
    print(f"Measured ({phase_note(args.warmup, args.seconds)}):")
    for count in sorted(results):
        print(f"{count:6} tables: p99 {results[count]:7.1f} ms")
    ceiling = "" if failed else f" (every count tried held: raise --tables past {limit})"
    print(f"The most tables with the moves' p99 within {args.find_max:g} ms: {held}{ceiling}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30, help="each phase's measured time")
    parser.add_argument(
        "--warmup", type=float, default=8, help="each phase's warm-up, left out of the figures"
    )
    parser.add_argument("--think", type=float, default=2.0, help="seconds between a table's moves")
    parser.add_argument("--servers", type=int, default=2, help="daphne processes")
    parser.add_argument(
        "--find-max",
        type=float,
        metavar="MS",
        help="find the most tables (up to --tables) whose moves' p99 stays within MS",
    )
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DATABASE_URL"] = bench_url()
    os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/2")
    os.environ["CHANNEL_PREFIX"] = "bench"
    recreate_database()
    try:
        migrate()
        games = []
        if not args.find_max:
            print(f"Setting up {args.tables} tables…", flush=True)
            games = setup_tables(args.tables)
            from bench import relay

            relay.create_table(args.tables)
            # The planner's statistics as autovacuum leaves them after such a batch of
            # writes (bench/pages.py does the same): the servers plan their statements once.
            from django.db import connection

            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        ports = [free_port() for _ in range(args.servers)]
        servers = [start_daphne(port, {**os.environ}) for port in ports]
        try:
            print(
                f"Up to {args.tables * 2} sockets on {args.servers} daphne processes, "
                f"{args.think:g} s between a table's moves; "
                f"{phase_note(args.warmup, args.seconds)}…",
                flush=True,
            )
            urls = [f"ws://127.0.0.1:{port}" for port in ports]
            if args.find_max:
                asyncio.run(find_max(urls, servers, args.tables, args))
            else:
                asyncio.run(main_async(urls, servers, games, args))
        finally:
            for server in servers:
                server.terminate()
                server.wait(timeout=15)
    finally:
        from django.db import connections

        connections.close_all()
        drop_database()


if __name__ == "__main__":
    main()
