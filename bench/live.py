"""Live-game round trips under load, against the same servers' durable relay and bare echo.

    .venv/bin/python bench/live.py [--tables 200] [--seconds 30] [--rounds 3] [--warmup 8]
                                   [--think 2] [--servers 2] [--find-max MS]

Creates a scratch database, N two-seat Rock Paper Scissors tables whose players always
draw (so a game never ends), starts `--servers` daphne processes on it (the scale-out of
the README: a table's two seats sit on different servers, so every move crosses the Redis
channel layer), and drives every seat with its own WebSocket client. A move's round trip
is the time from `act` sent to the opponent receiving the state that move produced; each
table waits `--think` seconds between moves, as players do. Three baselines are paced
alike on the same servers: as many pairs of sockets on the durable relay (bench/relay.py:
one committed row instead of a game), as many on the relay reading its row under its lock
before writing it (`relay+read`: the read every move makes of its game, without the game),
and as many clients as there are seats on a bare echo.

The kinds take turns, in `--rounds` rounds that share the `--seconds` measured (moves,
relay, relay+read, echo, then again): this machine's speed drifts from minute to minute, and
kinds measured one after the other compared minutes as much as code. Every socket opens
before the first round and stays open to the end (a game socket's close is a change of its
game, and its lease is renewed every 10 s in every round alike). Before any round, each kind
in turn plays `--warmup` seconds that are not counted (a socket's first messages, the
servers' first statements, and the collector's pass over the sockets just opened); each
round leaves out its first think time, in which its clients' first round trips come round.
Each game's clock starts again just before each of its rounds (and its warm-up): a Rock
Paper Scissors player whose step time ran out forfeits.

Prints each round's p50 and p99 per kind side by side; rate, p50, p90, p99 and the servers'
CPU per message of each kind over its rounds; and the p99 ratios moves/echo (the target:
within 3x at 200 tables), relay/echo, moves/relay (the target: within 1.2x) and
moves/relay+read (what the game adds to a read and a write under the lock); then moves/relay
round by round, with its median (a round's kinds run seconds apart, where the pooled p99
may set one kind's slow minute against another's quick one), and the ratios of the servers'
CPU per message. `--think 0` measures the capacity instead.
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
import statistics
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
    had just sat down. Called once all its sockets are open and just before each round of
    its moves: a game idle for more than a step time (set up, or waiting through the other
    kinds' rounds) would have its next move refused as late and, by the rules of Rock Paper
    Scissors, forfeited. Its timer is set for that deadline too, as a worker's ring re-arms
    it while the players move (this benchmark runs no worker): otherwise the first move of
    every table after a pause found its timer overdue and set it again, two hundred hand-overs
    to Celery at the start of each round, which no steady game makes."""
    from datetime import timedelta

    from django.db import connection
    from django.utils import timezone

    from games.models import Game

    now = timezone.now()
    deadline = now + timedelta(seconds=STEP_SECONDS)
    Game.objects.filter(pk__in=game_ids).update(turn_started=now, deadline=deadline, alarm=deadline)
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


class Window:
    """One round of one kind's clients: a lead-in from `start()` whose round trips are left
    out of the figures, then the measured seconds. The lead-in is a warm-up (`Kind.warm_up`
    is all lead-in; a `--find-max` count's comes before its measured seconds) or, in a
    round, one think time, in which its clients' first round trips come round."""

    def __init__(self, lead_in: float, seconds: float) -> None:
        self.lead_in, self.seconds = lead_in, seconds
        self.started = asyncio.Event()

    def start(self) -> None:
        self.measured_from = time.monotonic() + self.lead_in
        self.until = self.measured_from + self.seconds
        self.started.set()

    def counts(self, sent_at: float) -> bool:
        return self.measured_from <= sent_at < self.until

    async def pause(self, think: float) -> bool:
        """Waits a think time; False once the window is over (nothing more is sent)."""
        await asyncio.sleep(think)
        return time.monotonic() < self.until


class Table:
    """A pair of sockets speaking the table's protocol (a game's two seats, or a relay pair),
    each listened to for as long as the benchmark runs: `act` with the seq in, the opponent's
    `state` with the next seq out."""

    def __init__(self, seats: list, name: str) -> None:
        self.seats, self.name = seats, name
        self.latest: list[dict | None] = [None, None]
        self.arrived = [asyncio.Event(), asyncio.Event()]
        self.listeners = [asyncio.create_task(self._listen(i)) for i in range(2)]

    async def _listen(self, i: int) -> None:
        async for raw in self.seats[i]:
            message = json.loads(raw)
            if message["type"] == "state" and (
                self.latest[i] is None or message["seq"] >= self.latest[i]["seq"]
            ):
                self.latest[i] = message
                self.arrived[i].set()

    async def ready(self) -> None:
        """Both seats have their first state."""
        while self.latest[0] is None or self.latest[1] is None:
            await asyncio.wait([asyncio.create_task(e.wait()) for e in self.arrived], timeout=10)

    async def play(self, window: Window, think: float, samples: list[tuple[float, float]]) -> None:
        latest, arrived = self.latest, self.arrived
        await window.started.wait()
        await asyncio.sleep(random.uniform(0, think))  # tables do not move in lockstep
        while await window.pause(think):
            if len(latest[0]["to_act"]) != 1:
                raise RuntimeError(f"{self.name}: nobody to act (its game ended?): {latest[0]}")
            (mover,) = latest[0]["to_act"]
            other = 1 - mover
            seq = max(latest[0]["seq"], latest[1]["seq"])
            arrived[other].clear()
            at, sent = time.monotonic(), time.perf_counter()
            await self.seats[mover].send(
                json.dumps({"type": "act", "seq": seq, "action": {"sign": "rock"}})
            )
            while latest[other]["seq"] <= seq:
                await asyncio.wait_for(arrived[other].wait(), timeout=30)
                arrived[other].clear()
            if window.counts(at):
                samples.append((at, time.perf_counter() - sent))
            while latest[0]["seq"] <= seq:  # both sides on the new move before the next one
                await asyncio.wait_for(arrived[0].wait(), timeout=30)
                arrived[0].clear()

    async def close(self) -> None:
        for task in self.listeners:
            task.cancel()
        await asyncio.gather(*(ws.close() for ws in self.seats))


async def open_tables(urls, pairs) -> list[Table]:
    """Every pair's sockets, each with its first state."""
    gate = asyncio.Semaphore(CONNECTING_AT_ONCE)
    tables = [
        Table(seats, paths[0])
        for seats, (paths, _) in zip(
            await asyncio.gather(
                *(
                    open_pair(urls, n, paths, cookies, gate)
                    for n, (paths, cookies) in enumerate(pairs)
                )
            ),
            pairs,
            strict=True,
        )
    ]
    await asyncio.gather(*(table.ready() for table in tables))
    return tables


def game_pairs(games) -> list:
    return [((f"/ws/games/{g}/",) * 2, (a, b)) for g, a, b in games]


def relay_pairs(count: int, kind: str = "") -> list:
    return [
        ((f"/ws/relay/{kind}{n}/0/", f"/ws/relay/{kind}{n}/1/"), ("", "")) for n in range(count)
    ]


async def open_echo(url: str, gate):
    import websockets

    async with gate:
        return await websockets.connect(
            f"{url}/ws/echo/", additional_headers={"Origin": "http://127.0.0.1"}, open_timeout=60
        )


async def play_echo(ws, window: Window, think: float, samples: list[tuple[float, float]]) -> None:
    await window.started.wait()
    await asyncio.sleep(random.uniform(0, think))  # clients do not ping in lockstep
    while await window.pause(think):
        at, sent = time.monotonic(), time.perf_counter()
        await ws.send('{"type":"ping"}')
        await ws.recv()
        if window.counts(at):
            samples.append((at, time.perf_counter() - sent))


class Kind:
    """One kind of client (moves, relay or echo): its sockets' drivers for a round, what is
    done before each of its rounds, and the round trips and servers' CPU time of all its
    rounds."""

    def __init__(self, name: str, drivers, before=None) -> None:
        self.name, self.drivers, self.before = name, drivers, before
        self.samples: list[tuple[float, float]] = []
        self.rounds: list[list[float]] = []
        self.cpu = 0.0

    async def _started(self, window: Window, samples: list) -> list[asyncio.Task]:
        """Its clients' drivers, running in the window just started."""
        if self.before is not None:
            await self.before()
        drivers = [asyncio.create_task(driver) for driver in self.drivers(window, samples)]
        window.start()
        return drivers

    async def warm_up(self, seconds: float) -> None:
        """Its clients driven for `seconds`, nothing counted."""
        await asyncio.gather(*await self._started(Window(seconds, 0), []))

    async def play_round(self, servers, window: Window) -> None:
        """Its clients driven through the window; the servers' CPU time of the measured part
        is counted."""
        before = len(self.samples)
        drivers = await self._started(window, self.samples)
        await asyncio.sleep(window.lead_in)
        began = cpu_seconds(servers)
        await asyncio.sleep(window.seconds)
        self.cpu += cpu_seconds(servers) - began
        await asyncio.gather(*drivers)
        self.rounds.append([latency for _, latency in self.samples[before:]])

    @property
    def latencies(self) -> list[float]:
        return [latency for _, latency in self.samples]


def percentile(ordered: list[float], fraction: float) -> float:
    return ordered[max(0, int(len(ordered) * fraction) - 1)] * 1000


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


def print_rounds(kinds: list[Kind]) -> None:
    """Each round's p50 and p99 per kind, side by side: drift in the machine's speed shows
    in every kind of a round alike."""
    for number, rounds in enumerate(zip(*(kind.rounds for kind in kinds), strict=True), 1):
        parts = []
        for kind, latencies in zip(kinds, rounds, strict=True):
            ordered = sorted(latencies)
            parts.append(
                f"{kind.name} p50 {percentile(ordered, 0.5):5.1f} p99 "
                f"{percentile(ordered, 0.99):5.1f}"
            )
        print(f"  round {number}: " + "   ".join(parts) + " ms")


def cpu_seconds(servers: list[subprocess.Popen]) -> float:
    """User and system time the server processes have used so far (Linux's /proc)."""
    total = 0
    for server in servers:
        fields = Path(f"/proc/{server.pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def games_kind(name: str, tables: list[Table], game_ids: list[int], think: float) -> Kind:
    async def restart_clocks() -> None:
        await asyncio.to_thread(start_clocks, game_ids)

    return Kind(
        name,
        lambda window, samples: [table.play(window, think, samples) for table in tables],
        restart_clocks,
    )


REST_SECONDS = 5


def find_max_note(args) -> str:
    return f"each count: {args.warmup:g} s of warm-up, then {args.seconds:g} s measured"


def phase_note(args) -> str:
    rounds = args.rounds
    each = args.seconds / rounds
    return (
        f"each kind warmed up {args.warmup:g} s in turn, then {rounds} round"
        f"{'s' if rounds > 1 else ''} of each kind in turn, {each:g} s measured a round after "
        f"its first {args.think:g} s"
    )


async def main_async(urls: list[str], servers, games, args) -> None:
    game_tables = await open_tables(urls, game_pairs(games))
    relay_tables = await open_tables(urls, relay_pairs(len(games)))
    read_tables = await open_tables(urls, relay_pairs(len(games), "read/"))
    gate = asyncio.Semaphore(CONNECTING_AT_ONCE)
    echoes = await asyncio.gather(
        *(open_echo(urls[n % len(urls)], gate) for n in range(len(games) * 2))
    )
    # What the servers spend with every socket open and nothing sent: the game sockets' lease
    # renewals, which run through every kind's rounds alike.
    began = cpu_seconds(servers)
    await asyncio.sleep(REST_SECONDS)
    at_rest = (cpu_seconds(servers) - began) / REST_SECONDS
    think = args.think
    kinds = [
        games_kind("moves", game_tables, [g for g, _, _ in games], think),
        Kind(
            "relay",
            lambda window, samples: [table.play(window, think, samples) for table in relay_tables],
        ),
        Kind(
            "relay+read",
            lambda window, samples: [table.play(window, think, samples) for table in read_tables],
        ),
        Kind(
            "echo",
            lambda window, samples: [play_echo(ws, window, think, samples) for ws in echoes],
        ),
    ]
    # Every kind warms up before any is measured: the servers' first statements, and the
    # cycle collector's full pass that opening every socket left due, fell in the first
    # round of whichever kind came first (p99 45-113 ms in the moves' first round, 15-50 in
    # their later ones).
    for kind in kinds:
        await kind.warm_up(args.warmup)
    each = args.seconds / args.rounds
    for _ in range(args.rounds):
        for kind in kinds:
            await kind.play_round(servers, Window(think, each))
    # Only now: a socket's close is a change of its game (the seat goes offline), which would
    # load the servers while other tables are still being measured.
    await asyncio.gather(*(t.close() for t in game_tables + relay_tables + read_tables))
    await asyncio.gather(*(ws.close() for ws in echoes))
    print(f"Measured ({phase_note(args)}):")
    print(f"  at rest, every socket open: servers' CPU {at_rest * 1000:.1f} ms a second")
    print_rounds(kinds)
    p99 = {
        kind.name: summary(kind.name, kind.latencies, args.seconds, kind.cpu)[1] for kind in kinds
    }
    print(f"p99 moves / echo:  {p99['moves'] / p99['echo']:5.2f}  (the issue's target: <= 3.0)")
    print(f"p99 relay / echo:  {p99['relay'] / p99['echo']:5.2f}  (the floor of a durable move)")
    print(f"p99 moves / relay: {p99['moves'] / p99['relay']:5.2f}  (the issue's target: <= 1.2)")
    print(
        f"p99 moves / relay+read: {p99['moves'] / p99['relay+read']:5.2f}  "
        "(what the game adds to reading and writing its row under the lock)"
    )
    named = {kind.name: kind for kind in kinds}
    by_round = [
        round_p99(played) / round_p99(relayed)
        for played, relayed in zip(named["moves"].rounds, named["relay"].rounds, strict=True)
    ]
    print(
        "p99 moves / relay, round by round: "
        + ", ".join(f"{ratio:.2f}" for ratio in by_round)
        + f" (median {statistics.median(by_round):.2f}: a round's kinds run seconds apart)"
    )
    cpu_each = {kind.name: kind.cpu / len(kind.samples) for kind in kinds}
    print(
        f"servers' CPU a move / a relay: {cpu_each['moves'] / cpu_each['relay']:5.2f}, "
        f"/ a relay+read: {cpu_each['moves'] / cpu_each['relay+read']:5.2f}"
    )


def round_p99(latencies: list[float]) -> float:
    return percentile(sorted(latencies), 0.99)


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
        tables = await open_tables(urls, game_pairs(games))
        kind = games_kind(f"{count} tables", tables, [g for g, _, _ in games], args.think)
        await kind.play_round(servers, Window(args.warmup, args.seconds))
        await asyncio.gather(*(table.close() for table in tables))
        _, results[count] = summary(kind.name, kind.latencies, args.seconds, kind.cpu)
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
    print(f"Measured ({find_max_note(args)}):")
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
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="rounds of moves, relay and echo in turn, sharing --seconds",
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
                f"{find_max_note(args) if args.find_max else phase_note(args)}…",
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
